import { z } from 'zod';
import { type Cell, type Frame, type Row } from './frame';
import { compareTuples } from './levels';
import { mean, percentile, quantileOfSorted, sortedAscending } from './stats';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

/**
 * Superset's `boxplot` operation: per group of `groupby` (sorted by key, rows with a null key left
 * out; without groupby, one row for the whole frame) and per metric, the columns
 * `<metric>__mean`, `__median`, `__max`, `__min`, `__q1`, `__q3`, `__count`, `__outliers`,
 * ordered statistic by statistic (every metric's `__mean`, then every `__median`, ...).
 * - Values: numbers, or text read as a number; anything else is null and skipped by the statistics.
 * - q1/q3: numpy percentiles 25/75 with the 'midpoint' method; median and mean skip nulls.
 * - `__max`/`__min` are the whiskers: `tukey` = the largest value ≤ q3 + 1.5·IQR and the smallest
 *   ≥ q1 − 1.5·IQR; `min/max` = the extremes; `percentile` = numpy linear percentiles
 *   `percentiles[0]` (low) and `percentiles[1]` (high).
 * - `__outliers`: the values above the high whisker (in row order), then those below the low one.
 * - `__count` counts the group's rows, nulls included (numpy's `ma.count` on the raw values, as
 *   Superset calls it).
 */
export const WHISKER_TYPES = ['tukey', 'min/max', 'percentile'] as const;

export const boxplotOptionsSchema = z
  .object({
    groupby: z.array(z.string()).nullish(),
    metrics: z.array(z.string()),
    whisker_type: z.enum(WHISKER_TYPES),
    percentiles: z.tuple([z.number(), z.number()]).nullish(),
  })
  .refine(
    (o) => o.whisker_type !== 'percentile' || (o.percentiles != null && o.percentiles[0] < o.percentiles[1]),
    {
      message:
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      path: ['percentiles'],
    },
  );
export type BoxplotOptions = z.infer<typeof boxplotOptionsSchema>;

const STATISTICS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const;

function toNumber(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
  return null;
}

function statistics(raw: (number | null)[], options: BoxplotOptions): Record<(typeof STATISTICS)[number], unknown> {
  const values = raw.filter((v): v is number => v !== null);
  const sorted = sortedAscending(values);
  const q1 = percentile(sorted, 25, 'midpoint');
  const q3 = percentile(sorted, 75, 'midpoint');
  let high: number | null = sorted.length ? sorted[sorted.length - 1] : null;
  let low: number | null = sorted.length ? sorted[0] : null;
  if (options.whisker_type === 'tukey' && q1 !== null && q3 !== null) {
    const reach = 1.5 * (q3 - q1);
    high = Math.max(...values.filter((v) => v <= q3 + reach));
    low = Math.min(...values.filter((v) => v >= q1 - reach));
  } else if (options.whisker_type === 'percentile' && options.percentiles) {
    low = percentile(sorted, options.percentiles[0], 'linear');
    high = percentile(sorted, options.percentiles[1], 'linear');
  }
  const outliers =
    high === null || low === null
      ? []
      : [...values.filter((v) => v > (high as number)), ...values.filter((v) => v < (low as number))];
  return {
    mean: mean(values),
    median: quantileOfSorted(sorted, 0.5),
    max: high,
    min: low,
    q1,
    q3,
    count: raw.length,
    outliers,
  };
}

export function boxplot(frame: Frame, rawOptions: BoxplotOptions): Frame {
  const options = boxplotOptionsSchema.parse(rawOptions);
  const groupby = options.groupby ?? [];
  if (![...groupby, ...options.metrics].every((name) => frame.columns.includes(name))) {
    throw new PostProcessingError(MISSING_COLUMNS);
  }
  const groups = new Map<string, { keys: Cell[]; rows: Row[] }>();
  for (const row of frame.rows) {
    const keys = groupby.map((name) => row[name] ?? null);
    if (keys.some((key) => key === null)) continue;
    const id = JSON.stringify(keys);
    const group = groups.get(id) ?? { keys, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  const names = STATISTICS.flatMap((statistic) => options.metrics.map((metric) => [metric, statistic] as const));
  const rows = [...groups.values()]
    .sort((a, b) => compareTuples(a.keys, b.keys))
    .map(({ keys, rows: members }) => {
      const row: Row = {};
      groupby.forEach((name, i) => {
        row[name] = keys[i];
      });
      const perMetric = new Map(
        options.metrics.map((metric) => [metric, statistics(members.map((m) => toNumber(m[metric])), options)]),
      );
      for (const [metric, statistic] of names) {
        // `__outliers` is the list of numbers outside the whiskers; the other statistics are numbers.
        row[`${metric}__${statistic}`] = perMetric.get(metric)?.[statistic] as Cell;
      }
      return row;
    });
  return { columns: [...groupby, ...names.map(([metric, statistic]) => `${metric}__${statistic}`)], rows };
}
