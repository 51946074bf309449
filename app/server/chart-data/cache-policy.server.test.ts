import { describe, expect, it } from 'vitest';
import { cacheTimeoutFor, CHART_DATA_KEY, chartDataCacheKey, stableJson } from './cache-policy.server';

const source = (dataset: number | null, database: number | null) => ({ cache_timeout: dataset, database: { cache_timeout: database } }) as never;

describe('chart data cache keys', () => {
  it('hash the basis whatever the order of its keys, per dataset and result type', () => {
    const a = chartDataCacheKey({ sql: 'SELECT 1', query: { b: 1, a: [1, { d: 2, c: 3 }] } }, 3, 'full');
    const b = chartDataCacheKey({ query: { a: [1, { c: 3, d: 2 }], b: 1 }, sql: 'SELECT 1' }, 3, 'full');
    expect(a).toBe(b);
    expect(a).toMatch(CHART_DATA_KEY);
    expect(chartDataCacheKey({ sql: 'SELECT 1' }, 4, 'full')).not.toBe(chartDataCacheKey({ sql: 'SELECT 1' }, 3, 'full'));
    expect(chartDataCacheKey({ sql: 'SELECT 1' }, 3, 'samples')).not.toBe(chartDataCacheKey({ sql: 'SELECT 1' }, 3, 'full'));
    expect(stableJson({ b: 2n, a: null })).toBe('{"a":null,"b":"2"}');
  });
});

describe('chart data cache timeouts', () => {
  it('take the first one set: custom, chart, dataset, database, then the default', () => {
    expect(cacheTimeoutFor({ custom: 5, chart: 6, source: source(7, 8) })).toBe(5);
    expect(cacheTimeoutFor({ custom: null, chart: 6, source: source(7, 8) })).toBe(6);
    expect(cacheTimeoutFor({ custom: undefined, chart: null, source: source(7, 8) })).toBe(7);
    expect(cacheTimeoutFor({ custom: null, chart: null, source: source(null, 8) })).toBe(8);
    expect(cacheTimeoutFor({ custom: null, chart: null, source: source(null, null) })).toBe(86_400);
    // 0 is "the default" (Superset's falsy check), a negative timeout disables the cache.
    expect(cacheTimeoutFor({ custom: null, chart: 0, source: source(7, 8) })).toBe(86_400);
    expect(cacheTimeoutFor({ custom: -1, chart: 6, source: source(7, 8) })).toBe(-1);
  });
});
