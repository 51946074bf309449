/**
 * The pie chart's model (Superset's Pie transformProps): one pie series of the metric by the
 * group-by label, labels by label type (or a template), colours from the page's colour context,
 * a legend, an optional total in the middle, and the values outside a cross-filter dimmed.
 */
import type { QueryMetric } from '~/lib/chart-data/types';
import { getValueFormatter, type Currency } from '~/lib/format/currency-format';
import { getNumberFormatter, NumberFormats } from '~/lib/format/number-format';
import { getTimeFormatter } from '~/lib/format/time-format';
import {
  convertInteger,
  datasourceFormats,
  defaultGrid,
  echartsTheme,
  extractGroupbyLabel,
  getChartPadding,
  getColtypesMapping,
  getDefaultTooltip,
  getLegendProps,
  OpacityEnum,
  sanitizeHtml,
  tooltipHtml,
} from '../shared/echarts';
import { getColumnLabel, getMetricLabel } from '../shared/query/labels';
import { ensureIsArray } from '../shared/query/utils';
import type { EChartsModel, TransformInput } from '../types';
import { PIE_DEFAULTS, PieLabelType, type PieFormData } from './types';

const percentFormatter = getNumberFormatter(NumberFormats.PERCENT_2_POINT);

/** What ECharts hands a label or tooltip formatter for a pie slice. */
export interface PieFormatterParams {
  name?: string;
  value?: unknown;
  percent?: number;
  seriesName?: string;
}

type ValueFormat = (value: number | null | undefined) => string;

/** A slice's name, formatted value and percentage ('12.34%'). */
export function parseParams(params: PieFormatterParams, numberFormatter: ValueFormat, sanitizeName = false): [string, string, string] {
  const { name: rawName = '', value, percent = 0 } = params;
  const name = sanitizeName ? sanitizeHtml(rawName) : rawName;
  return [name, numberFormatter(value as number), percentFormatter(percent / 100)];
}

/**
 * A label template: {name}, {value}, {percent} are the formatted values, {a} {b} {c} {d} ECharts'
 * raw series name, name, value and percent, and a literal \n a new line.
 */
export function formatTemplate(template: string, formatted: { name: string; value: string; percent: string }, raw: PieFormatterParams): string {
  const items: [string, string][] = [
    ['{name}', formatted.name],
    ['{value}', formatted.value],
    ['{percent}', formatted.percent],
    ['{a}', raw.seriesName || ''],
    ['{b}', raw.name ?? ''],
    ['{c}', `${raw.value}`],
    ['{d}', `${raw.percent}`],
    ['\\n', '\n'],
  ];
  return items.reduce((text, [key, value]) => text.replaceAll(key, value), template);
}

/** Where the total goes: the middle of a donut, the top of a pie, moved off the legend's side. */
function getTotalValuePadding({
  chartPadding,
  donut,
  width,
  height,
}: {
  chartPadding: { top: number; bottom: number; left: number; right: number };
  donut: boolean;
  width: number;
  height: number;
}): { top: string; left: string } {
  const padding = { top: donut ? 'middle' : '0', left: 'center' };
  const LEGEND_HEIGHT = 15;
  const LEGEND_WIDTH = 215;
  if (chartPadding.top) {
    padding.top = donut ? `${50 + ((chartPadding.top - LEGEND_HEIGHT) / height / 2) * 100}%` : `${((chartPadding.top + LEGEND_HEIGHT) / height) * 100}%`;
  }
  if (chartPadding.bottom) {
    padding.top = donut ? `${50 - ((chartPadding.bottom + LEGEND_HEIGHT) / height / 2) * 100}%` : '0';
  }
  if (chartPadding.left) padding.left = `${50 + ((chartPadding.left - LEGEND_WIDTH) / width / 2) * 100}%`;
  if (chartPadding.right) padding.left = `${50 - ((chartPadding.right + LEGEND_WIDTH) / width / 2) * 100}%`;
  return padding;
}

/** A form data value, or the default when the key is absent (null is kept, as Superset's spread). */
function pick<T>(value: unknown, fallback: T): T {
  return (value === undefined ? fallback : value) as T;
}

export function transformProps({ formData, queriesData, width, height, datasource, colors, theme, filterState }: TransformInput<PieFormData>): EChartsModel {
  const result = queriesData[0];
  const data = result?.data ?? [];
  const coltypeMapping = getColtypesMapping(result);
  const { columnFormats, currencyFormats } = datasourceFormats(datasource);
  const palette = echartsTheme(theme);

  const colorScheme = formData.color_scheme;
  const donut = pick(formData.donut, PIE_DEFAULTS.donut);
  const innerRadius = pick(formData.innerRadius, PIE_DEFAULTS.innerRadius);
  const outerRadius = pick(formData.outerRadius, PIE_DEFAULTS.outerRadius);
  const labelsOutside = pick(formData.labels_outside, PIE_DEFAULTS.labelsOutside);
  const labelLine = pick(formData.label_line, PIE_DEFAULTS.labelLine);
  const labelType = pick(formData.label_type, PIE_DEFAULTS.labelType);
  const labelTemplate = formData.label_template;
  const legendMargin = pick(formData.legendMargin, PIE_DEFAULTS.legendMargin);
  const legendOrientation = pick(formData.legendOrientation, PIE_DEFAULTS.legendOrientation);
  const legendType = pick(formData.legendType, PIE_DEFAULTS.legendType);
  const metric = pick(formData.metric, '') as QueryMetric;
  const numberFormat = pick(formData.number_format, PIE_DEFAULTS.numberFormat);
  const dateFormat = pick(formData.date_format, PIE_DEFAULTS.dateFormat);
  const showLabels = pick(formData.show_labels, PIE_DEFAULTS.showLabels);
  const showLegend = pick(formData.show_legend, PIE_DEFAULTS.showLegend);
  const showLabelsThreshold = pick(formData.show_labels_threshold, PIE_DEFAULTS.showLabelsThreshold);
  const showTotal = Boolean(formData.show_total);
  const roseType = pick(formData.roseType, PIE_DEFAULTS.roseType);
  const sliceId = formData.slice_id ?? undefined;

  const metricLabel = getMetricLabel(metric);
  const groupbyLabels = ensureIsArray(formData.groupby as never[]).map(getColumnLabel);
  // A percentage threshold in points is an angle of 3.6° per point.
  const minShowLabelAngle = (Number(showLabelsThreshold) || 0) * 3.6;
  const timeFormatter = getTimeFormatter(dateFormat);
  const labelOf = (datum: Record<string, unknown>) => extractGroupbyLabel({ datum, groupby: groupbyLabels, coltypeMapping, timeFormatter });

  const colorFn = colors.getScale(colorScheme);
  const numberFormatter = getValueFormatter(metric, currencyFormats, columnFormats, numberFormat, formData.currency_format as Currency | null | undefined) as ValueFormat;
  const selectedValues = filterState?.selectedValues ?? null;

  let totalValue = 0;
  const keys: string[] = [];
  const transformedData = data.map((datum) => {
    const name = labelOf(datum);
    keys.push(name);
    const value = datum[metricLabel];
    if (typeof value === 'number' || typeof value === 'string') totalValue += convertInteger(value);
    const isFiltered = selectedValues && !selectedValues.includes(name);
    return {
      value,
      name,
      itemStyle: {
        color: colorFn(name, sliceId),
        opacity: isFiltered ? OpacityEnum.SemiTransparent : OpacityEnum.NonTransparent,
      },
    };
  });

  const formatter = (params: PieFormatterParams): string => {
    const [name, formattedValue, formattedPercent] = parseParams(params, numberFormatter);
    switch (labelType) {
      case PieLabelType.Key:
        return name;
      case PieLabelType.Value:
        return formattedValue;
      case PieLabelType.Percent:
        return formattedPercent;
      case PieLabelType.KeyValue:
        return `${name}: ${formattedValue}`;
      case PieLabelType.KeyValuePercent:
        return `${name}: ${formattedValue} (${formattedPercent})`;
      case PieLabelType.KeyPercent:
        return `${name}: ${formattedPercent}`;
      case PieLabelType.ValuePercent:
        return `${formattedValue} (${formattedPercent})`;
      case PieLabelType.Template:
        return labelTemplate ? formatTemplate(labelTemplate, { name, value: formattedValue, percent: formattedPercent }, params) : '';
      default:
        return name;
    }
  };

  const defaultLabel = { formatter, show: showLabels, color: palette.grayscale.dark2 };
  const chartPadding = getChartPadding(showLegend, legendOrientation, legendMargin);

  const series = [
    {
      type: 'pie',
      ...chartPadding,
      animation: false,
      roseType: roseType || undefined,
      radius: [`${donut ? innerRadius : 0}%`, `${outerRadius}%`],
      center: ['50%', '50%'],
      avoidLabelOverlap: true,
      labelLine: labelsOutside && labelLine ? { show: true } : { show: false },
      minShowLabelAngle,
      label: labelsOutside ? { ...defaultLabel, position: 'outer', alignTo: 'none', bleedMargin: 5 } : { ...defaultLabel, position: 'inner' },
      emphasis: { label: { show: true, fontWeight: 'bold', backgroundColor: palette.grayscale.light5 } },
      data: transformedData,
    },
  ];

  const option: Record<string, unknown> = {
    grid: { ...defaultGrid },
    tooltip: {
      ...getDefaultTooltip(),
      show: true,
      trigger: 'item',
      formatter: (params: PieFormatterParams) => {
        const [name, formattedValue, formattedPercent] = parseParams(params, numberFormatter, true);
        return tooltipHtml([[sanitizeHtml(metricLabel), formattedValue, formattedPercent]], name);
      },
    },
    legend: { ...getLegendProps(legendType, legendOrientation, showLegend, palette), data: keys },
    graphic: showTotal
      ? {
          type: 'text',
          ...getTotalValuePadding({ chartPadding, donut, width, height }),
          style: { text: `Total: ${numberFormatter(totalValue)}`, fontSize: 16, fontWeight: 'bold', fill: palette.grayscale.dark2 },
          z: 10,
        }
      : null,
    series,
  };

  return { kind: 'echarts', option, width, height };
}

/** The group-by values behind each label, for cross-filters and drill-by (Superset's labelMap). */
export function pieLabelMap(formData: PieFormData, result: TransformInput['queriesData'][number] | undefined): Record<string, unknown[]> {
  const groupbyLabels = ensureIsArray(formData.groupby as never[]).map(getColumnLabel);
  const coltypeMapping = getColtypesMapping(result);
  const timeFormatter = getTimeFormatter(pick(formData.date_format, PIE_DEFAULTS.dateFormat));
  const map: Record<string, unknown[]> = {};
  for (const datum of result?.data ?? []) {
    map[extractGroupbyLabel({ datum, groupby: groupbyLabels, coltypeMapping, timeFormatter })] = groupbyLabels.map((col) => datum[col]);
  }
  return map;
}

export default transformProps;
