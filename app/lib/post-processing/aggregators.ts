/**
 * The aggregate operators Superset's `pivot` (and `aggregate`) accept, by their numpy names.
 * pandas runs numpy's sum/mean/min/max/median/std/var/prod on groups as its own NaN-skipping
 * reductions, so nulls are skipped; std and var are the sample ones (ddof=1) for the same
 * reason. `count` is numpy's masked count: every row of the group, nulls included.
 */
import { numeric, type Cell } from './frame';

export type Aggregator = (cells: Cell[], options: Record<string, unknown>) => Cell;

const numbers = (cells: Cell[]): number[] =>
  cells.map(numeric).filter((value): value is number => value !== null);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const mean = (cells: Cell[]): Cell => {
  const values = numbers(cells);
  return values.length ? sum(values) / values.length : null;
};

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Sample variance (ddof=1), null below two values, as pandas. */
function variance(values: number[]): number | null {
  if (values.length < 2) return null;
  const average = sum(values) / values.length;
  return sum(values.map((value) => (value - average) ** 2)) / (values.length - 1);
}

/** numpy's default (linear) percentile, q in 0..100. */
function percentile(values: number[], q: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (Math.min(Math.max(q, 0), 100) / 100) * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

const extreme = (pick: (a: number, b: number) => number) => (cells: Cell[]): Cell => {
  const values = numbers(cells);
  return values.length ? values.reduce((a, b) => pick(a, b)) : null;
};

const quantile = (skipNulls: boolean): Aggregator => (cells, options) => {
  if (!skipNulls && cells.some((cell) => numeric(cell) === null)) return null;
  const q = typeof options.q === 'number' ? options.q : 50;
  return percentile(numbers(cells), q);
};

const sumOf: Aggregator = (cells) => sum(numbers(cells));
const product: Aggregator = (cells) => numbers(cells).reduce((total, value) => total * value, 1);
const std: Aggregator = (cells) => {
  const value = variance(numbers(cells));
  return value === null ? null : Math.sqrt(value);
};

export const AGGREGATORS: Record<string, Aggregator> = {
  sum: sumOf,
  nansum: sumOf,
  mean,
  nanmean: mean,
  // np.average is not one pandas replaces, so a null in the group makes it null.
  average: (cells) => (cells.some((cell) => numeric(cell) === null) ? null : mean(cells)),
  count: (cells) => cells.length,
  count_nonzero: (cells) => cells.filter((cell) => cell !== 0).length,
  min: extreme(Math.min),
  nanmin: extreme(Math.min),
  max: extreme(Math.max),
  nanmax: extreme(Math.max),
  median: (cells) => median(numbers(cells)),
  nanmedian: (cells) => median(numbers(cells)),
  std,
  var: (cells) => variance(numbers(cells)),
  prod: product,
  product,
  percentile: quantile(false),
  nanpercentile: quantile(true),
};

export const AGGREGATOR_NAMES = Object.keys(AGGREGATORS);
