import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildQuery } from './build-query';

type Fixture = { chart: { viz_type: string; slice_name: string }; query_context: { form_data: FormData } };
const fixtures = Object.values(
  import.meta.glob<Fixture>('../../../tests/fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type === 'big_number');

// JSON round trip: compare as the wire sees it (no undefined fields; key order does not matter to toEqual).
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('big_number buildQuery, Superset example charts', () => {
  it('has Superset example charts to compare with', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  for (const fixture of fixtures) {
    it(`matches Superset's query context for "${fixture.chart.slice_name}"`, () => {
      expect(wire(buildQuery(fixture.query_context.form_data))).toEqual(wire(fixture.query_context));
    });
  }
});

describe('big_number buildQuery, hand-checked', () => {
  const base: FormData = { viz_type: 'big_number', datasource: '3__table', x_axis: 'ds', time_grain_sqla: 'P1D', metric: 'count', adhoc_filters: [] };

  it('adds the rolling window and resample steps between pivot and flatten', () => {
    const q = buildQuery({ ...base, rolling_type: 'sum', rolling_periods: 7, min_periods: 7, resample_rule: '1D', resample_method: 'zerofill' }).queries[0];
    expect(q.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'rolling', 'resample', 'flatten']);
    expect(q.post_processing?.[1]).toEqual({ operation: 'rolling', options: { rolling_type: 'sum', window: 7, min_periods: 7, columns: { count: 'count' } } });
    expect(q.post_processing?.[2]).toEqual({ operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } });
  });

  it('makes a cumulative sum without a window', () => {
    const q = buildQuery({ ...base, rolling_type: 'cumsum' }).queries[0];
    expect(q.post_processing?.[1]).toEqual({ operation: 'cum', options: { operator: 'sum', columns: { count: 'count' } } });
  });

  it("asks a second, ungrouped query for the 'Overall value'", () => {
    const ctx = buildQuery({ ...base, aggregation: 'raw' });
    expect(ctx.queries).toHaveLength(2);
    expect(ctx.queries[1]).toMatchObject({ columns: [], is_timeseries: false, post_processing: [], metrics: ['count'] });
    expect(buildQuery({ ...base, aggregation: 'sum' }).queries).toHaveLength(1);
  });
});
