/**
 * One data series → one ECharts series, as Superset's Timeseries transformSeries: plot type from
 * the series style (line, smooth, step, bar, scatter), stacking (per time offset), area fill,
 * markers, value labels (each value, or only the stack's total), the colour of the series' label
 * from the page's colour context, cross-filter dimming, dashed lines for time-shifted series, and
 * LTTB sampling for long lines.
 */
import type { ColorScale } from '~/lib/colors';
import type { RawSeries } from './series';
import { getTimeCompareStackId } from './series';
import { LTTB_THRESHOLD, Opacity, StackValue, type SeriesType, type StackSetting } from './types';

type Series = Record<string, unknown>;

export interface TransformSeriesOptions {
  area: boolean;
  connectNulls: boolean;
  filterState?: { selectedValues?: unknown[] | null };
  markerEnabled: boolean;
  markerSize: number;
  areaOpacity: number;
  seriesType: SeriesType;
  stack: StackSetting;
  showValue: boolean;
  onlyTotal: boolean;
  formatter?: (value: number) => string;
  totalStackedValues: (number | undefined)[];
  showValueIndexes: number[];
  thresholdValues: number[];
  richTooltip: boolean;
  sliceId?: number | null;
  isHorizontal: boolean;
  lineStyle: Record<string, unknown>;
  timeCompare: string[];
  timeShiftColor: boolean;
  legendState?: Record<string, boolean>;
}

export function transformSeries(series: RawSeries, colorScale: ColorScale, colorScaleKey: string, opts: TransformSeriesOptions): Series {
  const { name } = series;
  const { seriesType, stack, isHorizontal, showValue, markerEnabled, richTooltip, formatter } = opts;
  const isFiltered = Boolean(opts.filterState?.selectedValues && !opts.filterState.selectedValues.includes(name));
  const opacity = isFiltered ? Opacity.SemiTransparent : (opts.lineStyle.opacity as number) || Opacity.NonTransparent;

  // Superset's observation stack id 'obs' (a truthy id: '' would turn stacking off).
  const stackId = stack ? getTimeCompareStackId('obs', opts.timeCompare, name) : undefined;
  const plotType = seriesType === 'scatter' ? 'scatter' : seriesType === 'bar' ? 'bar' : 'line';

  const itemStyle: Record<string, unknown> = {
    color: opts.timeShiftColor ? colorScale(colorScaleKey, opts.sliceId) : colorScale(name, opts.sliceId),
    opacity,
    borderWidth: 0,
  };
  if (seriesType === 'bar' && opts.connectNulls) {
    // A time-shifted bar: outlined in dots.
    Object.assign(itemStyle, { borderWidth: 1.5, borderType: 'dotted', borderColor: itemStyle.color });
  }
  let emphasis: Record<string, unknown> = {};
  let showSymbol = false;
  if (plotType === 'scatter') showSymbol = true;
  else if (plotType === 'line' && showValue) showSymbol = true;
  else if (plotType === 'line' && !richTooltip && !markerEnabled) {
    // Item tooltips need a hoverable point: invisible symbols that show on hover, as Superset.
    showSymbol = true;
    itemStyle.opacity = 0;
    emphasis = { itemStyle: { opacity: 1 } };
  } else if (markerEnabled) showSymbol = true;

  const lineStyle = stack === StackValue.Stream && opts.area ? { ...opts.lineStyle, opacity: Opacity.Transparent } : { ...opts.lineStyle, opacity };
  const isStep = seriesType === 'start' || seriesType === 'middle' || seriesType === 'end';

  const labelFormatter = (params: { value: unknown[]; dataIndex: number; seriesIndex: number; seriesName: string }): string | number => {
    const { value, dataIndex, seriesIndex, seriesName } = params;
    const numericValue = (isHorizontal ? value[0] : value[1]) as number;
    const isSelectedLegend = !opts.legendState || opts.legendState[seriesName];
    if (!formatter) return numericValue;
    if (!stack && isSelectedLegend) return formatter(numericValue);
    if (!opts.onlyTotal) {
      return numericValue >= (opts.thresholdValues[dataIndex] || Number.MIN_SAFE_INTEGER) ? formatter(numericValue) : '';
    }
    if (seriesIndex === opts.showValueIndexes[dataIndex]) {
      return formatter(stack === StackValue.Expand ? 1 : (opts.totalStackedValues[dataIndex] ?? 0));
    }
    return '';
  };

  return {
    ...series,
    connectNulls: opts.connectNulls,
    yAxisIndex: 0,
    name,
    itemStyle,
    type: plotType,
    smooth: seriesType === 'smooth',
    triggerLineEvent: true,
    step: isStep ? seriesType : undefined,
    stack: stackId,
    stackStrategy: stack === StackValue.Stream ? 'all' : 'samesign',
    lineStyle,
    areaStyle: opts.area ? { opacity: opacity * opts.areaOpacity } : undefined,
    emphasis: { lineStyle: { width: 'bolder' }, ...emphasis },
    showSymbol,
    symbolSize: opts.markerSize,
    // Long lines are drawn from an LTTB sample (one point per pixel keeps their shape).
    ...(plotType === 'line' && series.data.length > LTTB_THRESHOLD ? { sampling: 'lttb' } : {}),
    label: { show: Boolean(showValue), position: isHorizontal ? 'right' : 'top', formatter: labelFormatter },
  };
}

/**
 * The invisible bottom series of a 'Stream' stack, centring the streams (Superset's weighted
 * wiggle baseline).
 */
export function getBaselineSeriesForStream(series: [unknown, number | null][][], seriesType: SeriesType): Series {
  const length = series[0]?.length ?? 0;
  const value = (v: number | null | undefined) => v ?? 0;
  const deltas: [unknown, number][] = [];
  for (let i = 0; i < length; i += 1) {
    let seriesSum = 0;
    let weightedSum = 0;
    for (let j = 0; j < series.length; j += 1) {
      const delta = i > 0 ? value(series[j][i][1]) - value(series[j][i - 1][1]) : value(series[j][i][1]);
      let deltaPrev = 0;
      for (let k = 1; k < j - 1; k += 1) {
        deltaPrev += i > 0 ? value(series[k][i][1]) - value(series[k][i - 1][1]) : value(series[k][i][1]);
      }
      weightedSum += (0.5 * delta + deltaPrev) * value(series[j][i][1]);
      seriesSum += value(series[j][i][1]);
    }
    deltas.push([series[0][i][0], -weightedSum / seriesSum]);
  }
  const baseline: [unknown, number][] = [];
  deltas.forEach((d, i) => baseline.push(i === 0 ? d : [d[0], baseline[i - 1][1] + d[1]]));
  return {
    data: baseline,
    name: 'baseline',
    stack: 'obs',
    stackStrategy: 'all',
    type: 'line',
    lineStyle: { opacity: 0 },
    tooltip: { show: false },
    silent: true,
    showSymbol: false,
    areaStyle: { opacity: 0 },
    step: seriesType === 'start' || seriesType === 'middle' || seriesType === 'end' ? seriesType : undefined,
    smooth: seriesType === 'smooth',
  };
}
