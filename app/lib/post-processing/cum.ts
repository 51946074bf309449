/**
 * Superset's `cum`: running sum, product, minimum or maximum down each column of `columns`
 * (`{source: target}`, see append-columns.ts). As pandas, a null stays null and the running value
 * carries on past it; a cell that is not a number counts as null.
 */
import { z } from 'zod';
import { appendColumns } from './append-columns';
import { numeric, type Cell } from './frame';
import { type LeveledFrame } from './levels';
import { PostProcessingError } from './post-processing-error';

const OPERATORS: Record<string, (a: number, b: number) => number> = {
  sum: (a, b) => a + b,
  prod: (a, b) => a * b,
  min: Math.min,
  max: Math.max,
};

export const CumOptionsSchema = z.object({
  operator: z.string(),
  columns: z.record(z.string(), z.string()).default({}),
});

export type CumOptions = z.input<typeof CumOptionsSchema>;

export function cumulate(values: Cell[], combine: (a: number, b: number) => number): Cell[] {
  let running: number | null = null;
  return values.map((cell) => {
    const value = numeric(cell);
    if (value === null) return null;
    running = running === null ? value : combine(running, value);
    return running;
  });
}

export function cum(frame: LeveledFrame, input: CumOptions): LeveledFrame {
  const options = CumOptionsSchema.parse(input);
  const combine = OPERATORS[options.operator];
  if (!combine) throw new PostProcessingError(`Invalid cumulative operator: ${options.operator}`);
  return appendColumns(frame, options.columns, (values) => cumulate(values, combine));
}
