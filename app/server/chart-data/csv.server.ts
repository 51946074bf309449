/**
 * A chart query's rows as CSV, as Superset's chart data export writes it (CSV_EXPORT
 * `utf-8-sig`: a BOM; the header through the dataset's verbose names; datetimes as pandas prints
 * them, the date alone when every value of the column is at midnight). Quoting and the
 * neutralising of text a spreadsheet would run as a formula are SQL Lab's export's
 * (app/server/sqllab/csv.server.ts), so both downloads read alike.
 */
import type { Cell, Row } from '~/lib/post-processing/frame';
import { csvRecord, UTF8_BOM } from '../sqllab/csv.server';
import { GenericType } from '../query/types.server';

export interface TableData {
  colnames: string[];
  coltypes: GenericType[];
  data: Row[];
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Epoch ms as pandas writes a datetime: `YYYY-MM-DD HH:MM:SS[.ffffff]`, or the date alone. */
export function datetimeText(ms: number, dateOnly: boolean): string {
  const d = new Date(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (dateOnly) return date;
  const millis = d.getUTCMilliseconds();
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${millis ? `.${pad(millis, 3)}000` : ''}`;
}

/** Which temporal columns hold only dates (every value at midnight UTC). */
export function dateOnlyColumns(table: TableData): boolean[] {
  return table.colnames.map((name, i) =>
    table.coltypes[i] === GenericType.TEMPORAL && table.data.every((row) => typeof row[name] !== 'number' || (row[name] as number) % DAY_MS === 0),
  );
}

function text(value: Cell | undefined, temporal: boolean, dateOnly: boolean): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return JSON.stringify(value);
  if (temporal && typeof value === 'number') return datetimeText(value, dateOnly);
  // Python's spelling, as pandas writes booleans.
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return value;
}

/** The CSV bytes (UTF-8 with a BOM) of one query's rows; `header` maps column names to their titles. */
export function toCsv(table: TableData, header: (column: string) => string): Uint8Array {
  const dateOnly = dateOnlyColumns(table);
  const temporal = table.coltypes.map((t) => t === GenericType.TEMPORAL);
  const lines = [UTF8_BOM, csvRecord(table.colnames.map(header))];
  for (const row of table.data) lines.push(csvRecord(table.colnames.map((name, i) => text(row[name], temporal[i], dateOnly[i]))));
  return new TextEncoder().encode(lines.join(''));
}
