/**
 * The chart data bench's ten query contexts on birth_names: the charts people build first on it
 * (Superset's "USA Births Names" dashboard), as the frontend's buildQuery sends them. Only the
 * dataset's own `count` is a saved metric (what creating a dataset adds); the rest are adhoc.
 */
const SUM_NUM = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'SUM(num)', hasCustomLabel: false };
const xAxis = (timeGrain: string) => ({ timeGrain, columnType: 'BASE_AXIS', sqlExpression: 'ds', label: 'ds', expressionType: 'SQL' });
const allTime = { col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' };

const base = {
  annotation_layers: [],
  applied_time_extras: {},
  url_params: {},
  custom_params: {},
  custom_form_data: {},
  order_desc: true,
  series_limit: 0,
  time_offsets: [],
  post_processing: [],
  orderby: [],
  extras: { having: '', where: '' },
};

const pivotBy = (index: string, columns: string[], metric: string, operator = 'mean') => [
  { operation: 'pivot', options: { index: [index], columns, aggregates: { [metric]: { operator } }, drop_missing_columns: false } },
  { operation: 'flatten' },
];

export interface BenchChart {
  name: string;
  viz: string;
  query: Record<string, unknown>;
}

export const BENCH_CHARTS: BenchChart[] = [
  {
    name: 'time series by gender',
    viz: 'echarts_timeseries_line',
    query: {
      ...base,
      columns: [xAxis('P1Y'), 'gender'],
      series_columns: ['gender'],
      metrics: [SUM_NUM],
      filters: [allTime],
      extras: { ...base.extras, time_grain_sqla: 'P1Y' },
      orderby: [[SUM_NUM, false]],
      row_limit: 10000,
      post_processing: pivotBy('ds', ['gender'], 'SUM(num)'),
    },
  },
  {
    name: 'top 10 names',
    viz: 'table',
    query: { ...base, columns: ['name'], metrics: [SUM_NUM], filters: [allTime], orderby: [[SUM_NUM, false]], row_limit: 10 },
  },
  {
    name: 'pivot state x decade',
    viz: 'pivot_table_v2',
    query: {
      ...base,
      columns: ['state', { sqlExpression: 'FLOOR(EXTRACT(YEAR FROM ds) / 10) * 10', label: 'decade', expressionType: 'SQL' }],
      metrics: [SUM_NUM],
      filters: [allTime],
      row_limit: 10000,
      post_processing: pivotBy('state', ['decade'], 'SUM(num)', 'sum'),
    },
  },
  {
    name: 'big number total',
    viz: 'big_number_total',
    query: { ...base, columns: [], metrics: [SUM_NUM], filters: [allTime], row_limit: 10000 },
  },
  {
    name: 'big number with trendline',
    viz: 'big_number',
    query: {
      ...base,
      columns: [xAxis('P1Y')],
      metrics: ['count'],
      filters: [allTime],
      extras: { ...base.extras, time_grain_sqla: 'P1Y' },
      row_limit: 10000,
      post_processing: [{ operation: 'pivot', options: { index: ['ds'], columns: [], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: true } }, { operation: 'flatten' }],
    },
  },
  {
    name: 'table with filters',
    viz: 'table',
    query: {
      ...base,
      columns: ['name', 'state'],
      metrics: [SUM_NUM, 'count'],
      filters: [
        { col: 'ds', op: 'TEMPORAL_RANGE', val: '1990-01-01 : 2008-01-01' },
        { col: 'gender', op: '==', val: 'girl' },
        { col: 'state', op: 'IN', val: ['CA', 'NY', 'TX'] },
        { col: 'num', op: '>', val: '100' },
      ],
      orderby: [[SUM_NUM, false]],
      row_limit: 100,
    },
  },
  {
    name: 'series limit (top 10 names by year)',
    viz: 'echarts_timeseries_bar',
    query: {
      ...base,
      columns: [xAxis('P1Y'), 'name'],
      series_columns: ['name'],
      series_limit: 10,
      series_limit_metric: SUM_NUM,
      metrics: [SUM_NUM],
      filters: [allTime],
      extras: { ...base.extras, time_grain_sqla: 'P1Y' },
      orderby: [[SUM_NUM, false]],
      row_limit: 10000,
      post_processing: pivotBy('ds', ['name'], 'SUM(num)'),
    },
  },
  {
    name: 'time comparison (1 year ago)',
    viz: 'echarts_timeseries_line',
    query: {
      ...base,
      columns: [xAxis('P1Y')],
      metrics: [SUM_NUM],
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '1980-01-01 : 2008-01-02' }],
      extras: { ...base.extras, time_grain_sqla: 'P1Y' },
      time_offsets: ['1 year ago'],
      row_limit: 10000,
      post_processing: [
        { operation: 'pivot', options: { index: ['ds'], columns: [], aggregates: { 'SUM(num)': { operator: 'mean' }, 'SUM(num)__1 year ago': { operator: 'mean' } }, drop_missing_columns: false } },
        { operation: 'flatten' },
      ],
    },
  },
  {
    name: 'pie by state',
    viz: 'pie',
    query: { ...base, columns: ['state'], metrics: ['count'], filters: [allTime], orderby: [['count', false]], row_limit: 100 },
  },
  {
    name: 'raw records (1,000 rows)',
    viz: 'table',
    query: {
      ...base,
      columns: ['ds', 'name', 'gender', 'state', 'num'],
      metrics: [],
      filters: [allTime, { col: 'state', op: '==', val: 'TX' }],
      orderby: [['num', false]],
      row_limit: 1000,
    },
  },
];
