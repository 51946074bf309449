/**
 * Which charts a filter reaches (dashboards.md §4). A native filter's scope is the charts under
 * any of its `rootPath` components minus its `excluded` chart ids; filter boxes are never in
 * scope (they are filters themselves). A chart's cross-filters reach the charts of its own scope
 * in `chart_configuration`, or of `global_chart_configuration` when it has none or says 'global',
 * and never the emitting chart itself.
 */
import { DASHBOARD_ROOT_ID, chartIdsInLayout, chartIdsUnder, tabsPathTo, type DashboardLayout } from '../layout';
import { defaultFilterScope, parseFilterScope } from './parse';
import type { ChartConfiguration, FilterScope, GlobalChartConfiguration, NativeFilter } from './types';

/** The legacy filter box chart type: a filter, never a filter's target. */
export const FILTER_BOX_VIZ_TYPE = 'filter_box';
/** chart_configuration's pointer to the global cross-filter scope. */
export const GLOBAL_SCOPE_POINTER = 'global';

export interface ScopeOptions {
  /** Chart id → viz type; charts of type filter_box are left out. */
  vizTypes?: Readonly<Record<number, string | undefined>>;
}

/** The chart ids in a scope, in the layout's reading order, each once. */
export function chartsInScope(layout: DashboardLayout, scope: FilterScope | null | undefined, options: ScopeOptions = {}): number[] {
  const { rootPath, excluded } = scope ?? defaultFilterScope();
  const under = new Set(rootPath.flatMap((id) => chartIdsUnder(layout, id)));
  const left = new Set(excluded);
  return chartIdsInLayout(layout).filter(
    (chartId) => under.has(chartId) && !left.has(chartId) && options.vizTypes?.[chartId] !== FILTER_BOX_VIZ_TYPE,
  );
}

/** The TAB ids holding the given charts (every tab on the way down to each), in reading order: the tabs to badge. */
export function tabsInScope(layout: DashboardLayout, chartIds: readonly number[]): string[] {
  const wanted = new Set(chartIds);
  const tabs = new Set<string>();
  for (const item of Object.values(layout)) {
    if (item.type !== 'CHART' || typeof item.meta.chartId !== 'number' || !wanted.has(item.meta.chartId)) continue;
    for (const tabId of tabsPathTo(layout, item.id)) tabs.add(tabId);
  }
  const order = new Map(allTabIds(layout).map((id, i) => [id, i]));
  return [...tabs].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

function allTabIds(layout: DashboardLayout): string[] {
  const ids: string[] = [];
  const visit = (id: string, seen: Set<string>) => {
    const item = layout[id];
    if (!item || seen.has(id)) return;
    seen.add(id);
    if (item.type === 'TAB') ids.push(id);
    for (const child of item.children) visit(child, seen);
  };
  visit(DASHBOARD_ROOT_ID, new Set());
  return ids;
}

/** The filters with `chartsInScope` and `tabsInScope` computed from the layout, as Superset saves them. */
export function withScopesResolved(filters: readonly NativeFilter[], layout: DashboardLayout, options: ScopeOptions = {}): NativeFilter[] {
  return filters.map((filter) => {
    const charts = chartsInScope(layout, filter.scope, options);
    return { ...filter, chartsInScope: charts, tabsInScope: tabsInScope(layout, charts) };
  });
}

export interface CrossFilterMetadata {
  chart_configuration?: unknown;
  global_chart_configuration?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The global cross-filter scope: global_chart_configuration's, else the whole dashboard. */
export function globalCrossFilterScope(metadata: CrossFilterMetadata): FilterScope {
  const global = metadata.global_chart_configuration;
  return (isObject(global) && parseFilterScope(global.scope)) || defaultFilterScope();
}

/** The scope a chart's cross-filters have, and whether it is the global one. */
export function crossFilterScopeOf(metadata: CrossFilterMetadata, chartId: number): { scope: FilterScope; global: boolean } {
  const config = isObject(metadata.chart_configuration) ? metadata.chart_configuration[String(chartId)] : undefined;
  const own = isObject(config) && isObject(config.crossFilters) ? config.crossFilters.scope : undefined;
  const scope = own === GLOBAL_SCOPE_POINTER ? null : parseFilterScope(own);
  return scope ? { scope, global: false } : { scope: globalCrossFilterScope(metadata), global: true };
}

/** The charts a chart's cross-filters reach: its scope's charts less itself. */
export function crossFilterChartsInScope(layout: DashboardLayout, metadata: CrossFilterMetadata, chartId: number, options: ScopeOptions = {}): number[] {
  return chartsInScope(layout, crossFilterScopeOf(metadata, chartId).scope, options).filter((id) => id !== chartId);
}

/**
 * The metadata's chart_configuration and global_chart_configuration after one chart's
 * cross-filter scope is set ('global' follows the global scope), every chart's `chartsInScope`
 * recomputed from the layout as Superset saves them. Entries of other charts are kept as they are.
 */
export function withCrossFilterScope(
  layout: DashboardLayout,
  metadata: CrossFilterMetadata,
  chartId: number,
  scope: FilterScope | typeof GLOBAL_SCOPE_POINTER,
  options: ScopeOptions = {},
): { chart_configuration: Record<string, ChartConfiguration>; global_chart_configuration: GlobalChartConfiguration } {
  const previous = isObject(metadata.chart_configuration) ? metadata.chart_configuration : {};
  const configuration: Record<string, ChartConfiguration> = {};
  const ids = new Set([...chartIdsInLayout(layout), ...Object.keys(previous).map(Number).filter(Number.isInteger), chartId]);
  const next: CrossFilterMetadata = {
    global_chart_configuration: metadata.global_chart_configuration,
    chart_configuration: { ...previous, [chartId]: { id: chartId, crossFilters: { scope } } },
  };
  for (const id of ids) {
    const entry = (next.chart_configuration as Record<string, unknown>)[String(id)];
    const own = isObject(entry) && isObject(entry.crossFilters) ? entry.crossFilters.scope : undefined;
    const stored = own === GLOBAL_SCOPE_POINTER ? GLOBAL_SCOPE_POINTER : parseFilterScope(own) ?? GLOBAL_SCOPE_POINTER;
    const base = isObject(entry) ? entry : {};
    const crossFilters = isObject(base.crossFilters) ? base.crossFilters : {};
    configuration[String(id)] = {
      ...base,
      id,
      crossFilters: { ...crossFilters, scope: stored, chartsInScope: crossFilterChartsInScope(layout, next, id, options) },
    };
  }
  const globalScope = globalCrossFilterScope(metadata);
  const global = isObject(metadata.global_chart_configuration) ? metadata.global_chart_configuration : {};
  return {
    chart_configuration: configuration,
    global_chart_configuration: { ...global, scope: globalScope, chartsInScope: chartsInScope(layout, globalScope, options) },
  };
}
