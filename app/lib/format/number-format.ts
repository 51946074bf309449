/**
 * Number formats as Superset's number formatter registry applies them, so form data from
 * Superset (`y_axis_format`, `number_format`, a metric's `d3format`) prints the same here:
 * d3-format specifiers in its en-US locale, SMART_NUMBER (the default, 'Adaptive formatting'),
 * SMART_NUMBER_SIGNED, durations in ms, memory sizes, and the aliases Superset registers for
 * format strings older charts saved with typos. Pure: the server's SVG and the browser share it.
 */
import { format as d3Format, formatLocale } from 'd3-format';
import { createBoundedCache } from './bounded-cache';
import { formatDuration, type DurationOptions } from './duration-format';

export interface NumberFormatter {
  (value: number | null | undefined): string;
  readonly id: string;
  readonly label: string;
  /** True when the format string is not a valid d3 specifier: values print with a notice. */
  readonly isInvalid: boolean;
}

export const NumberFormats = {
  DOLLAR: '$,.2f',
  DOLLAR_SIGNED: '+$,.2f',
  DOLLAR_ROUND: '$,d',
  DOLLAR_ROUND_SIGNED: '+$,d',
  FLOAT: ',.2f',
  FLOAT_1_POINT: ',.1f',
  FLOAT_2_POINT: ',.2f',
  FLOAT_3_POINT: ',.3f',
  FLOAT_SIGNED: '+,.2f',
  INTEGER: ',d',
  INTEGER_SIGNED: '+,d',
  PERCENT: ',.0%',
  PERCENT_1_POINT: ',.1%',
  PERCENT_2_POINT: ',.2%',
  PERCENT_3_POINT: ',.3%',
  PERCENT_SIGNED: '+,.0%',
  SI: '.0s',
  SI_1_DIGIT: '.1s',
  SI_2_DIGIT: '.2s',
  SI_3_DIGIT: '.3s',
  SMART_NUMBER: 'SMART_NUMBER',
  SMART_NUMBER_SIGNED: 'SMART_NUMBER_SIGNED',
  /** 'Original value' in the format select. */
  ORIGINAL_VALUE: '~g',
  DURATION: 'DURATION',
  DURATION_SUB: 'DURATION_SUB',
  DURATION_COL: 'DURATION_COL',
  MEMORY_DECIMAL: 'MEMORY_DECIMAL',
  MEMORY_BINARY: 'MEMORY_BINARY',
} as const;

export const DEFAULT_NUMBER_FORMAT = NumberFormats.SMART_NUMBER;

/** Superset's default d3 locale (en-US with '$' as currency and a hyphen as minus sign). */
const d3Locale = formatLocale({ decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''] });

function makeFormatter(
  id: string,
  formatFunc: (value: number) => string,
  options: { label?: string; isInvalid?: boolean } = {},
): NumberFormatter {
  const formatter = (value: number | null | undefined): string => {
    // Superset prints missing values as their JavaScript text ('null', 'NaN'); charts that want
    // 'N/A' decide so themselves.
    if (value === null || value === undefined || Number.isNaN(value)) return `${value}`;
    if (value === Number.POSITIVE_INFINITY) return '∞';
    if (value === Number.NEGATIVE_INFINITY) return '-∞';
    return formatFunc(value);
  };
  return Object.assign(formatter, { id, label: options.label ?? id, isInvalid: options.isInvalid ?? false });
}

const si3 = d3Format('.3~s');
const float2 = d3Format('.2~f');
const float4 = d3Format('.4~f');

/** Superset's adaptive format: SI above a thousand (with B for billions), decimals below. */
function smartNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1000) return si3(value).replace('G', 'B');
  if (abs >= 1) return float2(value);
  if (abs >= 0.001) return float4(value);
  if (abs > 0.000001) return `${si3(value * 1_000_000)}µ`;
  return si3(value);
}

function createD3Formatter(specifier: string): NumberFormatter {
  try {
    return makeFormatter(specifier, d3Locale.format(specifier));
  } catch {
    return makeFormatter(specifier, (value) => `${value} (Invalid format: ${specifier})`, { isInvalid: true });
  }
}

function createDurationFormatter(id: string, label: string, options: DurationOptions): NumberFormatter {
  return makeFormatter(id, (value) => formatDuration(value, options), { label });
}

function createMemoryFormatter(id: string, label: string, binary: boolean, decimals = 2): NumberFormatter {
  const units = binary
    ? ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB']
    : ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB', 'RB', 'QB'];
  const base = binary ? 1024 : 1000;
  return makeFormatter(
    id,
    (value) => {
      if (value === 0) return '0B';
      const abs = Math.abs(value);
      // Below one byte the exponent is negative: clamp to bytes rather than index before 'B'.
      const exponent = Math.max(0, Math.min(units.length - 1, Math.floor(Math.log(abs) / Math.log(base))));
      const amount = Number.parseFloat((abs / base ** exponent).toFixed(decimals));
      return `${value < 0 ? '-' : ''}${amount}${units[exponent]}`;
    },
    { label },
  );
}

const builtIns = new Map<string, NumberFormatter>([
  [NumberFormats.SMART_NUMBER, makeFormatter(NumberFormats.SMART_NUMBER, smartNumber, { label: 'Adaptive formatter' })],
  [
    NumberFormats.SMART_NUMBER_SIGNED,
    makeFormatter(NumberFormats.SMART_NUMBER_SIGNED, (v) => `${v > 0 ? '+' : ''}${smartNumber(v)}`, {
      label: 'Adaptive formatter',
    }),
  ],
  [NumberFormats.DURATION, createDurationFormatter('DURATION', 'Duration in ms (66000 => 1m 6s)', {})],
  [
    NumberFormats.DURATION_SUB,
    createDurationFormatter('DURATION_SUB', 'Duration in ms (1.40008 => 1ms 400µs 80ns)', { formatSubMilliseconds: true }),
  ],
  [NumberFormats.DURATION_COL, createDurationFormatter('DURATION_COL', 'Duration in ms (10500 => 0:10.5)', { colonNotation: true })],
  [NumberFormats.MEMORY_DECIMAL, createMemoryFormatter('MEMORY_DECIMAL', 'Memory in bytes - decimal (1024B => 1.024kB)', false)],
  [NumberFormats.MEMORY_BINARY, createMemoryFormatter('MEMORY_BINARY', 'Memory in bytes - binary (1024B => 1KiB)', true)],
]);

/**
 * Format strings that are not valid (or not meant) d3 specifiers, saved by older Superset charts,
 * and the formats Superset applies to them instead. '+,' is one of the spec's Y axis choices: it
 * prints signed integers.
 */
const LEGACY_ALIASES: Record<string, string> = {
  ',0': ',.4~f',
  null: ',.4~f',
  '%': '.0%',
  '.': '.4~f',
  ',f': ',d',
  ',r': ',.4f',
  '0f': ',d',
  ',#': ',.4~f',
  '$,f': '$,d',
  '0%': '.0%',
  f: ',d',
  ',.': ',.4~f',
  '.1%f': '.1%',
  '1%': '.0%',
  '3%': '.0%',
  ',%': ',.0%',
  '.r': '.4~f',
  '$,.0': '$,d',
  '$,.1': '$,.1~f',
  ',0s': ',.4~f',
  '%%%': '.0%',
  ',0f': ',d',
  '+,%': '+,.0%',
  $f: '$,d',
  '+,': NumberFormats.INTEGER_SIGNED,
  ',2f': ',.4~f',
  ',g': ',.4~f',
  int: NumberFormats.INTEGER,
  '.0%f': '.1%',
  '$,0': '$,.4f',
  '$,0f': '$,.4f',
  '$,.f': '$,.4f',
};

const cache = createBoundedCache<NumberFormatter>();

/**
 * The formatter for a format id: empty or missing means SMART_NUMBER; ids are trimmed; anything
 * not built in is a d3-format specifier (an invalid one gives a formatter that says so).
 */
export function getNumberFormatter(format?: string | null): NumberFormatter {
  const id = format === null || format === undefined || format === '' ? DEFAULT_NUMBER_FORMAT : String(format).trim();
  const builtIn = builtIns.get(id);
  if (builtIn) return builtIn;
  return cache.get(id, () => {
    const alias = Object.hasOwn(LEGACY_ALIASES, id) ? LEGACY_ALIASES[id] : undefined;
    if (alias === undefined) return createD3Formatter(id);
    const target = getNumberFormatter(alias);
    return makeFormatter(id, target, { label: target.label, isInvalid: target.isInvalid });
  });
}

export function formatNumber(format: string | null | undefined, value: number | null | undefined): string {
  return getNumberFormatter(format)(value);
}

/** The value Superset previews formats with in the select ('12345.432 => 12,345.43'). */
export const PREVIEW_VALUE = 12345.432;

const Y_AXIS_D3_FORMATS = [',d', '.1s', '.3s', ',.1%', '.2%', '.3%', '.4r', ',.1f', ',.2f', ',.3f', '+,', '$,.2f'];

/**
 * The spec's number format choices as [value, label] pairs, in Superset's order, the d3 entries
 * labelled with a preview of what they print.
 */
export const D3_FORMAT_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  [NumberFormats.SMART_NUMBER, 'Adaptive formatting'],
  [NumberFormats.ORIGINAL_VALUE, 'Original value'],
  ...Y_AXIS_D3_FORMATS.map((f) => [f, `${f} (${PREVIEW_VALUE} => ${getNumberFormatter(f)(PREVIEW_VALUE)})`] as const),
  [NumberFormats.DURATION, 'Duration in ms (66000 => 1m 6s)'],
  [NumberFormats.DURATION_SUB, 'Duration in ms (1.40008 => 1ms 400µs 80ns)'],
  [NumberFormats.DURATION_COL, 'Duration in ms (10500 => 0:10.5)'],
  [NumberFormats.MEMORY_DECIMAL, 'Memory in bytes - decimal (1024B => 1.024kB)'],
  [NumberFormats.MEMORY_BINARY, 'Memory in bytes - binary (1024B => 1KiB)'],
];

/** Percent formatter of the echarts plugins: SMART_NUMBER or nothing means ',.0%'. */
export function getPercentFormatter(format?: string | null): NumberFormatter {
  return getNumberFormatter(!format || format === NumberFormats.SMART_NUMBER ? NumberFormats.PERCENT : format);
}
