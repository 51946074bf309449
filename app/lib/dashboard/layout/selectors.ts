/**
 * Questions the page asks of a layout: which charts it has, which tabs lead to a component, and
 * which charts are on screen for a set of active tabs (the server renders and fetches only
 * those; the others wait until their tab opens).
 */
import { DASHBOARD_ROOT_ID } from './constants';
import { getItem } from './components';
import type { DashboardLayout, LayoutItem } from './types';

/** Depth-first from `startId`; at each TABS, `pickTab` chooses which of its tabs to enter (all when absent). */
function walk(layout: DashboardLayout, startId: string, visit: (item: LayoutItem) => void, pickTab?: (tabs: LayoutItem) => string | null): void {
  const seen = new Set<string>();
  const step = (id: string) => {
    const item = getItem(layout, id);
    if (!item || seen.has(id)) return;
    seen.add(id);
    visit(item);
    if (item.type === 'TABS' && pickTab) {
      const chosen = pickTab(item);
      if (chosen) step(chosen);
      return;
    }
    for (const child of item.children) step(child);
  };
  step(startId);
}

/** The chart ids a layout places, in reading order, each once. */
export function chartIdsInLayout(layout: DashboardLayout): number[] {
  return chartIdsUnder(layout, DASHBOARD_ROOT_ID);
}

/** The chart ids under a component (a tab, a row…), every nested tab included. */
export function chartIdsUnder(layout: DashboardLayout, id: string): number[] {
  const ids = new Set<number>();
  walk(layout, id, (item) => {
    if (item.type === 'CHART' && typeof item.meta.chartId === 'number') ids.add(item.meta.chartId);
  });
  return [...ids];
}

/** The id of the CHART component showing a chart, or null. */
export function findChartComponentId(layout: DashboardLayout, chartId: number): string | null {
  let found: string | null = null;
  walk(layout, DASHBOARD_ROOT_ID, (item) => {
    if (!found && item.type === 'CHART' && item.meta.chartId === chartId) found = item.id;
  });
  return found;
}

/** The TAB ids from the root down to the component (itself included when it is a tab): what must be active to see it. */
export function tabsPathTo(layout: DashboardLayout, id: string): string[] {
  const item = getItem(layout, id);
  if (!item) return [];
  const chain = [...item.parents, id];
  return chain.filter((ancestor) => getItem(layout, ancestor)?.type === 'TAB');
}

/** The tab each visible TABS shows: the one in `requested` when it names one of its tabs, else its first. */
export function resolveActiveTabs(layout: DashboardLayout, requested: readonly string[] = []): string[] {
  const wanted = new Set(requested);
  const active: string[] = [];
  walk(layout, DASHBOARD_ROOT_ID, () => {}, (tabs) => {
    const chosen = tabs.children.find((tabId) => wanted.has(tabId)) ?? tabs.children[0] ?? null;
    if (chosen) active.push(chosen);
    return chosen;
  });
  return active;
}

/** The active tabs that show the component, the other tab groups keeping their choice (a focused chart, a URL anchor). */
export function activeTabsShowing(layout: DashboardLayout, id: string, current: readonly string[] = []): string[] {
  const path = tabsPathTo(layout, id);
  const groupsOnPath = new Set(path.map((tabId) => getItem(layout, tabId)?.parents.at(-1)));
  const kept = current.filter((tabId) => !groupsOnPath.has(getItem(layout, tabId)?.parents.at(-1)));
  return resolveActiveTabs(layout, [...path, ...kept]);
}

/** The charts on screen when these tabs are active (charts inside other tabs are not), in reading order. */
export function visibleChartIds(layout: DashboardLayout, activeTabIds: readonly string[] = []): number[] {
  const active = new Set(resolveActiveTabs(layout, activeTabIds));
  const ids = new Set<number>();
  walk(
    layout,
    DASHBOARD_ROOT_ID,
    (item) => {
      if (item.type === 'CHART' && typeof item.meta.chartId === 'number') ids.add(item.meta.chartId);
    },
    (tabs) => tabs.children.find((tabId) => active.has(tabId)) ?? null,
  );
  return [...ids];
}

/** Whether a component is on screen when these tabs are active. */
export function isComponentVisible(layout: DashboardLayout, id: string, activeTabIds: readonly string[] = []): boolean {
  const active = new Set(resolveActiveTabs(layout, activeTabIds));
  const item = getItem(layout, id);
  // The grid is detached while top-level tabs hold the dashboard: `parents` alone would not say so.
  const attached = id === DASHBOARD_ROOT_ID || descendsFromRoot(layout, id);
  return item !== undefined && attached && tabsPathTo(layout, id).every((tabId) => active.has(tabId));
}

function descendsFromRoot(layout: DashboardLayout, id: string): boolean {
  let found = false;
  walk(layout, DASHBOARD_ROOT_ID, (item) => {
    if (item.id === id) found = true;
  });
  return found;
}
