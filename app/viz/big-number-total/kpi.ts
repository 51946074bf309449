/**
 * What the two big number types share: Superset's header formatter choice (a time format for a
 * temporal or string metric, or when forced; else the metric's number or currency format), its
 * conditional colours (the table's comparators, without opacity), the ISO date parsing of metric
 * values, and a font size that fits the text without measuring the DOM, so the server and the
 * browser draw the same size.
 */
import { GenericDataType, type QueryMetric } from '~/lib/chart-data/types';
import { getValueFormatter, type Currency } from '~/lib/format/currency-format';
import { getTimeFormatter, getTimeFormatterForGranularity, SMART_DATE_ID } from '~/lib/format/time-format';
import { extractTimegrain, getMetricLabel } from '../shared/query';
import type { FormData, VizDatasource } from '../types';

export type Formatter = (value: number | null | undefined) => string;

/** A metric value that is an ISO date string becomes epoch ms (Superset's parseMetricValue); other strings are null. */
export function parseMetricValue(value: unknown): number | null {
  if (typeof value === 'string') {
    if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
    const iso = /[T ]\d{2}:\d{2}/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value.replace(' ', 'T')}Z` : value.replace(' ', 'T');
    const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
    return Number.isNaN(ms) ? null : ms;
  }
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isNaN(n) ? null : n;
}

/** Superset's getDateFormatter: the adaptive format means the grain's format. */
export function getDateFormatter(timeFormat: unknown, granularity: string | undefined, fallback?: string | null) {
  return timeFormat === SMART_DATE_ID
    ? getTimeFormatterForGranularity(granularity)
    : getTimeFormatter((timeFormat as string | undefined) ?? fallback ?? undefined);
}

export function savedFormats(datasource: VizDatasource | undefined) {
  const currencyFormats: Record<string, Currency> = {};
  const columnFormats: Record<string, string> = {};
  for (const m of datasource?.metrics ?? []) {
    if (m.currency) currencyFormats[m.metric_name] = m.currency;
    if (m.d3format) columnFormats[m.metric_name] = m.d3format;
  }
  return { currencyFormats, columnFormats };
}

/** The formatter of the big number itself. */
export function headerFormatterFor(options: {
  formData: FormData;
  datasource: VizDatasource | undefined;
  metricColtype: number | null | undefined;
  yAxisFormat?: string | null;
}): { headerFormatter: Formatter; formatTime: (v: number | null | undefined) => string; isTime: boolean } {
  const { formData, datasource, metricColtype } = options;
  const metric = formData.metric;
  const metricEntry = datasource?.metrics?.find((m) => m.metric_name === metric);
  // A chart saved without time_format has the control's default, the adaptive format.
  const formatTime = getDateFormatter(formData.time_format === undefined ? SMART_DATE_ID : formData.time_format, extractTimegrain(formData), metricEntry?.d3format);
  const { currencyFormats, columnFormats } = savedFormats(datasource);
  const numberFormatter = getValueFormatter(
    metric,
    currencyFormats,
    columnFormats,
    (options.yAxisFormat ?? (formData.y_axis_format as string | undefined)) || undefined,
    formData.currency_format as Currency | undefined,
  );
  const isTime =
    metricColtype === GenericDataType.TEMPORAL || metricColtype === GenericDataType.STRING || Boolean(formData.force_timestamp_formatting);
  return { headerFormatter: isTime ? (v) => formatTime(v) : numberFormatter, formatTime: (v) => formatTime(v), isTime };
}

/** The metric's name as shown (Superset's getOriginalLabel): a saved metric's verbose name, else its label. */
export function metricDisplayName(metric: QueryMetric, datasource: VizDatasource | undefined): string {
  if (typeof metric === 'string') {
    const saved = datasource?.metrics?.find((m) => m.metric_name === metric);
    return saved?.verbose_name || metric;
  }
  return getMetricLabel(metric);
}

// ---------------------------------------------------------------------------------------------
// Conditional colours

export interface ConditionalFormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number;
  targetValueLeft?: number;
  targetValueRight?: number;
  colorScheme?: string;
}

const BETWEEN = ['< x <', '≤ x ≤', '≤ x <', '< x ≤'];

function matches(rule: ConditionalFormattingRule, value: number): boolean {
  const { operator, targetValue: t, targetValueLeft: l, targetValueRight: r } = rule;
  switch (operator) {
    case 'None':
      return true;
    case '>':
      return value > t!;
    case '<':
      return value < t!;
    case '≥':
      return value >= t!;
    case '≤':
      return value <= t!;
    case '=':
      return value === t;
    case '≠':
      return value !== t;
    case '< x <':
      return value > l! && value < r!;
    case '≤ x ≤':
      return value >= l! && value <= r!;
    case '≤ x <':
      return value >= l! && value < r!;
    case '< x ≤':
      return value > l! && value <= r!;
    default:
      return false;
  }
}

/** A rule counts when it names a column and has the targets its operator needs (Superset's getColorFormatters). */
export function usableRules(rules: unknown): ConditionalFormattingRule[] {
  if (!Array.isArray(rules)) return [];
  return (rules as ConditionalFormattingRule[]).filter((rule) => {
    if (!rule || rule.column === undefined || rule.operator === undefined || rule.colorScheme === undefined) return false;
    if (rule.operator === 'None') return true;
    return BETWEEN.includes(rule.operator)
      ? rule.targetValueLeft !== undefined && rule.targetValueRight !== undefined
      : rule.targetValue !== undefined;
  });
}

/**
 * The big number's colour: the last matching rule's colour, as Superset's BigNumber (no opacity);
 * a zero or missing number matches nothing. Without rules, undefined (the view's default colour).
 */
export function thresholdColor(rules: ConditionalFormattingRule[], value: number | null): string | undefined {
  let color: string | undefined;
  if (!value) return undefined;
  for (const rule of rules) if (matches(rule, value)) color = rule.colorScheme;
  return color;
}

// ---------------------------------------------------------------------------------------------
// Text sizes

/** Average glyph width of the UI font relative to its size; digits and capitals are about this wide. */
const GLYPH_WIDTH = 0.62;

/**
 * The largest font size (px) at which `text` fits `maxWidth` on one line and `maxHeight` high
 * (Superset measures the DOM; an estimate keeps the server's HTML and the browser's identical).
 */
export function fitFontSize(text: string, maxWidth: number, maxHeight: number): number {
  const byHeight = Math.max(1, Math.floor(maxHeight));
  if (!text) return byHeight;
  const byWidth = Math.floor(Math.max(1, maxWidth) / (Math.max(1, text.length) * GLYPH_WIDTH));
  return Math.max(1, Math.min(byHeight, byWidth));
}

export const NO_DATA = 'No data';
export const NO_DATA_OR_HASNT_LANDED = 'No data after filtering or data is NULL for the latest time record';
export const NO_DATA_TRY_FILTERS = 'Try applying different filters or ensuring your datasource has data';
