import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGGER_TIME_MS, intervalLabel, intervalOptions, readAutoRefresh, REFRESH_INTERVALS, staggeredRefresh } from './auto-refresh';

describe('staggeredRefresh (dashboards.md §4)', () => {
  it('spreads the charts over max(period, stagger_time), one every span / (charts − 1)', () => {
    expect(staggeredRefresh([1, 2, 3, 4, 5], { periodMs: 10_000, stagger: true, staggerTimeMs: 5000 })).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 2, delayMs: 2500 },
      { chartId: 3, delayMs: 5000 },
      { chartId: 4, delayMs: 7500 },
      { chartId: 5, delayMs: 10_000 },
    ]);
    // stagger_time longer than the period sets the span.
    expect(staggeredRefresh([1, 2, 3], { periodMs: 10_000, stagger: true, staggerTimeMs: 60_000 }).map((s) => s.delayMs)).toEqual([0, 30_000, 60_000]);
  });

  it('takes 5000 ms when stagger_time is missing or 0', () => {
    expect(DEFAULT_STAGGER_TIME_MS).toBe(5000);
    expect(staggeredRefresh([1, 2, 3], { periodMs: 0, stagger: true }).map((s) => s.delayMs)).toEqual([0, 2500, 5000]);
    expect(staggeredRefresh([1, 2, 3], { periodMs: 1000, stagger: true, staggerTimeMs: 0 }).map((s) => s.delayMs)).toEqual([0, 2500, 5000]);
  });

  it('asks for every chart at once without staggering, and for a single chart at once', () => {
    expect(staggeredRefresh([1, 2, 3], { periodMs: 60_000, stagger: false }).map((s) => s.delayMs)).toEqual([0, 0, 0]);
    expect(staggeredRefresh([7], { periodMs: 60_000, stagger: true })).toEqual([{ chartId: 7, delayMs: 0 }]);
    expect(staggeredRefresh([], { periodMs: 60_000, stagger: true })).toEqual([]);
  });

  it('leaves the immune charts out, and counts only the others', () => {
    const plan = staggeredRefresh([1, 2, 3, 2], { periodMs: 10_000, stagger: true, immuneChartIds: [2] });
    expect(plan).toEqual([{ chartId: 1, delayMs: 0 }, { chartId: 3, delayMs: 10_000 }]);
  });
});

describe('readAutoRefresh', () => {
  it('reads the settings and falls back for anything missing or malformed', () => {
    expect(readAutoRefresh({ frequency: 30, immuneChartIds: [4, 'x', 5], stagger: false, staggerTime: 2000 })).toEqual({
      frequency: 30, immuneChartIds: [4, 5], stagger: false, staggerTimeMs: 2000,
    });
    expect(readAutoRefresh(undefined)).toEqual({ frequency: 0, immuneChartIds: [], stagger: true, staggerTimeMs: 5000 });
    expect(readAutoRefresh({ frequency: -5, immuneChartIds: 'all', stagger: 'no', staggerTime: 'soon' })).toEqual({
      frequency: 0, immuneChartIds: [], stagger: true, staggerTimeMs: 5000,
    });
    expect(readAutoRefresh({ frequency: '120' }).frequency).toBe(120);
  });
});

describe('the refresh intervals', () => {
  it("offers Superset's list, and the dashboard's own interval in its place when the list lacks it", () => {
    expect(REFRESH_INTERVALS.map(([, label]) => label)).toEqual([
      "Don't refresh", '10 seconds', '30 seconds', '1 minute', '5 minutes', '30 minutes', '1 hour', '6 hours', '12 hours', '24 hours',
    ]);
    expect(intervalOptions(60)).toHaveLength(10);
    const withOwn = intervalOptions(120);
    expect(withOwn).toHaveLength(11);
    expect(withOwn[4]).toEqual([120, '2 minutes']);
    expect(intervalLabel(90)).toBe('90 seconds');
    expect(intervalLabel(7200)).toBe('2 hours');
  });
});
