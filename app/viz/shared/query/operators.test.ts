/** Post-processing operators, with outputs worked out from Superset's chart-controls. */
import { describe, expect, test } from 'vitest';
import {
  contributionOperator,
  extractExtraMetrics,
  flattenOperator,
  getMetricOffsetsMap,
  getOriginalSeries,
  isDerivedSeries,
  isTimeComparison,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  timeCompareOperator,
  timeComparePivotOperator,
} from './operators';

const formData = { viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['count', 'sum__num'], groupby: ['gender'] };
const query = { metrics: ['count', 'sum__num'], columns: ['ds', 'gender'], series_columns: ['gender'] };

describe('pivot and flatten', () => {
  test('pivot by the x-axis with mean aggregates', () => {
    expect(pivotOperator(formData, query)).toEqual({
      operation: 'pivot',
      options: { index: ['ds'], columns: ['gender'], aggregates: { count: { operator: 'mean' }, sum__num: { operator: 'mean' } }, drop_missing_columns: true },
    });
    expect(pivotOperator({ ...formData, show_empty_columns: true }, query)?.options?.drop_missing_columns).toBe(false);
    expect(pivotOperator({ viz_type: 'x' }, query)).toBeUndefined();
    expect(pivotOperator({ viz_type: 'x', granularity_sqla: 'ds' }, { metrics: ['count'] })?.options?.index).toEqual(['__timestamp']);
  });
  test('flatten', () => {
    expect(flattenOperator(formData, query)).toEqual({ operation: 'flatten' });
  });
});

describe('rolling and resample', () => {
  test('cumsum and rolling', () => {
    expect(rollingWindowOperator({ ...formData, rolling_type: 'cumsum' }, query)).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { count: 'count', sum__num: 'sum__num' } },
    });
    expect(rollingWindowOperator({ ...formData, rolling_type: 'mean', rolling_periods: '7', min_periods: 'x' }, query)).toEqual({
      operation: 'rolling',
      options: { rolling_type: 'mean', window: 7, min_periods: 0, columns: { count: 'count', sum__num: 'sum__num' } },
    });
    expect(rollingWindowOperator({ ...formData, rolling_type: 'None' }, query)).toBeUndefined();
  });
  test('rolling over time comparison columns', () => {
    const step = rollingWindowOperator({ ...formData, rolling_type: 'sum', comparison_type: 'values', time_compare: ['1 year ago'] }, { metrics: ['count'] });
    expect(step?.options?.columns).toEqual({ count: 'count', 'count__1 year ago': 'count__1 year ago' });
  });
  test('resample', () => {
    expect(resampleOperator({ ...formData, resample_method: 'zerofill', resample_rule: '1D' }, query)).toEqual({
      operation: 'resample',
      options: { method: 'asfreq', rule: '1D', fill_value: 0 },
    });
    expect(resampleOperator({ ...formData, resample_method: 'ffill', resample_rule: '1W' }, query)?.options).toEqual({ method: 'ffill', rule: '1W', fill_value: null });
    expect(resampleOperator({ ...formData, resample_method: 'ffill' }, query)).toBeUndefined();
  });
});

describe('time comparison', () => {
  const compare = { ...formData, comparison_type: 'difference', time_compare: ['1 year ago', '1 week ago'] };
  test('offsets map and detection', () => {
    expect([...getMetricOffsetsMap(compare, { metrics: ['count'] }).entries()]).toEqual([
      ['count__1 year ago', 'count'],
      ['count__1 week ago', 'count'],
    ]);
    expect(isTimeComparison(compare, { metrics: ['count'] })).toBe(true);
    expect(isTimeComparison({ ...compare, comparison_type: 'nope' }, { metrics: ['count'] })).toBe(false);
  });
  test('compare step, not for actual values', () => {
    expect(timeCompareOperator(compare, { metrics: ['count'] })).toEqual({
      operation: 'compare',
      options: { source_columns: ['count', 'count'], compare_columns: ['count__1 year ago', 'count__1 week ago'], compare_type: 'difference', drop_original_columns: true },
    });
    expect(timeCompareOperator({ ...compare, comparison_type: 'values' }, { metrics: ['count'] })).toBeUndefined();
  });
  test('time compare pivot', () => {
    expect(timeComparePivotOperator(compare, { metrics: ['count'], columns: ['ds'] })).toEqual({
      operation: 'pivot',
      options: {
        index: ['ds'],
        columns: ['ds'],
        drop_missing_columns: true,
        aggregates: { count: { operator: 'mean' }, 'count__1 year ago': { operator: 'mean' }, 'count__1 week ago': { operator: 'mean' } },
      },
    });
  });
  test('derived series', () => {
    expect(isDerivedSeries({ name: 'count__1 year ago' }, { ...compare, comparison_type: 'values' })).toBe(true);
    expect(isDerivedSeries({ name: 'count' }, { ...compare, comparison_type: 'values' })).toBe(false);
    expect(getOriginalSeries('count__1 year ago', ['1 year ago'])).toBe('count');
    expect(getOriginalSeries('1 year ago, boy', ['1 year ago'])).toBe('boy');
  });
});

describe('contribution, sort, rename', () => {
  test('contribution', () => {
    expect(contributionOperator({ ...formData, contributionMode: 'row' }, query)).toEqual({ operation: 'contribution', options: { orientation: 'row', time_shifts: undefined } });
    expect(contributionOperator(formData, query)).toBeUndefined();
  });
  test('sort by axis or metric without groupby', () => {
    const bar = { viz_type: 'echarts_timeseries_bar', x_axis: 'name', metrics: ['count'], groupby: [] };
    expect(sortOperator({ ...bar, x_axis_sort: 'name', x_axis_sort_asc: true }, query)).toEqual({ operation: 'sort', options: { is_sort_index: true, ascending: true } });
    expect(sortOperator({ ...bar, x_axis_sort: 'count', x_axis_sort_asc: false }, query)).toEqual({ operation: 'sort', options: { by: 'count', ascending: false } });
    expect(sortOperator({ ...bar, groupby: ['g'], x_axis_sort: 'count', x_axis_sort_asc: false }, query)).toBeUndefined();
    expect(sortOperator({ ...bar, x_axis_sort: 'other', x_axis_sort_asc: false }, query)).toBeUndefined();
  });
  test('extra metrics: the sort-by limit metric not among the metrics', () => {
    expect(extractExtraMetrics({ viz_type: 'x', metrics: ['count'], timeseries_limit_metric: 'sum', x_axis_sort: 'sum' })).toEqual(['sum']);
    expect(extractExtraMetrics({ viz_type: 'x', metrics: ['sum'], timeseries_limit_metric: 'sum', x_axis_sort: 'sum' })).toEqual([]);
  });
  test('rename drops the metric level with one metric and truncate_metric', () => {
    const one = { metrics: ['count'], columns: ['ds', 'gender'], series_columns: ['gender'] };
    expect(renameOperator({ ...formData, truncate_metric: true }, one)).toEqual({
      operation: 'rename',
      options: { columns: { count: null }, level: 0, inplace: true },
    });
    expect(renameOperator({ ...formData, truncate_metric: false }, one)).toBeUndefined();
    expect(renameOperator({ ...formData, truncate_metric: true }, query)).toBeUndefined();
    expect(renameOperator({ ...formData, truncate_metric: true, comparison_type: 'values', time_compare: ['1 year ago'] }, one)?.options?.columns).toEqual({
      'count__1 year ago': '1 year ago',
      count: null,
    });
    expect(renameOperator({ ...formData, truncate_metric: true, comparison_type: 'ratio', time_compare: ['1 year ago'] }, one)).toBeUndefined();
  });
});
