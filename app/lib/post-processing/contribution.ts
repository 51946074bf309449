import { z } from 'zod';
import { cloneRows, numeric, type Cell, type Row } from './frame';
import { levelsOf, type LeveledFrame } from './levels';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

/**
 * Superset's `contribution` operation: each numeric cell as a share of its column total
 * (`orientation: 'column'`, the default) or of its row total (`'row'`).
 * - Numeric columns are those whose non-null cells are all numbers (an all-null column counts);
 *   other columns are kept untouched. `columns` narrows the computation and must name numeric
 *   columns; `rename_columns` (same length) names the results, replacing a column of the same
 *   name in place or appending a new one, the originals staying.
 * - Column orientation counts nulls as 0 (so a null cell becomes 0, as in Superset) and divides by
 *   the column total, or by `contribution_totals[column]` when given (0 when that total is missing
 *   or 0). Row orientation keeps nulls null and divides by the row's total over the selected
 *   columns; columns ending in `__<time shift>` (one of `time_shifts`) are totalled separately.
 * - A division by a zero total gives null (pandas' NaN/inf, which the chart data API answers null).
 * The index columns of a pivoted frame are not values (pandas' index). Sightline extension: Superset
 * also leaves temporal columns out by their dtype; a frame has no dtypes (epoch ms are numbers),
 * so on a frame without index the engine names them in `temporal_columns`. On a leveled frame
 * `columns` names value columns (flat names), and time shifts are matched on the top level.
 * Levels and index are kept; renamed columns get no levels.
 */
export const contributionOptionsSchema = z.object({
  orientation: z.enum(['row', 'column']).nullish(),
  columns: z.array(z.string()).nullish(),
  time_shifts: z.array(z.string()).nullish(),
  rename_columns: z.array(z.string()).nullish(),
  contribution_totals: z.record(z.string(), z.number().nullable()).nullish(),
  temporal_columns: z.array(z.string()).nullish(),
});
export type ContributionOptions = z.infer<typeof contributionOptionsSchema>;

const isNumericColumn = (rows: Row[], column: string) =>
  rows.every((row) => {
    const cell = row[column];
    return cell === null || cell === undefined || typeof cell === 'number';
  });

/** A quotient as the API answers it: null for NaN and ±infinity. */
const share = (value: number | null, total: number): Cell => {
  if (value === null) return null;
  const result = value / total;
  return Number.isFinite(result) ? result : null;
};

export function contribution(frame: LeveledFrame, rawOptions: ContributionOptions): LeveledFrame {
  const options = contributionOptionsSchema.parse(rawOptions);
  const temporal = new Set([...(options.temporal_columns ?? []), ...(frame.index ?? [])]);
  const numericColumns = frame.columns.filter(
    (column) => !temporal.has(column) && isNumericColumn(frame.rows, column),
  );
  for (const column of options.columns ?? []) {
    if (!frame.columns.includes(column)) throw new PostProcessingError(MISSING_COLUMNS);
    if (!numericColumns.includes(column)) {
      throw new PostProcessingError(`Column "${column}" is not numeric or does not exists in the query results.`);
    }
  }
  const selected = options.columns?.length ? options.columns : numericColumns;
  const renamed = options.rename_columns?.length ? options.rename_columns : selected;
  if (renamed.length !== selected.length) {
    throw new PostProcessingError('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  }

  const rows = cloneRows(frame);
  const columns = [...frame.columns, ...renamed.filter((name) => !frame.columns.includes(name))];
  const cellOf = (row: Row, column: string) => numeric(row[column]);

  if ((options.orientation ?? 'column') === 'column') {
    selected.forEach((column, i) => {
      const filled = frame.rows.map((row) => cellOf(row, column) ?? 0);
      const totals = options.contribution_totals;
      const total = totals ? (totals[column] ?? 0) : filled.reduce((a, b) => a + b, 0);
      filled.forEach((value, r) => {
        rows[r][renamed[i]] = totals && total === 0 ? 0 : share(value, total);
      });
    });
    return { ...frame, columns, rows };
  }

  // Row orientation: one group of plain columns, then one group per time shift.
  const groups = new Map<string, number[]>();
  selected.forEach((column, i) => {
    const top = levelsOf(frame, column)[0] ?? '';
    const shift = (options.time_shifts ?? []).find((ts) => top.endsWith(`__${ts}`)) ?? '';
    groups.set(shift, [...(groups.get(shift) ?? []), i]);
  });
  for (const members of groups.values()) {
    frame.rows.forEach((row, r) => {
      const total = members.reduce((sum, i) => sum + (cellOf(row, selected[i]) ?? 0), 0);
      for (const i of members) rows[r][renamed[i]] = share(cellOf(row, selected[i]), total);
    });
  }
  return { ...frame, columns, rows };
}
