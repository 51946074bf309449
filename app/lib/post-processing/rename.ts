/**
 * Superset's `rename`: relabel columns, `{old: new}`. On a leveled frame (levels.ts) `level`
 * picks the level whose labels change (all levels when absent); a new name `null` drops that
 * level from the column's name, which is how Superset's timeseries charts take the metric out of
 * single-metric series names (`{'SUM(num)': null}, level 0` turns `SUM(num), boy` into `boy`).
 * On a flat frame `null` leaves an empty name. Index columns are never renamed (pandas renames
 * column labels, and the index is not among them).
 *
 * Errors, as Superset: an old name the frame does not have at that level, a level the frame does
 * not have, or new names that all exist already ("Label already exists"). `inplace` is accepted
 * and ignored: operations never change their input.
 */
import { z } from 'zod';
import type { Row } from './frame';
import { type Level, type LeveledFrame, relevel } from './levels';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

export const RenameOptionsSchema = z.object({
  columns: z.record(z.string(), z.string().nullable()),
  inplace: z.boolean().default(false),
  level: z.number().int().nullish(),
});

export type RenameOptions = z.input<typeof RenameOptionsSchema>;

export function rename(frame: LeveledFrame, input: RenameOptions): LeveledFrame {
  const options = RenameOptionsSchema.parse(input);
  const mapping = options.columns;
  const oldNames = Object.keys(mapping);
  if (!oldNames.length) return frame;
  const level = options.level ?? null;
  const valueColumns = frame.columns.filter((column) => !frame.index?.includes(column));
  const tuples = valueColumns.map((column) => frame.levels?.[column] ?? [column]);
  const depth = frame.levels ? Math.max(0, ...tuples.map((tuple) => tuple.length)) : 1;
  if (level !== null && (level < 0 || level >= depth)) throw new PostProcessingError(`Unknown column level: ${level}`);

  // pandas checks against the first level's labels when no level is given.
  const labels = new Set<Level>(tuples.map((tuple) => tuple[level ?? 0] ?? null));
  if (!oldNames.every((name) => labels.has(name))) throw new PostProcessingError(MISSING_COLUMNS);
  if (Object.values(mapping).every((name) => labels.has(name))) throw new PostProcessingError('Label already exists');

  const relabel = (label: Level): Level => (label !== null && label in mapping ? (mapping[label] ?? null) : label);
  if (frame.levels) {
    const next = Object.fromEntries(
      valueColumns.map((column, c) => [
        column,
        tuples[c]!.map((label, i) => (level === null || i === level ? relabel(label) : label)),
      ]),
    );
    return relevel(frame, next);
  }
  const nameOf = (column: string): string => (frame.index?.includes(column) ? column : (relabel(column) ?? ''));
  const rows = frame.rows.map((row) => {
    const next: Row = {};
    for (const column of frame.columns) next[nameOf(column)] = row[column] ?? null;
    return next;
  });
  const out: LeveledFrame = { columns: [...new Set(frame.columns.map(nameOf))], rows };
  if (frame.index) out.index = frame.index;
  return out;
}
