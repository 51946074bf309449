/**
 * Cross-filters from chart clicks (issue 14), as pure functions: which column values a click on a
 * data point selects (per chart type), whether a second click undoes it, and how the emitting
 * chart marks its selection (the other data items dimmed, as Superset's charts draw it).
 *
 * Only physical, non-temporal dimension columns are filtered: an adhoc column's label is no
 * column the other charts' datasets have, and a temporal value shown on a chart stands for a
 * time-grain bucket rather than an instant (drill to detail turns those into a time range; a
 * cross-filter is a plain IN filter). Values are the rows' own where the answer has them (a pie
 * slice's, a heatmap cell's, a table cell's), else the text the chart shows (a time series' name):
 * the server coerces text to the column's type, and reads '<NULL>' as NULL.
 */
import type { ChartDataResult } from '../chart-data/types';
import { drillFiltersForPoint, type ChartPoint } from '../explore/drill';
import type { SelectValue } from './native-filters/types';

/** Per column, the values a cross-filter keeps (view.crossFilter's selection). */
export type CrossFilterSelection = Readonly<Record<string, readonly SelectValue[]>>;

/** A click on a chart: ECharts' event fields, or a table cell's (componentType 'table-cell', name = column, value = the cell's value). */
export interface CrossFilterPoint extends ChartPoint {
  dataIndex?: number;
  /** Treemap: the clicked node's path, the root (the metric) first. */
  treePathInfo?: readonly { name?: string }[];
}

export interface CrossFilterChart {
  vizType: string;
  formData: Record<string, unknown>;
  queriesData?: readonly Pick<ChartDataResult, 'data' | 'colnames' | 'coltypes'>[] | null;
  /** Its dataset: column and metric names to what the chart shows (a time series' names use the verbose ones). */
  datasource?: { verboseMap?: Record<string, string> } | null;
}

/** A table cell's click: what the table view reports as a point. */
export const TABLE_CELL = 'table-cell';

/** Superset's OpacityEnum.SemiTransparent: how the data items outside the selection are drawn. */
export const DIMMED_OPACITY = 0.3;

const TEMPORAL = 2;
const NULL_STRING = '<NULL>';
const DTTM_ALIAS = '__timestamp';

const TIMESERIES_TYPES = new Set([
  'echarts_timeseries', 'echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area',
  'echarts_timeseries_scatter', 'echarts_timeseries_smooth', 'echarts_timeseries_step',
]);

/** Chart types whose clicks emit cross-filters. */
export function emitsCrossFilters(vizType: string): boolean {
  return TIMESERIES_TYPES.has(vizType) || ['pie', 'heatmap_v2', 'treemap_v2', 'table'].includes(vizType);
}

const asList = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** The physical column names of a form data control (adhoc columns left as null). */
function physical(value: unknown): (string | null)[] {
  return asList(value).map((column) => (typeof column === 'string' && column ? column : null));
}

const isSelectValue = (value: unknown): value is SelectValue =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

function firstResult(chart: CrossFilterChart) {
  return chart.queriesData?.[0] ?? null;
}

function isTemporalColumn(chart: CrossFilterChart, label: string): boolean {
  const result = firstResult(chart);
  const index = result?.colnames?.indexOf(label) ?? -1;
  return index >= 0 && result?.coltypes?.[index] === TEMPORAL;
}

function rowAt(chart: CrossFilterChart, index: number | undefined): Record<string, unknown> | null {
  if (typeof index !== 'number') return null;
  return firstResult(chart)?.data?.[index] ?? null;
}

function nonEmpty(selection: Record<string, SelectValue[]>): CrossFilterSelection | null {
  return Object.keys(selection).length > 0 ? selection : null;
}

/**
 * A time series: a series' point selects the series' group-by values (drill's reading of the
 * series name); without a group-by, the x-axis value when the x-axis is a physical column that is
 * not temporal.
 */
function timeseriesSelection(chart: CrossFilterChart, point: CrossFilterPoint): CrossFilterSelection | null {
  const fd = chart.formData;
  if (point.componentType !== undefined && point.componentType !== 'series') return null;
  const groupby = asList(fd.groupby);
  const filters = drillFiltersForPoint(point, { vizType: chart.vizType, formData: fd, result: firstResult(chart), verboseMap: chart.datasource?.verboseMap });
  if (groupby.length > 0) {
    const columns = physical(groupby);
    if (columns.some((c) => c === null)) return null;
    const selection: Record<string, SelectValue[]> = {};
    for (const column of columns as string[]) {
      const filter = filters.find((f) => f.op === '==' && f.col === column);
      if (!filter) return null;
      selection[column] = [filter.val];
    }
    return selection;
  }
  const [xAxis] = physical(fd.x_axis);
  if (!xAxis || xAxis === DTTM_ALIAS || isTemporalColumn(chart, xAxis)) return null;
  const filter = filters.find((f) => f.op === '==' && f.col === xAxis);
  return filter ? { [xAxis]: [filter.val] } : null;
}

/** A pie slice: its row's group-by values (the slices are the answer's rows, in order). */
function pieSelection(chart: CrossFilterChart, point: CrossFilterPoint): CrossFilterSelection | null {
  const row = rowAt(chart, point.dataIndex);
  const columns = physical(chart.formData.groupby);
  if (!row || columns.length === 0 || columns.some((c) => c === null)) return null;
  const selection: Record<string, SelectValue[]> = {};
  for (const column of columns as string[]) {
    if (isTemporalColumn(chart, column)) continue;
    const value = row[column];
    if (!isSelectValue(value)) return null;
    selection[column] = [value];
  }
  return nonEmpty(selection);
}

/** A heatmap cell: its row's x-axis and y-axis (group-by) values, temporal axes left out. */
function heatmapSelection(chart: CrossFilterChart, point: CrossFilterPoint): CrossFilterSelection | null {
  const row = rowAt(chart, point.dataIndex);
  const result = firstResult(chart);
  if (!row || !result) return null;
  const [x] = physical(chart.formData.x_axis);
  const [y] = physical(chart.formData.groupby);
  const selection: Record<string, SelectValue[]> = {};
  // The answer's first two columns are the axes (x, then y), as the heatmap draws them.
  [x, y].forEach((column, i) => {
    const key = result.colnames?.[i];
    if (!column || key === undefined || result.coltypes?.[i] === TEMPORAL) return;
    const value = row[key];
    if (isSelectValue(value)) selection[column] = [value];
  });
  return nonEmpty(selection);
}

/**
 * A treemap node: its path over the group-by columns (the root, the metric, left out). The names
 * are the chart's texts: each is taken back to a row's value where one shows as that text.
 */
function treemapSelection(chart: CrossFilterChart, point: CrossFilterPoint): CrossFilterSelection | null {
  const names = (point.treePathInfo ?? []).slice(1).map((p) => p?.name ?? '');
  const columns = physical(chart.formData.groupby);
  if (names.length === 0 || names.length > columns.length) return null;
  const rows = firstResult(chart)?.data ?? [];
  const selection: Record<string, SelectValue[]> = {};
  for (const [i, name] of names.entries()) {
    const column = columns[i];
    if (!column || isTemporalColumn(chart, column)) return null;
    if (name === NULL_STRING) {
      selection[column] = [null];
      continue;
    }
    const found = rows.find((row) => row[column] !== null && row[column] !== undefined && String(row[column]) === name);
    const value = found ? found[column] : name;
    if (!isSelectValue(value)) return null;
    selection[column] = [value];
  }
  return selection;
}

/** A table cell of a dimension column (a group-by column, or any column of a raw-records table). */
function tableSelection(chart: CrossFilterChart, point: CrossFilterPoint): CrossFilterSelection | null {
  if (point.componentType !== TABLE_CELL || typeof point.name !== 'string') return null;
  const raw = chart.formData.query_mode === 'raw';
  const dimensions = physical(raw ? chart.formData.all_columns : chart.formData.groupby);
  const column = point.name;
  if (!dimensions.includes(column) || isTemporalColumn(chart, column) || !isSelectValue(point.value)) return null;
  return { [column]: [point.value] };
}

/** The cross-filter a click on a data point emits, or null when the point selects nothing filterable. */
export function crossFilterSelection(chart: CrossFilterChart, point: CrossFilterPoint): CrossFilterSelection | null {
  if (TIMESERIES_TYPES.has(chart.vizType)) return timeseriesSelection(chart, point);
  switch (chart.vizType) {
    case 'pie':
      return pieSelection(chart, point);
    case 'heatmap_v2':
      return heatmapSelection(chart, point);
    case 'treemap_v2':
      return treemapSelection(chart, point);
    case 'table':
      return tableSelection(chart, point);
    default:
      return null;
  }
}

/** A value's identity across types ('1' and 1 are the same value to the server's coercion). */
const valueKey = (value: SelectValue): string => (value === null ? '\u0000null' : String(value));

/** Whether two selections keep the same values of the same columns (in any order). */
export function sameSelection(a: CrossFilterSelection | null | undefined, b: CrossFilterSelection | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = new Set((a[key] ?? []).map(valueKey));
    const right = new Set((b[key] ?? []).map(valueKey));
    return Object.hasOwn(b, key) && left.size === right.size && [...left].every((v) => right.has(v));
  });
}

/** What a click does to the chart's cross-filter: the clicked selection, or none when it was already the one in force. */
export function nextSelection(current: CrossFilterSelection | null | undefined, clicked: CrossFilterSelection): CrossFilterSelection | null {
  return sameSelection(current, clicked) ? null : clicked;
}

/** The chart's cross-filter after a click on a point: the new selection, null to remove it, undefined when the point selects nothing. */
export function clickedSelection(chart: CrossFilterChart, point: CrossFilterPoint, current: CrossFilterSelection | null | undefined): CrossFilterSelection | null | undefined {
  const clicked = crossFilterSelection(chart, point);
  return clicked ? nextSelection(current, clicked) : undefined;
}

/** Whether a point's selection lies inside the selection in force: each selected column's values include the point's. */
export function selectionIncludes(current: CrossFilterSelection, point: CrossFilterSelection | null): boolean {
  if (!point) return false;
  return Object.entries(current).every(([column, values]) => {
    const mine = point[column];
    if (!mine || mine.length === 0) return false;
    const keys = new Set(values.map(valueKey));
    return mine.every((v) => keys.has(valueKey(v)));
  });
}

type Item = Record<string, unknown>;
const isObject = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A data item drawn dimmed: an array item becomes an object item with its own style. */
function dimItem(item: unknown): unknown {
  const base: Item = isObject(item) ? item : { value: item };
  const itemStyle = isObject(base.itemStyle) ? base.itemStyle : {};
  return { ...base, itemStyle: { ...itemStyle, opacity: DIMMED_OPACITY } };
}

function dimSeries(series: Item): Item {
  const itemStyle = isObject(series.itemStyle) ? series.itemStyle : {};
  const next: Item = { ...series, itemStyle: { ...itemStyle, opacity: DIMMED_OPACITY } };
  if (series.type === 'line' || isObject(series.lineStyle)) next.lineStyle = { ...(isObject(series.lineStyle) ? series.lineStyle : {}), opacity: DIMMED_OPACITY };
  if (isObject(series.areaStyle)) next.areaStyle = { ...series.areaStyle, opacity: DIMMED_OPACITY * (typeof series.areaStyle.opacity === 'number' ? series.areaStyle.opacity : 1) };
  return next;
}

function itemValue(item: unknown): unknown {
  return isObject(item) && 'value' in item ? item.value : item;
}

function markTimeseries(chart: CrossFilterChart, option: Item, selection: CrossFilterSelection): Item {
  const byGroup = asList(chart.formData.groupby).length > 0;
  const series = asList(option.series).map((entry) => {
    if (!isObject(entry) || typeof entry.name !== 'string') return entry;
    const base = { componentType: 'series', seriesType: String(entry.type ?? ''), seriesName: entry.name };
    if (byGroup) return selectionIncludes(selection, timeseriesSelection(chart, base)) ? entry : dimSeries(entry);
    const data = asList(entry.data).map((item) => {
      const value = itemValue(item);
      const point = { ...base, data: value, value, name: undefined };
      return selectionIncludes(selection, timeseriesSelection(chart, point)) ? item : dimItem(item);
    });
    return { ...entry, data };
  });
  return { ...option, series };
}

/** Each data item of the series, dimmed unless its row's selection lies inside the one in force. */
function markRows(option: Item, selection: CrossFilterSelection, of: (point: CrossFilterPoint) => CrossFilterSelection | null): Item {
  const series = asList(option.series).map((entry, seriesIndex) => {
    if (!isObject(entry) || seriesIndex > 0) return entry;
    const data = asList(entry.data).map((item, dataIndex) => (selectionIncludes(selection, of({ dataIndex })) ? item : dimItem(item)));
    return { ...entry, data };
  });
  return { ...option, series };
}

function markTreemap(chart: CrossFilterChart, option: Item, selection: CrossFilterSelection): Item {
  const walk = (node: unknown, path: { name?: string }[]): unknown => {
    if (!isObject(node)) return node;
    const here = [...path, { name: typeof node.name === 'string' ? node.name : '' }];
    const children = asList(node.children);
    if (children.length > 0) return { ...node, children: children.map((child) => walk(child, here)) };
    if (selectionIncludes(selection, treemapSelection(chart, { treePathInfo: here }))) return node;
    const itemStyle = isObject(node.itemStyle) ? node.itemStyle : {};
    return { ...node, itemStyle: { ...itemStyle, colorAlpha: DIMMED_OPACITY }, label: { ...(isObject(node.label) ? node.label : {}), color: `rgba(0, 0, 0, ${DIMMED_OPACITY})` } };
  };
  const series = asList(option.series).map((entry) => (isObject(entry) ? { ...entry, data: asList(entry.data).map((root) => walk(root, [])) } : entry));
  return { ...option, series };
}

/**
 * The ECharts option of the emitting chart with its selection marked: the data items outside it
 * drawn semi-transparent. Charts of other types come back as they are.
 */
export function markCrossFilter(chart: CrossFilterChart, option: Record<string, unknown>, selection: CrossFilterSelection | null | undefined): Record<string, unknown> {
  if (!selection || Object.keys(selection).length === 0) return option;
  if (TIMESERIES_TYPES.has(chart.vizType)) return markTimeseries(chart, option, selection);
  switch (chart.vizType) {
    case 'pie':
      return markRows(option, selection, (point) => pieSelection(chart, point));
    case 'heatmap_v2':
      return markRows(option, selection, (point) => heatmapSelection(chart, point));
    case 'treemap_v2':
      return markTreemap(chart, option, selection);
    default:
      return option;
  }
}
