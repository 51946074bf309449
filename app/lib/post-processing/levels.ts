/**
 * Multi-level columns (pandas' MultiIndex) and a not-yet-reset index, in frame-shaped terms.
 *
 * Superset's timeseries charts pivot without flattening (`flatten_columns: false,
 * reset_index: false`), run rolling/cum/resample/rename on the pivoted frame addressing columns
 * by their top level (the metric), and flatten last. A Frame has flat string names only, so a
 * pivoted frame carries two optional side fields:
 *
 * - `levels[name]`: the column's level values, e.g. `['SUM(num)', 'boy']`; a level set to null by
 *   `rename` (new name `null`) is dropped from the name.
 * - `index`: the columns that are pandas' index, first in `columns`, in level order.
 *
 * Invariant: a leveled column's name in `columns` and in rows is ALREADY the name `flatten` gives
 * it: its non-null level values, each with ',' escaped as '\,', joined with ', '
 * (`['SUM(num)', 'boy']` → `SUM(num), boy`). So an operation that knows nothing of levels still
 * produces Superset's names, `flatten` only drops the side fields, and operations that address
 * columns by metric (cum, diff, rolling, ...) use `columnsUnder` to find every column whose top
 * level is that metric. A frame without `levels` is an ordinary flat Frame.
 */
import type { Cell, Frame, Row } from './frame';

export type Level = string | null;

export interface LeveledFrame extends Frame {
  /** Column name → its level values (pandas' MultiIndex tuple), for pivoted, unflattened frames. */
  levels?: Record<string, Level[]>;
  /** Names of the columns that form pandas' index (not reset yet); they come first in `columns`. */
  index?: string[];
}

export const FLAT_COLUMN_SEPARATOR = ', ';

/** Superset escapes the separator's comma inside a level value so names can be split again. */
export const escapeSeparator = (value: string): string => value.replaceAll(',', '\\,');

/** The flat name of a level tuple: null levels skipped, commas escaped, joined with ', '. */
export const flatName = (levels: readonly Level[]): string =>
  levels
    .filter((level): level is string => level !== null)
    .map(escapeSeparator)
    .join(FLAT_COLUMN_SEPARATOR);

/** How pandas prints a group value used as a column label (`str(value)` in Python). */
export function levelLabel(cell: Cell): string {
  if (cell === null) return 'nan';
  if (typeof cell === 'boolean') return cell ? 'True' : 'False';
  return String(cell);
}

/** The level tuple of a column: its `levels` entry, or the name itself as a one-level tuple. */
export const levelsOf = (frame: LeveledFrame, column: string): Level[] => frame.levels?.[column] ?? [column];

/** Whether the frame still has multi-level columns (pandas' MultiIndex on columns). */
export const isLeveled = (frame: LeveledFrame): boolean => frame.levels !== undefined;

/**
 * The columns an option naming `name` refers to, as pandas' `df.loc[:, [name]]` does: on a
 * leveled frame every value column whose top level is `name`; otherwise the column itself.
 * Empty when there is none.
 */
export function columnsUnder(frame: LeveledFrame, name: string): string[] {
  if (!frame.levels) return frame.columns.includes(name) ? [name] : [];
  const levels = frame.levels;
  return frame.columns.filter((column) => !frame.index?.includes(column) && levels[column]?.[0] === name);
}

/** The names an option may reference: top-level values on a leveled frame (Superset validates those). */
export function referenceableNames(frame: LeveledFrame): Set<string> {
  if (!frame.levels) return new Set(frame.columns);
  const names = new Set<string>(frame.index ?? []);
  for (const column of frame.columns) {
    const top = frame.levels[column]?.[0];
    if (top !== undefined && top !== null) names.add(top);
  }
  return names;
}

/** The side fields of `frame` carried onto a new frame (same levels and index). */
export function withSideFields(frame: LeveledFrame, next: Frame): LeveledFrame {
  const out: LeveledFrame = { columns: next.columns, rows: next.rows };
  if (frame.levels) {
    const levels: Record<string, Level[]> = {};
    for (const column of next.columns) {
      const tuple = frame.levels[column];
      if (tuple) levels[column] = tuple;
    }
    out.levels = levels;
  }
  if (frame.index) out.index = frame.index.filter((column) => next.columns.includes(column));
  return out;
}

/**
 * pandas' sort order for one key: numbers before strings before booleans (a total order for
 * mixed cells), nulls last whatever the direction (`na_position='last'`).
 */
export function compareCells(a: Cell, b: Cell, ascending = true): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const rank = (cell: Cell): number => (typeof cell === 'number' ? 0 : typeof cell === 'string' ? 1 : 2);
  let order = rank(a) - rank(b);
  if (order === 0) {
    if (typeof a === 'string' && typeof b === 'string') order = a < b ? -1 : a > b ? 1 : 0;
    else order = Number(a) - Number(b);
  }
  return ascending ? order : -order;
}

/** Tuples of cells (group keys) compared cell by cell, as compareCells orders each. */
export function compareTuples(a: readonly Cell[], b: readonly Cell[]): number {
  for (const [i, cell] of a.entries()) {
    const order = compareCells(cell, b[i] ?? null);
    if (order !== 0) return order;
  }
  return 0;
}

/** Rows compared key by key, each key with its own direction. */
export function compareRows(keys: readonly string[], ascending: readonly boolean[]) {
  return (a: Row, b: Row): number => {
    for (const [i, key] of keys.entries()) {
      const order = compareCells(a[key] ?? null, b[key] ?? null, ascending[i] ?? true);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/**
 * The frame with new level tuples for its value columns (`tuples[name]`, absent = unchanged),
 * names recomputed from them. Two columns ending with one name keep the later one's values
 * (pandas would hold both under one name; a Frame cannot).
 */
export function relevel(frame: LeveledFrame, tuples: Record<string, Level[]>): LeveledFrame {
  const levels: Record<string, Level[]> = {};
  const renamed = new Map<string, string>();
  for (const column of frame.columns) {
    const tuple = tuples[column] ?? frame.levels?.[column];
    if (!tuple || frame.index?.includes(column)) continue;
    const name = flatName(tuple);
    renamed.set(column, name);
    levels[name] = tuple;
  }
  const nameOf = (column: string) => renamed.get(column) ?? column;
  const columns = [...new Set(frame.columns.map(nameOf))];
  const rows = frame.rows.map((row) => {
    const next: Row = {};
    for (const column of frame.columns) next[nameOf(column)] = row[column] ?? null;
    return next;
  });
  const out: LeveledFrame = { columns, rows, levels };
  if (frame.index) out.index = frame.index;
  return out;
}

/** A plain Frame: side fields dropped. */
export const plain = (frame: LeveledFrame): Frame => ({ columns: frame.columns, rows: frame.rows });
