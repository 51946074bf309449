/**
 * The column config controls' logic, pure so the popovers only draw it:
 * - the table's per result column settings (Superset's ColumnConfigControl): which columns the
 *   list shows (10 of more than 12 until 'Show all columns'), which settings a column of each
 *   type offers, their defaults, validation (empty values skip it; an error blocks Save) and the
 *   config saved (empty values left out, so a column without settings leaves `column_config`);
 * - the time-series table's column (Superset's TimeSeriesColumnControl): which fields each
 *   column type shows.
 */

/** Superset's GenericDataType. */
export const GENERIC_TYPES = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

export const MAX_VISIBLE_COLUMNS = 10;
/** The list folds only when it would hide more than two columns (Superset's MAX_NUM_COLS + 2). */
export const FOLD_THRESHOLD = MAX_VISIBLE_COLUMNS + 2;
export const NOT_A_NUMBER = 'is expected to be a number';

export interface ResultColumn {
  name: string;
  /** GenericDataType, or null when unknown (treated as a string column). */
  type: number | null;
}

export interface CurrencySetting {
  symbolPosition?: 'prefix' | 'suffix' | string | null;
  symbol?: string | null;
}

/** One column's settings (spec section 3, 'Column config per result column'); the table reads them. */
export interface ColumnConfig {
  columnWidth?: number | string;
  horizontalAlign?: 'left' | 'center' | 'right';
  showCellBars?: boolean;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  truncateLongCells?: boolean;
  d3NumberFormat?: string;
  d3SmallNumberFormat?: string;
  d3TimeFormat?: string;
  fractionDigits?: number;
  currencyFormat?: CurrencySetting;
}

export type ColumnConfigKey = keyof ColumnConfig;

/** The chart's result columns as the list shows them. */
export function resultColumns(results: { colnames: string[]; coltypes: number[] } | null): ResultColumn[] {
  if (!results) return [];
  return results.colnames.map((name, i) => ({ name, type: results.coltypes[i] ?? null }));
}

export const needsShowAllToggle = (count: number) => count > FOLD_THRESHOLD;

/** The columns listed: all of them, or the first ten of more than twelve until 'Show all columns'. */
export function visibleColumns<T>(columns: T[], showAll: boolean): T[] {
  return needsShowAllToggle(columns.length) && !showAll ? columns.slice(0, MAX_VISIBLE_COLUMNS) : columns;
}

/** A settings group of the popover: a heading (null for none) and its settings, in order. */
export interface ConfigSection {
  heading: string | null;
  keys: ColumnConfigKey[];
}

/** The settings a column of this type offers (Superset's table configFormLayout). */
export function configLayout(type: number | null): ConfigSection[] {
  switch (type) {
    case GENERIC_TYPES.NUMERIC:
      return [
        { heading: 'Display', keys: ['columnWidth', 'horizontalAlign', 'showCellBars', 'alignPositiveNegative', 'colorPositiveNegative'] },
        { heading: 'Number formatting', keys: ['d3NumberFormat', 'd3SmallNumberFormat', 'fractionDigits', 'currencyFormat'] },
      ];
    case GENERIC_TYPES.TEMPORAL:
      return [{ heading: null, keys: ['columnWidth', 'horizontalAlign', 'd3TimeFormat'] }];
    case GENERIC_TYPES.BOOLEAN:
      return [{ heading: null, keys: ['columnWidth', 'horizontalAlign'] }];
    default:
      return [{ heading: null, keys: ['columnWidth', 'horizontalAlign', 'truncateLongCells'] }];
  }
}

/** What a checkbox shows when the config does not say (spec: cell bars on, the rest off). */
export const CHECKBOX_DEFAULTS: Readonly<Partial<Record<ColumnConfigKey, boolean>>> = {
  showCellBars: true,
  alignPositiveNegative: false,
  colorPositiveNegative: false,
  truncateLongCells: false,
};

export const FRACTION_DIGITS = { min: 0, max: 100, step: 1 } as const;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Validator messages by setting. Empty values are not checked. */
export function validateColumnConfig(config: ColumnConfig): Partial<Record<ColumnConfigKey, string>> {
  const errors: Partial<Record<ColumnConfigKey, string>> = {};
  if (!isEmpty(config.columnWidth) && !Number.isFinite(Number(String(config.columnWidth).trim()))) errors.columnWidth = NOT_A_NUMBER;
  const digits = config.fractionDigits;
  if (digits !== undefined && (!Number.isInteger(digits) || digits < FRACTION_DIGITS.min || digits > FRACTION_DIGITS.max)) {
    errors.fractionDigits = `Value must be a whole number from ${FRACTION_DIGITS.min} to ${FRACTION_DIGITS.max}`;
  }
  return errors;
}

/** The config to save: empty settings left out, a numeric width as a number; null when nothing is set. */
export function cleanColumnConfig(config: ColumnConfig): ColumnConfig | null {
  const out: ColumnConfig = {};
  for (const [key, value] of Object.entries(config) as [ColumnConfigKey, unknown][]) {
    if (isEmpty(value)) continue;
    if (key === 'columnWidth') {
      const text = String(value).trim();
      out.columnWidth = Number.isFinite(Number(text)) ? Number(text) : text;
    } else if (key === 'currencyFormat') {
      const currency = value as CurrencySetting;
      // A position without a symbol formats nothing: the table ignores it, so it is not kept.
      if (currency.symbol) out.currencyFormat = { symbolPosition: currency.symbolPosition || 'prefix', symbol: currency.symbol };
    } else {
      (out as Record<string, unknown>)[key] = value;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The control's value with one column's config replaced (or removed when it has none left). */
export function withColumnConfig(value: Record<string, ColumnConfig> | undefined, column: string, config: ColumnConfig): Record<string, ColumnConfig> {
  const next = { ...(value ?? {}) };
  const clean = cleanColumnConfig(config);
  if (clean) next[column] = clean;
  else delete next[column];
  return next;
}

// --- the time-series table's column ----------------------------------------------------------

export type TimeSeriesColType = 'time' | 'contrib' | 'spark' | 'avg';
export type ComparisonType = 'value' | 'diff' | 'perc' | 'perc_change';

/** Spec section 3, 'Time-series column config'. */
export interface TimeSeriesColumnConfig {
  key?: string;
  label?: string;
  tooltip?: string;
  colType?: TimeSeriesColType | '';
  width?: string;
  height?: string;
  timeLag?: number | string;
  timeRatio?: number | string;
  comparisonType?: ComparisonType | '';
  showYAxis?: boolean;
  yAxisBounds?: [number | null, number | null];
  bounds?: [number | null, number | null];
  d3format?: string;
  dateFormat?: string;
}

export const TIME_SERIES_COL_TYPES: readonly [TimeSeriesColType, string][] = [
  ['time', 'Time comparison'],
  ['contrib', 'Contribution'],
  ['spark', 'Sparkline'],
  ['avg', 'Period average'],
];

export const COMPARISON_TYPES: readonly [ComparisonType, string][] = [
  ['value', 'Actual value'],
  ['diff', 'Difference'],
  ['perc', 'Percentage'],
  ['perc_change', 'Percentage change'],
];

export type TimeSeriesField = keyof Omit<TimeSeriesColumnConfig, 'key'>;

/** The defaults a new column starts from (Superset's: no type, time lag 0, bounds open). */
export function timeSeriesDefaults(value: TimeSeriesColumnConfig | undefined): TimeSeriesColumnConfig {
  return {
    label: '',
    tooltip: '',
    colType: '',
    width: '',
    height: '',
    timeLag: 0,
    timeRatio: '',
    comparisonType: '',
    showYAxis: false,
    yAxisBounds: [null, null],
    bounds: [null, null],
    d3format: '',
    dateFormat: '',
    ...(value ?? {}),
  };
}

/** The fields shown for a column type (Superset shows each only where it means something). */
export function timeSeriesFields(colType: TimeSeriesColumnConfig['colType']): TimeSeriesField[] {
  const fields: TimeSeriesField[] = ['label', 'tooltip', 'colType', 'width'];
  if (colType === 'spark') fields.push('height', 'timeRatio', 'showYAxis', 'yAxisBounds', 'dateFormat');
  if (colType === 'time' || colType === 'avg') fields.push('timeLag');
  if (colType === 'time') fields.push('comparisonType');
  if (colType !== 'spark') fields.push('bounds');
  fields.push('d3format');
  return fields;
}
