/**
 * CSV text for query results, RFC 4180: fields quoted when they hold a comma, a quote or a line
 * break, quotes doubled, CRLF between records. Text that a spreadsheet would run as a formula
 * (starting with = + - @ | % or a tab / carriage return, other than a plain negative number) is
 * prefixed with a single quote, as Superset's `escape_value` does, so opening an export never
 * executes what a database row contained.
 */
import type { CellValue } from '~/lib/sql/values';

/** Superset's CSV_EXPORT encoding `utf-8-sig`: a BOM so spreadsheets read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@|%\t\r]/;
const NEGATIVE_NUMBER = /^-[0-9.]+(?:[eE][+-]?\d+)?$/;

export function escapeFormula(text: string): string {
  if (!FORMULA_START.test(text) || NEGATIVE_NUMBER.test(text)) return text;
  return `'${text.replaceAll('|', '\\|')}`;
}

export function csvField(value: CellValue): string {
  if (value === null) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isNaN(value) ? '' : String(value);
  else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else text = escapeFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** `<tab or query>_<UTC timestamp>.csv`, safe as a file name on any system. */
export function exportFileName(tabName: string | null, queryId: number, now = new Date()): string {
  const base = (tabName ?? '').trim().replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '').slice(0, 80) || `query_${queryId}`;
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `${base}_${stamp}.csv`;
}

/** Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
