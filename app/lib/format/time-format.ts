/**
 * Time formats as Superset's time formatter registry applies them: d3-time-format patterns in
 * UTC (a 'local!' prefix asks for the runtime's zone, which differs between server and browser,
 * so charts should not use it), the adaptive 'smart_date' formats (the default), and formatting
 * by time grain, where a value stands for its whole bucket: 'Feb 2020', '2008 Q1', or a range
 * '2020-01-06 — 2020-01-12' when the pattern tells start and end apart.
 */
import { timeFormat, utcFormat } from 'd3-time-format';
import { createBoundedCache } from './bounded-cache';
import { createMultiFormatter, SMART_DATE_FORMATS, SMART_DATE_ID } from './smart-date';
import { timeRangeFromGranularity, TimeGranularity } from './time-granularity';

export { SMART_DATE_ID, SMART_DATE_DETAILED_ID, SMART_DATE_VERBOSE_ID } from './smart-date';
export { TimeGranularity, timeRangeFromGranularity, type TimeGranularityId } from './time-granularity';

export type TimeInput = Date | number | string | null | undefined;

export interface TimeFormatter {
  (value: TimeInput): string;
  readonly id: string;
  readonly label: string;
  readonly useLocalTime: boolean;
}

export const LOCAL_PREFIX = 'local!';

export const TimeFormats = {
  DATABASE_DATE: '%Y-%m-%d',
  DATABASE_DATETIME: '%Y-%m-%d %H:%M:%S',
  DATABASE_DATETIME_REVERSE: '%d-%m-%Y %H:%M:%S',
  INTERNATIONAL_DATE: '%d/%m/%Y',
  US_DATE: '%m/%d/%Y',
  TIME: '%H:%M:%S',
} as const;

/** Superset's app makes the adaptive format the default ('Adaptive formatting'). */
export const DEFAULT_TIME_FORMAT = SMART_DATE_ID;

const MINUTE_FORMAT = '%Y-%m-%d %H:%M';

/**
 * The pattern for each grain when the chart sets none. Superset's table stops at the grains its
 * library knew (no PT5S, PT30S, PT6H or P7D) and for those prints the adaptive format of both
 * ends of a one-day span ('06 AM — .999ms'); here they get the pattern of their neighbours.
 */
export const TIME_FORMATS_FOR_GRANULARITY: Record<string, string> = {
  [TimeGranularity.DATE]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.SECOND]: TimeFormats.DATABASE_DATETIME,
  [TimeGranularity.FIVE_SECONDS]: TimeFormats.DATABASE_DATETIME,
  [TimeGranularity.THIRTY_SECONDS]: TimeFormats.DATABASE_DATETIME,
  [TimeGranularity.MINUTE]: MINUTE_FORMAT,
  [TimeGranularity.FIVE_MINUTES]: MINUTE_FORMAT,
  [TimeGranularity.TEN_MINUTES]: MINUTE_FORMAT,
  [TimeGranularity.FIFTEEN_MINUTES]: MINUTE_FORMAT,
  [TimeGranularity.THIRTY_MINUTES]: MINUTE_FORMAT,
  [TimeGranularity.HOUR]: '%Y-%m-%d %H:00',
  [TimeGranularity.SIX_HOURS]: '%Y-%m-%d %H:00',
  [TimeGranularity.DAY]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.SEVEN_DAYS]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.WEEK]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.MONTH]: '%b %Y',
  [TimeGranularity.QUARTER]: '%Y Q%q',
  [TimeGranularity.YEAR]: '%Y',
  [TimeGranularity.WEEK_STARTING_SUNDAY]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.WEEK_STARTING_MONDAY]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.WEEK_ENDING_SATURDAY]: TimeFormats.DATABASE_DATE,
  [TimeGranularity.WEEK_ENDING_SUNDAY]: TimeFormats.DATABASE_DATE,
};

/** The spec's time format choices as [value, label] pairs, in Superset's order. */
export const D3_TIME_FORMAT_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  [SMART_DATE_ID, 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];

const toDate = (value: Date | number | string): Date => (value instanceof Date ? value : new Date(value));

function makeFormatter(id: string, label: string, useLocalTime: boolean, formatDate: (d: Date) => string): TimeFormatter {
  // Missing values print as their JavaScript text, as Superset's formatters do.
  const formatter = (value: TimeInput) => (value === null || value === undefined ? `${value}` : formatDate(toDate(value)));
  return Object.assign(formatter, { id, label, useLocalTime });
}

const builtIns = new Map<string, TimeFormatter>(
  Object.entries(SMART_DATE_FORMATS).map(([id, { label, formats }]) => [
    id,
    makeFormatter(id, label, false, createMultiFormatter(formats)),
  ]),
);

const cache = createBoundedCache<TimeFormatter>();
// Apart from `cache`: a pattern may itself contain '/', the separator of these ids.
const grainCache = createBoundedCache<TimeFormatter>();

/** The formatter for a format id: missing or empty means 'smart_date'; others are d3 patterns. */
export function getTimeFormatter(format?: string | null, granularity?: string | null): TimeFormatter {
  if (granularity) return getGranularityFormatter(format, granularity);
  const id = format === null || format === undefined || format === '' ? DEFAULT_TIME_FORMAT : String(format).trim();
  const builtIn = builtIns.get(id);
  if (builtIn) return builtIn;
  return cache.get(id, () => {
    const useLocalTime = id.startsWith(LOCAL_PREFIX);
    const pattern = useLocalTime ? id.slice(LOCAL_PREFIX.length) : id;
    return makeFormatter(id, id, useLocalTime, (useLocalTime ? timeFormat : utcFormat)(pattern));
  });
}

/** Formats a [start, end] pair: one text when both ends print the same, else 'start — end'. */
export function formatTimeRange(format: string | null | undefined, range: TimeInput[]): string {
  const formatter = getTimeFormatter(format);
  const [start, end] = range.map((v) => formatter(v));
  return start === end ? start : [start, end].join(' — ');
}

function getGranularityFormatter(format: string | null | undefined, granularity: string): TimeFormatter {
  const pattern = format || TIME_FORMATS_FOR_GRANULARITY[granularity];
  const id = `${pattern}/${granularity}`;
  return grainCache.get(id, () => {
    const useLocalTime = Boolean(pattern?.startsWith(LOCAL_PREFIX));
    return makeFormatter(id, id, useLocalTime, (date) =>
      formatTimeRange(pattern, timeRangeFromGranularity(date, granularity, useLocalTime)),
    );
  });
}

/** The formatter Superset picks for a time grain alone ('P1M' → 'Feb 2020'). */
export function getTimeFormatterForGranularity(granularity?: string | null): TimeFormatter {
  return getTimeFormatter(undefined, granularity);
}

export function formatTime(format: string | null | undefined, value: TimeInput, granularity?: string | null): string {
  return getTimeFormatter(format, granularity)(value);
}

/** Tooltips of the echarts charts: the adaptive format gets its detailed form there. */
export function getTooltipTimeFormatter(format?: string | null): (value: TimeInput) => string {
  if (format === SMART_DATE_ID) return getTimeFormatter('smart_date_detailed');
  if (format) return getTimeFormatter(format);
  return (value) => String(value);
}

/** Axis labels of the echarts charts: undefined lets ECharts choose for the adaptive format. */
export function getXAxisFormatter(format?: string | null): TimeFormatter | undefined {
  if (!format || format === SMART_DATE_ID) return undefined;
  return getTimeFormatter(format);
}
