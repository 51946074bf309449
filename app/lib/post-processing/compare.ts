import { z } from 'zod';
import { requireColumns } from './append-columns';
import { cloneRows, numeric, type Row } from './frame';
import { columnsUnder, flatName, type Level, type LeveledFrame, levelsOf } from './levels';

/**
 * Superset's `compare` operation (time comparison): for each pair (source_columns[i],
 * compare_columns[i]) it appends `<compare_type>__<source>__<compare>`:
 * - `difference`: source − compare;
 * - `percentage`: (source − compare) / compare, rounded to `precision` (default 4) decimals;
 * - `ratio`: source / compare, rounded likewise.
 * Rounding is numpy's (`x·10^p` rounded half to even, then divided back). A null or non-numeric
 * operand, or a division by 0, gives null (pandas' NaN/inf, answered null by the chart data API).
 * `drop_original_columns` then removes every source and compare column.
 * On a pivoted (leveled) frame the options name metrics (top levels): each column under the source
 * is paired with the compare column of the same lower levels (a side missing gives nulls), and the
 * result's levels are `[<compare_type>__<source>__<compare>, ...lower levels]`, as pandas aligns them.
 */
export const COMPARE_TYPES = ['difference', 'percentage', 'ratio'] as const;

export const compareOptionsSchema = z
  .object({
    source_columns: z.array(z.string()),
    compare_columns: z.array(z.string()),
    compare_type: z.enum(COMPARE_TYPES),
    drop_original_columns: z.boolean().nullish(),
    precision: z.number().int().nonnegative().nullish(),
  })
  .refine((o) => o.source_columns.length === o.compare_columns.length, {
    message: '`compare_columns` must have the same length as `source_columns`.',
    path: ['compare_columns'],
  });
export type CompareOptions = z.infer<typeof compareOptionsSchema>;

/** numpy's round-half-to-even of x·10^p, back to p decimals. */
export function roundHalfEven(value: number, precision: number): number {
  const scale = 10 ** precision;
  const scaled = value * scale;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  const rounded = fraction > 0.5 || (fraction === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  return rounded / scale;
}

export function compare(frame: LeveledFrame, rawOptions: CompareOptions): LeveledFrame {
  const options = compareOptionsSchema.parse(rawOptions);
  const referenced = [...options.source_columns, ...options.compare_columns];
  requireColumns(frame, referenced);
  const precision = options.precision ?? 4;
  const rows = cloneRows(frame);
  let columns = [...frame.columns];
  const levels = frame.levels ? { ...frame.levels } : undefined;
  const combine = (s: number | null, c: number | null): number | null => {
    if (s === null || c === null) return null;
    if (options.compare_type === 'difference') return s - c;
    const value = options.compare_type === 'percentage' ? (s - c) / c : s / c;
    return Number.isFinite(value) ? roundHalfEven(value, precision) : null;
  };
  options.source_columns.forEach((source, i) => {
    const target = options.compare_columns[i];
    const label = [options.compare_type, source, target].join('__');
    // Pair the columns under source and target by their lower levels (flat frames: one pair).
    const pairs = new Map<string, { rest: Level[]; s?: string; c?: string }>();
    const add = (column: string, side: 's' | 'c') => {
      const rest = levelsOf(frame, column).slice(1);
      const key = JSON.stringify(rest);
      pairs.set(key, { rest, ...pairs.get(key), [side]: column });
    };
    columnsUnder(frame, source).forEach((column) => add(column, 's'));
    columnsUnder(frame, target).forEach((column) => add(column, 'c'));
    for (const { rest, s, c } of pairs.values()) {
      const tuple = [label, ...rest];
      const name = levels ? flatName(tuple) : label;
      if (levels) levels[name] = tuple;
      const cell = (row: Row, column?: string) => (column === undefined ? null : numeric(row[column]));
      rows.forEach((row) => {
        row[name] = combine(cell(row, s), cell(row, c));
      });
      if (!columns.includes(name)) columns.push(name);
    }
  });
  if (options.drop_original_columns && options.source_columns.length > 0) {
    const dropped = new Set(referenced.flatMap((name) => columnsUnder(frame, name)));
    columns = columns.filter((column) => !dropped.has(column));
    for (const row of rows) for (const column of dropped) delete row[column];
    if (levels) for (const column of dropped) delete levels[column];
  }
  const out: LeveledFrame = { columns, rows };
  if (levels) out.levels = levels;
  if (frame.index) out.index = frame.index;
  return out;
}
