/**
 * Superset's "client processing" (superset/charts/client_processing.py, `apply_client_processing`)
 * for the `post_processed` result type: the shaping a text chart does in the browser, done on the
 * server so CSV/XLSX exports and reports show the table the chart shows.
 *
 * - Every processed chart first renames the frame's columns through the dataset's verbose_map.
 * - `table`: nothing more (Superset only formats numbers, and only for JSON answers; the raw
 *   values are kept here, see docs/chart-data.md).
 * - `pivot_table_v2`: Superset's `pivot_df` — pivot rows × columns with the chart's aggregate
 *   function, order the metrics, "… as Fraction of …", row and column totals with subtotals per
 *   level ("Total (Sum)", "Subtotal"), transpose, combine metrics, metrics on rows — then the
 *   multi-level axes flattened as Superset writes them: each column's levels joined by a space,
 *   the row index as leading columns (one per level).
 *
 * Where Superset's Python fails (a null metric value breaks pandas' sums; First/Last and the
 * variance aggregators raise), this follows the chart: nulls are skipped, the aggregators do
 * what their names say. Totals aggregate the cells already aggregated, as Superset does.
 * Pure: the input frame is never changed.
 */
import { getNumberFormatter } from '../format/number-format';
import { numeric, type Cell, type Frame, type Row } from './frame';
import { PostProcessingError } from './post-processing-error';
import { mean, median, sampleVariance, sum } from './stats';

export interface ClientProcessingOptions {
  /** The dataset's verbose_map (column and metric names → titles); Superset renames by it first. */
  verboseName?: (column: string) => string;
  /** The frame's datetime columns (values as epoch ms), by their names before renaming. */
  temporalColumns?: Iterable<string>;
  /** The dataset's saved metric formats (metric_name → d3 format), Superset's `column_formats`. */
  metricFormats?: Record<string, string | null | undefined>;
  /** The dataset's metric currencies (metric_name → currency). */
  metricCurrencies?: Record<string, CurrencyFormat | null | undefined>;
}

/**
 * The `post_processed` answer of one query in JSON, as Superset's: `data` by column then row
 * label (pandas' to_dict), the numbers formatted as the chart shows them; `colnames` and
 * `indexnames` the column and row labels (a pivot's as lists of their levels), `coltypes`
 * inferred from the formatted values.
 */
export interface ClientProcessedJson {
  data: Record<string, Record<string, Cell>>;
  colnames: (string | Cell[])[];
  indexnames: (number | Cell[])[];
  coltypes: number[];
  rowcount: number;
}

type Label = Cell;
type Key = Label[];

/** One axis of a pivoted table: a name per level (null: unnamed, as the metric level) and a key per position. */
interface Axis {
  names: (string | null)[];
  keys: Key[];
}

interface Grid {
  index: Axis;
  columns: Axis;
  /** cells[row][column] */
  cells: Cell[][];
}

/** Whether an aggregator runs on a group's raw values or on cells already aggregated (totals). */
type Stage = 'group' | 'total';
type Aggregate = (cells: Cell[], stage: Stage) => Cell;

const numbers = (cells: Cell[]): number[] => cells.map(numeric).filter((v): v is number => v !== null);
const nonNull = (cells: Cell[]): Cell[] => cells.filter((c) => c !== null);

/** Distinct values in order of appearance (pd.Series.unique), compared by value. */
function unique(cells: Cell[]): Cell[] {
  const seen = new Set<string>();
  return cells.filter((cell) => {
    const id = JSON.stringify(cell);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * Superset's `pivot_v2_aggfunc_map`. A group's null values are pandas' NaN placeholder there,
 * so Count and Count Unique Values count them; in totals a missing cell is NaN, which pandas'
 * count and nunique skip.
 */
const sumOf: Aggregate = (cells) => sum(numbers(cells));
const countOf: Aggregate = (cells, stage) => (stage === 'group' ? cells.length : nonNull(cells).length);
const extreme = (pick: (a: number, b: number) => number): Aggregate => (cells) => {
  const values = numbers(cells);
  return values.length ? values.reduce((a, b) => pick(a, b)) : null;
};
/** Superset returns 0 for a single value, else pandas' sample variance (ddof=1). */
const variance: Aggregate = (cells) => (cells.length > 1 ? sampleVariance(numbers(cells)) : 0);

const AGGREGATES: Record<string, Aggregate> = {
  Count: countOf,
  'Count Unique Values': (cells, stage) => unique(stage === 'group' ? cells : nonNull(cells)).length,
  'List Unique Values': (cells) => unique(nonNull(cells)).map(labelText).join(', '),
  Sum: sumOf,
  Average: (cells) => mean(numbers(cells)),
  Median: (cells) => median(numbers(cells)),
  'Sample Variance': variance,
  'Sample Standard Deviation': (cells, stage) => {
    const value = variance(cells, stage);
    return typeof value === 'number' ? Math.sqrt(value) : null;
  },
  Minimum: extreme(Math.min),
  Maximum: extreme(Math.max),
  First: (cells) => (cells.length ? cells[0] : null),
  Last: (cells) => (cells.length ? cells[cells.length - 1] : null),
  'Sum as Fraction of Total': sumOf,
  'Sum as Fraction of Rows': sumOf,
  'Sum as Fraction of Columns': sumOf,
  'Count as Fraction of Total': countOf,
  'Count as Fraction of Rows': countOf,
  'Count as Fraction of Columns': countOf,
};

/** pandas' NaN placeholder in pivot_df: null group keys sort as this text. */
const NAN_PLACEHOLDER = 'SUPERSET_PANDAS_NAN';

/**
 * pandas' sort of group keys (safe_sort): numbers (booleans as 0/1) first, then text by code
 * point, a null key being the placeholder text.
 */
function compareLabels(a: Label, b: Label): number {
  const rank = (v: Label): [number, number | string] => {
    if (typeof v === 'number') return [0, v];
    if (typeof v === 'boolean') return [0, Number(v)];
    if (v === null) return [1, NAN_PLACEHOLDER];
    return [1, typeof v === 'string' ? v : JSON.stringify(v)];
  };
  const [ka, va] = rank(a);
  const [kb, vb] = rank(b);
  if (ka !== kb) return ka - kb;
  return va < vb ? -1 : va > vb ? 1 : 0;
}

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareLabels(a[i], b[i]);
    if (order) return order;
  }
  return a.length - b.length;
}

const sameLabel = (a: Label, b: Label) => a === b || JSON.stringify(a) === JSON.stringify(b);
const startsWith = (key: Key, prefix: Key) => prefix.every((label, i) => sameLabel(key[i], label));

/** Python's str() of a label, as Superset joins column levels. */
function labelText(label: Label): string {
  if (label === null) return 'nan';
  if (typeof label === 'boolean') return label ? 'True' : 'False';
  if (Array.isArray(label)) return JSON.stringify(label);
  return String(label);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;

/** A datetime as pandas writes it in the CSV Superset reads back: the date alone when `dateOnly`. */
function datetimeText(ms: number, dateOnly: boolean): string {
  const d = new Date(ms);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (dateOnly) return date;
  const millis = d.getUTCMilliseconds();
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${millis ? `.${pad(millis, 3)}000` : ''}`;
}

// ---- form data, read leniently: saved charts hold whatever their Superset version wrote ----

const truthy = (value: unknown) => Boolean(value);

/** Superset's get_column_name: a plain name through the verbose map, an adhoc column's label or SQL. */
function columnName(column: unknown, verbose: (name: string) => string): string {
  if (typeof column === 'string') return verbose(column);
  const c = column as { label?: unknown; sqlExpression?: unknown } | null;
  if (c && typeof c === 'object') {
    if (typeof c.label === 'string' && c.label) return c.label;
    if (typeof c.sqlExpression === 'string' && c.sqlExpression) return c.sqlExpression;
  }
  throw new PostProcessingError(`Invalid column in the pivot table's form data: ${JSON.stringify(column)}`);
}

/** Superset's get_metric_name: a saved metric through the verbose map, an adhoc metric's label, SQL or AGG(column). */
function metricName(metric: unknown, verbose: (name: string) => string): string {
  if (typeof metric === 'string') return verbose(metric);
  const m = metric as { label?: unknown; expressionType?: unknown; sqlExpression?: unknown; aggregate?: unknown; column?: { column_name?: unknown } | null } | null;
  if (m && typeof m === 'object') {
    if (typeof m.label === 'string' && m.label) return m.label;
    if (m.expressionType === 'SQL' && typeof m.sqlExpression === 'string' && m.sqlExpression) return m.sqlExpression;
    const column = m.column && typeof m.column.column_name === 'string' ? m.column.column_name : null;
    if (m.expressionType === 'SIMPLE' && column) return typeof m.aggregate === 'string' && m.aggregate ? `${m.aggregate}(${column})` : column;
  }
  throw new PostProcessingError(`Invalid metric object: ${JSON.stringify(metric)}`);
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

// ---- the pivot ----

/** pandas' pivot_table(index=rows, columns=columns, values=metrics), its columns ordered by metric then column key. */
function pivotTable(frame: Frame, rows: string[], columns: string[], metrics: string[], aggregate: Aggregate): Grid {
  const groups = new Map<string, { r: Key; c: Key; values: Cell[][] }>();
  for (const row of frame.rows) {
    const r = rows.map((name) => row[name] ?? null);
    const c = columns.map((name) => row[name] ?? null);
    const id = JSON.stringify([r, c]);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { r, c, values: metrics.map(() => []) }));
    metrics.forEach((m, i) => group.values[i].push(row[m] ?? null));
  }
  const aggregated = [...groups.values()]
    .map((g) => ({ r: g.r, c: g.c, values: g.values.map((cells) => aggregate(cells, 'group')) }))
    // pivot_table drops the groups where every metric is NaN.
    .filter((g) => g.values.some((v) => v !== null));

  const distinct = (keys: Key[]) => [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()].sort(compareKeys);
  const rowKeys = distinct(aggregated.map((g) => g.r));
  const colKeys = distinct(aggregated.map((g) => g.c));
  const rowAt = new Map(rowKeys.map((k, i) => [JSON.stringify(k), i]));
  const colAt = new Map(colKeys.map((k, i) => [JSON.stringify(k), i]));
  const byMetric = metrics.map(() => rowKeys.map((): Cell[] => colKeys.map(() => null)));
  for (const g of aggregated) {
    const r = rowAt.get(JSON.stringify(g.r)) as number;
    const c = colAt.get(JSON.stringify(g.c)) as number;
    g.values.forEach((value, m) => (byMetric[m][r][c] = value));
  }

  // The metrics in the chart's order (pivot_df's `df[metrics]`), each over the sorted column keys;
  // a column with no value at all is dropped, as pivot_table does.
  const keys: Key[] = [];
  const picks: [number, number][] = [];
  metrics.forEach((metric, m) =>
    colKeys.forEach((colKey, c) => {
      if (byMetric[m].some((cells) => cells[c] !== null)) {
        keys.push([metric, ...colKey]);
        picks.push([m, c]);
      }
    }),
  );
  return {
    index: { names: [...rows], keys: rowKeys },
    columns: { names: [null, ...columns], keys },
    cells: rowKeys.map((_, r) => picks.map(([m, c]) => byMetric[m][r][c])),
  };
}

/** combineMetric: the metric level moves last and each column group lists its metrics together, in the chart's order. */
function combineMetrics(grid: Grid, metrics: string[]): Grid {
  const moved = grid.columns.keys.map((key, i) => ({ key: [...key.slice(1), key[0]], i }));
  const sortKey = (key: Key): Key => [...key.slice(0, -1), metrics.indexOf(key[key.length - 1] as string)];
  moved.sort((a, b) => compareKeys(sortKey(a.key), sortKey(b.key)));
  return {
    index: grid.index,
    columns: { names: [...grid.columns.names.slice(1), grid.columns.names[0]], keys: moved.map((m) => m.key) },
    cells: grid.cells.map((row) => moved.map((m) => row[m.i])),
  };
}

type Fraction = 'Total' | 'Rows' | 'Columns';

/** "… as Fraction of …": each cell over the grand total, its row's or its column's (on the pivoted axes). */
function fractionOf(grid: Grid, of: Fraction, perRow: boolean): Grid {
  const cells = grid.cells.map((row) => row.map(numeric));
  const divide = (value: number | null, total: number) => (value === null || total === 0 ? null : value / total);
  if (of === 'Total') {
    const total = sum(cells.flat().filter((v): v is number => v !== null));
    return { ...grid, cells: cells.map((row) => row.map((v) => divide(v, total))) };
  }
  if (perRow) {
    return { ...grid, cells: cells.map((row) => row.map((v) => divide(v, sum(row.filter((x): x is number => x !== null))))) };
  }
  const columnTotals = grid.columns.keys.map((_, c) => sum(cells.map((row) => row[c]).filter((x): x is number => x !== null)));
  return { ...grid, cells: cells.map((row) => row.map((v, c) => divide(v, columnTotals[c]))) };
}

/**
 * pivot_df's totals on one axis, its `lines` being the cells along the other axis: for each
 * level, from the whole axis down, the lines sharing a key prefix aggregated and inserted after
 * them, keyed `Total (<aggregate>)` for the whole axis and `Subtotal` below, padded with ''.
 */
function withTotals(axis: Axis, lines: Cell[][], width: number, aggregate: Aggregate, totalName: string, read: (cell: Cell) => Cell): { axis: Axis; lines: Cell[][] } {
  const depth = axis.names.length;
  const keys = [...axis.keys];
  const out = [...lines];
  for (let level = 0; level < depth; level++) {
    const prefixes = new Map(axis.keys.map((k) => [JSON.stringify(k.slice(0, level)), k.slice(0, level)]));
    for (const prefix of prefixes.values()) {
      const positions = keys.flatMap((k, i) => (startsWith(k, prefix) ? [i] : []));
      const totals = Array.from({ length: width }, (_, j) => aggregate(positions.map((p) => read(out[p][j])), 'total'));
      const at = positions[positions.length - 1] + 1;
      keys.splice(at, 0, [...prefix, level === 0 ? totalName : 'Subtotal', ...Array<Label>(depth - prefix.length - 1).fill('')]);
      out.splice(at, 0, totals);
    }
  }
  return { axis: { names: axis.names, keys }, lines: out };
}

const transpose = (grid: Grid): Grid => ({
  index: grid.columns,
  columns: grid.index,
  cells: grid.columns.keys.map((_, c) => grid.cells.map((row) => row[c])),
});

/** Total columns (`rowTotals`): each row's cells of a column group aggregated. */
function addRowTotals(grid: Grid, aggregate: Aggregate, totalName: string): Grid {
  const t = transpose(grid);
  const { axis, lines } = withTotals(t.index, t.cells, grid.index.keys.length, aggregate, totalName, (cell) => cell);
  return transpose({ index: axis, columns: t.columns, cells: lines });
}

/** A cell as pandas' to_numeric(errors="coerce") reads it: column totals only aggregate numbers. */
const coerced = (cell: Cell): number | null => (typeof cell === 'string' && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(cell) ? Number(cell) : numeric(cell));

/** Total rows (`colTotals`): each column's cells of a row group aggregated, the total columns included. */
function addColumnTotals(grid: Grid, aggregate: Aggregate, totalName: string): Grid {
  const { axis, lines } = withTotals(grid.index, grid.cells, grid.columns.keys.length, aggregate, totalName, coerced);
  return { index: axis, columns: grid.columns, cells: lines };
}

/** Superset's pivot_df on the renamed frame. */
function pivotDf(frame: Frame, formData: Record<string, unknown>, verbose: (name: string) => string): Grid | null {
  const metrics = listOf(formData.metrics).map((m) => metricName(m, verbose));
  if (metrics.length === 0) return null;
  const aggregateName = typeof formData.aggregateFunction === 'string' ? formData.aggregateFunction : 'Sum';
  const aggregate = Object.hasOwn(AGGREGATES, aggregateName) ? AGGREGATES[aggregateName] : undefined;
  if (!aggregate) throw new PostProcessingError(`Unsupported pivot table aggregate function: ${aggregateName}`);
  let rows = listOf(formData.groupbyRows).map((c) => columnName(c, verbose));
  let columns = listOf(formData.groupbyColumns).map((c) => columnName(c, verbose));
  const missing = [...rows, ...columns, ...metrics].filter((name) => !frame.columns.includes(name));
  if (missing.length) throw new PostProcessingError(`Referenced columns not available in DataFrame: ${missing.join(', ')}`);

  const metricsOnRows = formData.metricsLayout === 'ROWS';
  if (truthy(formData.transposePivot)) [rows, columns] = [columns, rows];
  // Metrics on rows: pivot with the axes swapped, metrics on columns, and transpose at the end.
  if (metricsOnRows) [rows, columns] = [columns, rows];
  const totalName = `Total (${aggregateName})`;

  let grid: Grid;
  if (rows.length || columns.length) {
    grid = pivotTable(frame, rows, columns, metrics, aggregate);
    // Without rows the metrics stay on columns, in one row named after the total.
    if (!rows.length) grid = { ...grid, index: { names: [null], keys: grid.index.keys.map(() => [totalName]) } };
    if (truthy(formData.combineMetric) && grid.columns.names.length > 1) grid = combineMetrics(grid, metrics);
  } else {
    // Nothing to pivot: the query's one row of metrics, named after the total.
    grid = {
      index: { names: [null], keys: frame.rows.map((_, i) => [i === frame.rows.length - 1 ? totalName : String(i)]) },
      columns: { names: [null], keys: frame.columns.map((c) => [c]) },
      cells: frame.rows.map((row) => frame.columns.map((c) => row[c] ?? null)),
    };
  }

  const fraction = /^(?:Sum|Count) as Fraction of (Total|Rows|Columns)$/.exec(aggregateName)?.[1] as Fraction | undefined;
  if (fraction) {
    // "Rows" and "Columns" are the chart's: with metrics on rows the pivoted axes are swapped.
    const perRow = (fraction === 'Rows') !== metricsOnRows;
    grid = fractionOf(grid, fraction, perRow);
  }
  if (truthy(formData.rowTotals)) grid = addRowTotals(grid, aggregate, totalName);
  if (rows.length && truthy(formData.colTotals)) grid = addColumnTotals(grid, aggregate, totalName);
  return metricsOnRows ? transpose(grid) : grid;
}

// ---- number formats: Superset's server-side port of d3-format (superset/utils/number_format.py) ----

/** A currency as form data and saved metrics hold it: an ISO 4217 code (or AUTO) and where it goes. */
export interface CurrencyFormat {
  symbol?: string | null;
  symbolPosition?: string | null;
}

export const SMART_NUMBER = 'SMART_NUMBER';
const SMART_NUMBER_SIGNED = 'SMART_NUMBER_SIGNED';
const AUTO_CURRENCY = 'AUTO';
/** The Table chart's default format of percent metrics. */
const PERCENT_3_POINT = ',.3%';

/** [[fill]align][sign][symbol][0][width][,][.precision][~][type]: what Superset's server formats (others print raw). */
const D3_SPECIFIER = /^(?:(.)?([<>=^]))?([+\-( ])?([$#])?(0)?(\d+)?(,)?(?:\.(\d+))?(~)?([a-z%])?$/i;

/** Python's str() of a number, as Superset falls back to. */
const rawText = (value: number) => String(value);

function currencySymbol(code: string): string {
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * Superset's format_number_with_config: a number as the chart shows it, under a d3 format
 * (or SMART_NUMBER) and a currency; null and NaN as '', text and booleans unchanged.
 */
export function formatNumber(format: string | null | undefined, currency: CurrencyFormat | null | undefined, value: Cell): Cell {
  if (value === null) return '';
  if (typeof value !== 'number') return value;
  if (!Number.isFinite(value)) return '';
  try {
    if (currency?.symbol) {
      const formatted = numberFormatted((format || SMART_NUMBER).replace(/\$/g, ''), value);
      if (currency.symbol === AUTO_CURRENCY) return formatted;
      const symbol = currencySymbol(currency.symbol);
      const body = formatted.replace(/%/g, '');
      return currency.symbolPosition === 'prefix' ? `${symbol} ${body}` : `${body} ${symbol}`;
    }
    return format ? numberFormatted(format, value) : rawText(value);
  } catch {
    // A format only the browser knows (DURATION, MEMORY_…): the raw value, as Superset.
    return rawText(value);
  }
}

/** The number under SMART_NUMBER or a d3 specifier, by the formatters the charts use (app/lib/format). */
function numberFormatted(format: string, value: number): string {
  if (format !== SMART_NUMBER && format !== SMART_NUMBER_SIGNED && !D3_SPECIFIER.test(format)) throw new Error(`Not a d3 format: ${format}`);
  const formatter = getNumberFormatter(format);
  if (formatter.isInvalid) throw new Error(`Not a d3 format: ${format}`);
  return formatter(value);
}

// ---- back to a frame ----

/** pandas' read_csv names for repeated headers ("x", "x.1", …), so every column keeps its values. */
function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 1; taken.has(candidate); n++) candidate = `${name}.${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/**
 * The pivoted table as records: the row index first, one column per level named after its
 * dimension ('' for the unnamed metric level), then the value columns named by their levels
 * joined with a space (Python's str of each, datetimes as the CSV writes them), stripped.
 */
function toFrame(grid: Grid, dimensionText: (dimension: string | null, label: Label) => string): Frame {
  // pivot_df turns a one-level row index into a list of its labels' text, which loses its name.
  const indexNames = grid.index.names.length === 1 ? [''] : grid.index.names.map((n) => n ?? '');
  const valueNames = grid.columns.keys.map((key) => key.map((label, level) => dimensionText(grid.columns.names[level], label)).join(' ').trim());
  const names = uniqueNames([...indexNames, ...valueNames]);
  const rows = grid.index.keys.map((key, r) => {
    const row: Row = {};
    key.forEach((label, level) => (row[names[level]] = label));
    grid.cells[r].forEach((cell, c) => (row[names[indexNames.length + c]] = cell));
    return row;
  });
  return { columns: names, rows };
}

function renamed(frame: Frame, verbose: (name: string) => string): Frame {
  const names = uniqueNames(frame.columns.map(verbose));
  return {
    columns: names,
    rows: frame.rows.map((row) => Object.fromEntries(frame.columns.map((c, i) => [names[i], row[c] ?? null]))),
  };
}

/** A chart's client processing: the renamed frame, and for a pivot table its pivoted grid. */
interface Processed {
  df: Frame;
  grid: Grid | null;
  /** A pivot label as text: datetimes as pandas writes them (`dateOnly`: the date alone, as the CSV). */
  dimensionText(dimension: string | null, label: Label, dateOnly: boolean): string;
  temporal: Set<string>;
}

function process(frame: Frame, formData: Record<string, unknown>, options: ClientProcessingOptions): Processed | null {
  const vizType = formData.viz_type;
  if ((vizType !== 'table' && vizType !== 'pivot_table_v2') || frame.rows.length === 0) return null;
  const verbose = options.verboseName ?? ((name: string) => name);
  const df = renamed(frame, verbose);
  const temporal = new Set([...(options.temporalColumns ?? [])].map(verbose));
  const dates = new Map<string, boolean>();
  const dimensionText = (dimension: string | null, label: Label, dateOnly: boolean): string => {
    if (dimension === null || !temporal.has(dimension) || typeof label !== 'number') return labelText(label);
    if (!dateOnly) return datetimeText(label, false);
    if (!dates.has(dimension)) dates.set(dimension, df.rows.every((row) => typeof row[dimension] !== 'number' || (row[dimension] as number) % DAY_MS === 0));
    return datetimeText(label, dates.get(dimension) as boolean);
  };
  const grid = vizType === 'pivot_table_v2' ? pivotDf(df, formData, verbose) : null;
  return { df, grid, dimensionText, temporal };
}

/**
 * The `post_processed` shape of one query's rows for the chart `formData` describes, as a table
 * for the CSV and XLSX files (Superset formats no numbers there): a pivot's row levels first, as
 * columns. A chart type Superset does not process, or a frame without rows, comes back as it is.
 */
export function applyClientProcessing(frame: Frame, formData: Record<string, unknown>, options: ClientProcessingOptions = {}): Frame {
  const processed = process(frame, formData, options);
  if (!processed) return frame;
  const { df, grid, dimensionText } = processed;
  return grid ? toFrame(grid, (dimension, label) => dimensionText(dimension, label, true)) : df;
}

// ---- the JSON answer ----

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const formatText = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const currencyOf = (value: unknown): CurrencyFormat => (isRecord(value) ? (value as CurrencyFormat) : {});

/** Saved formats under the names the frame has (verbose), the chart's own over them (truthy ones). */
function mergedFormats<T>(saved: Record<string, T | null | undefined> | undefined, chart: unknown, keep: (value: unknown) => T | null, verbose: (name: string) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const [name, value] of Object.entries(saved ?? {})) {
    const kept = keep(value);
    if (kept !== null) out.set(verbose(name), kept);
  }
  if (isRecord(chart)) {
    for (const [name, value] of Object.entries(chart)) {
      const kept = keep(value);
      if (kept !== null) out.set(verbose(name), kept);
    }
  }
  return out;
}

const keepCurrency = (value: unknown): CurrencyFormat | null => (isRecord(value) && formatText(value.symbol) ? (value as CurrencyFormat) : null);

/**
 * Superset's apply_pivot_number_formats: every cell of a value column under its metric's format
 * (the chart's columnFormats over the dataset's), else the chart's valueFormat; its metric's
 * currency, else the chart's; SMART_NUMBER when there is neither. The metric is the column's
 * first level, its last with combineMetric, the row's with metrics on rows.
 */
function formatPivot(grid: Grid, formData: Record<string, unknown>, options: ClientProcessingOptions, verbose: (name: string) => string): Cell[][] {
  const valueFormat = formatText(formData.valueFormat);
  const columnFormats = mergedFormats(options.metricFormats, formData.columnFormats, formatText, verbose);
  const currencyFormat = currencyOf(formData.currencyFormat ?? formData.currency_format);
  const currencyFormats = mergedFormats(options.metricCurrencies, formData.currencyFormats, keepCurrency, verbose);
  const metricsOnRows = formData.metricsLayout === 'ROWS';
  const metricOf = (key: Key): string => labelText(truthy(formData.combineMetric) ? key[key.length - 1] : key[0]);
  const cellFormat = (r: number, c: number): [string, CurrencyFormat] => {
    const metric = metricOf(metricsOnRows ? grid.index.keys[r] : grid.columns.keys[c]);
    const format = columnFormats.get(metric) ?? valueFormat;
    const currency = currencyFormats.get(metric) ?? currencyFormat;
    return [format ?? (currency.symbol ? '' : SMART_NUMBER), currency];
  };
  return grid.cells.map((row, r) =>
    row.map((cell, c) => {
      const [format, currency] = cellFormat(r, c);
      return formatNumber(format, currency, cell);
    }),
  );
}

/** Metric names of a form data list, as the frame has them. */
function metricNames(value: unknown, verbose: (name: string) => string): string[] {
  return listOf(value).flatMap((m) => {
    try {
      return [metricName(m, verbose)];
    } catch {
      return [];
    }
  });
}

/**
 * Superset's `table` post-processor: percent metrics (`%name`) as ',.3%' unless configured;
 * numeric metrics under their column_config d3NumberFormat, the dataset's format or SMART_NUMBER;
 * other numeric columns only when a format or currency is configured; the rest as they are.
 */
function formatTable(df: Frame, formData: Record<string, unknown>, options: ClientProcessingOptions, verbose: (name: string) => string, temporal: Set<string>): Frame {
  const labelOf = (name: string) => (df.columns.includes(name) ? name : verbose(name));
  const savedFormats = mergedFormats(options.metricFormats, undefined, formatText, labelOf);
  const savedCurrencies = mergedFormats(options.metricCurrencies, undefined, keepCurrency, labelOf);
  const config = new Map(Object.entries(isRecord(formData.column_config) ? formData.column_config : {}).map(([name, c]) => [labelOf(name), isRecord(c) ? c : {}]));
  const metrics = new Set(metricNames(formData.metrics, (name) => name).map(labelOf));
  const percents = new Set(metricNames(formData.percent_metrics, (name) => name).map((name) => `%${name}`));
  const rows = df.rows.map((row) => ({ ...row }));
  for (const column of df.columns) {
    const settings = config.get(column) ?? {};
    const configured = currencyOf(settings.currencyFormat);
    const format = formatText(settings.d3NumberFormat) ?? savedFormats.get(column) ?? null;
    const currency = configured.symbol ? configured : (savedCurrencies.get(column) ?? {});
    const values = rows.map((row) => row[column] ?? null);
    // pandas' numeric dtype: numbers (and NaN) only, at least one; datetimes are not numbers there.
    const isNumber = !temporal.has(column) && values.some((v) => v !== null) && values.every((v) => v === null || typeof v === 'number');
    let chosen: [string, CurrencyFormat] | null = null;
    if (percents.has(column)) chosen = [format ?? PERCENT_3_POINT, {}];
    else if (isNumber && (metrics.has(column) || format || currency.symbol)) chosen = [format ?? (currency.symbol ? '' : SMART_NUMBER), currency];
    if (!chosen) continue;
    const [f, c] = chosen;
    for (const row of rows) row[column] = formatNumber(f, c, row[column] ?? null);
  }
  return { columns: df.columns, rows };
}

/** Superset's extract_dataframe_dtypes: a dataset's datetime column by name, else inferred from the values. */
function coltypeOf(values: Cell[], temporal: boolean): number {
  if (temporal) return 2;
  const present = values.filter((v) => v !== null);
  if (present.length && present.every((v) => typeof v === 'number')) return 0;
  if (present.length && present.every((v) => typeof v === 'boolean')) return 3;
  return 1;
}


/**
 * The `post_processed` JSON answer (Superset's apply_client_processing for json): null for a chart
 * type Superset does not process, or a frame without rows (the payload stays as it is).
 */
export function applyClientProcessingJson(frame: Frame, formData: Record<string, unknown>, options: ClientProcessingOptions = {}): ClientProcessedJson | null {
  const processed = process(frame, formData, options);
  if (!processed) return null;
  const { df, grid, dimensionText, temporal } = processed;
  const verbose = options.verboseName ?? ((name: string) => name);
  if (!grid) {
    const table = formatTable(df, formData, options, verbose, temporal);
    const data: ClientProcessedJson['data'] = {};
    for (const column of table.columns) data[column] = Object.fromEntries(table.rows.map((row, i) => [String(i), row[column] ?? null]));
    return {
      data,
      colnames: table.columns,
      indexnames: table.rows.map((_, i) => i),
      coltypes: table.columns.map((column) => coltypeOf(table.rows.map((row) => row[column] ?? null), temporal.has(column))),
      rowcount: table.rows.length,
    };
  }
  const cells = formatPivot(grid, formData, options, verbose);
  const text = (axis: Axis, label: Label, level: number) => dimensionText(axis.names[level], label, false);
  // The labels as pandas keeps them: a lone level as its text (pivot_df's str()), several levels as they are.
  const axisNames = (axis: Axis): Cell[][] => axis.keys.map((key) => (axis.names.length === 1 ? [text(axis, key[0], 0)] : key));
  // Flattened as Superset does for JSON keys: each label's levels as text, joined by a space.
  const flat = (axis: Axis) => axis.keys.map((key) => key.map((label, level) => text(axis, label, level)).join(' ').trim());
  const rowKeys = flat(grid.index);
  const columnKeys = flat(grid.columns);
  const data: ClientProcessedJson['data'] = {};
  columnKeys.forEach((column, c) => {
    data[column] = Object.fromEntries(rowKeys.map((row, r) => [row, cells[r][c]]));
  });
  return {
    data,
    colnames: axisNames(grid.columns),
    indexnames: axisNames(grid.index),
    coltypes: columnKeys.map((_, c) => coltypeOf(cells.map((row) => row[c]), false)),
    rowcount: rowKeys.length,
  };
}
