/** The pieces of query building, with outputs worked out from Superset's code. */
import { describe, expect, test } from 'vitest';
import {
  buildQueryContext,
  buildQueryObject,
  convertFilter,
  DTTM_ALIAS,
  ensureIsArray,
  extractExtras,
  extractQueryFields,
  extractTimegrain,
  getColumnLabel,
  getMetricLabel,
  getXAxisColumn,
  getXAxisLabel,
  isAdhocColumn,
  isPhysicalColumn,
  isXAxisSet,
  mergeExtraFormData,
  normalizeOrderBy,
  normalizeTimeColumn,
  overrideExtraFormData,
  processFilters,
  removeDuplicates,
} from './index';

const sumNum = { expressionType: 'SIMPLE' as const, aggregate: 'SUM', column: { column_name: 'num' } };

describe('utilities', () => {
  test('ensureIsArray', () => {
    expect(ensureIsArray(null)).toEqual([]);
    expect(ensureIsArray(undefined)).toEqual([]);
    expect(ensureIsArray('a')).toEqual(['a']);
    expect(ensureIsArray(['a', 'b'])).toEqual(['a', 'b']);
  });
  test('removeDuplicates keeps the first by hash', () => {
    expect(removeDuplicates([1, 2, 1, 3])).toEqual([1, 2, 3]);
    expect(removeDuplicates([{ k: 'a', n: 1 }, { k: 'a', n: 2 }, { k: 'b', n: 3 }], (x) => x.k)).toEqual([{ k: 'a', n: 1 }, { k: 'b', n: 3 }]);
  });
  test('column guards', () => {
    expect(isPhysicalColumn('ds')).toBe(true);
    expect(isAdhocColumn({ sqlExpression: 'a+b', label: 'ab' })).toBe(true);
    expect(isAdhocColumn({ sqlExpression: 'a+b', label: 'ab', expressionType: 'SQL' })).toBe(true);
    expect(isAdhocColumn({ sqlExpression: 'a+b' })).toBe(false);
    expect(isAdhocColumn('ds')).toBe(false);
  });
});

describe('labels', () => {
  test('metric labels', () => {
    expect(getMetricLabel('count')).toBe('count');
    expect(getMetricLabel(sumNum)).toBe('SUM(num)');
    expect(getMetricLabel({ ...sumNum, label: 'Total' })).toBe('Total');
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: 'COUNT(*) * 2' })).toBe('COUNT(*) * 2');
  });
  test('column labels', () => {
    expect(getColumnLabel('gender')).toBe('gender');
    expect(getColumnLabel({ sqlExpression: 'upper(name)', label: 'NAME' })).toBe('NAME');
    expect(getColumnLabel({ sqlExpression: 'upper(name)' })).toBe('upper(name)');
  });
});

describe('convertFilter', () => {
  test('unary operators carry no value', () => {
    expect(convertFilter({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'name', operator: 'IS NULL', comparator: 'ignored' })).toEqual({ col: 'name', op: 'IS NULL' });
  });
  test('binary and set operators carry the comparator', () => {
    expect(convertFilter({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'num', operator: '>=', comparator: 10 })).toEqual({ col: 'num', op: '>=', val: 10 });
    expect(convertFilter({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA', 'NY'] })).toEqual({ col: 'state', op: 'IN', val: ['CA', 'NY'] });
    expect(convertFilter({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last week' })).toEqual({ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' });
  });
});

describe('processFilters', () => {
  test('splits adhoc filters into simple filters, where and having', () => {
    const result = processFilters({
      where: 'legacy = 1',
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' },
        { expressionType: 'SIMPLE', clause: 'HAVING', subject: 'count', operator: '>', comparator: 1 },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 5 -- big ones' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 10' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > 1' },
      ],
      extras: { time_grain_sqla: 'P1D' },
    });
    expect(result.filters).toEqual([{ col: 'gender', op: '==', val: 'boy' }]);
    expect(result.extras).toEqual({
      time_grain_sqla: 'P1D',
      where: '(legacy = 1) AND (num > 5 -- big ones\n)',
      having: '(SUM(num) > 10) AND (COUNT(*) > 1)',
    });
  });
  test('no filters: empty clauses', () => {
    expect(processFilters({})).toEqual({ filters: [], extras: { where: '', having: '' } });
  });
});

describe('extractExtras', () => {
  test('reserved extra filters set time fields and applied_time_extras', () => {
    const result = extractExtras({
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1D',
      extra_filters: [
        { col: '__time_range', op: '==', val: 'Last year' },
        { col: '__time_col', op: '==', val: 'created' },
        { col: '__time_grain', op: '==', val: 'P1M' },
        { col: 'gender', op: 'IN', val: ['girl'] },
      ],
    });
    expect(result).toEqual({
      filters: [{ col: 'gender', op: 'IN', val: ['girl'] }],
      extras: { time_grain_sqla: 'P1M' },
      applied_time_extras: { __time_range: 'Last year', __time_col: 'created', __time_grain: 'P1M' },
      granularity: 'created',
      time_range: 'Last year',
    });
  });
  test('form data granularity when no extra filter', () => {
    expect(extractExtras({ granularity_sqla: 'ds' }).granularity).toBe('ds');
    expect(extractExtras({ granularity: 'g', granularity_sqla: 'ds' }).granularity).toBe('g');
  });
  test('extractTimegrain: extra form data, then extra filter, then form data', () => {
    expect(extractTimegrain({ time_grain_sqla: 'P1D' })).toBe('P1D');
    expect(extractTimegrain({ time_grain_sqla: 'P1D', extra_filters: [{ col: '__time_grain', val: 'P1W' }] })).toBe('P1W');
    expect(extractTimegrain({ time_grain_sqla: 'P1D', extra_filters: [{ col: '__time_grain', val: 'P1W' }], extra_form_data: { time_grain_sqla: 'P1Y' } })).toBe('P1Y');
  });
});

describe('extractQueryFields', () => {
  test('aliases, groupby as columns, dedupe by label', () => {
    const fields = extractQueryFields({ metric: 'count', metrics: ['count', sumNum], groupby: ['a', '', 'b'], columns: ['b', 'c'], series: 'd' });
    expect(fields.metrics).toEqual(['count', sumNum]);
    expect(fields.columns).toEqual(['a', 'b', 'c', 'd']);
    expect(fields.orderby).toBeUndefined();
  });
  test('query modes', () => {
    const raw = extractQueryFields({ query_mode: 'raw', groupby: ['a'], metrics: ['count'], all_columns: ['x', 'y'] });
    expect(raw).toEqual({ columns: ['x', 'y'], metrics: undefined, orderby: undefined });
    const aggregate = extractQueryFields({ query_mode: 'aggregate', groupby: ['a'], metrics: ['count'], all_columns: ['x'] });
    expect(aggregate).toEqual({ columns: ['a'], metrics: ['count'], orderby: undefined });
  });
  test('orderby strings are parsed; invalid ones throw', () => {
    expect(extractQueryFields({ order_by_cols: ['["name", true]'] }).orderby).toEqual([['name', true]]);
    expect(() => extractQueryFields({ orderby: ['nope'] })).toThrow('Found invalid orderby options');
  });
  test('custom aliases', () => {
    expect(extractQueryFields({ source: 'a', target: 'b' }, { source: 'columns', target: 'columns' }).columns).toEqual(['a', 'b']);
  });
});

describe('buildQueryObject', () => {
  test('defaults', () => {
    const query = buildQueryObject({ datasource: '1__table', viz_type: 'pie', metric: 'count', groupby: ['gender'] });
    expect(JSON.parse(JSON.stringify(query))).toEqual({
      filters: [],
      extras: { where: '', having: '' },
      applied_time_extras: {},
      columns: ['gender'],
      metrics: ['count'],
      annotation_layers: [],
      series_limit: 0,
      order_desc: true,
      url_params: {},
      custom_params: {},
      custom_form_data: {},
    });
  });
  test('limits, series limit metric and order', () => {
    const query = buildQueryObject({ viz_type: 'x', row_limit: '100', row_offset: 20, limit: '5', timeseries_limit_metric: 'count', order_desc: false });
    expect(query.row_limit).toBe(100);
    expect(query.row_offset).toBe(20);
    expect(query.series_limit).toBe(5);
    expect(query.series_limit_metric).toBe('count');
    expect(query.order_desc).toBe(false);
    const other = buildQueryObject({ viz_type: 'x', row_limit: 'abc', series_limit: 7, series_limit_metric: sumNum, timeseries_limit_metric: 'count' });
    expect(other.row_limit).toBeUndefined();
    expect(other.series_limit).toBe(7);
    expect(other.series_limit_metric).toEqual(sumNum);
  });
  test('extra form data: filters appended, time fields overridden, custom form data kept', () => {
    const query = buildQueryObject({
      viz_type: 'x',
      time_range: 'Last week',
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1D',
      adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' }],
      extra_form_data: {
        filters: [{ col: 'state', op: 'IN', val: ['CA'] }],
        adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 1' }],
        time_range: 'Last year',
        granularity_sqla: 'created',
        time_grain_sqla: 'P1M',
        relative_start: 'now',
        custom_form_data: { a: 1 },
      },
    });
    expect(query.filters).toEqual([
      { col: 'state', op: 'IN', val: ['CA'] },
      { col: 'gender', op: '==', val: 'boy' },
    ]);
    expect(query.extras).toEqual({ time_grain_sqla: 'P1M', relative_start: 'now', where: '(num > 1)', having: '' });
    expect(query.time_range).toBe('Last year');
    expect(query.granularity).toBe('created');
    expect(query.custom_form_data).toEqual({ a: 1 });
  });
});

describe('extra form data', () => {
  test('overrideExtraFormData maps regular keys and extras keys', () => {
    const base = { time_range: 'Last week', granularity: 'ds', extras: { where: '', having: '' } };
    expect(overrideExtraFormData(base, { granularity_sqla: 'other', time_grain_sqla: 'P1W', relative_end: 'today' })).toEqual({
      time_range: 'Last week',
      granularity: 'other',
      extras: { where: '', having: '', time_grain_sqla: 'P1W', relative_end: 'today' },
    });
    expect(overrideExtraFormData({ columns: [] }, {})).toEqual({ columns: [] });
    // the input is not changed
    expect(base.extras).toEqual({ where: '', having: '' });
  });
  test('mergeExtraFormData appends filters and lets the later override win', () => {
    const merged = mergeExtraFormData(
      { filters: [{ col: 'a', op: 'IN', val: [1] }], time_range: 'Last week', custom_form_data: { x: 1 } },
      { filters: [{ col: 'b', op: 'IN', val: [2] }], time_range: 'Last year', time_grain_sqla: 'P1D', custom_form_data: { y: 2 } },
    );
    expect(merged).toEqual({
      filters: [
        { col: 'a', op: 'IN', val: [1] },
        { col: 'b', op: 'IN', val: [2] },
      ],
      time_range: 'Last year',
      time_grain_sqla: 'P1D',
      custom_form_data: { x: 1, y: 2 },
    });
  });
});

describe('x-axis', () => {
  test('getXAxisColumn and label', () => {
    expect(getXAxisColumn({})).toBeUndefined();
    expect(getXAxisColumn({ granularity_sqla: 'ds' })).toBe(DTTM_ALIAS);
    expect(getXAxisColumn({ x_axis: 'ds' })).toBe('ds');
    expect(getXAxisLabel({ x_axis: { sqlExpression: 'date(ts)', label: 'day' } })).toBe('day');
    expect(isXAxisSet({ x_axis: { sqlExpression: 'date(ts)' } })).toBe(false);
  });
  test('a physical x-axis becomes a BASE_AXIS SQL column with the time grain', () => {
    const formData = { viz_type: 'echarts_timeseries_line', datasource: '1__table', x_axis: 'ds', time_grain_sqla: 'P1M', groupby: ['gender'], metrics: ['count'] };
    const context = buildQueryContext(formData, (base) => [{ ...base, columns: ['ds', 'gender'], is_timeseries: true }]);
    const query = context.queries[0];
    expect(query.columns).toEqual([{ timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' }, 'gender']);
    expect('is_timeseries' in query).toBe(false);
  });
  test('an adhoc x-axis keeps its own fields over the defaults', () => {
    const xAxis = { sqlExpression: 'date(ts)', label: 'day', expressionType: 'SQL' as const };
    const query = normalizeTimeColumn({ x_axis: xAxis }, { columns: [{ ...xAxis }, 'g'], extras: { time_grain_sqla: 'P1D' } });
    expect(query.columns).toEqual([{ timeGrain: 'P1D', columnType: 'BASE_AXIS', sqlExpression: 'date(ts)', label: 'day', expressionType: 'SQL' }, 'g']);
  });
  test('unchanged without x_axis or when the axis is not among the columns', () => {
    const query = { columns: ['a'], is_timeseries: true };
    expect(normalizeTimeColumn({}, query)).toBe(query);
    expect(normalizeTimeColumn({ x_axis: 'ds' }, query)).toBe(query);
  });
});

describe('normalizeOrderBy', () => {
  test('keeps a valid orderby', () => {
    const query = { orderby: [['count', false]] as [string, boolean][], order_desc: true };
    expect(normalizeOrderBy(query)).toBe(query);
  });
  test('falls back to series limit metric, then legacy order by, then first metric', () => {
    expect(normalizeOrderBy({ orderby: [['', true]], series_limit_metric: 'sum', metrics: ['count'], order_desc: true })).toEqual({ metrics: ['count'], orderby: [['sum', false]] });
    expect(normalizeOrderBy({ legacy_order_by: 'x', metrics: ['count'], order_desc: false })).toEqual({ metrics: ['count'], orderby: [['x', true]] });
    expect(normalizeOrderBy({ metrics: [sumNum], order_desc: true })).toEqual({ metrics: [sumNum], orderby: [[sumNum, false]] });
    expect(normalizeOrderBy({ columns: ['a'], order_desc: true })).toEqual({ columns: ['a'] });
  });
});
