/**
 * heatmap_v2 as Superset's Heatmap transformProps: one ECharts heatmap series of [x, y, value,
 * rank] cells, a visualMap over the value (or the rank when `normalized`) in the sequential
 * scheme's colours, bounds from `value_bounds` or the data, category axes sorted by their values
 * (axis sorts) or in the query's metric order (metric sorts), and a tooltip with the cell's share of its row, its column or the whole heatmap.
 */
import { GenericDataType, type QueryColumn, type QueryMetric } from '~/lib/chart-data/types';
import { getSequentialColors } from '~/lib/colors';
import { getValueFormatter, type Currency } from '~/lib/format/currency-format';
import { getNumberFormatter } from '~/lib/format/number-format';
import { getTimeFormatter } from '~/lib/format/time-format';
import { savedFormats } from '../big-number-total/kpi';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../shared/query';
import { escapeHtml, tooltipHtml } from '../timeseries/tooltip';
import type { EChartsModel, FormData, TransformInput } from '../types';

export const NULL_STRING = '<NULL>';
/** ECharts' own visualMap range when the data gives none (Superset's DEFAULT_ECHARTS_BOUNDS). */
const DEFAULT_BOUNDS: [number, number] = [0, 200];

const parseBound = (bound: unknown): number | undefined =>
  bound === null || bound === undefined || bound === '' || Number.isNaN(Number(bound)) ? undefined : Number(bound);

type Cell = [unknown, unknown, unknown, unknown?];

interface Totals {
  x: Map<string, number>;
  y: Map<string, number>;
  total: number;
}

function totalsOf(rows: Record<string, unknown>[], xKey: string, yKey: string, metric: string): Totals {
  const totals: Totals = { x: new Map(), y: new Map(), total: 0 };
  for (const row of rows) {
    const value = row[metric];
    if (typeof value !== 'number') continue;
    const x = String(row[xKey]);
    const y = String(row[yKey]);
    totals.x.set(x, (totals.x.get(x) ?? 0) + value);
    totals.y.set(y, (totals.y.get(y) ?? 0) + value);
    totals.total += value;
  }
  return totals;
}

export function transformProps({ formData, queriesData, width, height, datasource }: TransformInput<FormData>): EChartsModel {
  const metric = (formData.metric ?? '') as QueryMetric;
  const metricLabel = getMetricLabel(metric);
  const xAxisLabel = getColumnLabel(formData.x_axis as QueryColumn);
  const yAxisLabel = getColumnLabel(ensureIsArray(formData.groupby as QueryColumn | QueryColumn[])[0]);
  const { data = [], colnames = [], coltypes = [] } = queriesData[0] ?? {};
  const normalized = Boolean(formData.normalized);
  const normalizeAcross = formData.normalize_across;
  const legendType = (formData.legend_type as string) || 'continuous';
  const colorColumn = normalized ? 'rank' : metricLabel;
  const colors = getSequentialColors(formData.linear_color_scheme as string | undefined);
  const timeFormatter = getTimeFormatter(formData.x_axis_time_format as string | undefined);

  const axisFormatter =
    (coltype: number | undefined) =>
    (value: unknown): string => {
      if (coltype === GenericDataType.TEMPORAL) return timeFormatter(typeof value === 'string' ? Number.parseInt(value, 10) : (value as number));
      return String(value);
    };
  const xAxisFormatter = axisFormatter(coltypes[0]);
  const yAxisFormatter = axisFormatter(coltypes[1]);
  const percentFormatter = getNumberFormatter(',.2%');
  const { currencyFormats, columnFormats } = savedFormats(datasource);
  const valueFormatter = getValueFormatter(
    metric,
    currencyFormats,
    columnFormats,
    (formData.y_axis_format as string | undefined) || undefined,
    formData.currency_format as Currency | undefined,
  );

  const colorValues = data.map((row) => row[colorColumn]).filter((v): v is number => typeof v === 'number');
  let [min, max] = ensureIsArray(formData.value_bounds as unknown[]).map(parseBound);
  // Superset takes the data's extreme with `||`, so an extreme of 0 also falls back to ECharts' default.
  if (min === undefined) min = (colorValues.length ? Math.min(...colorValues) : 0) || DEFAULT_BOUNDS[0];
  if (max === undefined) max = (colorValues.length ? Math.max(...colorValues) : 0) || DEFAULT_BOUNDS[1];

  // Axis values are categories by name: a number given to a category axis would be an index.
  const category = (value: unknown) => (value === null || value === undefined || value === '' ? NULL_STRING : String(value));
  const cells: Cell[] = data.map((row) =>
    colnames.map((col, i) => {
      const value = row[col];
      if (i < 2) return category(value);
      // Superset writes every falsy value as <NULL>; a zero stays a zero here.
      if (value === null || value === undefined || value === '') return NULL_STRING;
      if (typeof value === 'boolean') return String(value);
      return value;
    }) as Cell,
  );
  const axisData = (index: 0 | 1, sort: unknown) => {
    const seen = [...new Set(data.map((row) => row[colnames[index]]))];
    const how = String(sort ?? 'alpha_asc');
    // Metric sorts keep the query's order (it sorted by the metric); axis sorts sort the values.
    if (how.startsWith('alpha')) {
      seen.sort((a, b) =>
        typeof a === 'number' && typeof b === 'number' ? a - b : category(a).localeCompare(category(b), undefined, { numeric: true }),
      );
      if (how.endsWith('desc')) seen.reverse();
    }
    return seen.map(category);
  };

  let totals: Totals | null = null;
  const tooltipFormatter = (params: { value?: Cell }) => {
    totals ??= totalsOf(data, xAxisLabel, yAxisLabel, metricLabel);
    const [x, y, value] = params.value ?? [];
    const formattedX = xAxisFormatter(x);
    const formattedY = yAxisFormatter(y);
    let percentage = 0;
    let suffix = 'heatmap';
    if (typeof value === 'number') {
      if (normalizeAcross === 'x') {
        percentage = value / (totals.x.get(String(x)) ?? 0);
        suffix = formattedX;
      } else if (normalizeAcross === 'y') {
        percentage = value / (totals.y.get(String(y)) ?? 0);
        suffix = formattedY;
      } else {
        percentage = value / totals.total;
      }
    }
    const row = [escapeHtml(colnames[2] ?? metricLabel), escapeHtml(valueFormatter(value as number))];
    if (formData.show_percentage) row.push(escapeHtml(`${percentFormatter(percentage)} (${suffix})`));
    return tooltipHtml([row], escapeHtml(`${formattedX} (${formattedY})`));
  };

  const interval = (value: unknown) => {
    const n = Number(value ?? -1);
    return value === null || n === -1 || Number.isNaN(n) ? 'auto' : n - 1;
  };

  return {
    kind: 'echarts',
    width,
    height,
    option: {
      grid: { containLabel: true, bottom: formData.bottom_margin ?? 'auto', left: formData.left_margin ?? 'auto' },
      series: [
        {
          name: metricLabel,
          type: 'heatmap',
          data: cells,
          label: { show: Boolean(formData.show_values), formatter: (params: { value?: Cell }) => valueFormatter(params.value?.[2] as number) },
        },
      ],
      tooltip: { trigger: 'item', confine: true, formatter: tooltipFormatter },
      visualMap: {
        type: legendType,
        min,
        max,
        calculable: true,
        orient: 'horizontal',
        right: 0,
        top: 0,
        itemHeight: legendType === 'continuous' ? 300 : 14,
        itemWidth: 15,
        formatter: (value: number) => valueFormatter(value),
        inRange: { color: colors },
        show: formData.show_legend !== false,
        // ECharts would take the last dimension, the rank.
        dimension: normalized ? 3 : 2,
      },
      xAxis: { type: 'category', data: axisData(0, formData.sort_x_axis), axisLabel: { formatter: xAxisFormatter, interval: interval(formData.xscale_interval) } },
      yAxis: { type: 'category', data: axisData(1, formData.sort_y_axis), axisLabel: { formatter: yAxisFormatter, interval: interval(formData.yscale_interval) } },
    },
  };
}
