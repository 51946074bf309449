/**
 * Where the fold falls on a dashboard, estimated from its layout alone (the server has no browser
 * to measure): the page is drawn for 1200 px, rows stack one under another (a row is as tall as
 * its tallest child; a chart or markdown block is its height units × GRID_BASE_UNIT, which holds
 * its title bar), columns stack their children, headers, dividers and tab bars have fixed heights,
 * and the grid's gap separates stacked components. Only the active tabs count: other tabs are not
 * on screen. The numbers are estimates of the page's own CSS (dashboard-layout.tsx): close enough
 * to tell the first screens from the rest, not pixel-exact.
 */
import { DASHBOARD_ROOT_ID, GRID_BASE_UNIT, GRID_GUTTER_SIZE } from './layout/constants';
import { getItem } from './layout/components';
import { resolveActiveTabs } from './layout/selectors';
import type { DashboardLayout, LayoutItem } from './layout/types';

/** Charts whose top edge is further down the page than this are drawn when they come into view. */
export const FOLD_PX = 1600;
/** The dashboard's title bar above the layout. */
export const DASHBOARD_HEADER_PX = 72;
/** A tab group's bar of tab links, with the space under it. */
export const TABS_BAR_PX = 48;
export const DIVIDER_PX = 32;
export const HEADER_PX: Readonly<Record<string, number>> = { SMALL_HEADER: 40, MEDIUM_HEADER: 48, LARGE_HEADER: 56 };
const DEFAULT_UNITS = 50;

const unitsHeight = (item: LayoutItem) => (typeof item.meta.height === 'number' && item.meta.height > 0 ? item.meta.height : DEFAULT_UNITS) * GRID_BASE_UNIT;

/**
 * The estimated top edge, in pixels from the top of the page, of every component on screen when
 * these tabs are active, by component id.
 */
export function estimateTops(layout: DashboardLayout, activeTabIds: readonly string[] = []): Map<string, number> {
  const active = new Set(resolveActiveTabs(layout, activeTabIds));
  const tops = new Map<string, number>();
  const seen = new Set<string>();

  /** Children one under another from `top`, the gap between them; answers their total height. */
  const stack = (ids: readonly string[], top: number): number => {
    let y = top;
    let placed = 0;
    for (const id of ids) {
      const height = place(id, y);
      if (height <= 0) continue;
      y += height + GRID_GUTTER_SIZE;
      placed += 1;
    }
    return placed === 0 ? 0 : y - top - GRID_GUTTER_SIZE;
  };

  /** Places the component at `top` and answers its height (0 for what is not drawn). */
  const place = (id: string, top: number): number => {
    const item = getItem(layout, id);
    if (!item || seen.has(id)) return 0;
    seen.add(id);
    tops.set(id, top);
    switch (item.type) {
      case 'ROOT':
      case 'GRID':
      case 'TAB':
      case 'COLUMN':
        return stack(item.children, top);
      case 'ROW':
        return item.children.reduce((tallest, child) => Math.max(tallest, place(child, top)), 0);
      case 'TABS': {
        const shown = item.children.find((tabId) => active.has(tabId)) ?? item.children[0];
        return TABS_BAR_PX + (shown ? place(shown, top + TABS_BAR_PX) : 0);
      }
      case 'CHART':
      case 'MARKDOWN':
        return unitsHeight(item);
      case 'HEADER':
        return HEADER_PX[String(item.meta.headerSize)] ?? HEADER_PX.MEDIUM_HEADER;
      case 'DIVIDER':
        return DIVIDER_PX;
      default:
        return 0;
    }
  };

  place(DASHBOARD_ROOT_ID, DASHBOARD_HEADER_PX);
  return tops;
}

/**
 * The charts on screen whose top edge lies below `fold`, in reading order, each once (a chart
 * placed twice counts where it first shows).
 */
export function chartsBelowFold(layout: DashboardLayout, activeTabIds: readonly string[] = [], fold = FOLD_PX): number[] {
  const firstTop = new Map<number, number>();
  for (const [id, top] of estimateTops(layout, activeTabIds)) {
    const item = getItem(layout, id);
    const chartId = item?.type === 'CHART' ? item.meta.chartId : undefined;
    if (typeof chartId === 'number' && !firstTop.has(chartId)) firstTop.set(chartId, top);
  }
  return [...firstTop].filter(([, top]) => top > fold).map(([chartId]) => chartId);
}
