import { describe, expect, it } from 'vitest';
import type { QueriedChart, RenderedChart } from '../charts/render-chart.server';
import { drawingsKey, keepDrawings, reuseDrawings } from './drawn-pages.server';

const box = { width: 384, height: 360 };
const queried = (query: { is_cached?: boolean; cache_key?: string | null; cached_dttm?: string | null }, formData = { viz_type: 'pie' }): QueriedChart =>
  ({ final: null, rowCount: 1, chart: { formData, queriesData: [query] } }) as unknown as QueriedChart;
const cachedAt = (when: string) => queried({ is_cached: true, cache_key: 'k1', cached_dttm: when });
const page = (charts: QueriedChart[], changedOn = new Date('2026-01-01T00:00:00Z')) =>
  ({ dashboardId: 1, changedOn, metadata: '{}', charts: charts.map((q, i) => ({ id: i + 1, box, queried: q })) });

describe('drawingsKey', () => {
  it('is the same for the same inputs, and changes with the dashboard, the form data or the cached data', () => {
    const key = drawingsKey(page([cachedAt('2026-01-02T00:00:00')]));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(drawingsKey(page([cachedAt('2026-01-02T00:00:00')]))).toBe(key);
    expect(drawingsKey(page([cachedAt('2026-01-03T00:00:00')]))).not.toBe(key);
    expect(drawingsKey(page([cachedAt('2026-01-02T00:00:00')], new Date('2026-02-01T00:00:00Z')))).not.toBe(key);
    expect(drawingsKey(page([queried({ is_cached: true, cache_key: 'k1', cached_dttm: '2026-01-02T00:00:00' }, { viz_type: 'bar' })]))).not.toBe(key);
  });

  it('is null when a query was answered by the database, not the cache', () => {
    expect(drawingsKey(page([cachedAt('2026-01-02T00:00:00'), queried({ is_cached: false, cache_key: 'k2', cached_dttm: null })]))).toBeNull();
  });
});

describe('reuseDrawings', () => {
  it('gives back what was kept under the key, until it is too old', () => {
    const drawn = { 1: { vizType: 'pie' } as unknown as RenderedChart };
    keepDrawings('key-a', drawn, 1_000);
    expect(reuseDrawings('key-a', 2_000)).toBe(drawn);
    expect(reuseDrawings('key-b', 2_000)).toBeNull();
    expect(reuseDrawings(null, 2_000)).toBeNull();
    expect(reuseDrawings('key-a', 1_000 + 11 * 60 * 1000)).toBeNull();
  });
});
