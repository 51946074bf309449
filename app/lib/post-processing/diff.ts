/**
 * Superset's `diff`: each row minus the row `periods` above it (below, when negative), per column
 * of `columns` (`{source: target}`, see append-columns.ts). Rows without a partner, and pairs with
 * a null (or a cell that is not a number), give null. Only the row axis (`axis: 0`) is supported.
 */
import { z } from 'zod';
import { appendColumns } from './append-columns';
import { numeric, type Cell } from './frame';
import { type LeveledFrame } from './levels';
import { PostProcessingError } from './post-processing-error';

export const DiffOptionsSchema = z.object({
  columns: z.record(z.string(), z.string()),
  periods: z.number().int().default(1),
  axis: z.union([z.literal(0), z.literal(1), z.literal('index'), z.literal('columns')]).default(0),
});

export type DiffOptions = z.input<typeof DiffOptionsSchema>;

export function difference(values: Cell[], periods: number): Cell[] {
  return values.map((cell, i) => {
    const current = numeric(cell);
    const previous = numeric(values[i - periods] ?? null);
    return current === null || previous === null ? null : current - previous;
  });
}

export function diff(frame: LeveledFrame, input: DiffOptions): LeveledFrame {
  const options = DiffOptionsSchema.parse(input);
  if (options.axis === 1 || options.axis === 'columns') {
    throw new PostProcessingError('Diff along columns (axis 1) is not supported.');
  }
  return appendColumns(frame, options.columns, (values) => difference(values, options.periods));
}
