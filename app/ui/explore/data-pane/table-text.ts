/**
 * The data-table helper set of Explore's data pane and drill dialogs (spec explore.md section 2),
 * as pure functions: how a cell reads (Superset's data pane shows NULL as 'N/A'; timestamps,
 * which the chart data API sends as epoch milliseconds, read as ISO 8601), the client-side search
 * over that text, the tab-separated text Copy puts on the clipboard, and the row-count badge with
 * its 'limit reached' rule.
 */
import { GenericDataType } from '~/lib/chart-data/types';

export type TableRow = Record<string, unknown>;

export const NULL_TEXT = 'N/A';
export const LIMIT_REACHED = 'Limit reached';

/** An instant as 'YYYY-MM-DDTHH:mm:ss' (UTC, as the API's naive timestamps are), with milliseconds only when it has some. */
export function isoTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? iso.slice(0, 19) : iso.slice(0, 23);
}

/** A cell as the table shows it, searched and copied. */
export function cellText(value: unknown, coltype?: number | null): string {
  if (value === null || value === undefined) return NULL_TEXT;
  if (coltype === GenericDataType.TEMPORAL && typeof value === 'number' && Number.isFinite(value)) return isoTimestamp(value);
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** The rows where some cell's text contains the search text, ignoring case; all rows for an empty search. */
export function searchRows<R extends TableRow>(rows: readonly R[], columns: readonly string[], coltypes: readonly (number | null | undefined)[], search: string): R[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => columns.some((c, i) => cellText(row[c], coltypes[i]).toLowerCase().includes(needle)));
}

/** Tabs and line breaks inside a cell would split it in a spreadsheet: they become spaces. */
function flat(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** The header and the rows as tab-separated lines, as they read in the table. */
export function copyText(rows: readonly TableRow[], columns: readonly string[], coltypes: readonly (number | null | undefined)[]): string {
  const lines = [columns.map(flat).join('\t')];
  for (const row of rows) lines.push(columns.map((c, i) => flat(cellText(row[c], coltypes[i]))).join('\t'));
  return lines.join('\n');
}

/** '1 row', '10,000 rows'. */
export function rowCountText(count: number): string {
  return count === 1 ? '1 row' : `${count.toLocaleString('en-US')} rows`;
}

/** The limit was reached when the rows fill it exactly (the query may have had more). */
export function isLimitReached(count: number, limit: number | null | undefined): boolean {
  return typeof limit === 'number' && limit > 0 && count >= limit;
}

/** The chart's row limit from its form data, or null when it has none. */
export function rowLimitOf(formData: Record<string, unknown>): number | null {
  const limit = Number(formData.row_limit);
  return Number.isFinite(limit) && limit > 0 ? limit : null;
}
