/**
 * The table post-processing works on: Superset's chart data rows as they leave the query
 * (`colnames` in order, `data` as records), temporal values as epoch milliseconds (UTC), as the
 * chart data API answers them. Every operation is a pure function Frame → Frame: it never changes
 * its input, and the output's column names are Superset's (pandas') so saved charts and
 * Superset's chart plugins find the columns they expect.
 */
/** `number[]` only for a boxplot's `__outliers`, as Superset answers them. */
export type Cell = string | number | boolean | null | number[];

export type Row = Record<string, Cell>;

export interface Frame {
  /** Column names in order. */
  columns: string[];
  rows: Row[];
}

/** The frame's rows as a new array of new objects, for operations that must not touch their input. */
export const cloneRows = (frame: Frame): Row[] => frame.rows.map((row) => ({ ...row }));

/** A number for arithmetic, or null for anything that is not a finite number (pandas' NaN). */
export function numeric(cell: Cell | undefined): number | null {
  return typeof cell === 'number' && Number.isFinite(cell) ? cell : null;
}
