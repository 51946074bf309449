/**
 * The aggregate operators Superset's `pivot` (and `aggregate`) accept, by their numpy names.
 * pandas runs numpy's sum/mean/min/max/median/std/var/prod on groups as its own NaN-skipping
 * reductions, so nulls are skipped; std and var are the sample ones (ddof=1) for the same
 * reason. `count` is numpy's masked count: every row of the group, nulls included.
 */
import { numeric, type Cell } from './frame';
import { mean, median, percentile, sampleVariance, sortedAscending, sum } from './stats';

export type Aggregator = (cells: Cell[], options: Record<string, unknown>) => Cell;

const numbers = (cells: Cell[]): number[] =>
  cells.map(numeric).filter((value): value is number => value !== null);

const meanOf: Aggregator = (cells) => mean(numbers(cells));

const extreme = (pick: (a: number, b: number) => number) => (cells: Cell[]): Cell => {
  const values = numbers(cells);
  return values.length ? values.reduce((a, b) => pick(a, b)) : null;
};

const quantile = (skipNulls: boolean): Aggregator => (cells, options) => {
  if (!skipNulls && cells.some((cell) => numeric(cell) === null)) return null;
  const q = typeof options.q === 'number' ? options.q : 50;
  return percentile(sortedAscending(numbers(cells)), Math.min(Math.max(q, 0), 100), 'linear');
};

const sumOf: Aggregator = (cells) => sum(numbers(cells));
const product: Aggregator = (cells) => numbers(cells).reduce((total, value) => total * value, 1);
const std: Aggregator = (cells) => {
  const value = sampleVariance(numbers(cells));
  return value === null ? null : Math.sqrt(value);
};

export const AGGREGATORS: Record<string, Aggregator> = {
  sum: sumOf,
  nansum: sumOf,
  mean: meanOf,
  nanmean: meanOf,
  // np.average is not one pandas replaces, so a null in the group makes it null.
  average: (cells) => (cells.some((cell) => numeric(cell) === null) ? null : meanOf(cells, {})),
  count: (cells) => cells.length,
  count_nonzero: (cells) => cells.filter((cell) => cell !== 0).length,
  min: extreme(Math.min),
  nanmin: extreme(Math.min),
  max: extreme(Math.max),
  nanmax: extreme(Math.max),
  median: (cells) => median(numbers(cells)),
  nanmedian: (cells) => median(numbers(cells)),
  std,
  var: (cells) => sampleVariance(numbers(cells)),
  prod: product,
  product,
  percentile: quantile(false),
  nanpercentile: quantile(true),
};

export const AGGREGATOR_NAMES = Object.keys(AGGREGATORS);
