/**
 * Drill to detail and drill by, as pure functions: which filters narrow a chart's query to the
 * rows behind one data point (Superset's drill-to-detail filters of its ECharts plugins), the
 * body POSTed to /datasource/samples for those rows, and the chart data query that regroups the
 * chart's metrics by another column under them.
 *
 * A time-series point stands for a bucket of the x-axis' time grain, so its time filter is a
 * TEMPORAL_RANGE over that bucket (an equality on the raw timestamp would match only the rows at
 * the bucket's first instant); its series name gives the group-by values. A pie slice's label
 * gives the group-by values through the label map the pie builds. Values go as the chart shows
 * them (text for pivoted series names): the server coerces them to the column's type, and reads
 * '<NULL>' as NULL, as Superset's filter_values_handler does.
 */
import type { ChartDataResult, QueryColumn, QueryContext, QueryFilter, QueryMetric, QueryObject } from '../chart-data/types';

export type DrillFilterValue = string | number | boolean | null;

/** One filter of a drill, with the text its pill shows (Superset's BinaryQueryObjectFilterClause). */
export interface DrillFilter {
  col: string;
  op: '==' | 'TEMPORAL_RANGE';
  val: DrillFilterValue;
  formattedVal: string;
}

/** What an ECharts click or context menu event tells about the point (the fields drill reads). */
export interface ChartPoint {
  componentType?: string;
  seriesType?: string;
  seriesName?: string;
  name?: string;
  data?: unknown;
  value?: unknown;
}

export interface DrillChart {
  vizType: string;
  formData: Record<string, unknown>;
  /** The chart's first answer: its columns' types tell whether the x-axis is temporal. */
  result?: Pick<ChartDataResult, 'colnames' | 'coltypes' | 'label_map'> | null;
  /** Column and metric names to what the chart shows (series names use the verbose ones). */
  verboseMap?: Record<string, string>;
  /** A pie's label → its group-by values (pieLabelMap of app/viz/pie). */
  labelMap?: Record<string, unknown[]>;
}

const DTTM_ALIAS = '__timestamp';
const TEMPORAL = 2;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const TIMESERIES_TYPES = new Set([
  'echarts_timeseries',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
]);

/** Whether a chart type's points can be drilled into (the others drill with the chart's filters only). */
export function isDrillablePointType(vizType: string): boolean {
  return TIMESERIES_TYPES.has(vizType) || vizType === 'pie';
}

function asArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A column's label: its name, or an adhoc column's label (or SQL). */
export function columnLabel(column: unknown): string {
  if (typeof column === 'string') return column;
  if (column && typeof column === 'object') {
    const c = column as { label?: unknown; sqlExpression?: unknown };
    if (typeof c.label === 'string' && c.label) return c.label;
    if (typeof c.sqlExpression === 'string') return c.sqlExpression;
  }
  return '';
}

/** A metric's label as the chart data API names its column. */
export function metricLabel(metric: unknown): string {
  if (typeof metric === 'string') return metric;
  if (metric && typeof metric === 'object') {
    const m = metric as { label?: unknown; expressionType?: unknown; aggregate?: unknown; column?: { column_name?: unknown } | null; sqlExpression?: unknown };
    if (typeof m.label === 'string' && m.label) return m.label;
    if (m.expressionType === 'SIMPLE') return `${String(m.aggregate ?? '')}(${String(m.column?.column_name ?? '')})`;
    if (typeof m.sqlExpression === 'string') return m.sqlExpression;
  }
  return '';
}

/** The chart's metrics: `metrics`, or the single `metric` of pie, big number and the like. */
export function chartMetrics(formData: Record<string, unknown>): QueryMetric[] {
  const many = asArray(formData.metrics as QueryMetric | QueryMetric[] | undefined);
  return many.length ? many : asArray(formData.metric as QueryMetric | undefined);
}

/** 'YYYY-MM-DDTHH:mm:ss' in UTC: how the chart data API's epoch milliseconds read as naive timestamps. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
}

/**
 * The bucket [start, end) a time grain's value stands for. A week "ending" on a day is labelled
 * by its last day, so it reaches six days back; every other grain is labelled by its first
 * instant. Null for an unknown grain.
 */
export function grainBucket(ms: number, grain: string): [number, number] | null {
  const fixed: Record<string, number> = {
    PT1S: SECOND, PT5S: 5 * SECOND, PT30S: 30 * SECOND, PT1M: MINUTE, PT5M: 5 * MINUTE, PT10M: 10 * MINUTE,
    PT15M: 15 * MINUTE, PT30M: 30 * MINUTE, 'PT0.5H': 30 * MINUTE, PT1H: HOUR, PT6H: 6 * HOUR, P1D: DAY, P7D: 7 * DAY, P1W: 7 * DAY,
    '1969-12-28T00:00:00Z/P1W': 7 * DAY, '1969-12-29T00:00:00Z/P1W': 7 * DAY,
  };
  if (grain in fixed) return [ms, ms + fixed[grain]];
  if (grain === 'P1W/1970-01-03T00:00:00Z' || grain === 'P1W/1970-01-04T00:00:00Z') return [ms - 6 * DAY, ms + DAY];
  const months: Record<string, number> = { P1M: 1, P3M: 3, 'P0.25Y': 3, P1Y: 12 };
  if (grain in months) return [ms, addMonths(ms, months[grain])];
  return null;
}

/** The time filter of one x-axis value: its grain's bucket as a TEMPORAL_RANGE, or the instant itself without a grain. */
export function timeBucketFilter(col: string, ms: number, grain: string | null | undefined): DrillFilter {
  const bucket = grain ? grainBucket(ms, grain) : null;
  if (!bucket) return { col, op: '==', val: ms, formattedVal: isoSeconds(ms) };
  const [start, end] = bucket;
  // The range's end is exclusive (the server writes `col < end`).
  return { col, op: 'TEMPORAL_RANGE', val: `${isoSeconds(start)} : ${isoSeconds(end)}`, formattedVal: isoSeconds(ms) };
}

/** Superset's FLAT_COLUMN_SEPARATOR: how pivoted series names join their parts. */
const SEPARATOR = ', ';

/**
 * The group-by values a time-series' series name stands for. The name is the flattened pivot
 * column: `metric, value1, value2` with several metrics, the values alone with one (the chart's
 * rename step drops the metric). A single group-by column takes the whole rest, so a value that
 * itself holds ', ' survives. Null when the name cannot be split into the group-by's values.
 */
export function seriesGroupValues(
  seriesName: string,
  groupby: readonly string[],
  metrics: readonly string[],
  options: { verboseMap?: Record<string, string>; timeCompare?: readonly string[] } = {},
): string[] | null {
  if (groupby.length === 0) return [];
  let name = seriesName;
  // A time-shifted series is "<name>__<offset>": the offset is not a group.
  for (const offset of options.timeCompare ?? []) {
    if (name.endsWith(`__${offset}`)) name = name.slice(0, -(offset.length + 2));
  }
  if (metrics.length > 1) {
    const labels = metrics.flatMap((m) => [options.verboseMap?.[m], m]).filter((l): l is string => Boolean(l));
    const prefix = labels.sort((a, b) => b.length - a.length).find((label) => name.startsWith(`${label}${SEPARATOR}`));
    if (!prefix) return null;
    name = name.slice(prefix.length + SEPARATOR.length);
  }
  if (groupby.length === 1) return [name];
  const parts = name.split(SEPARATOR);
  return parts.length === groupby.length ? parts : null;
}

function timeseriesFilters(point: ChartPoint, chart: DrillChart): DrillFilter[] {
  const fd = chart.formData;
  if (point.componentType !== undefined && point.componentType !== 'series') return [];
  const filters: DrillFilter[] = [];
  const isHorizontal = fd.orientation === 'horizontal';
  const xAxis = fd.x_axis ? columnLabel(fd.x_axis) : fd.granularity_sqla ? DTTM_ALIAS : '';
  const xColumn = xAxis === DTTM_ALIAS ? String(fd.granularity_sqla ?? '') : xAxis;
  const tuple = Array.isArray(point.data) ? point.data : Array.isArray(point.value) ? point.value : null;
  const xValue = tuple ? tuple[isHorizontal ? 1 : 0] : point.name;
  if (xColumn && xValue !== undefined && xValue !== null && xValue !== '') {
    const index = chart.result?.colnames.indexOf(xAxis) ?? -1;
    const temporal = index >= 0 ? chart.result?.coltypes[index] === TEMPORAL : false;
    if (temporal && typeof xValue === 'number') filters.push(timeBucketFilter(xColumn, xValue, (fd.time_grain_sqla as string | undefined) ?? null));
    else filters.push({ col: xColumn, op: '==', val: xValue as DrillFilterValue, formattedVal: String(xValue) });
  }
  const groupby = asArray(fd.groupby as unknown).map(columnLabel).filter(Boolean);
  const values = point.seriesName !== undefined
    ? seriesGroupValues(point.seriesName, groupby, chartMetrics(fd).map(metricLabel), {
        verboseMap: chart.verboseMap,
        timeCompare: asArray(fd.time_compare as string | string[] | undefined),
      })
    : null;
  if (values) groupby.forEach((col, i) => filters.push({ col, op: '==', val: values[i], formattedVal: values[i] }));
  return filters;
}

function pieFilters(point: ChartPoint, chart: DrillChart): DrillFilter[] {
  const groupby = asArray(chart.formData.groupby as unknown).map(columnLabel).filter(Boolean);
  const name = point.name ?? '';
  const values = chart.labelMap?.[name] ?? (groupby.length === 1 ? [name] : null);
  if (!values) return [];
  const names = groupby.length > 1 ? name.split(SEPARATOR) : [name];
  return groupby.map((col, i) => {
    const val = (values[i] ?? null) as DrillFilterValue;
    return { col, op: '==' as const, val, formattedVal: names[i] ?? String(val) };
  });
}

/** The filters narrowing the chart to one point; [] when the chart type's points are not understood. */
export function drillFiltersForPoint(point: ChartPoint, chart: DrillChart): DrillFilter[] {
  if (TIMESERIES_TYPES.has(chart.vizType)) return timeseriesFilters(point, chart);
  if (chart.vizType === 'pie') return pieFilters(point, chart);
  return [];
}

/** A drill filter as a query object's filter (the pill's text stays on the client). */
export function toQueryFilter(filter: DrillFilter): QueryFilter {
  return { col: filter.col, op: filter.op, val: filter.val };
}

/** The body of POST /datasource/samples (Superset's SamplesPayloadSchema). */
export interface SamplesPayload {
  filters: QueryFilter[];
  granularity?: string;
  time_range?: string;
  extras?: { where?: string };
}

/**
 * The drill-to-detail body: the chart's own filters, time range and WHERE (from its first query
 * object), plus the point's filters. HAVING is left out: it filters groups, and detail rows are
 * not grouped.
 */
export function drillDetailPayload(base: QueryObject | null | undefined, filters: readonly DrillFilter[]): SamplesPayload {
  const payload: SamplesPayload = { filters: [...(base?.filters ?? []), ...filters.map(toQueryFilter)] };
  if (base?.granularity) payload.granularity = base.granularity;
  if (base?.time_range) payload.time_range = base.time_range;
  if (base?.extras?.where) payload.extras = { where: base.extras.where };
  return payload;
}

/** The samples endpoint's URL for one page of rows. */
export function samplesUrl(datasource: { id: number; type: string }, page: number, perPage: number): string {
  const params = new URLSearchParams({ datasource_type: datasource.type, datasource_id: String(datasource.id), per_page: String(perPage), page: String(page) });
  return `/datasource/samples?${params}`;
}

/** Rows a drill-by answer shows at most. */
export const DRILL_BY_ROW_LIMIT = 1000;

/**
 * The query context of a drill by: the chart's metrics grouped by `column`, under the chart's
 * filters and the point's, largest first (the first metric, descending).
 */
export function drillByQueryContext(
  datasource: { id: number; type: string },
  base: QueryObject | null | undefined,
  formData: Record<string, unknown>,
  column: string,
  filters: readonly DrillFilter[],
): QueryContext {
  const metrics = chartMetrics(formData);
  const query: QueryObject = {
    columns: [column as QueryColumn],
    metrics,
    filters: [...(base?.filters ?? []), ...filters.map(toQueryFilter)],
    orderby: metrics.length ? [[metrics[0], false]] : [],
    row_limit: DRILL_BY_ROW_LIMIT,
  };
  if (base?.granularity) query.granularity = base.granularity;
  if (base?.time_range) query.time_range = base.time_range;
  if (base?.extras?.where || base?.extras?.having) query.extras = { where: base.extras.where, having: base.extras.having };
  return { datasource, force: false, queries: [query], form_data: {}, result_format: 'json', result_type: 'full' };
}

/** Columns a drill by may group by: groupable, and not already fixed by the point's filters. */
export function drillByColumns<C extends { column_name: string; groupby?: boolean }>(columns: readonly C[], filters: readonly DrillFilter[]): C[] {
  const fixed = new Set(filters.map((f) => f.col));
  return columns.filter((c) => c.groupby !== false && !fixed.has(c.column_name));
}
