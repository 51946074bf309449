/**
 * From the rows a chart query returned to the Frame post-processing works on, and the types
 * Superset's answer carries (`coltypes`). Values as Superset's JSON has them: datetimes as epoch
 * milliseconds (the dataset's `offset` hours added, as Superset adds them to its time columns),
 * integers as numbers (as text past 2^53, where a double would change them), decimals as
 * numbers, NaN and ±Infinity as null.
 */
import type { Cell, Frame, Row } from '~/lib/post-processing/frame';
import type { CellValue } from '~/lib/sql/values';
import type { ColumnInfo, TypeGeneric } from '../engines/types.server';
import { GenericType, type DatasetSource, type PlannedColumn } from '../query/types.server';

const HOUR_MS = 3_600_000;

const DATETIME = /^(-?\d{4,6})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A datetime's text (date, naive or zoned timestamp, as app/lib/sql/values.ts writes them) as epoch ms; null when it is not one. */
export function epochMillis(text: string): number | null {
  const m = DATETIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const month = +mo;
  const day = +d;
  if (month < 1 || month > 12 || day < 1 || day > 31 || +h > 23 || +mi > 59 || +s > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(+y, month - 1, day);
  if (date.getUTCDate() !== day) return null; // 2024-02-30 rolled into March
  date.setUTCHours(+h, +mi, +s, frac ? +frac.slice(0, 3).padEnd(3, '0') : 0);
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (+digits.slice(0, 2) * 60 + +(digits.slice(2) || 0));
  }
  const ms = date.getTime() - offsetMinutes * 60_000;
  return Number.isFinite(ms) ? ms : null;
}

/** One value as the answer's JSON has it; `temporal` turns datetime text into epoch ms. */
export function jsonCell(value: CellValue, temporal: boolean, offsetMs = 0): Cell {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'boolean') return value;
  if (temporal) {
    const ms = epochMillis(value);
    return ms === null ? value : ms + offsetMs;
  }
  return value;
}

/** A NUMERIC's exact text (app/lib/sql/values.ts keeps digits a double would lose) as Superset's float. */
const numericText = (value: Cell): Cell => (typeof value === 'string' && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(value) && !/^-?\d{16,}$/.test(value) ? Number(value) : value);

export interface FrameTypes {
  /** Columns whose values are datetimes (epoch ms). */
  temporal: Set<string>;
  /** The engine's generic type of each column, for columns with no value to infer from. */
  engine: Map<string, TypeGeneric>;
}

export interface ResultLike {
  columns: ColumnInfo[];
  rows: CellValue[][];
}

/**
 * The result's rows as a Frame. Names come from the plan when it lists as many columns as the
 * engine returned: an engine may shorten long aliases (PostgreSQL keeps 63 bytes), the plan's
 * labels are the ones the chart asked for.
 */
export function toFrame(result: ResultLike, planned: readonly PlannedColumn[], source: Pick<DatasetSource, 'offset' | 'columns'>): { frame: Frame; types: FrameTypes } {
  const byPlan = planned.length === result.columns.length;
  const names = result.columns.map((c, i) => (byPlan ? planned[i].label : c.name));
  const dttm = new Set(source.columns.filter((c) => c.is_dttm).map((c) => c.column_name));
  const temporalAt = result.columns.map((c, i) => (byPlan && planned[i].temporal) || c.type_generic === 'temporal' || dttm.has(names[i]));
  const numericAt = result.columns.map((c) => c.type_generic === 'numeric');
  const offsetMs = (source.offset || 0) * HOUR_MS;
  const rows: Row[] = result.rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < names.length; i++) {
      const cell = jsonCell(values[i] ?? null, temporalAt[i], offsetMs);
      row[names[i]] = numericAt[i] ? numericText(cell) : cell;
    }
    return row;
  });
  const types: FrameTypes = { temporal: new Set(names.filter((_, i) => temporalAt[i])), engine: new Map(names.map((n, i) => [n, result.columns[i].type_generic])) };
  return { frame: { columns: names, rows }, types };
}

const GENERIC: Record<TypeGeneric, GenericType> = { numeric: GenericType.NUMERIC, string: GenericType.STRING, temporal: GenericType.TEMPORAL, boolean: GenericType.BOOLEAN };

/**
 * Superset's `coltypes` for the frame after post-processing: temporal for the datetime columns
 * that are still there, otherwise inferred from the values (as pandas infers a dtype), and the
 * engine's type for a column holding only nulls (a string when none is known).
 */
export function coltypesOf(frame: Frame, types: FrameTypes): GenericType[] {
  return frame.columns.map((name) => {
    if (types.temporal.has(name)) return GenericType.TEMPORAL;
    const engine = types.engine.get(name);
    let sawNumber = false;
    for (const row of frame.rows) {
      const value = row[name];
      if (value === null || value === undefined) continue;
      if (typeof value === 'boolean') return GenericType.BOOLEAN;
      // A big integer is kept as its text: still a number.
      if (typeof value === 'number' || (engine === 'numeric' && typeof value === 'string' && /^-?\d+$/.test(value))) {
        sawNumber = true;
        continue;
      }
      return GenericType.STRING;
    }
    if (sawNumber) return GenericType.NUMERIC;
    return engine ? GENERIC[engine] : GenericType.STRING;
  });
}
