/**
 * Form data and the answer → the ECharts option of a time-series chart, as Superset's Timeseries
 * transformProps: one series per metric × group (the pivoted answer's columns), stacking (stack,
 * stream, expand to 100 %), horizontal bars, areas, markers, smooth and step lines, value labels
 * (every value or only the stack's total), data zoom on the base axis, legends, rich tooltips with
 * totals and percentages, time formats by grain, y-axis formats (d3, currency, percent for
 * contributions), log axis and bounds, annotation layers, colours from the page's colour context,
 * and the cross-filter's selected series highlighted.
 */
import { GenericDataType } from '~/lib/chart-data/types';
import {
  createCurrencyFormatter,
  buildCustomFormatters,
  getCustomFormatter,
  isCurrencyFormatter,
  type ValueFormatter,
} from '~/lib/format/currency-format';
import { getNumberFormatter, getPercentFormatter, NumberFormats } from '~/lib/format/number-format';
import { getTimeFormatterForGranularity, getTooltipTimeFormatter, getXAxisFormatter, SMART_DATE_ID } from '~/lib/format/time-format';
import { ensureIsArray, extractExtraMetrics, getMetricLabel, getOriginalSeries, getTimeOffset, getXAxisLabel, isDerivedSeries, isPhysicalColumn } from '../shared/query';
import type { EChartsModel, FormData, TransformInput } from '../types';
import {
  annotationTheme,
  extractAnnotationLabels,
  transformEventAnnotation,
  transformFormulaAnnotation,
  transformIntervalAnnotation,
  transformTimeseriesAnnotation,
} from './annotations';
import {
  calculateLowerLogTick,
  convertInteger,
  dedupSeries,
  extractDataTotalValues,
  extractSeries,
  extractShowValueIndexes,
  getAxisType,
  getColtypesMapping,
  getLegendProps,
  getMinAndMaxFromBounds,
  getPadding,
  parseAxisBound,
} from './series';
import { buildTooltipRows, tooltipHtml, type TooltipParam } from './tooltip';
import { getBaselineSeriesForStream, transformSeries } from './transformers';
import { Opacity, readProps, StackValue, TIMEGRAIN_TO_TIMESTAMP, TIMESERIES_CONSTANTS } from './types';

type Row = Record<string, unknown>;
type Series = Record<string, unknown>;

/** Superset's x label when the answer has no x-axis column (legacy time column). */
const DTTM_ALIAS = '__timestamp';

/** Grains whose buckets start on the ticks ECharts picks with the grain's minimum interval. */
const GRAIN_LABELLED_AXIS = new Set(['P1M', 'P3M', 'P1Y']);

/** Columns named by their verbose names (Superset's rebaseForecastDatum without forecasts). */
function rebaseDatum(data: Row[], verboseMap: Record<string, string>): Row[] {
  if (data.length === 0) return data;
  const keys = Object.keys(data[0]);
  const renamed = keys.map((key) => (key !== DTTM_ALIAS && verboseMap[key] ? verboseMap[key] : key));
  if (renamed.every((k, i) => k === keys[i])) return data;
  return data.map((row) => Object.fromEntries(keys.map((key, i) => [renamed[i], row[key]])));
}

/** The y-axis formatter: a shared currency of all saved metrics wins over the chart's format. */
function getYAxisFormatter(
  metrics: unknown[],
  forcePercent: boolean,
  customFormatters: Record<string, ValueFormatter>,
  defaultFormatter: ValueFormatter,
  format: string | undefined,
): ValueFormatter {
  if (forcePercent) return getPercentFormatter(format);
  const saved = metrics.every((m) => typeof m === 'string');
  if (saved && metrics.length > 0) {
    const formatters = (metrics as string[]).map((m) => customFormatters[m]);
    const first = formatters[0];
    if (formatters.every((f) => isCurrencyFormatter(f) && isCurrencyFormatter(first) && f.currency?.symbol === first.currency?.symbol)) {
      return first;
    }
  }
  return defaultFormatter;
}

export default function transformProps(input: TransformInput<FormData>): EChartsModel {
  const { width, height, formData, queriesData, datasource, colors, theme, filterState } = input;
  const p = readProps(formData);
  const verboseMap = datasource.verboseMap ?? {};
  const columnFormats: Record<string, string | null> = {};
  const currencyFormats: Record<string, { symbol: string; symbolPosition: string } | null> = {};
  for (const m of datasource.metrics ?? []) {
    columnFormats[m.metric_name] = m.d3format;
    currencyFormats[m.metric_name] = m.currency;
  }
  const queryData = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const data = (queryData.data ?? []) as Row[];
  const rawLabelMap = queryData.label_map ?? {};
  const dataTypes = getColtypesMapping(queryData);
  const annotationData = (queryData.annotation_data ?? {}) as Record<string, unknown>;
  const groupBy = ensureIsArray(p.groupby);
  const metrics = ensureIsArray(p.metrics);
  const timeCompare = ensureIsArray(p.timeCompare as string[] | string);

  // A time-shifted series' label_map entry starts with its offset; the rest names its groups.
  const labelMap: Record<string, string[]> = {};
  for (const [key, labels] of Object.entries(rawLabelMap)) {
    const list = [...labels];
    if (list.length > groupBy.length && timeCompare.includes(list[0])) list.shift();
    labelMap[key] = list;
  }

  const colorScale = colors.getScale(p.colorScheme, (formData.color_namespace as string | undefined) ?? null);
  const rebasedData = rebaseDatum(data, verboseMap);
  let xAxisLabel = getXAxisLabel(formData) ?? DTTM_ALIAS;
  if (isPhysicalColumn(formData.x_axis) && verboseMap[xAxisLabel]) xAxisLabel = verboseMap[xAxisLabel];

  const isHorizontal = p.orientation === 'horizontal';
  const stack = p.stack;
  const { totalStackedValues, thresholdValues } = extractDataTotalValues(rebasedData, {
    stack,
    percentageThreshold: p.percentageThreshold,
    xAxisCol: xAxisLabel,
  });
  const extraMetricLabels = extractExtraMetrics(formData).map((m) => getMetricLabel(m));
  const isMultiSeries = groupBy.length > 0 || metrics.length > 1;
  const [rawSeries, sortedTotalValues, minPositiveValue] = extractSeries(rebasedData, {
    fillNeighborValue: stack ? 0 : undefined,
    xAxis: xAxisLabel,
    extraMetricLabels,
    stack,
    totalStackedValues,
    isHorizontal,
    sortSeriesType: p.sortSeriesType,
    sortSeriesAscending: p.sortSeriesAscending,
    xAxisSortSeries: isMultiSeries ? p.xAxisSortSeries : undefined,
    xAxisSortSeriesAscending: isMultiSeries ? p.xAxisSortSeriesAscending : undefined,
  });
  const showValueIndexes = extractShowValueIndexes(rawSeries, { stack, onlyTotal: p.onlyTotal, isHorizontal });
  const isAreaExpand = stack === StackValue.Expand;
  const xAxisDataType = dataTypes[xAxisLabel] ?? dataTypes[String(p.xAxis)];
  const xAxisType = getAxisType(stack, p.xAxisForceCategorical, xAxisDataType);

  const forcePercentFormatter = Boolean(p.contributionMode || isAreaExpand);
  const percentFormatter = forcePercentFormatter ? getPercentFormatter(p.yAxisFormat) : getPercentFormatter(NumberFormats.PERCENT_2_POINT);
  const defaultFormatter: ValueFormatter = p.currencyFormat?.symbol
    ? createCurrencyFormatter({ d3Format: p.yAxisFormat, currency: p.currencyFormat })
    : getNumberFormatter(p.yAxisFormat);
  const customFormatters = buildCustomFormatters(metrics, currencyFormats, columnFormats, p.yAxisFormat, p.currencyFormat);
  const inverted = Object.fromEntries(Object.entries(verboseMap).map(([k, v]) => [v, k]));

  const series: Series[] = [];
  const offsetLineWidths: Record<string, number> = {};
  for (const entry of rawSeries) {
    const derived = isDerivedSeries(entry, formData);
    const lineStyle: Record<string, unknown> = {};
    if (derived) {
      // Each time offset draws dashed, a little thicker per offset, as Superset.
      const offset = getTimeOffset(entry, timeCompare) ?? '';
      offsetLineWidths[offset] ??= Object.keys(offsetLineWidths).length + 1;
      Object.assign(lineStyle, { type: 'dashed', width: offsetLineWidths[offset], opacity: Opacity.DerivedSeries });
    }
    const entryName = String(entry.name || '');
    const seriesName = inverted[entryName] || entryName;
    const transformed = transformSeries(entry, colorScale, getOriginalSeries(seriesName, timeCompare), {
      area: p.area,
      connectNulls: derived,
      filterState,
      markerEnabled: p.markerEnabled,
      markerSize: p.markerSize,
      areaOpacity: p.opacity,
      seriesType: p.seriesType,
      stack,
      formatter: forcePercentFormatter
        ? percentFormatter
        : (getCustomFormatter(customFormatters, metrics, labelMap[seriesName]?.[0]) ?? defaultFormatter),
      showValue: p.showValue,
      onlyTotal: p.onlyTotal,
      totalStackedValues: sortedTotalValues,
      showValueIndexes,
      thresholdValues,
      richTooltip: p.richTooltip,
      sliceId: p.sliceId,
      isHorizontal,
      lineStyle,
      timeCompare,
      timeShiftColor: p.timeShiftColor,
    });
    if (stack === StackValue.Stream) {
      // ECharts' stackStrategy 'all' breaks on nulls: zeros instead.
      series.push({ ...transformed, data: (transformed.data as unknown[][]).map((row) => [row[0], row[1] ?? 0]) });
    } else {
      series.push(transformed);
    }
  }
  if (stack === StackValue.Stream && series.length > 0) {
    series.unshift(getBaselineSeriesForStream(series.map((s) => s.data as [unknown, number | null][]), p.seriesType));
  }

  const annoTheme = annotationTheme(theme);
  for (const layer of ensureIsArray(p.annotationLayers).filter((l) => l.show)) {
    if (layer.annotationType === 'FORMULA') {
      series.push(transformFormulaAnnotation(layer, data, xAxisLabel, xAxisType, colorScale, p.sliceId, p.orientation));
    } else if (layer.annotationType === 'INTERVAL') {
      series.push(...transformIntervalAnnotation(layer, annotationData, colorScale, annoTheme, p.sliceId, p.orientation));
    } else if (layer.annotationType === 'EVENT') {
      series.push(...transformEventAnnotation(layer, annotationData, colorScale, annoTheme, p.sliceId, p.orientation));
    } else if (layer.annotationType === 'TIME_SERIES') {
      series.push(...transformTimeseriesAnnotation(layer, p.markerSize, annotationData, colorScale, p.sliceId, p.orientation));
    }
  }

  const [xAxisMin, xAxisMax] = ensureIsArray(p.xAxisBounds).map(parseAxisBound);
  let [yAxisMin, yAxisMax] = ensureIsArray(p.yAxisBounds).map(parseAxisBound);
  if ((p.contributionMode === 'row' || isAreaExpand) && stack) {
    // Shares of a whole: 0 to 100 % unless bounds say otherwise.
    yAxisMin ??= 0;
    yAxisMax ??= 1;
  } else if (p.logAxis && yAxisMin === undefined && minPositiveValue !== undefined) {
    yAxisMin = calculateLowerLogTick(minPositiveValue);
  }

  const isTemporal = xAxisDataType === GenericDataType.TEMPORAL;
  const grain = p.timeGrainSqla ?? undefined;
  const adaptive = (format: string | undefined) => !format || format === SMART_DATE_ID;
  // Adaptive formats print a value by its grain ('2008 Q1', 'Feb 2020'): a point stands for its bucket.
  const tooltipFormatter: (v: unknown) => string = !isTemporal
    ? String
    : adaptive(p.tooltipTimeFormat) && grain
      ? (v) => getTimeFormatterForGranularity(grain)(v as number)
      : (v) => getTooltipTimeFormatter(p.tooltipTimeFormat)(v as number);
  const xAxisFormatter: ((v: unknown) => string) | undefined = !isTemporal
    ? String
    : adaptive(p.xAxisTimeFormat) && grain && GRAIN_LABELLED_AXIS.has(grain)
      ? (v) => getTimeFormatterForGranularity(grain)(v as number)
      : (getXAxisFormatter(p.xAxisTimeFormat) as ((v: unknown) => string) | undefined);

  const padding = getPadding(
    p.showLegend,
    p.legendOrientation,
    Boolean(p.yAxisTitle),
    p.zoomable,
    p.legendMargin,
    Boolean(p.xAxisTitle),
    p.yAxisTitlePosition,
    convertInteger(p.yAxisTitleMargin),
    convertInteger(p.xAxisTitleMargin),
    isHorizontal,
  );
  const legendData = [...rawSeries.map((s) => s.name), ...extractAnnotationLabels(ensureIsArray(p.annotationLayers), annotationData)];

  let xAxis: Record<string, unknown> = {
    type: xAxisType,
    name: p.xAxisTitle,
    nameGap: convertInteger(p.xAxisTitleMargin),
    nameLocation: 'middle',
    axisLabel: { hideOverlap: true, formatter: xAxisFormatter, rotate: p.xAxisLabelRotation },
    minorTick: { show: p.minorTicks },
    minInterval: xAxisType === 'time' && grain ? (TIMEGRAIN_TO_TIMESTAMP[grain] ?? 0) : 0,
    ...getMinAndMaxFromBounds(xAxisType, p.truncateXAxis, xAxisMin, xAxisMax, p.seriesType),
  };
  const yFormatter = getYAxisFormatter(metrics, forcePercentFormatter, customFormatters, defaultFormatter, p.yAxisFormat);
  let yAxis: Record<string, unknown> = {
    type: p.logAxis ? 'log' : 'value',
    min: yAxisMin,
    max: yAxisMax,
    minorTick: { show: p.minorTicks },
    minorSplitLine: { show: p.minorSplitLine },
    axisLabel: { formatter: (v: number) => yFormatter(v) },
    scale: p.truncateYAxis,
    name: p.yAxisTitle,
    nameGap: convertInteger(p.yAxisTitleMargin),
    nameLocation: p.yAxisTitlePosition === 'Left' ? 'middle' : 'end',
  };
  if (isHorizontal) {
    [xAxis, yAxis] = [yAxis, xAxis];
    [padding.bottom, padding.left] = [padding.left, padding.bottom];
  }

  const valueFormatter = forcePercentFormatter ? percentFormatter : (getCustomFormatter(customFormatters, metrics) ?? defaultFormatter);
  const tooltipFormatterFn = (params: TooltipParam | TooltipParam[]) => {
    const list = Array.isArray(params) ? params : [params];
    const first = list[0];
    const xValue = Array.isArray(first?.value) ? first.value[isHorizontal ? 1 : 0] : undefined;
    const { rows, focusedRow } = buildTooltipRows(list, {
      isHorizontal,
      richTooltip: p.richTooltip,
      sortByMetric: p.tooltipSortByMetric,
      stacked: Boolean(stack),
      isMultiSeries,
      showTotal: p.showTooltipTotal,
      showPercentage: p.showTooltipPercentage,
      percentValues: forcePercentFormatter,
      formatter: (v) => valueFormatter(v),
      percentFormatter: (v) => percentFormatter(v),
    });
    return tooltipHtml(rows, tooltipFormatter(xValue), focusedRow);
  };

  const option: Record<string, unknown> = {
    useUTC: true,
    grid: { containLabel: true, ...padding },
    xAxis,
    yAxis,
    tooltip: {
      confine: true,
      borderColor: 'transparent',
      className: 'echarts-tooltip',
      trigger: p.richTooltip ? 'axis' : 'item',
      formatter: tooltipFormatterFn,
    },
    legend: { ...getLegendProps(p.legendType, p.legendOrientation, p.showLegend, theme, p.zoomable), data: legendData },
    series: dedupSeries(series),
    toolbox: {
      show: p.zoomable,
      top: TIMESERIES_CONSTANTS.toolboxTop,
      right: TIMESERIES_CONSTANTS.toolboxRight,
      feature: {
        dataZoom: { ...(stack ? { yAxisIndex: false } : {}), title: { zoom: 'zoom area', back: 'restore zoom' } },
      },
    },
    dataZoom: p.zoomable
      ? [
          {
            type: 'slider',
            start: TIMESERIES_CONSTANTS.dataZoomStart,
            end: TIMESERIES_CONSTANTS.dataZoomEnd,
            bottom: TIMESERIES_CONSTANTS.zoomBottom,
            yAxisIndex: isHorizontal ? 0 : undefined,
          },
          { type: 'inside', yAxisIndex: 0, zoomOnMouseWheel: false, moveOnMouseWheel: true },
          { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: false, moveOnMouseWheel: true },
        ]
      : [],
  };
  return { kind: 'echarts', option, width, height };
}
