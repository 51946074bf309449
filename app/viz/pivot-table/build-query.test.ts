import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildQuery } from './build-query';
import type { PivotTableFormData } from './types';

type Fixture = { chart: { viz_type: string; slice_name: string }; query_context: { form_data: FormData } };
const fixtures = Object.values(
  import.meta.glob<Fixture>('../../../tests/fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type === 'pivot_table_v2');

const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('pivot_table_v2 buildQuery', () => {
  it('has Superset example charts to compare with', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });
  for (const fixture of fixtures) {
    it(`matches Superset's query context for "${fixture.chart.slice_name}"`, () => {
      expect(wire(buildQuery(fixture.query_context.form_data as PivotTableFormData))).toEqual(wire(fixture.query_context));
    });
  }

  const base: PivotTableFormData = {
    viz_type: 'pivot_table_v2',
    datasource: '7__table',
    groupbyColumns: ['ds', 'gender'],
    groupbyRows: ['state', 'gender'],
    metrics: ['sum__num', 'count'],
    time_grain_sqla: 'P3M',
    temporal_columns_lookup: { ds: true },
    series_limit: 10,
    row_limit: 500,
    order_desc: true,
  };

  it('columns then rows, each once, the temporal one with the time grain', () => {
    const [query] = buildQuery(base).queries;
    expect(query.columns).toEqual([{ timeGrain: 'P3M', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' }, 'gender', 'state']);
    expect(query.extras?.time_grain_sqla).toBe('P3M');
    expect(query.series_limit).toBe(10);
    expect(query.row_limit).toBe(500);
  });

  it('orders by the first metric, or the series limit metric, descending with order_desc', () => {
    expect(buildQuery(base).queries[0].orderby).toEqual([['sum__num', false]]);
    expect(buildQuery({ ...base, order_desc: false }).queries[0].orderby).toEqual([['sum__num', true]]);
    expect(buildQuery({ ...base, series_limit_metric: 'count' }).queries[0].orderby).toEqual([['count', false]]);
  });
});
