/**
 * A stored position_json (ours, or from a Superset export: version key, no `parents`, odd
 * entries) read into a layout the page and the editor can trust: every component reachable from
 * the root exactly once, in a container that may hold it, with its `parents` filled in. What
 * cannot be drawn is left out rather than failing the page; a dashboard's charts that the layout
 * does not place are added at the end in rows of three, as Superset does for charts added from
 * Explore or a dashboard saved without a layout.
 */
import { isJsonObject, parseJsonText } from '../../safe-json';
import { DashboardPositionSchema } from '../../stored-json/dashboard-position';
import {
  BACKGROUNDS, COMPONENT_TYPES, DASHBOARD_GRID_ID, DASHBOARD_HEADER_ID, DASHBOARD_ROOT_ID, DASHBOARD_VERSION, DASHBOARD_VERSION_KEY,
  GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_WIDTH, HEADER_SIZES,
} from './constants';
import { defaultMeta, emptyLayout, newComponent, withParents } from './components';
import { chartIdsInLayout } from './selectors';
import { isContainer, mayEverContain, topLevelTabsId } from './rules';
import type { ComponentType, DashboardLayout, LayoutItem, LayoutMeta } from './types';

export interface ParseOptions {
  /** The dashboard's charts, in the order new rows should take them. Those the layout lacks are appended. */
  chartIds?: readonly number[];
  /** Current chart names by id, written into the charts' `sliceName` (a chart renamed in Explore). */
  chartNames?: Readonly<Record<number, string>>;
  /** The dashboard title, for HEADER_ID when the layout has none. */
  title?: string;
}

const KNOWN_TYPES = new Set<string>(COMPONENT_TYPES);
// Keys that would reach Object.prototype through a plain object; no real component is named so.
const UNSAFE_IDS = new Set(['__proto__', 'constructor', 'prototype']);

/** A stored position (JSON text or an already parsed value) as a normalised layout. */
export function parseLayout(stored: unknown, options: ParseOptions = {}): DashboardLayout {
  return normalizeLayout(readRaw(stored), options);
}

function readRaw(stored: unknown): Record<string, LayoutItem> {
  let value = stored;
  if (typeof stored === 'string') {
    if (!stored.trim()) return {};
    try {
      value = parseJsonText(stored);
    } catch {
      return {};
    }
  }
  if (!isJsonObject(value)) return {};
  const parsed = DashboardPositionSchema.safeParse(value);
  if (!parsed.success) return {};
  const out: Record<string, LayoutItem> = {};
  for (const [key, entry] of Object.entries(parsed.data.components)) {
    if (UNSAFE_IDS.has(key) || !KNOWN_TYPES.has(entry.type)) continue;
    out[key] = {
      // Children name components by key; an `id` that disagrees is a hand edit, and the key wins.
      id: key,
      type: entry.type as ComponentType,
      children: entry.children,
      parents: [],
      meta: cleanMeta(entry.type as ComponentType, entry.meta),
    };
  }
  return out;
}

/** Meta with the values we read checked; a missing or bad size takes the type's default. Other keys are kept. */
function cleanMeta(type: ComponentType, meta: Record<string, unknown>): LayoutMeta {
  const out: LayoutMeta = {};
  for (const [key, value] of Object.entries(meta)) if (value !== undefined && !UNSAFE_IDS.has(key)) out[key] = value;
  const defaults = defaultMeta(type);
  for (const key of ['width', 'height'] as const) {
    const value = out[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      if (defaults[key] !== undefined) out[key] = defaults[key];
      else delete out[key];
    } else {
      out[key] = key === 'width' ? Math.min(Math.round(value), GRID_COLUMN_COUNT) : Math.round(value);
    }
  }
  if (out.background !== undefined && !(BACKGROUNDS as readonly unknown[]).includes(out.background)) delete out.background;
  if (out.headerSize !== undefined && !(HEADER_SIZES as readonly unknown[]).includes(out.headerSize)) delete out.headerSize;
  return out;
}

/** Components (already typed) as a layout that keeps the invariants in this module's header. */
export function normalizeLayout(components: Readonly<Record<string, LayoutItem>>, options: ParseOptions = {}): DashboardLayout {
  const base = emptyLayout(options.title ?? '');
  const header = components[DASHBOARD_HEADER_ID];
  const root = components[DASHBOARD_ROOT_ID];
  const out: DashboardLayout = {
    [DASHBOARD_ROOT_ID]: { ...base[DASHBOARD_ROOT_ID], children: [] },
    [DASHBOARD_GRID_ID]: { ...base[DASHBOARD_GRID_ID], meta: components[DASHBOARD_GRID_ID]?.type === 'GRID' ? components[DASHBOARD_GRID_ID].meta : {} },
    [DASHBOARD_HEADER_ID]: header?.type === 'HEADER' ? { ...header, children: [], parents: [] } : base[DASHBOARD_HEADER_ID],
  };

  const placed = new Set<string>([DASHBOARD_ROOT_ID, DASHBOARD_HEADER_ID]);
  // The root holds one thing: the grid, or the top-level tabs.
  const rootChild = root?.type === 'ROOT'
    ? root.children.find((id) => {
      const child = components[id];
      if (child?.type === 'GRID') return id === DASHBOARD_GRID_ID;
      // Top-level tabs without a tab would leave nothing to draw and nowhere to add to.
      return child?.type === 'TABS' && !UNSAFE_IDS.has(id) && child.children.some((tabId) => components[tabId]?.type === 'TAB');
    })
    : undefined;
  const top = rootChild ?? DASHBOARD_GRID_ID;
  out[DASHBOARD_ROOT_ID].children = [top];

  const place = (id: string, source: LayoutItem) => {
    placed.add(id);
    const children = isContainer(source.type)
      ? source.children.filter((childId) => {
        const child = components[childId];
        if (!child || placed.has(childId) || childId === DASHBOARD_GRID_ID || !mayEverContain(source.type, child.type)) return false;
        // A chart holder that names no chart cannot be drawn; the chart comes back below if the dashboard has it.
        if (child.type === 'CHART' && typeof child.meta.chartId !== 'number') return false;
        placed.add(childId);
        return true;
      })
      : [];
    out[id] = { ...(out[id] ?? source), children, parents: [] };
    for (const childId of children) place(childId, components[childId]);
  };
  place(top, top === DASHBOARD_GRID_ID ? { ...out[DASHBOARD_GRID_ID], children: components[DASHBOARD_GRID_ID]?.children ?? [] } : components[top]);

  const withNames = options.chartNames ? renameCharts(out, options.chartNames) : out;
  const complete = options.chartIds ? appendMissingCharts(withNames, options.chartIds, options.chartNames) : withNames;
  return withParents(complete);
}

function renameCharts(layout: DashboardLayout, names: Readonly<Record<number, string>>): DashboardLayout {
  const next = { ...layout };
  for (const item of Object.values(layout)) {
    const chartId = item.meta.chartId;
    if (item.type !== 'CHART' || typeof chartId !== 'number' || !Object.hasOwn(names, chartId)) continue;
    if (item.meta.sliceName !== names[chartId]) next[item.id] = { ...item, meta: { ...item.meta, sliceName: names[chartId] } };
  }
  return next;
}

/**
 * The charts the layout does not place, added in new rows at the end of the first container
 * (the grid, or the first top-level tab), a row taking charts of the default width until the
 * next would pass 12 columns. Ids are derived from the chart ids (Superset's `CHART-explore-…`),
 * so the same stored layout reads the same on the server and in the browser.
 */
function appendMissingCharts(layout: DashboardLayout, chartIds: readonly number[], names?: Readonly<Record<number, string>>): DashboardLayout {
  const present = new Set(chartIdsInLayout(layout));
  const missing = [...new Set(chartIds)].filter((id) => Number.isInteger(id) && !present.has(id));
  if (!missing.length) return layout;
  const next = { ...layout };
  const tabs = topLevelTabsId(layout);
  const containerId = tabs && layout[tabs].children[0] ? layout[tabs].children[0] : DASHBOARD_GRID_ID;
  const containerChildren = [...next[containerId].children];
  let row: LayoutItem | null = null;
  let rowWidth = 0;
  for (const chartId of missing) {
    if (!row || rowWidth + GRID_DEFAULT_CHART_WIDTH > GRID_COLUMN_COUNT) {
      row = newComponent('ROW', freeId(next, `ROW-explore-${chartId}`));
      next[row.id] = row;
      containerChildren.push(row.id);
      rowWidth = 0;
    }
    const meta: LayoutMeta = { chartId, ...(names && Object.hasOwn(names, chartId) ? { sliceName: names[chartId] } : {}) };
    const chart = newComponent('CHART', freeId(next, `CHART-explore-${chartId}-1`), meta);
    next[chart.id] = chart;
    row.children.push(chart.id);
    rowWidth += GRID_DEFAULT_CHART_WIDTH;
  }
  next[containerId] = { ...next[containerId], children: containerChildren };
  return next;
}

function freeId(layout: DashboardLayout, wanted: string): string {
  if (!Object.hasOwn(layout, wanted)) return wanted;
  let n = 2;
  while (Object.hasOwn(layout, `${wanted}-${n}`)) n += 1;
  return `${wanted}-${n}`;
}

/** The layout as Superset stores it: the components and the version key. */
export function layoutToPosition(layout: DashboardLayout): Record<string, unknown> {
  return { ...layout, [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };
}

export function layoutToJson(layout: DashboardLayout): string {
  return JSON.stringify(layoutToPosition(layout));
}
