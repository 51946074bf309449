/**
 * The post-processing registry: Superset's operation names → zod options schema + function, and
 * `applyPostProcessing`, which runs a query's `post_processing: [{operation, options}]` in order.
 *
 * Frames between steps may carry multi-level columns and an index (levels.ts); the result is a
 * plain Frame whose remaining index columns are dropped, as Superset's records leave pandas'
 * index out. An unknown operation or options that do not parse throw a PostProcessingError
 * naming the step; so do the operations' own checks (missing columns, bad operators).
 *
 * To register an operation: `defineOperation(Schema, fn)` under its Superset name, where `fn`
 * takes `(frame: LeveledFrame, options: z.output<typeof Schema>)`. Options are parsed here.
 * An operation that does not handle levels itself (returns a frame without `levels`/`index`)
 * gets the input's side fields carried over to the columns it kept, so a pivot → rolling →
 * rename(level 0) → flatten chain keeps working; one that does (`{ levelAware: true }`) answers
 * its side fields itself (flatten drops them on purpose).
 */
import { z } from 'zod';
import { boxplot, boxplotOptionsSchema } from './boxplot';
import { compare, compareOptionsSchema } from './compare';
import { contribution, contributionOptionsSchema } from './contribution';
import { cum, CumOptionsSchema } from './cum';
import { diff, DiffOptionsSchema } from './diff';
import { flatten, FlattenOptionsSchema } from './flatten';
import type { Frame } from './frame';
import { histogram, histogramOptionsSchema } from './histogram';
import { type LeveledFrame, withSideFields } from './levels';
import { pivot, PivotOptionsSchema } from './pivot';
import { PostProcessingError } from './post-processing-error';
import { rank, RankOptionsSchema } from './rank';
import { rename, RenameOptionsSchema } from './rename';
import { resample, resampleOptionsSchema } from './resample';
import { rolling, rollingOptionsSchema } from './rolling';
import { sort, SortOptionsSchema } from './sort';

export { PostProcessingError } from './post-processing-error';
export type { LeveledFrame } from './levels';

export interface Operation {
  schema: z.ZodType;
  apply: (frame: LeveledFrame, options: unknown) => LeveledFrame;
  /** The function keeps, changes or drops `levels` and `index` itself. */
  levelAware: boolean;
}

/** Ties a schema to its function so `apply` receives options of the schema's output type. */
export function defineOperation<S extends z.ZodType>(
  schema: S,
  apply: (frame: LeveledFrame, options: z.output<S>) => LeveledFrame,
  { levelAware = false }: { levelAware?: boolean } = {},
): Operation {
  return { schema, apply: (frame, options) => apply(frame, options as z.output<S>), levelAware };
}

const aware = { levelAware: true };

// The functions parse their own input too (so they can be called directly); parsing twice is
// harmless because every schema accepts its own output.
export const OPERATIONS: Record<string, Operation> = {
  // part 1
  pivot: defineOperation(PivotOptionsSchema, pivot, aware),
  flatten: defineOperation(FlattenOptionsSchema, flatten, aware),
  rename: defineOperation(RenameOptionsSchema, rename, aware),
  sort: defineOperation(SortOptionsSchema, sort, aware),
  rank: defineOperation(RankOptionsSchema, rank, aware),
  cum: defineOperation(CumOptionsSchema, cum, aware),
  diff: defineOperation(DiffOptionsSchema, diff, aware),
  rolling: defineOperation(rollingOptionsSchema, rolling, aware),
  resample: defineOperation(resampleOptionsSchema, resample, aware),
  contribution: defineOperation(contributionOptionsSchema, contribution, aware),
  compare: defineOperation(compareOptionsSchema, compare, aware),
  histogram: defineOperation(histogramOptionsSchema, histogram),
  boxplot: defineOperation(boxplotOptionsSchema, boxplot),
};

export const PostProcessingStepSchema = z.object({
  operation: z.string(),
  options: z.unknown().optional(),
});

export type PostProcessingStep = z.input<typeof PostProcessingStepSchema>;

const describe = (error: z.ZodError): string =>
  error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');

/** Runs `steps` on `frame` in order; the input frame is never changed. */
export function applyPostProcessing(frame: Frame, steps: readonly PostProcessingStep[] = []): Frame {
  let current: LeveledFrame = frame;
  for (const [position, step] of steps.entries()) {
    const { operation: name, options } = step;
    const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!operation) throw new PostProcessingError(`Unsupported post processing operation: ${name}`);
    const parsed = operation.schema.safeParse(options ?? {});
    if (!parsed.success) {
      throw new PostProcessingError(`Invalid options for ${name} (step ${position + 1}): ${describe(parsed.error)}`);
    }
    const next = operation.apply(current, parsed.data);
    current = operation.levelAware ? next : withSideFields(current, next);
  }
  const index = current.index ?? [];
  return {
    columns: current.columns.filter((column) => !index.includes(column)),
    rows: index.length
      ? current.rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !index.includes(key))))
      : current.rows,
  };
}
