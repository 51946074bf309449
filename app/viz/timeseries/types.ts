/**
 * The form data and constants of the ECharts time-series family (line, bar, area, scatter, smooth
 * line, stepped line): one implementation, the types differ only in their series style and a few
 * control defaults, as Superset's plugin-chart-echarts Timeseries.
 */
import type { FormData } from '../types';

export const SeriesType = {
  Line: 'line',
  Scatter: 'scatter',
  Smooth: 'smooth',
  Bar: 'bar',
  Start: 'start',
  Middle: 'middle',
  End: 'end',
} as const;
export type SeriesType = (typeof SeriesType)[keyof typeof SeriesType];

export const StackValue = { Stack: 'Stack', Stream: 'Stream', Expand: 'Expand' } as const;
/** Older charts saved `stack: true`; it means 'Stack'. */
export type StackSetting = (typeof StackValue)[keyof typeof StackValue] | boolean | null;

export const Orientation = { Vertical: 'vertical', Horizontal: 'horizontal' } as const;
export type Orientation = (typeof Orientation)[keyof typeof Orientation];

export type LegendOrientation = 'top' | 'bottom' | 'left' | 'right';
export type LegendType = 'scroll' | 'plain';
export type SortSeriesType = 'name' | 'sum' | 'min' | 'max' | 'avg';

/** An annotation layer as the annotation layer control saves it (Superset's shape). */
export interface AnnotationLayer {
  name: string;
  annotationType: 'FORMULA' | 'EVENT' | 'INTERVAL' | 'TIME_SERIES' | string;
  sourceType?: string;
  value?: unknown;
  show?: boolean;
  showLabel?: boolean;
  color?: string | null;
  opacity?: string;
  style?: 'solid' | 'dashed' | 'dotted' | 'longDashed' | string;
  width?: number;
  showMarkers?: boolean;
  hideLine?: boolean;
  overrides?: Record<string, unknown>;
  titleColumn?: string;
  descriptionColumns?: string[];
  timeColumn?: string;
  intervalEndColumn?: string;
}

/** The form data keys this family reads, camel-cased as Superset's chart props hand them over. */
export interface TimeseriesProps {
  area: boolean;
  annotationLayers: AnnotationLayer[];
  colorScheme?: string;
  contributionMode?: 'row' | 'column' | null;
  groupby: unknown[];
  legendMargin: number | string | null;
  legendOrientation: LegendOrientation;
  legendType: LegendType;
  logAxis: boolean;
  markerEnabled: boolean;
  markerSize: number;
  metrics: unknown[];
  minorSplitLine: boolean;
  minorTicks: boolean;
  onlyTotal: boolean;
  opacity: number;
  orientation: Orientation;
  percentageThreshold: number;
  richTooltip: boolean;
  seriesType: SeriesType;
  showLegend: boolean;
  showValue: boolean;
  sliceId?: number | null;
  sortSeriesType: SortSeriesType;
  sortSeriesAscending: boolean;
  timeGrainSqla?: string | null;
  timeCompare: string[];
  comparisonType?: string;
  timeShiftColor: boolean;
  stack: StackSetting;
  tooltipTimeFormat: string;
  tooltipSortByMetric: boolean;
  showTooltipTotal: boolean;
  showTooltipPercentage: boolean;
  truncateXAxis: boolean;
  truncateYAxis: boolean;
  xAxis?: unknown;
  xAxisBounds: [unknown, unknown];
  xAxisForceCategorical: boolean;
  xAxisLabelRotation: number;
  xAxisSortSeries?: SortSeriesType;
  xAxisSortSeriesAscending?: boolean;
  xAxisTimeFormat?: string;
  xAxisTitle: string;
  xAxisTitleMargin: number | string;
  yAxisBounds: [unknown, unknown];
  yAxisFormat?: string;
  currencyFormat?: { symbol?: string | null; symbolPosition?: string | null } | null;
  yAxisTitle: string;
  yAxisTitleMargin: number | string;
  yAxisTitlePosition: 'Left' | 'Top' | string;
  zoomable: boolean;
}

/** Superset's DEFAULT_FORM_DATA of the family (what a chart without the key gets). */
export const DEFAULT_PROPS: Omit<TimeseriesProps, 'colorScheme' | 'xAxis' | 'sliceId'> = {
  legendMargin: null,
  legendOrientation: 'top',
  legendType: 'scroll',
  showLegend: true,
  xAxisTitle: '',
  xAxisTitleMargin: 0,
  yAxisTitle: '',
  yAxisTitleMargin: 0,
  yAxisTitlePosition: 'Top',
  sortSeriesType: 'sum',
  sortSeriesAscending: false,
  annotationLayers: [],
  area: false,
  logAxis: false,
  markerEnabled: false,
  markerSize: 6,
  minorSplitLine: false,
  minorTicks: false,
  opacity: 0.2,
  seriesType: SeriesType.Line,
  stack: false,
  tooltipTimeFormat: 'smart_date',
  truncateXAxis: true,
  truncateYAxis: false,
  yAxisBounds: [null, null],
  xAxisBounds: [null, null],
  zoomable: false,
  richTooltip: true,
  xAxisForceCategorical: false,
  xAxisLabelRotation: 0,
  groupby: [],
  metrics: [],
  showValue: false,
  onlyTotal: false,
  percentageThreshold: 0,
  orientation: Orientation.Vertical,
  timeCompare: [],
  timeShiftColor: false,
  tooltipSortByMetric: false,
  showTooltipTotal: true,
  showTooltipPercentage: true,
};

/** lodash's camelCase for the snake_case keys form data uses ('x_axis_title' → 'xAxisTitle'). */
export const camelKey = (key: string): string => key.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Superset hands a plugin its form data with every key camel-cased; charts saved over the years
 * mix both spellings ('show_legend', 'legendType'), so both are read here, the camel-cased key
 * winning as it would in Superset (it is written last).
 */
export function readProps(formData: FormData): TimeseriesProps {
  const props: Record<string, unknown> = { ...DEFAULT_PROPS };
  for (const [key, value] of Object.entries(formData)) {
    if (value === undefined) continue;
    const camel = camelKey(key);
    if (camel !== key && Object.hasOwn(formData, camel) && formData[camel] !== undefined) continue;
    props[camel] = value;
  }
  return props as unknown as TimeseriesProps;
}

/** Grain → the smallest interval between ticks of a time axis (Superset's TIMEGRAIN_TO_TIMESTAMP). */
export const TIMEGRAIN_TO_TIMESTAMP: Record<string, number> = {
  PT1H: 3600 * 1000,
  P1D: 3600 * 1000 * 24,
  P1M: 3600 * 1000 * 24 * 31,
  P3M: 3600 * 1000 * 24 * 31 * 3,
  P1Y: 3600 * 1000 * 24 * 31 * 12,
};

export { TIMESERIES_CONSTANTS } from '../shared/echarts';

export { OpacityEnum as Opacity } from '../shared/echarts';


/** Line series with more points than this get ECharts' LTTB down-sampling (drawn per pixel). */
export const LTTB_THRESHOLD = 1000;

export const NULL_STRING = '<NULL>';
