import { z } from 'zod';
import { type Cell, type Frame, type Row } from './frame';
import { compareTuples } from './levels';
import { MISSING_COLUMNS, PostProcessingError } from './post-processing-error';

/**
 * Superset's `histogram` operation: counts of `column` in `bins` equal-width bins (numpy's
 * `histogram_bin_edges`: from the minimum to the maximum, widened by ±0.5 when they are equal;
 * each bin holds [left, right), the last one [left, right]).
 * - Rows whose `column` is null are dropped first; no row left gives the frame back, emptied.
 *   Numeric text is read as a number, other values are refused (pandas `to_numeric`).
 * - Without `groupby` the answer is one row; with it, one row per group, groups sorted by their
 *   keys and rows with a null key left out (pandas `groupby`). Edges come from all rows together.
 * - Bin columns are named `<left> - <right>` with Python's float text (`0.0 - 2.5`).
 * - `cumulative` makes each row's counts running totals; `normalize` then divides every cell by
 *   the sum of all cells of the table (all groups together), as Superset does.
 */
export const MAX_HISTOGRAM_BINS = 1000;

export const histogramOptionsSchema = z.object({
  column: z.string(),
  groupby: z.array(z.string()).nullish(),
  bins: z.number().int().min(1).max(MAX_HISTOGRAM_BINS).optional(),
  cumulative: z.boolean().optional(),
  normalize: z.boolean().optional(),
});
export type HistogramOptions = z.infer<typeof histogramOptionsSchema>;

/** Python's repr of a float: shortest round-trip digits, `.0` on integers, exponent outside 1e-4..1e16. */
export function pythonFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${body}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || '0'}`;
}

function toNumber(cell: Cell, column: string): number {
  if (typeof cell === 'number' && !Number.isNaN(cell)) return cell;
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell === 'string' && cell.trim() !== '' && !Number.isNaN(Number(cell))) return Number(cell);
  throw new PostProcessingError(`Column '${column}' contains non-numeric values`);
}

/** numpy's linspace(min, max, bins + 1), widened for a single value. */
function binEdges(values: number[], bins: number): number[] {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 0.5;
    high += 0.5;
  }
  const step = (high - low) / bins;
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? high : i * step + low));
}

function counts(values: number[], edges: number[]): number[] {
  const bins = edges.length - 1;
  const result = new Array<number>(bins).fill(0);
  const first = edges[0];
  const last = edges[bins];
  const norm = bins / (last - first);
  for (const value of values) {
    if (value < first || value > last) continue;
    // numpy: the computed index, then corrected against the actual edges.
    let index = Math.min(Math.floor((value - first) * norm), bins - 1);
    if (value < edges[index]) index -= 1;
    else if (index !== bins - 1 && value >= edges[index + 1]) index += 1;
    result[index] += 1;
  }
  return result;
}

export function histogram(frame: Frame, rawOptions: HistogramOptions): Frame {
  const options = histogramOptionsSchema.parse(rawOptions);
  const groupby = options.groupby ?? [];
  const { column } = options;
  if (![column, ...groupby].every((name) => frame.columns.includes(name))) {
    throw new PostProcessingError(MISSING_COLUMNS);
  }
  const kept = frame.rows.filter((row) => row[column] !== null && row[column] !== undefined);
  if (kept.length === 0) return { columns: [...frame.columns], rows: [] };
  const values = kept.map((row) => toNumber(row[column], column));
  const edges = binEdges(values, options.bins ?? 5);
  const names = edges.slice(0, -1).map((edge, i) => `${pythonFloat(edge)} - ${pythonFloat(edges[i + 1])}`);

  const tally = (members: number[]) => {
    const result = counts(members, edges);
    if (options.cumulative) for (let i = 1; i < result.length; i += 1) result[i] += result[i - 1];
    return result;
  };

  let table: { keys: Cell[]; counts: number[] }[];
  if (groupby.length === 0) {
    table = [{ keys: [], counts: tally(values) }];
  } else {
    const groups = new Map<string, { keys: Cell[]; values: number[] }>();
    kept.forEach((row, i) => {
      const keys = groupby.map((name) => row[name] ?? null);
      if (keys.some((key) => key === null)) return;
      const id = JSON.stringify(keys);
      const group = groups.get(id) ?? { keys, values: [] };
      group.values.push(values[i]);
      groups.set(id, group);
    });
    table = [...groups.values()]
      .sort((a, b) => compareTuples(a.keys, b.keys))
      .map((group) => ({ keys: group.keys, counts: tally(group.values) }));
  }

  const total = table.reduce((sum, entry) => sum + entry.counts.reduce((a, b) => a + b, 0), 0);
  const rows = table.map(({ keys, counts: cells }) => {
    const row: Row = {};
    groupby.forEach((name, i) => {
      row[name] = keys[i];
    });
    names.forEach((name, i) => {
      row[name] = options.normalize ? cells[i] / total : cells[i];
    });
    return row;
  });
  return { columns: [...groupby, ...names], rows };
}
