/**
 * Continuous colour for a number, as Superset's sequential schemes build their linear scale:
 * the scheme's colours spread evenly over [min, max], interpolated in HCL, values outside the
 * extent clamped to the end colours. Colours come back as d3 prints them, 'rgb(r, g, b)'.
 */
import { interpolateHcl, piecewise, quantize } from 'd3-interpolate';
import { sequentialSchemes } from './color-scheme';

export type SequentialScale = ((value: number | null | undefined) => string | undefined) & {
  readonly schemeId: string;
  readonly domain: readonly number[];
  readonly colors: readonly string[];
};

/** d3's polylinear scale with clamping: domain points and colours pair up one to one. */
function polylinear(domainIn: readonly number[], colorsIn: readonly string[]) {
  // A descending domain is walked the other way round, as d3 does.
  const reversed = domainIn[domainIn.length - 1] < domainIn[0];
  const domain = reversed ? [...domainIn].reverse() : [...domainIn];
  const colors = reversed ? [...colorsIn].reverse() : [...colorsIn];
  const segments = colors.slice(1).map((c, i) => interpolateHcl(colors[i], c));
  const lo = domain[0];
  const hi = domain[domain.length - 1];
  return (value: number): string => {
    const x = Math.max(lo, Math.min(hi, value));
    // d3's bisectRight(domain, x, 1, n - 1) - 1: a binary search, so float noise in the evenly
    // spread domain of an extent like [5, 5] lands where d3 lands.
    let left = 1;
    let right = domain.length - 1;
    while (left < right) {
      const mid = (left + right) >>> 1;
      if (x < domain[mid]) right = mid;
      else left = mid + 1;
    }
    const i = left - 1;
    const span = domain[i + 1] - domain[i];
    // A zero-width segment takes its middle, as d3's normalize does.
    const t = span ? (x - domain[i]) / span : 0.5;
    return segments[i](t);
  };
}

/**
 * The colour of a value in a sequential scheme over `extent` ([min, max] of the data). Unknown
 * scheme ids use superset_seq_1. Missing values (null, NaN) have no colour.
 */
export function getSequentialScale(schemeId: string | null | undefined, extent: readonly [number, number]): SequentialScale {
  const scheme = sequentialSchemes.get(schemeId);
  const colors = scheme.colors;
  const [min, max] = extent;
  const domain =
    colors.length === 2 ? [min, max] : colors.map((_, i) => min * (1 - i / (colors.length - 1)) + max * (i / (colors.length - 1)));
  const scale = colors.length === 1 ? () => colors[0] : polylinear(domain, colors);
  const fn = (value: number | null | undefined) =>
    value === null || value === undefined || Number.isNaN(Number(value)) ? undefined : scale(Number(value));
  return Object.assign(fn, { schemeId: scheme.id, domain, colors });
}

/**
 * `count` colours sampled evenly from a sequential scheme (Superset's SequentialScheme.getColors),
 * optionally from a part of it: extent [0.2, 1] leaves out the lightest fifth.
 */
export function getSequentialColors(
  schemeId: string | null | undefined,
  count?: number,
  extent: readonly [number, number] = [0, 1],
): string[] {
  const colors = sequentialSchemes.get(schemeId).colors;
  const n = count ?? colors.length;
  if (n === colors.length && extent[0] === 0 && extent[1] === 1) return [...colors];
  const along = piecewise(interpolateHcl, [...colors]);
  const [a, b] = extent;
  return quantize((t) => along(Math.max(Math.min(a, b), Math.min(Math.max(a, b), a + (b - a) * t))), n);
}
