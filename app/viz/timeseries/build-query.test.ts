import { describe, expect, it } from 'vitest';
import { supersetQueryFixtures, wire } from '../shared/testing/superset-fixtures';
import type { FormData } from '../types';
import buildQuery from './build-query';

const TYPES = [
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_area',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
];
const fixtures = TYPES.flatMap((type) => supersetQueryFixtures(type));

describe('time-series buildQuery against Superset', () => {
  it('has the example charts of the family', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });
  for (const fixture of fixtures) {
    it(`${fixture.chart.viz_type}: "${fixture.chart.slice_name}" (${fixture.file})`, () => {
      expect(wire(buildQuery(fixture.query_context.form_data))).toEqual(wire(fixture.query_context));
    });
  }
});

describe('time-series buildQuery, advanced analytics', () => {
  const base: FormData = {
    viz_type: 'echarts_timeseries_line',
    datasource: '3__table',
    x_axis: 'ds',
    time_grain_sqla: 'P1D',
    metrics: ['count'],
    groupby: ['gender'],
    adhoc_filters: [],
    row_limit: 1000,
    order_desc: true,
  };
  const ops = (fd: FormData) => (buildQuery(fd).queries[0].post_processing ?? []).map((s) => s?.operation);

  it('pivots by the x axis and the series, renames (truncate_metric) and flattens', () => {
    const q = buildQuery(base).queries[0];
    expect(q.columns?.[0]).toMatchObject({ columnType: 'BASE_AXIS', sqlExpression: 'ds', timeGrain: 'P1D' });
    expect(q.series_columns).toEqual(['gender']);
    expect(q.time_offsets).toEqual([]);
    expect(ops(base)).toEqual(['pivot', 'flatten']);
    expect(ops({ ...base, truncate_metric: true })).toEqual(['pivot', 'rename', 'flatten']);
  });

  it('chains rolling, time comparison, resample, contribution in Superset order', () => {
    const fd = {
      ...base,
      rolling_type: 'sum',
      rolling_periods: 7,
      time_compare: ['1 year ago'],
      comparison_type: 'difference',
      resample_rule: '1D',
      resample_method: 'zerofill',
      contributionMode: 'row',
    };
    const q = buildQuery(fd).queries[0];
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(ops(fd)).toEqual(['pivot', 'rolling', 'compare', 'resample', 'contribution', 'flatten']);
  });

  it('adds the series limit metric when the x-axis is sorted by it', () => {
    const fd = { ...base, groupby: [], x_axis_sort: 'sum__num', timeseries_limit_metric: 'sum__num' };
    expect(buildQuery(fd).queries[0].metrics).toEqual(['count', 'sum__num']);
  });

  it('is a legacy time-series query without x_axis', () => {
    const fd = { ...base, x_axis: undefined, granularity_sqla: 'ds' };
    expect(buildQuery(fd).queries[0].is_timeseries).toBe(true);
  });
});
