/**
 * Auto-refresh of a dashboard in view mode, the pure half: the intervals offered, the dashboard's
 * own settings read from the loader's answer (json_metadata's refresh_frequency,
 * timed_refresh_immune_slices, stagger_refresh, stagger_time; any of them may be missing or
 * malformed, so each is checked), and the staggered plan of dashboards.md §4: the charts of one
 * refresh are spread over max(refresh period, stagger_time), one every that / (charts − 1).
 */

/** stagger_time when the dashboard sets none (§4). */
export const DEFAULT_STAGGER_TIME_MS = 5000;

/** The intervals the 'Set auto-refresh interval' dialog offers, in seconds (0: never). */
export const REFRESH_INTERVALS: readonly (readonly [seconds: number, label: string])[] = [
  [0, "Don't refresh"],
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
];

export type AutoRefreshSettings = {
  /** Seconds between refreshes; 0 is no auto-refresh. */
  frequency: number;
  /** Charts an auto-refresh leaves alone (timed_refresh_immune_slices). */
  immuneChartIds: readonly number[];
  stagger: boolean;
  staggerTimeMs: number;
};

/** A duration in words for an interval the list does not have (a dashboard's own 120 s: '2 minutes'). */
export function intervalLabel(seconds: number): string {
  const known = REFRESH_INTERVALS.find(([s]) => s === seconds);
  if (known) return known[1];
  const units = [[86400, 'day'], [3600, 'hour'], [60, 'minute'], [1, 'second']] as const;
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}

/** The offered intervals, with the current one added in its place when it is not among them. */
export function intervalOptions(current: number): [number, string][] {
  const options = REFRESH_INTERVALS.map(([s, label]) => [s, label] as [number, string]);
  if (current > 0 && !options.some(([s]) => s === current)) {
    options.push([current, intervalLabel(current)]);
    options.sort((a, b) => a[0] - b[0]);
  }
  return options;
}

const wholeSeconds = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : 0;

/**
 * The settings from the loader's `autoRefresh` (see the report's loader diff); anything missing or
 * malformed falls back to no refresh, no immune charts, staggering on, 5000 ms.
 */
export function readAutoRefresh(raw: unknown): AutoRefreshSettings {
  const source = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const immune = Array.isArray(source.immuneChartIds) ? source.immuneChartIds.filter((id): id is number => Number.isInteger(id)) : [];
  const staggerTime = source.staggerTime;
  return {
    frequency: wholeSeconds(source.frequency),
    immuneChartIds: immune,
    stagger: source.stagger !== false,
    staggerTimeMs: typeof staggerTime === 'number' && Number.isFinite(staggerTime) && staggerTime >= 0 ? staggerTime : DEFAULT_STAGGER_TIME_MS,
  };
}

export type RefreshStep = { chartId: number; delayMs: number };

/**
 * When each chart of one refresh is asked for, from the refresh's start: immune charts are left
 * out; without staggering every chart at once; with it, chart i at i × max(period, stagger_time)
 * / (charts − 1), so the first goes at once and the last at the end of that span.
 */
export function staggeredRefresh(
  chartIds: readonly number[],
  options: { periodMs: number; stagger: boolean; staggerTimeMs?: number; immuneChartIds?: readonly number[] },
): RefreshStep[] {
  const immune = new Set(options.immuneChartIds ?? []);
  const charts = [...new Set(chartIds)].filter((id) => !immune.has(id));
  if (!options.stagger || charts.length <= 1) return charts.map((chartId) => ({ chartId, delayMs: 0 }));
  // stagger_time of 0 (or none) is the default, as Superset reads a falsy one.
  const span = Math.max(options.periodMs, options.staggerTimeMs || DEFAULT_STAGGER_TIME_MS);
  const step = span / (charts.length - 1);
  return charts.map((chartId, index) => ({ chartId, delayMs: Math.round(step * index) }));
}
