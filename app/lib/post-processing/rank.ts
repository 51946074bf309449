/**
 * Superset's `rank`: a `rank` column holding each row's percentile rank of `metric`, within its
 * `group_by` group when given (rows whose group is null rank null) (pandas' `rank(pct=True)`: ties share their average rank, divided
 * by the number of non-null values; a null metric, or a metric that is not a number, ranks
 * null). The column is added at the end, or replaced if the frame already has one.
 */
import { z } from 'zod';
import { numeric, type Cell } from './frame';
import { type LeveledFrame } from './levels';
import { requireColumns } from './append-columns';

export const RankOptionsSchema = z.object({
  metric: z.string(),
  group_by: z.string().nullish(),
});

export type RankOptions = z.input<typeof RankOptionsSchema>;

/** Average-tie percentile ranks of `values`, null for nulls. */
export function percentRanks(values: Cell[]): Cell[] {
  const present = values
    .map((cell, i) => ({ value: numeric(cell), i }))
    .filter((entry): entry is { value: number; i: number } => entry.value !== null)
    .sort((a, b) => a.value - b.value);
  const ranks: Cell[] = values.map(() => null);
  for (let start = 0; start < present.length; ) {
    let end = start;
    while (end + 1 < present.length && present[end + 1]!.value === present[start]!.value) end += 1;
    // Positions start..end (0-based) share the average of ranks start+1..end+1.
    const average = (start + end + 2) / 2;
    for (let k = start; k <= end; k += 1) ranks[present[k]!.i] = average / present.length;
    start = end + 1;
  }
  return ranks;
}

export function rank(frame: LeveledFrame, input: RankOptions): LeveledFrame {
  const options = RankOptionsSchema.parse(input);
  const groupBy = options.group_by ?? null;
  requireColumns(frame, groupBy ? [options.metric, groupBy] : [options.metric]);
  const groups = new Map<string, number[]>();
  frame.rows.forEach((row, i) => {
    // pandas' groupby leaves rows with a null group out, so they rank null.
    if (groupBy !== null && (row[groupBy] ?? null) === null) return;
    const key = groupBy === null ? '' : JSON.stringify(row[groupBy] ?? null);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const ranks: Cell[] = frame.rows.map(() => null);
  for (const members of groups.values()) {
    const groupRanks = percentRanks(members.map((i) => frame.rows[i]![options.metric] ?? null));
    members.forEach((i, k) => (ranks[i] = groupRanks[k] ?? null));
  }
  const rows = frame.rows.map((row, i) => ({ ...row, rank: ranks[i] ?? null }));
  const columns = frame.columns.includes('rank') ? frame.columns : [...frame.columns, 'rank'];
  return { ...frame, columns, rows };
}
