/**
 * How the results pane words and shows what came back: the row count ("1 row"), why rows stop
 * where they do (Superset's limiting factors, in its words), and each column's display: numbers
 * right-aligned, temporal values as `YYYY-MM-DD HH:MM:SS` (the date alone when every sampled value
 * of the column falls on midnight, or the column is a DATE).
 */
import type { Cell } from '~/lib/sqllab/reducer';
import { cellText } from './cell-text';

/** "1 row", "12,345 rows" (digits grouped unless `grouped` is false, as the server-rendered page has it). */
export function rowCountText(n: number, grouped = true): string {
  return `${grouped ? n.toLocaleString('en-US') : String(n)} ${n === 1 ? 'row' : 'rows'}`;
}

export type LimitFacts = {
  /** The server's LimitingFactor: NOT_LIMITED, QUERY, DROPDOWN, QUERY_AND_DROPDOWN or UNKNOWN. */
  limitingFactor?: string | null;
  /** The rows the query returned. */
  rows: number;
  /** The server cut the rows to its display maximum (DISPLAY_MAX_ROWS). */
  displayLimitReached?: boolean;
  /** The limit chosen in the dropdown, and the configured default one. */
  limit?: number | null;
  defaultLimit?: number | null;
};

/** Why the rows shown stop where they do, or null when nothing limited them. */
export function limitMessage({ limitingFactor, rows, displayLimitReached, limit, defaultLimit }: LimitFacts): string | null {
  const n = rows.toLocaleString('en-US');
  if (displayLimitReached) return `The number of results displayed is limited to ${n} by the configuration DISPLAY_MAX_ROWS.`;
  switch (limitingFactor) {
    case 'QUERY':
      return `The number of rows displayed is limited to ${n} by the query`;
    case 'DROPDOWN':
      // Superset words the default limit apart from one the user picked.
      return limit != null && defaultLimit != null && limit !== defaultLimit
        ? `The number of rows displayed is limited to ${n} by the limit dropdown.`
        : `The number of rows displayed is limited to ${n} by the dropdown.`;
    case 'QUERY_AND_DROPDOWN':
      return `The number of rows displayed is limited to ${n} by the query and limit dropdown.`;
    default:
      return null;
  }
}

/** What a result column is, from the server's generic type when it sent one, else from the type's name. */
export type ColumnKind = 'numeric' | 'temporal' | 'date' | 'boolean' | 'string';

type ColumnInfo = { name: string; type?: string | null; type_generic?: number | null; is_dttm?: boolean | null };

const NUMERIC_TYPE = /INT|NUMERIC|DECIMAL|REAL|FLOAT|DOUBLE|NUMBER|MONEY|SERIAL/i;
const DATE_ONLY_TYPE = /^DATE$/i;
const TEMPORAL_TYPE = /DATE|TIME/i;

export function columnKind(column: ColumnInfo): ColumnKind {
  const type = column.type ?? '';
  if (DATE_ONLY_TYPE.test(type.trim())) return 'date';
  if (column.type_generic === 2 || column.is_dttm || (column.type_generic == null && TEMPORAL_TYPE.test(type) && !/INTERVAL/i.test(type))) return 'temporal';
  if (column.type_generic === 0 || (column.type_generic == null && NUMERIC_TYPE.test(type) && !/POINT|INTERVAL/i.test(type))) return 'numeric';
  if (column.type_generic === 3) return 'boolean';
  return 'string';
}

/** An ISO-like timestamp: date, optional time with fraction, optional zone. */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A temporal value as `YYYY-MM-DD HH:MM:SS` (fraction kept when not zero), or the date alone. */
export function formatTemporal(value: Cell | undefined, dateOnly: boolean): string {
  if (typeof value === 'number' && Number.isFinite(value)) return formatTemporal(new Date(value).toISOString(), dateOnly);
  if (typeof value !== 'string') return cellText(value);
  const m = TIMESTAMP.exec(value.trim());
  if (!m) return value;
  const [, date, time = '00:00:00', fraction = '', zone = ''] = m;
  if (dateOnly) return date;
  const seconds = time.length === 5 ? `${time}:00` : time;
  const kept = /^\.0*$/.test(fraction) ? '' : fraction.replace(/0+$/, '');
  const offset = zone === 'Z' || zone === '+00:00' || zone === '+0000' ? '' : zone;
  return `${date} ${seconds}${kept}${offset}`;
}

function isMidnight(value: Cell | undefined): boolean {
  if (value === null || value === undefined) return true;
  const text = typeof value === 'number' ? new Date(value).toISOString() : typeof value === 'string' ? value.trim() : null;
  if (text === null) return false;
  const m = TIMESTAMP.exec(text);
  return Boolean(m && (!m[2] || /^00:00(:00)?$/.test(m[2])) && (!m[3] || /^\.0*$/.test(m[3])) && (!m[4] || m[4] === 'Z' || /^[+-]00:?00$/.test(m[4])));
}

export type ColumnDisplay = { kind: ColumnKind; align: 'left' | 'right'; text: (value: Cell | undefined) => string };

/** Rows read to decide whether a temporal column is dates only. */
const SAMPLE_ROWS = 200;

/** Each column's display, decided once per result from its type and a sample of its values. */
export function columnDisplays(columns: readonly ColumnInfo[], rows: readonly Record<string, Cell>[]): ColumnDisplay[] {
  const sample = rows.slice(0, SAMPLE_ROWS);
  return columns.map((column) => {
    let kind = columnKind(column);
    if (kind === 'string' && sample.length > 0 && sample.every((r) => r[column.name] === null || r[column.name] === undefined || typeof r[column.name] === 'number' || typeof r[column.name] === 'bigint')
      && sample.some((r) => r[column.name] !== null && r[column.name] !== undefined)) {
      // Engines that type nothing (SQLite expressions): the values say it.
      kind = 'numeric';
    }
    if (kind === 'temporal' || kind === 'date') {
      const dateOnly = kind === 'date' || (sample.length > 0 && sample.every((r) => isMidnight(r[column.name])));
      return { kind, align: 'left', text: (v) => (v === null || v === undefined ? 'NULL' : formatTemporal(v, dateOnly)) };
    }
    return { kind, align: kind === 'numeric' ? 'right' : 'left', text: cellText };
  });
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * The server-rendered table's columns, which arrive as text without types: a column whose every
 * sampled value reads as a number is numeric, as an ISO timestamp temporal.
 */
export function textColumnDisplays(columnCount: number, rows: readonly (string | null)[][]): ColumnDisplay[] {
  const sample = rows.slice(0, SAMPLE_ROWS);
  return Array.from({ length: columnCount }, (_, i) => {
    const values = sample.map((r) => r[i]).filter((v): v is string => v !== null);
    if (values.length > 0 && values.every((v) => NUMBER_TEXT.test(v))) return { kind: 'numeric', align: 'right', text: cellText };
    if (values.length > 0 && values.every((v) => TIMESTAMP.test(v.trim()) && v.length >= 10)) {
      const dateOnly = values.every((v) => isMidnight(v));
      return { kind: 'temporal', align: 'left', text: (v) => (v === null || v === undefined ? 'NULL' : formatTemporal(v, dateOnly)) };
    }
    return { kind: 'string', align: 'left', text: cellText };
  });
}
