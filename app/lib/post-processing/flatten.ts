/**
 * Superset's `flatten`: multi-level column names become flat strings and the index an ordinary
 * column. Since a leveled frame's names are already the flattened ones (levels.ts), flattening
 * drops the side fields, after `drop_levels` removed the named levels (by position; negative
 * counts from the last) and the names were recomputed. `reset_index` (default true) makes the
 * first index column ordinary, as pandas' `reset_index(level=0)`; further ones stay the index.
 */
import { z } from 'zod';
import type { Frame } from './frame';
import { type LeveledFrame, relevel } from './levels';
import { PostProcessingError } from './post-processing-error';

export const FlattenOptionsSchema = z.object({
  reset_index: z.boolean().default(true),
  drop_levels: z.array(z.union([z.number().int(), z.string()])).default([]),
});

export type FlattenOptions = z.input<typeof FlattenOptionsSchema>;

function dropLevels(frame: LeveledFrame, drop: (number | string)[]): LeveledFrame {
  if (!drop.length) return frame;
  const levels = frame.levels;
  if (!levels) throw new PostProcessingError('Cannot drop levels: the frame has one column level.');
  const depth = Math.max(...Object.values(levels).map((tuple) => tuple.length));
  const positions = new Set(
    drop.map((level) => {
      const position = typeof level === 'number' && level < 0 ? depth + level : level;
      if (typeof position !== 'number' || position < 0 || position >= depth) {
        throw new PostProcessingError(`Unknown column level: ${level}`);
      }
      return position;
    }),
  );
  if (positions.size >= depth) throw new PostProcessingError('Cannot drop every column level.');
  const tuples = Object.fromEntries(
    Object.entries(levels).map(([name, tuple]) => [name, tuple.filter((_, i) => !positions.has(i))]),
  );
  return relevel(frame, tuples);
}

export function flatten(frame: LeveledFrame, input: FlattenOptions = {}): LeveledFrame {
  const options = FlattenOptionsSchema.parse(input);
  const dropped = dropLevels(frame, options.drop_levels);
  const out: LeveledFrame = { columns: dropped.columns, rows: dropped.rows };
  const index = options.reset_index ? (dropped.index ?? []).slice(1) : (dropped.index ?? []);
  if (index.length) out.index = index;
  return out satisfies Frame;
}
