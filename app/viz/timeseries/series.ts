/**
 * From the pivoted, flattened rows of a time-series answer (one x column, one column per series)
 * to ECharts series data, as Superset's utils/series: series order (by name, total, min, max or
 * average), the base axis order for categorical axes, stacked totals and 'Expand' shares, which
 * point of a stack carries the total label, axis types and bounds, legends and padding.
 */
import { GenericDataType } from '~/lib/chart-data/types';
import { echartsTheme, getChartPadding as sharedChartPadding, getLegendProps as sharedLegendProps } from '../shared/echarts';
import { StackValue, TIMESERIES_CONSTANTS, type LegendOrientation, type SortSeriesType, type StackSetting } from './types';

type Row = Record<string, unknown>;
export type Point = [unknown, unknown];
export interface RawSeries {
  id: string;
  name: string;
  data: Point[];
}

const isDefined = (v: unknown) => v !== undefined && v !== null;
const isMissing = (v: unknown) => v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v));

/** lodash's orderBy on one key: stable, missing values after the others when ascending. */
export function orderByValue<T>(items: T[], value: (item: T) => unknown, ascending: boolean): T[] {
  const cmp = (a: unknown, b: unknown): number => {
    const am = isMissing(a);
    const bm = isMissing(b);
    if (am || bm) return am === bm ? 0 : am ? 1 : -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    const sa = a as string;
    const sb = b as string;
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  };
  return items
    .map((item, index) => ({ item, index, key: value(item) }))
    .sort((x, y) => (ascending ? cmp(x.key, y.key) : cmp(y.key, x.key)) || x.index - y.index)
    .map(({ item }) => item);
}

export { getColtypesMapping } from '../shared/echarts';

const isStacked = (stack: StackSetting) => Boolean(stack);

export function extractDataTotalValues(
  data: Row[],
  opts: { stack: StackSetting; percentageThreshold: number; xAxisCol: string; legendState?: Record<string, boolean> },
): { totalStackedValues: number[]; thresholdValues: number[] } {
  const totalStackedValues: number[] = [];
  const thresholdValues: number[] = [];
  if (isStacked(opts.stack)) {
    for (const datum of data) {
      let total = 0;
      for (const [key, value] of Object.entries(datum)) {
        if (key === opts.xAxisCol) continue;
        if (opts.legendState && !opts.legendState[key]) continue;
        total += (value as number) || 0;
      }
      totalStackedValues.push(total);
      thresholdValues.push(((Number(opts.percentageThreshold) || 0) / 100) * total);
    }
  }
  return { totalStackedValues, thresholdValues };
}

/** For each x, the index of the series whose label shows the stack's total (the top one). */
export function extractShowValueIndexes(
  series: RawSeries[],
  opts: { stack: StackSetting; onlyTotal: boolean; isHorizontal: boolean; legendState?: Record<string, boolean> },
): number[] {
  const indexes: number[] = [];
  if (!isStacked(opts.stack)) return indexes;
  const v = opts.isHorizontal ? 0 : 1;
  series.forEach((entry, seriesIndex) => {
    entry.data.forEach((datum, dataIndex) => {
      if (entry.id && opts.legendState && !opts.legendState[entry.id]) return;
      const value = datum[v];
      if (!opts.onlyTotal && value !== null) indexes[dataIndex] = seriesIndex;
      if (opts.onlyTotal) {
        if ((value as number) > 0) indexes[dataIndex] = seriesIndex;
        if (!indexes[dataIndex] && value !== null) indexes[dataIndex] = seriesIndex;
      }
    });
  });
  return indexes;
}

function aggregate(rows: Row[], name: string, how: SortSeriesType | undefined): unknown {
  const values = rows.map((r) => r[name]);
  const present = values.filter((x) => x !== undefined);
  switch (how) {
    case 'sum':
    case 'avg': {
      if (present.length === 0) return undefined;
      const sum = present.reduce<number>((acc, x) => acc + ((x as number) ?? 0), 0);
      return how === 'sum' ? sum : sum / rows.length;
    }
    case 'min':
    case 'max': {
      let best: number | undefined;
      for (const x of values) {
        if (typeof x !== 'number' || Number.isNaN(x)) continue;
        if (best === undefined || (how === 'min' ? x < best : x > best)) best = x;
      }
      return best;
    }
    default:
      return name.toLowerCase();
  }
}

/** The series names (every column but the x axis and extra metrics), in the chart's series order. */
export function sortAndFilterSeries(
  rows: Row[],
  xAxis: string,
  extraMetricLabels: string[],
  sortSeriesType?: SortSeriesType,
  sortSeriesAscending?: boolean,
): string[] {
  const names = Object.keys(rows[0]).filter((key) => key !== xAxis && !extraMetricLabels.includes(key));
  const sorted = orderByValue(
    names.map((name) => ({ name, value: aggregate(rows, name, sortSeriesType) })),
    (e) => e.value,
    Boolean(sortSeriesAscending),
  );
  return sorted.map((e) => e.name);
}

/** The rows in the base axis order the chart asks for (categorical axes: 'X-Axis Sort By'). */
export function sortRows(
  rows: Row[],
  totalStackedValues: number[],
  xAxis: string,
  xAxisSortSeries: SortSeriesType,
  ascending: boolean,
): { row: Row; totalStackedValue: number | undefined }[] {
  const keyed = rows.map((row, idx) => {
    let sortKey: unknown = '';
    let agg: number | undefined;
    let entries = 0;
    for (const [key, value] of Object.entries(row)) {
      if (key === xAxis) sortKey = value;
      if (xAxisSortSeries === 'name' || typeof value !== 'number') continue;
      if (!(xAxisSortSeries === 'avg' && !isDefined(value))) entries += 1;
      switch (xAxisSortSeries) {
        case 'avg':
        case 'sum':
          agg = agg === undefined ? value : agg + value;
          break;
        case 'min':
          agg = agg === undefined || value < agg ? value : agg;
          break;
        case 'max':
          agg = agg === undefined || value > agg ? value : agg;
          break;
        default:
          break;
      }
    }
    if (xAxisSortSeries === 'avg' && entries > 0 && agg !== undefined) agg /= entries;
    const value = xAxisSortSeries === 'name' ? (typeof sortKey === 'string' ? sortKey.toLowerCase() : sortKey) : agg;
    return { value, row, totalStackedValue: totalStackedValues[idx] };
  });
  return orderByValue(keyed, (k) => k.value, ascending).map(({ row, totalStackedValue }) => ({ row, totalStackedValue }));
}

export interface ExtractSeriesOptions {
  fillNeighborValue?: number;
  xAxis: string;
  extraMetricLabels?: string[];
  stack?: StackSetting;
  totalStackedValues?: number[];
  isHorizontal?: boolean;
  sortSeriesType?: SortSeriesType;
  sortSeriesAscending?: boolean;
  xAxisSortSeries?: SortSeriesType;
  xAxisSortSeriesAscending?: boolean;
}

/** [series, the stack totals in the rows' final order, the least positive value (for log axes)]. */
export function extractSeries(data: Row[], opts: ExtractSeriesOptions): [RawSeries[], (number | undefined)[], number | undefined] {
  const { fillNeighborValue, xAxis, extraMetricLabels = [], stack = false, totalStackedValues = [], isHorizontal = false } = opts;
  if (data.length === 0) return [[], [], undefined];
  const names = sortAndFilterSeries(data, xAxis, extraMetricLabels, opts.sortSeriesType, opts.sortSeriesAscending);
  const sortedRows =
    isDefined(opts.xAxisSortSeries) && isDefined(opts.xAxisSortSeriesAscending)
      ? sortRows(data, totalStackedValues, xAxis, opts.xAxisSortSeries!, opts.xAxisSortSeriesAscending!)
      : data.map((row, idx) => ({ row, totalStackedValue: totalStackedValues[idx] as number | undefined }));
  let minPositiveValue: number | undefined;
  const series = names.map((name) => ({
    id: name,
    name,
    data: sortedRows.map(({ row, totalStackedValue }, idx): Point => {
      const current = row[name];
      if (typeof current === 'number' && current > 0 && (minPositiveValue === undefined || minPositiveValue > current)) {
        minPositiveValue = current;
      }
      // As Superset: a gap next to a value is filled (with 0 in stacks) so areas do not break off.
      const nextToValue = isDefined(data[idx - 1]?.[name]) || isDefined(data[idx + 1]?.[name]);
      let value: unknown = current;
      if (!isDefined(current) && nextToValue && fillNeighborValue !== undefined) value = fillNeighborValue;
      else if (stack === StackValue.Expand && totalStackedValue !== undefined) value = ((value as number) || 0) / totalStackedValue;
      return isHorizontal ? [value, row[xAxis]] : [row[xAxis], value];
    }),
  }));
  return [series, sortedRows.map((r) => r.totalStackedValue), minPositiveValue];
}

export type AxisType = 'time' | 'value' | 'category' | 'log';

export function getAxisType(stack: StackSetting, forceCategorical: boolean, dataType: GenericDataType | undefined): AxisType {
  if (forceCategorical) return 'category';
  if (dataType === GenericDataType.TEMPORAL) return 'time';
  if (dataType === GenericDataType.NUMERIC && !stack) return 'value';
  return 'category';
}

export function getMinAndMaxFromBounds(
  axisType: AxisType,
  truncateAxis: boolean,
  min: number | undefined,
  max: number | undefined,
  seriesType: string,
): Record<string, unknown> {
  if (axisType !== 'value' || !truncateAxis) return {};
  const isBar = seriesType === 'bar';
  const ret: Record<string, unknown> = {};
  if (isBar) ret.scale = true;
  if (min !== undefined) ret.min = min;
  else if (!isBar) ret.min = 'dataMin';
  if (max !== undefined) ret.max = max;
  else if (!isBar) ret.max = 'dataMax';
  return ret;
}

export const parseAxisBound = (bound: unknown): number | undefined =>
  bound === undefined || bound === null || bound === '' || Number.isNaN(Number(bound)) ? undefined : Number(bound);

export const calculateLowerLogTick = (minPositiveValue: number): number => 10 ** Math.floor(Math.log10(minPositiveValue));

/** Time-compared series stack on their own (one stack per offset), not on the original series. */
export function getTimeCompareStackId(defaultId: string, timeCompare: string[], name: unknown): string {
  if (timeCompare.length === 0) return defaultId;
  const found = timeCompare.find((offset) =>
    typeof name === 'string' ? name.includes(`${offset},`) || name.includes(`__${offset}`) : String(name ?? '').includes(offset),
  );
  return found ?? defaultId;
}

/** Same ids get ' (1)', ' (2)' suffixes: ECharts merges series that share an id. */
export function dedupSeries<T extends { id?: unknown }>(series: T[]): T[] {
  const counter = new Map<string, number>();
  return series.map((row) => {
    if (row.id === undefined) return row;
    const id = String(row.id);
    const count = counter.get(id) ?? 0;
    counter.set(id, count + 1);
    return { ...row, id: count > 0 ? `${id} (${count})` : id };
  });
}

/** The legend option (app/viz/shared/echarts.ts), in this page's theme. */
export function getLegendProps(
  type: string,
  orientation: LegendOrientation,
  show: boolean,
  theme: 'light' | 'dark',
  zoomable = false,
  legendState?: Record<string, boolean>,
): Record<string, unknown> {
  return sharedLegendProps(type, orientation, show, echartsTheme(theme), zoomable, legendState);
}

export interface Padding {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The grid's padding with room for the legend on its side (Superset's getChartPadding, app/viz/shared/echarts.ts). */
export function getChartPadding(show: boolean, orientation: LegendOrientation, margin: unknown, padding: Partial<Padding>, isHorizontal = false): Padding {
  const given = margin === null || margin === undefined || typeof margin === 'string' || typeof margin === 'number' ? margin : Number(margin) || 0;
  return sharedChartPadding(show, orientation, given, padding, isHorizontal);
}

export { convertInteger } from '../shared/echarts';

export function getPadding(
  showLegend: boolean,
  legendOrientation: LegendOrientation,
  addYAxisTitleOffset: boolean,
  zoomable: boolean,
  margin: unknown,
  addXAxisTitleOffset: boolean,
  yAxisTitlePosition: string,
  yAxisTitleMargin: number,
  xAxisTitleMargin: number,
  isHorizontal: boolean,
): Padding {
  const yAxisOffset = addYAxisTitleOffset ? TIMESERIES_CONSTANTS.yAxisLabelTopOffset : 0;
  const xAxisOffset = addXAxisTitleOffset ? Number(xAxisTitleMargin) || 0 : 0;
  return getChartPadding(
    showLegend,
    legendOrientation,
    margin,
    {
      top:
        yAxisTitlePosition === 'Top'
          ? TIMESERIES_CONSTANTS.gridOffsetTop + (Number(yAxisTitleMargin) || 0)
          : TIMESERIES_CONSTANTS.gridOffsetTop + yAxisOffset,
      bottom:
        (zoomable && !isHorizontal ? TIMESERIES_CONSTANTS.gridOffsetBottomZoomable : TIMESERIES_CONSTANTS.gridOffsetBottom) + xAxisOffset,
      left: yAxisTitlePosition === 'Left' ? TIMESERIES_CONSTANTS.gridOffsetLeft + (Number(yAxisTitleMargin) || 0) : TIMESERIES_CONSTANTS.gridOffsetLeft,
      right: showLegend && legendOrientation === 'right' ? 0 : TIMESERIES_CONSTANTS.gridOffsetRight,
    },
    isHorizontal,
  );
}
