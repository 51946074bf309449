/**
 * How the simple controls turn what is typed into form data values (spec explore.md sections 4
 * and 5), pure so each rule is tested on its own: numeric text, bounds and ranges, the
 * fixed-or-metric pair, colours and currencies.
 */
import { parseColor, rgbToHex } from '~/lib/colors';
import { legacyValidateInteger, legacyValidateNumber } from '~/viz/shared/validators';

export const INTEGER_MESSAGE = 'is expected to be an integer';
export const NUMBER_MESSAGE = 'is expected to be a number';
export const INVALID_COLOR_MESSAGE = 'Invalid color';

const noContext = { formData: { viz_type: '' }, datasource: null };

/**
 * A text control's value (isInt / isFloat): empty text is null; text that parses is the number
 * (the control keeps showing the text typed, so '1.' or '1.0' stay on screen while typing); text
 * that does not stays as typed, with Superset's message.
 */
export function parseNumericText(text: string, mode: 'int' | 'float'): { value: number | string | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const error = mode === 'int' ? legacyValidateInteger(trimmed, noContext) : legacyValidateNumber(trimmed, noContext);
  if (error) return { value: text, error };
  const value = mode === 'int' ? parseInt(trimmed, 10) : parseFloat(trimmed);
  // parseFloat('1e3') is 1; Number keeps the whole literal the validator accepted.
  return { value: Number.isFinite(Number(trimmed)) ? Number(trimmed) : value, error: null };
}

/** The text a numeric value shows as (null and undefined as empty). */
export function numericText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A bound or range end: a number, or null for empty or non-numeric text. */
export function parseNumberOrNull(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

export type NumericPair = [number | null, number | null];

/** Bounds and numeric ranges: [min, max], each null when empty or not a number. */
export function pairFromTexts(minText: string, maxText: string): NumericPair {
  return [parseNumberOrNull(minText), parseNumberOrNull(maxText)];
}

export function textsFromPair(value: unknown): [string, string] {
  const [min, max] = Array.isArray(value) ? value : [];
  return [numericText(min), numericText(max)];
}

// --- fixed or metric ----------------------------------------------------------------------------

export const FIXED_TYPE = 'fix';
export const METRIC_TYPE = 'metric';
export const DEFAULT_FIXED_VALUE = 100;

export type FixedOrMetricValue = { type: typeof FIXED_TYPE; value: number | string | null } | { type: typeof METRIC_TYPE; value: unknown };

/** The stored value read back: a fixed number (default 100) unless it says metric. */
export function readFixedOrMetric(value: unknown): FixedOrMetricValue {
  const v = value as { type?: unknown; value?: unknown } | null | undefined;
  if (v && v.type === METRIC_TYPE) return { type: METRIC_TYPE, value: v.value ?? null };
  if (v && v.type === FIXED_TYPE) return { type: FIXED_TYPE, value: (v.value as number | string | null | undefined) ?? null };
  return { type: FIXED_TYPE, value: DEFAULT_FIXED_VALUE };
}

/**
 * The pair to emit after a change of type or of either value: a fixed value from its text (a
 * number when it parses), or the metric chosen (null until one is).
 */
export function fixedOrMetricValue(type: typeof FIXED_TYPE | typeof METRIC_TYPE, fixedText: string, metric: unknown): FixedOrMetricValue {
  if (type === METRIC_TYPE) return { type: METRIC_TYPE, value: metric ?? null };
  return { type: FIXED_TYPE, value: parseNumericText(fixedText, 'float').value };
}

/** What the collapsed panel's header says ('100', 'count', 'N/A' before a metric is chosen). */
export function fixedOrMetricSummary(value: FixedOrMetricValue): string {
  if (value.type === FIXED_TYPE) return value.value === null || value.value === '' ? 'N/A' : String(value.value);
  const metric = value.value as string | { label?: string } | null;
  if (!metric) return 'N/A';
  return typeof metric === 'string' ? metric : (metric.label ?? 'N/A');
}

// --- colours ------------------------------------------------------------------------------------

export type RgbaColor = { r: number; g: number; b: number; a: number };

export const DEFAULT_COLOR: RgbaColor = { r: 0, g: 122, b: 135, a: 1 };

export function readColor(value: unknown): RgbaColor {
  const v = value as Partial<RgbaColor> | null | undefined;
  if (!v || typeof v.r !== 'number' || typeof v.g !== 'number' || typeof v.b !== 'number') return DEFAULT_COLOR;
  return { r: v.r, g: v.g, b: v.b, a: typeof v.a === 'number' ? v.a : 1 };
}

/** A colour typed as hex (3 or 6 digits, '#' optional) or rgb(...): its channels, or null ('Invalid color'). */
export function parseColorText(text: string): { r: number; g: number; b: number } | null {
  const rgb = parseColor(text);
  if (!rgb || rgb.some((c) => c > 255)) return null;
  return { r: rgb[0], g: rgb[1], b: rgb[2] };
}

export function colorHex(color: RgbaColor): string {
  return rgbToHex(color.r, color.g, color.b);
}

/** Opacity from its text: a number held between 0 and 1, or null when not a number. */
export function parseOpacity(text: string): number | null {
  const n = parseNumberOrNull(text);
  return n === null ? null : Math.min(1, Math.max(0, n));
}

// --- currency -----------------------------------------------------------------------------------

/** Superset's default CURRENCIES (ISO 4217 codes offered by the currency control). */
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'INR', 'MXN', 'JPY', 'CNY'] as const;

export type CurrencyValue = { symbolPosition?: 'prefix' | 'suffix' | null; symbol?: string | null };

export function readCurrency(value: unknown): CurrencyValue {
  const v = value as CurrencyValue | null | undefined;
  return { symbolPosition: v?.symbolPosition ?? null, symbol: v?.symbol ?? null };
}
