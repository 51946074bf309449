/**
 * Superset's `_append_columns`, the tail of every operation taking `columns: {source: target}`
 * (cum, diff, rolling, ...): each source names a column, or on a leveled frame every column whose
 * top level is that name (levels.ts `columnsUnder`). When every target equals its source the
 * computed values replace the sources in place; otherwise the computed columns are added at the
 * end under the target name (on a leveled frame: the top level swapped for the target), and the
 * sources stay. A target that already exists is overwritten in place.
 */
import { type Cell } from './frame';
import { columnsUnder, flatName, type LeveledFrame, referenceableNames } from './levels';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

/** Throws Superset's error unless every name is a column (or a top level) of the frame. */
export function requireColumns(frame: LeveledFrame, names: Iterable<string>): void {
  const known = referenceableNames(frame);
  for (const name of names) if (!known.has(name)) throw new PostProcessingError(MISSING_COLUMNS);
}

/** The frame with `compute` applied to each source column's values (top to bottom). */
export function appendColumns(
  frame: LeveledFrame,
  mapping: Record<string, string>,
  compute: (values: Cell[]) => Cell[],
): LeveledFrame {
  requireColumns(frame, Object.keys(mapping));
  const inPlace = Object.entries(mapping).every(([source, target]) => source === target);
  const columns = [...frame.columns];
  const levels = frame.levels ? { ...frame.levels } : undefined;
  const rows = frame.rows.map((row) => ({ ...row }));
  for (const [source, target] of Object.entries(mapping)) {
    for (const column of columnsUnder(frame, source)) {
      const values = compute(frame.rows.map((row) => row[column] ?? null));
      let name = column;
      if (!inPlace) {
        const tuple = levels?.[column];
        if (tuple && levels) {
          const renamed = [target, ...tuple.slice(1)];
          name = flatName(renamed);
          levels[name] = renamed;
        } else {
          name = target;
        }
        if (!columns.includes(name)) columns.push(name);
      }
      rows.forEach((row, r) => (row[name] = values[r] ?? null));
    }
  }
  const out: LeveledFrame = { columns, rows };
  if (levels) out.levels = levels;
  if (frame.index) out.index = frame.index;
  return out;
}
