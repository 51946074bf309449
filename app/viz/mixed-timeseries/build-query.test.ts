import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildQuery, withSuffixRetained, withoutSuffix } from './build-query';

type Fixture = { chart: { viz_type: string; slice_name: string; file: string }; query_context: { form_data: FormData } };
const fixtures = Object.values(
  import.meta.glob<Fixture>('../../../tests/fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type === 'mixed_timeseries');

const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

/**
 * The fixture's form_data is query A's (Superset's buildQuery drops the `_b` keys from the context
 * it returns); the chart's own `_b` params, from its YAML in Superset's examples, are put back.
 */
const QUERY_B_PARAMS: Record<string, Record<string, unknown>> = {
  'Featured Charts/Mixed.yaml': {
    metrics_b: ['count'],
    groupby_b: [],
    adhoc_filters_b: [{ clause: 'WHERE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' }],
    order_desc_b: true,
    row_limit_b: 10000,
    truncate_metric_b: true,
    comparison_type_b: 'values',
  },
};

describe('mixed_timeseries buildQuery, Superset example charts', () => {
  it('has Superset example charts to compare with', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  for (const fixture of fixtures) {
    it(`matches Superset's query context for "${fixture.chart.slice_name}"`, () => {
      const formData = { ...fixture.query_context.form_data, ...QUERY_B_PARAMS[fixture.chart.file] };
      expect(wire(buildQuery(formData))).toEqual(wire(fixture.query_context));
    });
  }
});

describe('mixed_timeseries buildQuery, hand-checked', () => {
  const formData: FormData = {
    viz_type: 'mixed_timeseries',
    datasource: '5__table',
    x_axis: 'ds',
    time_grain_sqla: 'P1D',
    metrics: ['count'],
    groupby: ['gender'],
    adhoc_filters: [],
    metrics_b: ['sum__num'],
    groupby_b: [],
    adhoc_filters_b: [{ clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA', expressionType: 'SIMPLE' }],
    rolling_type_b: 'cumsum',
    limit: 5,
    row_limit: 100,
  };

  it('splits the form data by the _b suffix', () => {
    expect(withoutSuffix(formData)).not.toHaveProperty('metrics_b');
    expect(withSuffixRetained(formData)).toMatchObject({ metrics: ['sum__num'], groupby: [], rolling_type: 'cumsum', limit: 5 });
  });

  it('builds query A with its groupby as series and query B with its own filters and rolling window', () => {
    const [a, b] = buildQuery(formData).queries;
    expect(a.metrics).toEqual(['count']);
    expect(a.columns).toEqual([expect.objectContaining({ sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1D' }), 'gender']);
    expect(a.series_columns).toEqual(['gender']);
    expect(a.series_limit).toBe(5);
    expect(a.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'flatten']);
    expect(b.metrics).toEqual(['sum__num']);
    expect(b.filters).toEqual([{ col: 'state', op: '==', val: 'CA' }]);
    expect(b.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'cum', 'flatten']);
  });

  it('asks for time offsets of a time comparison and pivots them', () => {
    const [a] = buildQuery({ ...formData, time_compare: ['1 year ago'], comparison_type: 'difference' }).queries;
    expect(a.time_offsets).toEqual(['1 year ago']);
    expect(a.post_processing?.map((s) => s?.operation)).toContain('compare');
  });
});
