import { describe, expect, it } from 'vitest';
import { legacyQueryObject } from './legacy-query.server';

describe('legacyQueryObject', () => {
  it('builds an aggregate query from a legacy time series form data', () => {
    const query = legacyQueryObject({
      datasource: '3__table',
      viz_type: 'line',
      metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' }, 'count'],
      groupby: ['gender'],
      columns: ['state', 'gender'],
      granularity_sqla: 'ds',
      time_range: 'Last year',
      time_grain_sqla: 'P1M',
      row_limit: '500',
      limit: 5,
      timeseries_limit_metric: 'count',
      order_desc: false,
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA', 'NY'] },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 10' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 100' },
        { expressionType: 'SIMPLE', clause: 'HAVING', subject: 'count', operator: '>', comparator: 1 },
        'not a filter',
      ],
      where: 'state <> \'other\'',
      url_params: { a: '1' },
    });
    expect(query).toEqual({
      granularity: 'ds',
      time_range: 'Last year',
      is_timeseries: true,
      columns: ['gender', 'state'],
      metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(num)', label: 'total' }],
      filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }],
      // The legacy `where` goes: a form data with adhoc filters keeps only those, as in Superset.
      extras: { where: '(num > 10)', having: '(SUM(num) > 100)', time_grain_sqla: 'P1M' },
      order_desc: false,
      orderby: [['count', true]],
      post_processing: [],
      row_limit: 500,
      series_limit: 5,
      series_limit_metric: 'count',
      url_params: { a: '1' },
    });
  });

  it('selects a raw table without metrics, ordered by order_by_cols', () => {
    const query = legacyQueryObject({
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['name', 'num'],
      metrics: ['count'],
      order_by_cols: ['["num", false]', 'not json', '["name", true]'],
    });
    expect(query).toMatchObject({ columns: ['name', 'num'], metrics: [], orderby: [['num', false], ['name', true]], is_timeseries: false, time_range: 'No filter', granularity: null });
    expect(query).not.toHaveProperty('row_limit');
  });

  it('treats __timestamp in groupby and include_time as a time series, and takes a dashboard\'s extra form data', () => {
    const query = legacyQueryObject({
      viz_type: 'table',
      metric: 'count',
      groupby: ['__timestamp', 'gender'],
      time_range: 'No filter',
      extra_form_data: { time_range: 'Last week', filters: [{ col: 'gender', op: '==', val: 'boy' }], adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 1' }] },
    });
    expect(query).toMatchObject({
      is_timeseries: true,
      columns: ['gender'],
      metrics: ['count'],
      time_range: 'Last week',
      filters: [{ col: 'gender', op: '==', val: 'boy' }],
      extras: { where: '(1 = 1)', having: '' },
    });
    expect(legacyQueryObject({ include_time: true }).is_timeseries).toBe(true);
  });

  it('turns legacy filters into query filters and merges a dashboard\'s extra_filters', () => {
    const query = legacyQueryObject({
      viz_type: 'table',
      metrics: ['count'],
      groupby: ['gender'],
      where: 'num > 1',
      filters: [{ col: 'state', op: 'in', val: ['CA'] }],
      extra_filters: [{ col: 'gender', op: 'in', val: ['boy'] }, { col: '__time_range', op: '==', val: 'Last year' }],
    });
    expect(query).toMatchObject({
      time_range: 'Last year',
      filters: [{ col: 'state', op: 'in', val: ['CA'] }, { col: 'gender', op: 'in', val: ['boy'] }],
      extras: { where: '(num > 1)', having: '' },
    });
  });

  it('collects every metric field once and lets a legacy viz type change the query', () => {
    const secondary = { expressionType: 'SIMPLE', aggregate: 'COUNT', column: { column_name: 'country_live' }, label: 'COUNT(country_live)' };
    const query = legacyQueryObject({ viz_type: 'world_map', entity: 'country_live', metric: 'count', secondary_metric: secondary, row_limit: null, time_range: 'No filter' });
    expect(query).toMatchObject({ columns: ['country_live'], metrics: ['count', secondary], is_timeseries: false });
    const horizon = legacyQueryObject({ viz_type: 'horizon', groupby: ['product_line'], metrics: ['count'], granularity_sqla: 'order_date' });
    expect(horizon).toMatchObject({ columns: ['product_line'], metrics: ['count'], is_timeseries: true, granularity: 'order_date' });
    const chord = legacyQueryObject({ viz_type: 'chord', groupby: 'channel_1', columns: 'channel_2', metric: 'count' });
    expect(chord).toMatchObject({ columns: ['channel_1', 'channel_2'], metrics: ['count'] });
  });
});
