/**
 * mixed_timeseries as Superset's MixedTimeseries transformProps: the series of query A and of
 * query B on one time axis, each query with its own series type (line, smooth, bar, scatter,
 * stepped), area, markers, opacity, value labels, stacking (a stack per query) and y axis (0 the
 * primary on the left, 1 the secondary on the right, ticks aligned when both are used), the
 * primary and secondary y formats and bounds, and a tooltip formatting each series by its axis.
 * The series helpers are the time-series family's (app/viz/timeseries).
 */
import { GenericDataType } from '~/lib/chart-data/types';
import { buildCustomFormatters, createCurrencyFormatter, getCustomFormatter, type Currency, type ValueFormatter } from '~/lib/format/currency-format';
import { getNumberFormatter } from '~/lib/format/number-format';
import { getTimeFormatterForGranularity, getTooltipTimeFormatter, getXAxisFormatter, SMART_DATE_ID } from '~/lib/format/time-format';
import { ensureIsArray, getOriginalSeries, getXAxisLabel, isPhysicalColumn } from '../shared/query';
import {
  annotationTheme,
  extractAnnotationLabels,
  transformEventAnnotation,
  transformFormulaAnnotation,
  transformIntervalAnnotation,
  transformTimeseriesAnnotation,
} from '../timeseries/annotations';
import {
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
  type RawSeries,
} from '../timeseries/series';
import { escapeHtml, tooltipHtml } from '../timeseries/tooltip';
import { transformSeries } from '../timeseries/transformers';
import { readProps, TIMEGRAIN_TO_TIMESTAMP, TIMESERIES_CONSTANTS, type AnnotationLayer, type SeriesType, type StackSetting } from '../timeseries/types';
import type { EChartsModel, FormData, TransformInput } from '../types';

type Row = Record<string, unknown>;
type Series = Record<string, unknown>;

const DTTM_ALIAS = '__timestamp';
const PERCENT = ',.0%';

/** Superset's mixed-chart defaults (its DEFAULT_FORM_DATA) for the keys of each query. */
const DEFAULTS: Record<string, unknown> = {
  seriesType: 'line',
  seriesTypeB: 'line',
  area: false,
  areaB: false,
  markerEnabled: false,
  markerEnabledB: false,
  markerSize: 6,
  markerSizeB: 6,
  opacity: 0.2,
  opacityB: 0.2,
  showValue: false,
  showValueB: false,
  stack: false,
  stackB: false,
  yAxisIndex: 0,
  yAxisIndexB: 0,
  groupby: [],
  groupbyB: [],
  metrics: [],
  metricsB: [],
  yAxisBoundsSecondary: [null, null],
  logAxisSecondary: false,
  yAxisTitleSecondary: '',
  yAxisTitlePosition: 'Top',
};

/**
 * The series style of a query. Superset's choices are line, smooth, scatter, bar and the step
 * kinds; some saved charts name a chart type instead ('echarts_timeseries_bar'), which Superset
 * silently draws as a line — here it means what it says.
 */
export function normalizeSeriesType(value: unknown): { seriesType: SeriesType; area: boolean } {
  const v = String(value ?? 'line');
  switch (v.replace(/^echarts_(timeseries_)?/, '')) {
    case 'bar':
      return { seriesType: 'bar', area: false };
    case 'scatter':
      return { seriesType: 'scatter', area: false };
    case 'smooth':
      return { seriesType: 'smooth', area: false };
    case 'area':
      return { seriesType: 'line', area: true };
    case 'step':
    case 'start':
      return { seriesType: 'start', area: false };
    case 'middle':
      return { seriesType: 'middle', area: false };
    case 'end':
      return { seriesType: 'end', area: false };
    default:
      return { seriesType: 'line', area: false };
  }
}

/** Columns named by their verbose names, as Superset's rebaseForecastDatum (without forecasts). */
function rebase(data: Row[], verboseMap: Record<string, string>): Row[] {
  if (!data.length) return data;
  return data.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k !== DTTM_ALIAS && verboseMap[k] ? verboseMap[k] : k, v])));
}

/** A bar's value label is hidden above the axis maximum (Superset's getOverMaxHiddenFormatter). */
const overMaxHidden = (max: number | undefined, formatter: (v: number) => string) => (value: number) =>
  max !== undefined && value > max ? '' : formatter(value);

export function transformProps(input: TransformInput<FormData>): EChartsModel {
  const { width, height, formData, queriesData, datasource, colors, theme, filterState } = input;
  const p = { ...DEFAULTS, ...(readProps(formData) as unknown as Record<string, unknown>) };
  const get = <T,>(key: string) => p[key] as T;
  const verboseMap = datasource.verboseMap ?? {};
  const columnFormats: Record<string, string | null> = {};
  const currencyFormats: Record<string, Currency | null> = {};
  for (const m of datasource.metrics ?? []) {
    columnFormats[m.metric_name] = m.d3format;
    currencyFormats[m.metric_name] = m.currency;
  }

  const empty = { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const [qA, qB] = [queriesData[0] ?? empty, queriesData[1] ?? empty];
  const labelMap = qA.label_map ?? {};
  const labelMapB = qB.label_map ?? {};
  const data1 = (qA.data ?? []) as Row[];
  const data2 = (qB.data ?? []) as Row[];
  const annotationData = (qA.annotation_data ?? {}) as Record<string, unknown>;
  const sliceId = (formData.slice_id as number | null | undefined) ?? null;
  const colorScale = colors.getScale(get<string | undefined>('colorScheme'), (formData.color_namespace as string | undefined) ?? null);

  let xAxisLabel = getXAxisLabel(formData) ?? DTTM_ALIAS;
  if (isPhysicalColumn(formData.x_axis) && verboseMap[xAxisLabel]) xAxisLabel = verboseMap[xAxisLabel];

  const typeA = normalizeSeriesType(get('seriesType'));
  const typeB = normalizeSeriesType(get('seriesTypeB'));
  const stackA = get<StackSetting>('stack');
  const stackB = get<StackSetting>('stackB');
  const yAxisIndex = Number(get('yAxisIndex')) === 1 ? 1 : 0;
  const yAxisIndexB = Number(get('yAxisIndexB')) === 1 ? 1 : 0;
  const metrics = ensureIsArray(get<unknown[]>('metrics'));
  const metricsB = ensureIsArray(get<unknown[]>('metricsB'));
  const contributionMode = get<string | null | undefined>('contributionMode');
  const timeCompare = ensureIsArray(formData.time_compare as string[] | string | undefined);

  const rebasedA = rebase(data1, verboseMap);
  const rebasedB = rebase(data2, verboseMap);
  const [rawSeriesA] = extractSeries(rebasedA, { fillNeighborValue: stackA ? 0 : undefined, xAxis: xAxisLabel });
  const [rawSeriesB] = extractSeries(rebasedB, { fillNeighborValue: stackB ? 0 : undefined, xAxis: xAxisLabel });

  const dataTypes = getColtypesMapping(qA);
  const xAxisDataType = dataTypes[xAxisLabel] ?? dataTypes[String(formData.x_axis)];
  const xAxisType = getAxisType(stackA, Boolean(get('xAxisForceCategorical')), xAxisDataType);

  const formatterFor = (format: string | undefined, currency: Currency | null | undefined): ValueFormatter =>
    contributionMode
      ? getNumberFormatter(PERCENT)
      : currency?.symbol
        ? createCurrencyFormatter({ d3Format: format, currency })
        : getNumberFormatter(format);
  const yAxisFormat = get<string | undefined>('yAxisFormat');
  const yAxisFormatSecondary = get<string | undefined>('yAxisFormatSecondary');
  const currencyFormat = get<Currency | null | undefined>('currencyFormat');
  const currencyFormatSecondary = get<Currency | null | undefined>('currencyFormatSecondary');
  const formatter = formatterFor(yAxisFormat, currencyFormat);
  const formatterSecondary = formatterFor(yAxisFormatSecondary, currencyFormatSecondary);
  const allMetrics = [...metrics, ...metricsB];
  const customFormatters = buildCustomFormatters(allMetrics, currencyFormats, columnFormats, yAxisFormat, currencyFormat);
  const customFormattersSecondary = buildCustomFormatters(allMetrics, currencyFormats, columnFormats, yAxisFormatSecondary, currencyFormatSecondary);
  const pick = (custom: Record<string, ValueFormatter>, fallback: ValueFormatter, ms: unknown[], key?: string): ValueFormatter =>
    contributionMode ? getNumberFormatter(PERCENT) : (getCustomFormatter(custom, ms, key) ?? fallback);

  const primarySeries = new Set<string>();
  const secondarySeries = new Set<string>();
  const onAxis = (id: string, index: number) => (index === 1 ? secondarySeries : primarySeries).add(id);
  rawSeriesA.forEach((s) => onAxis(String(s.id), yAxisIndex));
  rawSeriesB.forEach((s) => onAxis(String(s.id), yAxisIndexB));

  const percentageThreshold = Number(get('percentageThreshold')) || 0;
  const totalsA = extractDataTotalValues(rebasedA, { stack: stackA, percentageThreshold, xAxisCol: xAxisLabel });
  const totalsB = extractDataTotalValues(rebasedB, { stack: stackB, percentageThreshold, xAxisCol: xAxisLabel });
  const showValueIndexesA = extractShowValueIndexes(rawSeriesA, { stack: stackA, onlyTotal: false, isHorizontal: false });
  const showValueIndexesB = extractShowValueIndexes(rawSeriesB, { stack: stackA, onlyTotal: false, isHorizontal: false });

  const series: Series[] = [];
  const markerSize = Number(get('markerSize')) || 6;
  const annoTheme = annotationTheme(theme);
  const annotationLayers = ensureIsArray(get<AnnotationLayer[]>('annotationLayers'));
  for (const layer of annotationLayers.filter((l) => l.show)) {
    if (layer.annotationType === 'FORMULA') series.push(transformFormulaAnnotation(layer, data1, xAxisLabel, xAxisType, colorScale, sliceId, 'vertical'));
    else if (layer.annotationType === 'INTERVAL') series.push(...transformIntervalAnnotation(layer, annotationData, colorScale, annoTheme, sliceId, 'vertical'));
    else if (layer.annotationType === 'EVENT') series.push(...transformEventAnnotation(layer, annotationData, colorScale, annoTheme, sliceId, 'vertical'));
    else if (layer.annotationType === 'TIME_SERIES') series.push(...transformTimeseriesAnnotation(layer, markerSize, annotationData, colorScale, sliceId, 'vertical'));
  }

  const [xAxisMin, xAxisMax] = ensureIsArray(get<unknown[]>('xAxisBounds')).map(parseAxisBound);
  let [yAxisMin, yAxisMax] = ensureIsArray(get<unknown[]>('yAxisBounds')).map(parseAxisBound);
  let [minSecondary, maxSecondary] = ensureIsArray(get<unknown[]>('yAxisBoundsSecondary')).map(parseAxisBound);
  const inverted = Object.fromEntries(Object.entries(verboseMap).map(([k, v]) => [v, k]));
  const richTooltip = get('richTooltip') !== false;
  const timeShiftColor = Boolean(get('timeShiftColor'));

  const addSeries = (entries: RawSeries[], query: 'a' | 'b') => {
    const isA = query === 'a';
    const type = isA ? typeA : typeB;
    const stack = isA ? stackA : stackB;
    const axis = isA ? yAxisIndex : yAxisIndexB;
    const totals = isA ? totalsA : totalsB;
    const max = isA ? yAxisMax : maxSecondary;
    for (const entry of entries) {
      const entryName = String(entry.name || '');
      const seriesName = inverted[entryName] || entryName;
      const seriesFormatter = isA
        ? pick(customFormatters, formatter, metrics, labelMap[seriesName]?.[0])
        : pick(customFormattersSecondary, formatterSecondary, metricsB, labelMapB[`${seriesName} (1)`]?.[0] ?? labelMapB[seriesName]?.[0]);
      const transformed = transformSeries(entry, colorScale, getOriginalSeries(seriesName, timeCompare), {
        area: Boolean(get(isA ? 'area' : 'areaB')) || type.area,
        connectNulls: false,
        filterState,
        markerEnabled: Boolean(get(isA ? 'markerEnabled' : 'markerEnabledB')),
        markerSize: Number(get(isA ? 'markerSize' : 'markerSizeB')) || 6,
        areaOpacity: Number(get(isA ? 'opacity' : 'opacityB') ?? 0.2),
        seriesType: type.seriesType,
        stack,
        showValue: Boolean(get(isA ? 'showValue' : 'showValueB')),
        onlyTotal: false,
        formatter: type.seriesType === 'bar' ? overMaxHidden(max, seriesFormatter) : seriesFormatter,
        totalStackedValues: totals.totalStackedValues,
        showValueIndexes: isA ? showValueIndexesA : showValueIndexesB,
        thresholdValues: totals.thresholdValues,
        richTooltip,
        sliceId,
        isHorizontal: false,
        lineStyle: {},
        timeCompare,
        timeShiftColor,
      });
      series.push({
        ...transformed,
        // B's series of the same name as one of A's stay apart (Superset's ' (1)').
        id: !isA && primarySeries.has(String(entry.id)) ? `${String(entry.id)} (1)` : entry.id,
        yAxisIndex: axis,
        // Each query stacks on its own.
        stack: transformed.stack ? `${String(transformed.stack)}\n${query}` : undefined,
      });
    }
  };
  addSeries(rawSeriesA, 'a');
  addSeries(rawSeriesB, 'b');

  if (contributionMode === 'row' && stackA) {
    yAxisMin ??= 0;
    yAxisMax ??= 1;
    minSecondary ??= 0;
    maxSecondary ??= 1;
  }

  const isTemporal = xAxisDataType === GenericDataType.TEMPORAL;
  const grain = (formData.time_grain_sqla as string | undefined) ?? undefined;
  const tooltipTimeFormat = get<string | undefined>('tooltipTimeFormat');
  const xAxisTimeFormat = get<string | undefined>('xAxisTimeFormat');
  const adaptive = (format: string | undefined) => !format || format === SMART_DATE_ID;
  const tooltipFormatter: (v: unknown) => string = !isTemporal
    ? String
    : adaptive(tooltipTimeFormat) && grain
      ? (v) => getTimeFormatterForGranularity(grain)(v as number)
      : (v) => getTooltipTimeFormatter(tooltipTimeFormat)(v as number);
  const xAxisFormatter = isTemporal ? (getXAxisFormatter(xAxisTimeFormat) as ((v: unknown) => string) | undefined) : String;

  const yAxisTitle = get<string>('yAxisTitle') ?? '';
  const yAxisTitleSecondary = get<string>('yAxisTitleSecondary') ?? '';
  const xAxisTitle = get<string>('xAxisTitle') ?? '';
  const showLegend = get('showLegend') !== false;
  const legendOrientation = (get<string>('legendOrientation') ?? 'top') as 'top' | 'bottom' | 'left' | 'right';
  const zoomable = Boolean(get('zoomable'));
  const padding = getPadding(
    showLegend,
    legendOrientation,
    Boolean(yAxisTitle || yAxisTitleSecondary),
    zoomable,
    null,
    Boolean(xAxisTitle),
    get<string>('yAxisTitlePosition'),
    convertInteger(get('yAxisTitleMargin')),
    convertInteger(get('xAxisTitleMargin')),
    false,
  );
  const alignTicks = yAxisIndex !== yAxisIndexB;
  const anyBar = typeA.seriesType === 'bar' || typeB.seriesType === 'bar' ? 'bar' : 'line';
  const primaryAxisFormatter = pick(customFormatters, formatter, metrics);
  const secondaryAxisFormatter = pick(customFormattersSecondary, formatterSecondary, metricsB);

  const tooltip = (params: unknown) => {
    const list = (Array.isArray(params) ? params : [params]) as { seriesId?: string; seriesName?: string; value?: unknown[]; marker?: string }[];
    const xValue = list[0]?.value?.[0];
    const rows = list
      .filter((item) => item.seriesId !== undefined)
      .map((item) => {
        const key = String(item.seriesId);
        const isPrimary = primarySeries.has(key);
        const value = item.value?.[1] as number | null | undefined;
        const f = isPrimary
          ? pick(customFormatters, formatter, metrics, ensureIsArray(get<unknown[]>('groupby')).length === 0 ? inverted[key] ?? key : labelMap[key]?.[0])
          : pick(customFormattersSecondary, formatterSecondary, metricsB, ensureIsArray(get<unknown[]>('groupbyB')).length === 0 ? inverted[key] ?? key : labelMapB[key]?.[0]);
        return [`${item.marker ?? ''}${escapeHtml(item.seriesName ?? key)}`, value === null || value === undefined ? 'N/A' : escapeHtml(f(value))];
      });
    return tooltipHtml(rows, escapeHtml(tooltipFormatter(xValue)));
  };

  const option: Record<string, unknown> = {
    useUTC: true,
    grid: { containLabel: true, ...padding },
    xAxis: {
      type: xAxisType,
      name: xAxisTitle,
      nameGap: convertInteger(get('xAxisTitleMargin')),
      nameLocation: 'middle',
      axisLabel: { hideOverlap: true, formatter: xAxisFormatter, rotate: Number(get('xAxisLabelRotation')) || 0 },
      minorTick: { show: Boolean(get('minorTicks')) },
      minInterval: xAxisType === 'time' && grain ? (TIMEGRAIN_TO_TIMESTAMP[grain] ?? 0) : 0,
      ...getMinAndMaxFromBounds(xAxisType, get('truncateXAxis') !== false, xAxisMin, xAxisMax, anyBar),
    },
    yAxis: [
      {
        type: get('logAxis') ? 'log' : 'value',
        min: yAxisMin,
        max: yAxisMax,
        minorTick: { show: Boolean(get('minorTicks')) },
        minorSplitLine: { show: Boolean(get('minorSplitLine')) },
        axisLabel: { formatter: (v: number) => primaryAxisFormatter(v) },
        scale: Boolean(get('truncateYAxis')),
        name: yAxisTitle,
        nameGap: convertInteger(get('yAxisTitleMargin')),
        nameLocation: get('yAxisTitlePosition') === 'Left' ? 'middle' : 'end',
        alignTicks,
      },
      {
        type: get('logAxisSecondary') ? 'log' : 'value',
        min: minSecondary,
        max: maxSecondary,
        minorTick: { show: Boolean(get('minorTicks')) },
        splitLine: { show: false },
        minorSplitLine: { show: Boolean(get('minorSplitLine')) },
        axisLabel: { formatter: (v: number) => secondaryAxisFormatter(v) },
        scale: Boolean(get('truncateYAxis')),
        name: yAxisTitleSecondary,
        alignTicks,
      },
    ],
    tooltip: { confine: true, borderColor: 'transparent', className: 'echarts-tooltip', trigger: richTooltip ? 'axis' : 'item', formatter: tooltip },
    legend: {
      ...getLegendProps(String(get('legendType') ?? 'scroll'), legendOrientation, showLegend, theme, zoomable),
      data: [...rawSeriesA, ...rawSeriesB].map((s) => String(s.name ?? '')).concat(extractAnnotationLabels(annotationLayers, annotationData)),
    },
    series: dedupSeries(series),
    toolbox: {
      show: zoomable,
      top: TIMESERIES_CONSTANTS.toolboxTop,
      right: TIMESERIES_CONSTANTS.toolboxRight,
      feature: { dataZoom: { yAxisIndex: false, title: { zoom: 'zoom area', back: 'restore zoom' } } },
    },
    dataZoom: zoomable
      ? [{ type: 'slider', start: TIMESERIES_CONSTANTS.dataZoomStart, end: TIMESERIES_CONSTANTS.dataZoomEnd, bottom: TIMESERIES_CONSTANTS.zoomBottom }]
      : [],
  };
  return { kind: 'echarts', option, width, height };
}
