/**
 * Superset's `sort`, in both its forms:
 * - `columns: {name: ascending}` (the original one): sort by those columns in that order;
 * - `by` (a name or names) with `ascending` (one flag or one per name), or `is_sort_index: true`
 *   to sort by the index columns (levels.ts) — a frame without index keeps its row order, or
 *   reverses it when descending, as pandas' RangeIndex does.
 * The sort is stable and nulls come last either way (pandas' `na_position='last'`).
 */
import { z } from 'zod';
import { cloneRows } from './frame';
import { compareRows, type LeveledFrame } from './levels';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

export const SortOptionsSchema = z
  .object({
    columns: z.record(z.string(), z.boolean()).optional(),
    by: z.union([z.string(), z.array(z.string())]).optional(),
    ascending: z.union([z.boolean(), z.array(z.boolean())]).default(true),
    is_sort_index: z.boolean().default(false),
  })
  .refine((value) => value.columns || value.by || value.is_sort_index, {
    message: 'Sort needs `columns`, `by` or `is_sort_index`.',
  });

export type SortOptions = z.input<typeof SortOptionsSchema>;

export function sort(frame: LeveledFrame, input: SortOptions): LeveledFrame {
  const options = SortOptionsSchema.parse(input);
  let keys: string[];
  let ascending: boolean[];
  if (options.is_sort_index) {
    keys = frame.index ?? [];
    ascending = keys.map(() => options.ascending !== false);
    if (!keys.length) {
      const rows = cloneRows(frame);
      return { ...frame, rows: options.ascending === false ? rows.reverse() : rows };
    }
  } else if (options.columns) {
    keys = Object.keys(options.columns);
    ascending = Object.values(options.columns);
  } else {
    keys = typeof options.by === 'string' ? [options.by] : (options.by ?? []);
    const flags = options.ascending;
    ascending = Array.isArray(flags) ? flags : keys.map(() => flags);
    if (ascending.length !== keys.length) {
      throw new PostProcessingError('Sort needs one `ascending` flag per `by` column.');
    }
  }
  if (!keys.every((key) => frame.columns.includes(key))) throw new PostProcessingError(MISSING_COLUMNS);
  return { ...frame, rows: cloneRows(frame).sort(compareRows(keys, ascending)) };
}
