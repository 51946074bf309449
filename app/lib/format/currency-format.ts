/**
 * Currency formats as Superset's CurrencyFormatter prints them: the number in its d3 format (with
 * '$' and '%' taken out), then the symbol Intl gives for the ISO code, before or after it with a
 * space ('$ 1.23k', '1,234.50 €'). Also the value-formatter choice of the chart plugins: a saved
 * metric's own currency and d3format win over the chart's when the chart sets none.
 */
import { createBoundedCache } from './bounded-cache';
import { getNumberFormatter, NumberFormats, type NumberFormatter } from './number-format';

/** A metric's or control's currency: `symbol` is an ISO 4217 code such as 'USD'. */
export interface Currency {
  symbol?: string | null;
  symbolPosition?: 'prefix' | 'suffix' | string | null;
}

export interface CurrencyFormatter {
  (value: number | null | undefined): string;
  readonly id: string;
  readonly currency: Currency;
  readonly d3Format: string;
}

const symbols = createBoundedCache<string>(200);

/**
 * The symbol en-US uses for a currency code ('USD' → '$', 'EUR' → '€', 'CAD' → 'CA$'). Superset
 * throws on a code Intl does not know; the code itself is printed instead, so a bad value in form
 * data cannot fail a chart.
 */
export function getCurrencySymbol(code: string): string {
  return symbols.get(code, () => {
    try {
      const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(1);
      return parts.find((p) => p.type === 'currency')?.value ?? code;
    } catch {
      return code;
    }
  });
}

export function hasValidCurrency(currency: Currency | null | undefined): currency is Currency & { symbol: string } {
  return Boolean(currency?.symbol);
}

export function createCurrencyFormatter(config: { currency: Currency; d3Format?: string | null }): CurrencyFormatter {
  const d3Format = config.d3Format || NumberFormats.SMART_NUMBER;
  // The symbol comes from the currency, so a '$' or '%' in the d3 format would print twice.
  const numberFormatter = getNumberFormatter(d3Format.replace(/\$|%/g, ''));
  const { currency } = config;
  const formatter = (value: number | null | undefined): string => {
    const text = numberFormatter(value);
    if (!hasValidCurrency(currency)) return text;
    const symbol = getCurrencySymbol(currency.symbol);
    return currency.symbolPosition === 'prefix' ? `${symbol} ${text}` : `${text} ${symbol}`;
  };
  return Object.assign(formatter, {
    id: `${d3Format}|${currency?.symbol ?? ''}|${currency?.symbolPosition ?? ''}`,
    currency,
    d3Format,
  });
}

export type ValueFormatter = NumberFormatter | CurrencyFormatter;

export const isCurrencyFormatter = (f: ValueFormatter | undefined): f is CurrencyFormatter =>
  Boolean(f && 'currency' in f);

/** A metric given by name (a saved metric), as opposed to an adhoc metric object. */
const isSavedMetric = (metric: unknown): metric is string => typeof metric === 'string';

const asArray = <T,>(value: T | T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Formatters per saved metric: the chart's d3 format when set, else the metric's own d3format;
 * the chart's currency when it has a symbol, else the metric's saved currency.
 */
export function buildCustomFormatters(
  metrics: unknown,
  savedCurrencyFormats: Record<string, Currency | null | undefined> = {},
  savedColumnFormats: Record<string, string | null | undefined> = {},
  d3Format?: string | null,
  currencyFormat?: Currency | null,
): Record<string, ValueFormatter> {
  const formatters: Record<string, ValueFormatter> = {};
  for (const metric of asArray(metrics)) {
    if (!isSavedMetric(metric)) continue;
    const format = d3Format ?? savedColumnFormats[metric] ?? undefined;
    const currency = currencyFormat?.symbol ? currencyFormat : savedCurrencyFormats[metric];
    formatters[metric] = currency
      ? createCurrencyFormatter({ d3Format: format, currency })
      : getNumberFormatter(format);
  }
  return formatters;
}

export function getCustomFormatter(
  customFormatters: Record<string, ValueFormatter>,
  metrics: unknown,
  key?: string,
): ValueFormatter | undefined {
  const list = asArray(metrics);
  if (list.length === 1 && isSavedMetric(list[0])) return customFormatters[list[0]];
  return key ? customFormatters[key] : undefined;
}

/** The formatter a chart uses for a metric's values (Superset's getValueFormatter). */
export function getValueFormatter(
  metrics: unknown,
  savedCurrencyFormats: Record<string, Currency | null | undefined> = {},
  savedColumnFormats: Record<string, string | null | undefined> = {},
  d3Format?: string | null,
  currencyFormat?: Currency | null,
  key?: string,
): ValueFormatter {
  const custom = getCustomFormatter(
    buildCustomFormatters(metrics, savedCurrencyFormats, savedColumnFormats, d3Format, currencyFormat),
    metrics,
    key,
  );
  if (custom) return custom;
  if (currencyFormat?.symbol) return createCurrencyFormatter({ currency: currencyFormat, d3Format });
  return getNumberFormatter(d3Format);
}
