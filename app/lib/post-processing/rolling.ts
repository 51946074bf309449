import { z } from 'zod';
import { appendColumns } from './append-columns';
import { numeric, type Cell } from './frame';
import { type LeveledFrame } from './levels';
import { mean, median, quantileOfSorted, sampleVariance, sortedAscending, sum } from './stats';

/**
 * Superset's `rolling` operation (pandas `DataFrame.rolling(window, min_periods, center=False)`
 * followed by one aggregation). Semantics kept from pandas:
 * - a window covers the current row and the `window - 1` rows before it;
 * - nulls (and non-numbers) are skipped, and a window with fewer than `min_periods` non-null values
 *   gives null (`count` is the exception: pandas counts the window's rows, nulls included, against
 *   `min_periods`, and answers the number of non-null values);
 * - `min_periods` defaults to `window`; `std` and `var` are sample statistics (ddof = 1);
 * - after the rolling, Superset drops the first `min_periods` rows when `min_periods` is set and
 *   non-zero (`df[min_periods:]`), so that the partial windows never reach the chart.
 * `columns` maps source → target (append-columns.ts): `{y: 'y'}` replaces y, `{y: 'y2'}` appends
 * y2 and keeps y; on a pivoted (leveled) frame a source names a metric, i.e. all its columns.
 * With `is_pivot_df` (what Superset's frontend sends after a pivot) `columns` is ignored and every
 * column but the index (`frame.index`, or the first column of a frame without one) is rolled in
 * place. Superset also flattens the names and resets the index at that point; here levels and
 * index stay until `flatten`, which gives the same names (its commas escaped, though).
 * Not supported: `win_type` (weighted windows), `center: true`, and the pairwise `corr`/`cov`,
 * `skew`, `kurt`; they are refused rather than answered differently from Superset.
 */
export const ROLLING_TYPES = [
  'count',
  'max',
  'mean',
  'median',
  'min',
  'quantile',
  'std',
  'sum',
  'var',
] as const;
export type RollingType = (typeof ROLLING_TYPES)[number];

export const rollingOptionsSchema = z
  .object({
    rolling_type: z.enum(ROLLING_TYPES),
    window: z.number().int().positive(),
    min_periods: z.number().int().nonnegative().nullish(),
    columns: z.record(z.string(), z.string()).nullish(),
    rolling_type_options: z
      .object({
        quantile: z.number().min(0).max(1).optional(),
        interpolation: z.enum(['linear', 'lower', 'higher', 'midpoint']).optional(),
      })
      .nullish(),
    center: z.literal(false).optional(),
    // Weighted windows (pandas' win_type) are not implemented: refused rather than ignored.
    win_type: z.null({ error: 'Weighted windows (win_type) are not supported.' }).optional(),
    is_pivot_df: z.boolean().optional(),
  })
  .refine((o) => o.min_periods == null || o.min_periods <= o.window, {
    message: 'min_periods must be <= window',
    path: ['min_periods'],
  })
  .refine((o) => o.rolling_type !== 'quantile' || o.rolling_type_options?.quantile !== undefined, {
    message: 'quantile needs rolling_type_options.quantile',
    path: ['rolling_type_options', 'quantile'],
  });
export type RollingOptions = z.infer<typeof rollingOptionsSchema>;

function aggregate(values: number[], options: RollingOptions): number | null {
  switch (options.rolling_type) {
    case 'sum':
      // pandas: the sum of an empty window (allowed by min_periods = 0) is 0.
      return sum(values);
    case 'mean':
      return mean(values);
    case 'min':
      return values.length ? Math.min(...values) : null;
    case 'max':
      return values.length ? Math.max(...values) : null;
    case 'median':
      return median(values);
    case 'quantile': {
      const { quantile = 0.5, interpolation } = options.rolling_type_options ?? {};
      return quantileOfSorted(sortedAscending(values), quantile, interpolation);
    }
    case 'var':
      return sampleVariance(values);
    case 'std': {
      const variance = sampleVariance(values);
      return variance === null ? null : Math.sqrt(variance);
    }
    case 'count':
      return values.length;
  }
}

/** One column rolled: the cell for each row, null where the window is too short. */
function rollColumn(cells: Cell[], options: RollingOptions): Cell[] {
  const minPeriods = options.min_periods ?? options.window;
  return cells.map((_, end) => {
    const start = Math.max(0, end - options.window + 1);
    const values: number[] = [];
    for (let i = start; i <= end; i += 1) {
      const value = numeric(cells[i]);
      if (value !== null) values.push(value);
    }
    const observed = options.rolling_type === 'count' ? end - start + 1 : values.length;
    if (observed < minPeriods) return null;
    const result = aggregate(values, options);
    return result !== null && Number.isFinite(result) ? result : null;
  });
}

export function rolling(frame: LeveledFrame, rawOptions: RollingOptions): LeveledFrame {
  const options = rollingOptionsSchema.parse(rawOptions);
  let rolled: LeveledFrame;
  if (options.is_pivot_df) {
    const index = frame.index ?? frame.columns.slice(0, 1);
    const rows = frame.rows.map((row) => ({ ...row }));
    for (const column of frame.columns.filter((name) => !index.includes(name))) {
      const values = rollColumn(
        frame.rows.map((row) => row[column] ?? null),
        options,
      );
      rows.forEach((row, r) => (row[column] = values[r]));
    }
    rolled = { ...frame, rows };
  } else {
    rolled = appendColumns(frame, options.columns ?? {}, (values) => rollColumn(values, options));
  }
  const skipped = options.min_periods ? options.min_periods : 0;
  return { ...rolled, rows: rolled.rows.slice(skipped) };
}
