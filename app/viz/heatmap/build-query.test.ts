import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildQuery } from './build-query';

type Fixture = { chart: { viz_type: string; slice_name: string }; query_context: { form_data: FormData } };
const fixtures = Object.values(
  import.meta.glob<Fixture>('../../../tests/fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type === 'heatmap_v2');

// JSON round trip: compare as the wire sees it (no undefined fields; key order does not matter to toEqual).
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('heatmap_v2 buildQuery', () => {
  it('has Superset example charts to compare with', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  for (const fixture of fixtures) {
    it(`matches Superset's query context for "${fixture.chart.slice_name}"`, () => {
      expect(wire(buildQuery(fixture.query_context.form_data))).toEqual(wire(fixture.query_context));
    });
  }
});

describe('heatmap_v2 buildQuery, hand-checked', () => {
  const base: FormData = { viz_type: 'heatmap_v2', datasource: '1__table', x_axis: 'a', groupby: 'b', metric: 'count', row_limit: 100 };

  it('orders by the metric for value sorts and ranks within x or y', () => {
    const q = buildQuery({ ...base, sort_x_axis: 'value_desc', sort_y_axis: 'alpha_desc', normalize_across: 'x' }).queries[0];
    expect(q.orderby).toEqual([
      ['count', false],
      ['b', false],
    ]);
    expect(q.post_processing).toEqual([{ operation: 'rank', options: { metric: 'count', group_by: 'a' } }]);
    const y = buildQuery({ ...base, groupby: ['b'], normalize_across: 'y' }).queries[0];
    expect(y.post_processing).toEqual([{ operation: 'rank', options: { metric: 'count', group_by: 'b' } }]);
    expect(y.orderby).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });
});
