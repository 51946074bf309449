/**
 * What a chart's data request carries from the dashboard's filters: the `extra_form_data` merged
 * from every native filter and cross-filter whose scope holds the chart (Superset's
 * getExtraFormData over mergeExtraFormData), and the account the chart shows of it: applied,
 * in scope but unset, and rejected with the reason. Unlike Superset, a filter the chart cannot take
 * (its column is not in the chart's dataset) is left out of the request instead of sent and
 * failed by the server, so one foreign filter does not break the chart.
 */
import { chartIdsInLayout, type DashboardLayout } from '../layout';
import { isMaskActive, targetColumn } from './data-mask';
import { mergeExtraFormData } from './merge';
import { FILTER_RANGE, FILTER_SELECT, FILTER_TIME_COLUMN, type ChartFilterTarget, type DataMaskMap, type ExtraFormData, type NativeFilter } from './types';
import { chartsInScope, crossFilterChartsInScope, type CrossFilterMetadata } from './scope';

export type FilterKind = 'native' | 'cross';

export interface FilterOnChart {
  id: string;
  kind: FilterKind;
  /** The native filter's name, or the emitting chart's id for a cross-filter. */
  name: string;
}

export interface RejectedFilter extends FilterOnChart {
  reason: string;
}

export interface ChartFilters {
  chartId: number;
  extraFormData: ExtraFormData;
  applied: FilterOnChart[];
  /** Native filters in scope (and compatible) with no value. */
  unset: FilterOnChart[];
  rejected: RejectedFilter[];
}

export interface FilterContext {
  filters: readonly NativeFilter[];
  dataMask: DataMaskMap;
  /** The charts of the dashboard. Scopes come from the layout when given, else from the stored chartsInScope. */
  charts: readonly ChartFilterTarget[];
  layout?: DashboardLayout;
  metadata?: CrossFilterMetadata & { cross_filters_enabled?: unknown };
}

interface ScopedFilter {
  id: string;
  kind: FilterKind;
  name: string;
  scope: Set<number>;
  /** Why this chart cannot take the filter, or null when it can. */
  check: (chart: ChartFilterTarget) => string | null;
}

function columnCheck(columns: readonly string[], datasetId: number | undefined): (chart: ChartFilterTarget) => string | null {
  return (chart) => {
    if (datasetId !== undefined && chart.datasetId === datasetId) return null;
    const missing = columns.filter((column) => !chart.columns?.includes(column));
    if (missing.length === 0) return null;
    if (!chart.columns) return `the chart's dataset is not the filter's, and its columns are unknown`;
    return `column '${missing.join("', '")}' is not in the chart's dataset`;
  };
}

function nativeCheck(filter: NativeFilter, context: FilterContext): ScopedFilter['check'] {
  const datasetId = filter.targets[0]?.datasetId;
  if (filter.filterType === FILTER_SELECT || filter.filterType === FILTER_RANGE) {
    const column = targetColumn(filter);
    return column ? columnCheck([column], datasetId) : () => 'the filter has no target column';
  }
  if (filter.filterType === FILTER_TIME_COLUMN) {
    const value = context.dataMask[filter.id]?.extraFormData?.granularity_sqla;
    return typeof value === 'string' ? columnCheck([value], datasetId) : () => null;
  }
  return () => null;
}

function scopeOf(context: FilterContext, compute: (layout: DashboardLayout) => number[], stored: number[] | undefined): Set<number> {
  if (context.layout) return new Set(compute(context.layout));
  return new Set(stored ?? context.charts.map((chart) => chart.id));
}

function isCrossFilterId(id: string): boolean {
  return /^\d+$/.test(id);
}

function storedCrossScope(metadata: CrossFilterContextMetadata, chartId: number): number[] | undefined {
  const config = metadata.chart_configuration as Record<string, { crossFilters?: { chartsInScope?: unknown } }> | undefined;
  const list = config?.[String(chartId)]?.crossFilters?.chartsInScope;
  return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : undefined;
}
type CrossFilterContextMetadata = NonNullable<FilterContext['metadata']>;

/** Every filter that can reach a chart, with its scope resolved once. */
function scopedFilters(context: FilterContext): ScopedFilter[] {
  const vizTypes = Object.fromEntries(context.charts.map((chart) => [chart.id, chart.vizType]));
  const scoped: ScopedFilter[] = context.filters.map((filter) => ({
    id: filter.id,
    kind: 'native',
    name: filter.name,
    scope: scopeOf(context, (layout) => chartsInScope(layout, filter.scope, { vizTypes }), filter.chartsInScope),
    check: nativeCheck(filter, context),
  }));
  const metadata = context.metadata ?? {};
  if (metadata.cross_filters_enabled === false) return scoped;
  const nativeIds = new Set(context.filters.map((filter) => filter.id));
  const datasets = new Map(context.charts.map((chart) => [chart.id, chart.datasetId]));
  for (const [id, mask] of Object.entries(context.dataMask)) {
    if (nativeIds.has(id) || !isCrossFilterId(id) || !isMaskActive(mask)) continue;
    const emitter = Number(id);
    const columns = (mask.extraFormData?.filters ?? []).map((filter) => filter.col).filter((col): col is string => typeof col === 'string');
    const fallback = storedCrossScope(metadata, emitter) ?? context.charts.map((chart) => chart.id);
    const scope = scopeOf(context, (layout) => crossFilterChartsInScope(layout, metadata, emitter, { vizTypes }), fallback);
    scope.delete(emitter);
    scoped.push({ id, kind: 'cross', name: id, scope, check: columnCheck(columns, datasets.get(emitter) ?? undefined) });
  }
  return scoped;
}

function accountFor(chart: ChartFilterTarget, scoped: readonly ScopedFilter[], dataMask: DataMaskMap): ChartFilters {
  const result: ChartFilters = { chartId: chart.id, extraFormData: {}, applied: [], unset: [], rejected: [] };
  for (const filter of scoped) {
    if (!filter.scope.has(chart.id)) continue;
    const entry = { id: filter.id, kind: filter.kind, name: filter.name };
    const reason = filter.check(chart);
    if (reason) result.rejected.push({ ...entry, reason });
    else if (!isMaskActive(dataMask[filter.id])) result.unset.push(entry);
    else {
      result.applied.push(entry);
      result.extraFormData = mergeExtraFormData(result.extraFormData, dataMask[filter.id].extraFormData);
    }
  }
  return result;
}

/** One chart's filters. */
export function filtersForChart(chartId: number, context: FilterContext): ChartFilters {
  const chart = context.charts.find((candidate) => candidate.id === chartId) ?? { id: chartId, datasetId: null };
  return accountFor(chart, scopedFilters(context), context.dataMask);
}

/** Every chart's filters, by chart id (scopes resolved once for all). */
export function filtersForCharts(context: FilterContext): Record<number, ChartFilters> {
  const scoped = scopedFilters(context);
  const ids = context.layout ? new Set([...context.charts.map((chart) => chart.id), ...chartIdsInLayout(context.layout)]) : new Set(context.charts.map((chart) => chart.id));
  const result: Record<number, ChartFilters> = {};
  for (const id of ids) {
    const chart = context.charts.find((candidate) => candidate.id === id) ?? { id, datasetId: null };
    result[id] = accountFor(chart, scoped, context.dataMask);
  }
  return result;
}
