/**
 * Superset's `pivot`: group rows by `index` (the rows) and `columns` (the series), aggregate
 * each aggregate's column per cell, one output column per (metric, series values).
 *
 * Output, in frame terms (see levels.ts): rows sorted by the index values (nulls last); columns
 * `[...index, ...value columns]`, value columns metric by metric in `aggregates` order, series
 * values sorted within each. A value column's level tuple is `[column, ...series labels]` where
 * `column` is the aggregate's source column (pandas names the top level by it, not by the label),
 * series labels are the values as Python prints them, nulls filled with `column_fill_value` (when
 * that is null or empty, rows with a null series are left out, or labelled `nan` with
 * `drop_missing_columns: false`).
 *
 * - `flatten_columns` (default false: current Superset has no such option and leaves flattening to
 *   the `flatten` step; Superset 1.x query contexts may still pass true): flat names as 1.x's `_flatten_column_after_pivot`:
 *   levels joined with ', ', the metric left out when there is one aggregate and there are series
 *   (`SUM(num), boy` with two aggregates, `boy` with one). With false the frame keeps `levels` and
 *   its names are those `flatten` will give.
 * - `reset_index` (default false, likewise): the first index column becomes an ordinary column (pandas'
 *   `reset_index(level=0)`); further index columns stay in `index`.
 * - `drop_missing_columns` (default true): rows with a null index value are left out, and value
 *   rows and columns that are null throughout are dropped. With false, null index values form a
 *   group and every (metric, series) that occurs in the data is kept.
 * - `metric_fill_value`: fills value cells left null (a missing series for an index value).
 * - `combine_value_with_metric`: the metric becomes the last level (series first, then metric).
 */
import { z } from 'zod';
import { AGGREGATORS } from './aggregators';
import { type Cell, type Frame, type Row } from './frame';
import {
  compareCells,
  compareTuples,
  flatName,
  FLAT_COLUMN_SEPARATOR,
  type Level,
  levelLabel,
  type LeveledFrame,
  referenceableNames,
} from './levels';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

export const NULL_STRING = '<NULL>';

const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const AggregateSchema = z.object({
  operator: z.string(),
  column: z.string().optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});

export const AggregatesSchema = z.record(z.string(), AggregateSchema);

export const PivotOptionsSchema = z.object({
  index: z.array(z.string()).min(1, 'Pivot operation requires at least one index'),
  aggregates: AggregatesSchema.refine((value) => Object.keys(value).length > 0, {
    message: 'Pivot operation must include at least one aggregate',
  }),
  columns: z.array(z.string()).nullish(),
  metric_fill_value: CellSchema.optional(),
  column_fill_value: z.string().nullish().default(NULL_STRING),
  drop_missing_columns: z.boolean().nullish().default(true),
  combine_value_with_metric: z.boolean().default(false),
  marginal_distributions: z.boolean().nullish(),
  marginal_distribution_name: z.string().nullish(),
  flatten_columns: z.boolean().default(false),
  reset_index: z.boolean().default(false),
});

export type PivotOptions = z.input<typeof PivotOptionsSchema>;

interface Group {
  key: Cell[];
  cells: Map<string, Row[]>;
}

const keyOf = (cells: Cell[]): string => JSON.stringify(cells);

/** Aggregate functions by source column; a later aggregate on the same column wins, as in pandas. */
function aggregateFunctions(frame: Frame, aggregates: PivotOptions['aggregates']) {
  const functions = new Map<string, (cells: Cell[]) => Cell>();
  for (const [label, { operator, column = label, options = {} }] of Object.entries(aggregates)) {
    if (!frame.columns.includes(column)) {
      throw new PostProcessingError(`Column referenced by aggregate is undefined: ${column}`);
    }
    const aggregator = AGGREGATORS[operator];
    if (!aggregator) throw new PostProcessingError(`Invalid numpy function: ${operator}`);
    functions.set(column, (cells) => aggregator(cells, options));
  }
  return functions;
}

export function pivot(frame: Frame, input: PivotOptions): LeveledFrame {
  const options = PivotOptionsSchema.parse(input);
  const { index, aggregates } = options;
  const series = options.columns ?? [];
  const dropMissing = options.drop_missing_columns ?? true;
  const known = referenceableNames(frame);
  if (![...index, ...series].every((name) => known.has(name))) throw new PostProcessingError(MISSING_COLUMNS);
  if (options.marginal_distributions) {
    throw new PostProcessingError('Pivot marginal distributions are not supported.');
  }
  const functions = aggregateFunctions(frame, aggregates);

  // Group rows by index values, then by series values (nulls filled as Superset does).
  const groups = new Map<string, Group>();
  const seriesKeys = new Map<string, Cell[]>();
  for (const row of frame.rows) {
    const key = index.map((name) => row[name] ?? null);
    if (dropMissing && key.includes(null)) continue;
    const seriesKey = series.map((name) => row[name] ?? (options.column_fill_value || null));
    // Without a fill value, pandas' groupby leaves null series out unless dropna is off.
    if (dropMissing && seriesKey.includes(null)) continue;
    const groupKey = keyOf(key);
    const group = groups.get(groupKey) ?? { key, cells: new Map<string, Row[]>() };
    groups.set(groupKey, group);
    const cellKey = keyOf(seriesKey);
    seriesKeys.set(cellKey, seriesKey);
    group.cells.set(cellKey, [...(group.cells.get(cellKey) ?? []), row]);
  }
  const sortedGroups = [...groups.values()].sort((a, b) => compareTuples(a.key, b.key));
  const sortedSeries = [...seriesKeys.entries()].sort(([, a], [, b]) => compareTuples(a, b));

  interface ValueColumn {
    levels: Level[];
    values: Cell[];
  }
  let valueColumns: ValueColumn[] = [];
  for (const [column, aggregate] of functions) {
    for (const [cellKey, seriesValues] of sortedSeries) {
      valueColumns.push({
        levels: [column, ...seriesValues.map(levelLabel)],
        values: sortedGroups.map((group) => {
          const rows = group.cells.get(cellKey);
          return rows ? aggregate(rows.map((row) => row[column] ?? null)) : null;
        }),
      });
    }
  }

  let keptGroups = sortedGroups.map((_, i) => i);
  if (dropMissing) {
    keptGroups = keptGroups.filter((i) => valueColumns.some((column) => column.values[i] !== null));
  }
  const fill = options.metric_fill_value;
  valueColumns = valueColumns.map((column) => ({
    levels: column.levels,
    values: keptGroups.map((i) => (column.values[i] === null && fill !== undefined ? fill : column.values[i]!)),
  }));
  if (dropMissing) valueColumns = valueColumns.filter((column) => column.values.some((value) => value !== null));

  if (options.combine_value_with_metric) {
    valueColumns = valueColumns
      .map((column) => ({ ...column, levels: [...column.levels.slice(1), column.levels[0]!] }))
      .sort((a, b) => {
        const bySeries = compareTuples(a.levels.slice(0, -1), b.levels.slice(0, -1));
        return bySeries || compareCells(a.levels.at(-1)!, b.levels.at(-1)!);
      });
  }

  const singleAggregate = Object.keys(aggregates).length === 1;
  const nameOf = (levels: Level[]): string => {
    if (!options.flatten_columns) return flatName(levels);
    // Superset leaves the metric out of a single-aggregate pivot's names when there are series.
    const shown = singleAggregate && levels.length > 1 ? levels.slice(1) : levels;
    return shown.join(FLAT_COLUMN_SEPARATOR);
  };
  const names = valueColumns.map((column) => nameOf(column.levels));
  const rows = keptGroups.map((groupIndex, r) => {
    const row: Row = {};
    index.forEach((name, i) => (row[name] = sortedGroups[groupIndex]!.key[i] ?? null));
    names.forEach((name, c) => (row[name] = valueColumns[c]!.values[r] ?? null));
    return row;
  });

  const out: LeveledFrame = { columns: [...index, ...names], rows };
  if (!options.flatten_columns) {
    out.levels = Object.fromEntries(names.map((name, c) => [name, valueColumns[c]!.levels]));
  }
  const stillIndex = options.reset_index ? index.slice(1) : index;
  if (stillIndex.length) out.index = stillIndex;
  return out;
}
