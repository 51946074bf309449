/**
 * Helpers the ECharts chart types share (Superset's plugin-chart-echarts utils/series, defaults,
 * constants and core's tooltipHtml): series names from group-by values, legend placement and the
 * padding it takes, the theme colours models use, and the tooltip HTML. Pure: no browser globals.
 */
import type { ChartDataResult } from '~/lib/chart-data/types';
import { GenericDataType } from '~/lib/chart-data/types';
import type { Currency } from '~/lib/format/currency-format';
import type { VizDatasource } from '../types';
import { ensureIsArray } from './query/utils';

/** How a null group-by value is named (Superset's NULL_STRING). */
export const NULL_STRING = '<NULL>';

export const OpacityEnum = { Transparent: 0, SemiTransparent: 0.3, DerivedSeries: 0.7, NonTransparent: 1 } as const;

export type LegendOrientation = 'top' | 'bottom' | 'left' | 'right';
export type LegendType = 'scroll' | 'plain';

export const DEFAULT_LEGEND_FORM_DATA = { legendMargin: null, legendOrientation: 'top' as LegendOrientation, legendType: 'scroll' as LegendType, showLegend: true };

export const defaultGrid = { containLabel: true };

/** The space a legend takes on its side (Superset's defaultLegendPadding). */
export const defaultLegendPadding: Record<LegendOrientation, number> = { top: 20, bottom: 20, left: 170, right: 170 };

export const TIMESERIES_CONSTANTS = {
  gridOffsetRight: 20,
  gridOffsetLeft: 20,
  gridOffsetTop: 20,
  gridOffsetBottom: 20,
  gridOffsetBottomZoomable: 80,
  legendRightTopOffset: 30,
  legendTopRightOffset: 55,
  zoomBottom: 30,
  toolboxTop: 0,
  toolboxRight: 5,
  dataZoomStart: 0,
  dataZoomEnd: 100,
  yAxisLabelTopOffset: 20,
  extraControlsOffset: 22,
} as const;

/** The colours and type sizes of Superset's theme the ECharts models use, per page theme. */
export interface EChartsThemeColors {
  grayscale: { base: string; dark1: string; dark2: string; light1: string; light2: string; light3: string; light4: string; light5: string };
  fontFamily: string;
  fontSizeS: number;
}

const LIGHT: EChartsThemeColors = {
  grayscale: { base: '#666666', dark1: '#323232', dark2: '#000000', light1: '#B2B2B2', light2: '#E0E0E0', light3: '#F0F0F0', light4: '#F7F7F7', light5: '#FFFFFF' },
  fontFamily: "Inter, Helvetica, Arial, sans-serif",
  fontSizeS: 12,
};

// Dark pages invert the grey ramp so text stays readable on the dark background.
const DARK: EChartsThemeColors = {
  grayscale: { base: '#B2B2B2', dark1: '#E0E0E0', dark2: '#FFFFFF', light1: '#666666', light2: '#4A4A4A', light3: '#323232', light4: '#262626', light5: '#1A1A1A' },
  fontFamily: LIGHT.fontFamily,
  fontSizeS: 12,
};

export function echartsTheme(theme: 'light' | 'dark' | undefined): EChartsThemeColors {
  return theme === 'dark' ? DARK : LIGHT;
}

/** column name → its generic type, from an answer's colnames and coltypes. */
export function getColtypesMapping(result: Pick<ChartDataResult, 'colnames' | 'coltypes'> | undefined): Record<string, GenericDataType> {
  const mapping: Record<string, GenericDataType> = {};
  const colnames = result?.colnames ?? [];
  const coltypes = result?.coltypes ?? [];
  colnames.forEach((name, index) => {
    mapping[name] = coltypes[index];
  });
  return mapping;
}

const TIMESTAMP_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/**
 * A group-by value as a series name: null is '<NULL>', booleans 'true'/'false', temporal values
 * (epoch ms, ISO strings, dates) through the time formatter, numbers through the number formatter.
 */
export function formatSeriesName(
  name: unknown,
  { numberFormatter, timeFormatter, coltype }: { numberFormatter?: (value: number) => string; timeFormatter?: (value: Date) => string; coltype?: GenericDataType } = {},
): string {
  if (name === undefined || name === null) return NULL_STRING;
  if (typeof name === 'boolean') return name.toString();
  if (name instanceof Date || coltype === GenericDataType.TEMPORAL) {
    let date: Date;
    if (name instanceof Date) date = name;
    // A timestamp without a zone is UTC (Superset's normalizeTimestamp).
    else if (typeof name === 'string') date = new Date(TIMESTAMP_WITHOUT_ZONE.test(name) ? `${name}Z` : name);
    else date = new Date(name as number);
    return timeFormatter ? timeFormatter(date) : date.toISOString();
  }
  if (typeof name === 'number') return numberFormatter ? numberFormatter(name) : name.toString();
  return String(name);
}

/** A row's label from its group-by values, joined with ', '. */
export function extractGroupbyLabel({
  datum = {},
  groupby,
  numberFormatter,
  timeFormatter,
  coltypeMapping = {},
}: {
  datum?: Record<string, unknown>;
  groupby: string[] | string | null | undefined;
  numberFormatter?: (value: number) => string;
  timeFormatter?: (value: Date) => string;
  coltypeMapping?: Record<string, GenericDataType>;
}): string {
  return ensureIsArray(groupby)
    .map((column) => formatSeriesName(datum[column], { numberFormatter, timeFormatter, coltype: coltypeMapping[column] }))
    .join(', ');
}

/** The legend option: orientation, placement on its side, and the select-all/inverse buttons. */
export function getLegendProps(
  type: LegendType | string,
  orientation: LegendOrientation | string,
  show: boolean,
  theme: EChartsThemeColors,
  zoomable = false,
  legendState?: Record<string, boolean>,
): Record<string, unknown> {
  const legend: Record<string, unknown> = {
    orient: orientation === 'top' || orientation === 'bottom' ? 'horizontal' : 'vertical',
    show,
    type,
    selected: legendState,
    selector: ['all', 'inverse'],
    selectorLabel: { fontFamily: theme.fontFamily, fontSize: theme.fontSizeS, color: theme.grayscale.base, borderColor: theme.grayscale.base },
    textStyle: { color: theme.grayscale.dark1 },
  };
  switch (orientation) {
    case 'left':
      legend.left = 0;
      break;
    case 'right':
      legend.right = 0;
      legend.top = zoomable ? TIMESERIES_CONSTANTS.legendRightTopOffset : 0;
      break;
    case 'bottom':
      legend.bottom = 0;
      break;
    default:
      legend.top = 0;
      legend.right = zoomable ? TIMESERIES_CONSTANTS.legendTopRightOffset : 0;
  }
  return legend;
}

/** The padding the legend takes on its side (a number margin, else the default for the side). */
export function getChartPadding(
  show: boolean,
  orientation: LegendOrientation | string,
  margin?: number | string | null,
  padding?: { top?: number; bottom?: number; left?: number; right?: number },
  isHorizontal?: boolean,
): { top: number; bottom: number; left: number; right: number } {
  let legendMargin: number;
  if (!show) legendMargin = 0;
  else if (margin === null || margin === undefined || typeof margin === 'string') legendMargin = defaultLegendPadding[orientation as LegendOrientation] ?? 0;
  else legendMargin = margin;
  const { bottom = 0, left = 0, right = 0, top = 0 } = padding ?? {};
  const at = (side: string) => (orientation === side ? legendMargin : 0);
  if (isHorizontal) {
    return { left: left + at('bottom'), right: right + at('right'), top: top + at('top'), bottom: bottom + at('left') };
  }
  return { left: left + at('left'), right: right + at('right'), top: top + at('top'), bottom: bottom + at('bottom') };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for the tooltip's HTML (ECharts' encodeHTML). */
export function sanitizeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const TRUNCATION_STYLE = 'max-width: 300px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;';

/** A tooltip as Superset draws it: a bold title and a table of rows (first cell left, others right). */
export function tooltipHtml(rows: string[][], title?: string, focusedRow?: number): string {
  const titleRow = title ? `<span style="font-weight: 700;${TRUNCATION_STYLE}">${title}</span>` : '';
  const body =
    rows.length === 0
      ? '<tr><td>No data</td></tr>'
      : rows
          .map((row, i) => {
            const rowStyle = i === focusedRow ? 'font-weight: 700;' : 'opacity: 0.8;';
            const cells = row.map((cell, j) => `<td style="text-align: ${j > 0 ? 'right' : 'left'}; padding-left: ${j === 0 ? 0 : 16}px; ${TRUNCATION_STYLE}">${cell}</td>`);
            return `<tr style="${rowStyle}">${cells.join('')}</tr>`;
          })
          .join('');
  return `<div>${titleRow}<table>${body}</table></div>`;
}

/** The tooltip option every ECharts type starts from (kept inside the chart; no DOM lookups). */
export function getDefaultTooltip(): Record<string, unknown> {
  return { borderColor: 'transparent', className: 'echarts-tooltip', confine: true };
}

/** A dataset's saved metric formats, as Superset's datasource columnFormats and currencyFormats. */
export function datasourceFormats(datasource: VizDatasource | null | undefined): {
  columnFormats: Record<string, string>;
  currencyFormats: Record<string, Currency>;
} {
  const columnFormats: Record<string, string> = {};
  const currencyFormats: Record<string, Currency> = {};
  for (const metric of datasource?.metrics ?? []) {
    if (metric.d3format) columnFormats[metric.metric_name] = metric.d3format;
    if (metric.currency) currencyFormats[metric.metric_name] = metric.currency;
  }
  return { columnFormats, currencyFormats };
}

/** Superset's convertInteger: numbers as they are, strings parsed (0 when not a number). */
export function convertInteger(value: unknown): number {
  if (typeof value !== 'number') return parseInt(String(value), 10) || 0;
  return value;
}

