import { describe, expect, it } from 'vitest';
import type { FormData } from '../types';
import { buildQuery } from './build-query';
import type { TableFormData } from './types';

type Fixture = { chart: { viz_type: string; slice_name: string }; query_context: { form_data: FormData } };
const fixtures = Object.values(
  import.meta.glob<Fixture>('../../../tests/fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type === 'table');

// JSON round trip: compare as the wire sees it (no undefined fields; key order does not matter to toEqual).
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('table buildQuery', () => {
  it('has Superset example charts to compare with', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
  });
  for (const fixture of fixtures) {
    it(`matches Superset's query context for "${fixture.chart.slice_name}"`, () => {
      expect(wire(buildQuery(fixture.query_context.form_data as TableFormData))).toEqual(wire(fixture.query_context));
    });
  }

  const base: TableFormData = {
    viz_type: 'table',
    datasource: '3__table',
    query_mode: 'aggregate',
    groupby: ['state', 'ds'],
    metrics: ['count', 'sum__num'],
    percent_metrics: ['sum__num', 'avg__num'],
    time_grain_sqla: 'P1Y',
    temporal_columns_lookup: { ds: true },
    row_limit: 100,
    order_desc: true,
    adhoc_filters: [],
  };

  it('aggregate mode: percent metrics as a contribution step, temporal group-by first with its grain, first metric descending', () => {
    const [query, ...rest] = buildQuery(base).queries;
    expect(rest).toEqual([]);
    expect(query.columns).toEqual([{ timeGrain: 'P1Y', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' }, 'state']);
    expect(query.metrics).toEqual(['count', 'sum__num', 'avg__num']);
    expect(query.orderby).toEqual([['count', false]]);
    expect(query.extras?.time_grain_sqla).toBe('P1Y');
    expect(query.post_processing).toEqual([
      { operation: 'contribution', options: { columns: ['sum__num', 'avg__num'], rename_columns: ['%sum__num', '%avg__num'] } },
    ]);
  });

  it('the sort metric orders the rows, ascending when order_desc is off', () => {
    const [query] = buildQuery({ ...base, timeseries_limit_metric: 'avg__num', order_desc: false }).queries;
    expect(query.orderby).toEqual([['avg__num', true]]);
  });

  it('show_totals adds the summary query: metrics only, no limit, no order, no post-processing', () => {
    const { queries } = buildQuery({ ...base, show_totals: true });
    expect(queries).toHaveLength(2);
    expect(wire(queries[1])).toMatchObject({ columns: [], row_limit: 0, row_offset: 0, post_processing: [], metrics: ['count', 'sum__num', 'avg__num'] });
    expect(queries[1].orderby).toBeUndefined();
    expect(queries[1].order_desc).toBeUndefined();
  });

  it('server pagination: the page query, then the row count query, then the totals', () => {
    const { queries } = buildQuery({ ...base, server_pagination: true, server_page_length: 20, show_totals: true }, { ownState: { currentPage: 2, pageSize: 50 } });
    expect(queries).toHaveLength(3);
    expect(queries[0]).toMatchObject({ row_limit: 50, row_offset: 100 });
    expect(queries[1]).toMatchObject({ row_limit: 0, row_offset: 0, post_processing: [], is_rowcount: true, time_offsets: [] });
    expect(queries[2]).toMatchObject({ columns: [], row_limit: 0, row_offset: 0 });
    // The first page by default: server_page_length rows from 0.
    const first = buildQuery({ ...base, server_pagination: true, server_page_length: 20 }).queries;
    expect(first[0]).toMatchObject({ row_limit: 20, row_offset: 0 });
    expect(first).toHaveLength(2);
  });

  it('raw mode: the columns as chosen, ordering by order_by_cols, no time grain, no totals', () => {
    const { queries } = buildQuery({
      viz_type: 'table',
      datasource: '3__table',
      query_mode: 'raw',
      all_columns: ['name', 'ds', 'num'],
      order_by_cols: ['["num", false]'],
      time_grain_sqla: 'P1D',
      temporal_columns_lookup: { ds: true },
      show_totals: true,
      row_limit: 100,
    });
    expect(queries).toHaveLength(1);
    expect(queries[0].columns).toEqual(['name', 'ds', 'num']);
    expect(queries[0].orderby).toEqual([['num', false]]);
    expect(queries[0].extras?.time_grain_sqla).toBeUndefined();
    expect(queries[0].row_limit).toBe(100);
  });
});
