/**
 * The statistics the operations share (pivot's aggregators, rolling, resample, boxplot), written
 * once with numpy's and pandas' conventions: variance is the sample one (ddof=1), quantiles
 * interpolate between the two nearest ranks as numpy's percentile does.
 */
export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export const mean = (values: readonly number[]): number | null => (values.length ? sum(values) / values.length : null);

/** Sample variance (ddof=1); null below two values, as pandas. */
export function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const average = sum(values) / values.length;
  return sum(values.map((value) => (value - average) ** 2)) / (values.length - 1);
}

export type Interpolation = 'linear' | 'lower' | 'higher' | 'midpoint';

/** numpy's lerp, which computes from the nearer end for t ≥ 0.5. */
const lerp = (a: number, b: number, t: number) => (t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t);

/** The q-quantile (q in 0..1) of values sorted ascending; null for none. */
export function quantileOfSorted(sorted: readonly number[], q: number, interpolation: Interpolation = 'linear'): number | null {
  if (sorted.length === 0) return null;
  const position = q * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  const fraction = position - lower;
  const low = sorted[lower];
  const high = fraction === 0 ? low : sorted[upper];
  switch (interpolation) {
    case 'lower':
      return low;
    case 'higher':
      return high;
    case 'midpoint':
      return (low + high) / 2;
    default:
      return lerp(low, high, fraction);
  }
}

export const sortedAscending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

export const median = (values: readonly number[]): number | null => quantileOfSorted(sortedAscending(values), 0.5);

/** numpy's percentile (p in 0..100) of sorted values, 'linear' or 'midpoint'; null for none. */
export const percentile = (sorted: readonly number[], p: number, method: 'linear' | 'midpoint'): number | null =>
  quantileOfSorted(sorted, p / 100, method);
