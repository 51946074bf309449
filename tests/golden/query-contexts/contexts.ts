/**
 * The golden query contexts: one query object each, shaped as Superset's frontend sends them
 * (its chart plugins' buildQuery output: BASE_AXIS adhoc columns, TEMPORAL_RANGE filters, saved
 * metrics as strings, adhoc metrics with labels), plus the legacy shapes saved charts still carry
 * (granularity + is_timeseries + extras.time_grain_sqla, groupby, timeseries_limit). Together they
 * cover every filter operator, every time grain, series limits, time comparison, row-level
 * security, virtual datasets, Jinja, calculated columns, orderby, limits and HAVING.
 *
 * Each runs against the examples data at scale 1 (see datasets.ts). Where a context has an
 * orderby, its keys order the rows completely or its ties are harmless (rows with equal keys are
 * compared as a set); text is never an order key where engines' collations differ ('other' among
 * upper-case states), and limits never cut through ties.
 */
import type { GoldenDatasetName } from './datasets';

export interface GoldenContext {
  /** File name of its golden SQL: tests/golden/sql/<name>.<engine>.sql. */
  name: string;
  /** What it is there to cover. */
  covers: string;
  dataset: GoldenDatasetName;
  query: Record<string, unknown>;
  /** Row-level security predicates, as app/server/rls would give them. */
  rls?: string[];
  formData?: Record<string, unknown>;
  /** Superset's colnames for the query, where they are certain. */
  colnames?: string[];
  /** The number of rows, where it follows from the examples data alone. */
  rowcount?: number;
  /** Text every engine's main SQL must contain (a value the template or RLS must have put there). */
  sqlHas?: string[];
  /** Text no engine's main SQL may contain. */
  sqlLacks?: string[];
}

/** "Now" for relative time ranges: 2008-06-15, so 'previous calendar year' is 2007 in birth_names. */
export const GOLDEN_NOW = new Date('2008-06-15T12:00:00Z');

type Metric = string | Record<string, unknown>;
type Filter = { col: unknown; op: string; val?: unknown };

/** The x-axis as Superset's current frontend sends it. */
const xAxis = (column: string, timeGrain: string) => ({ timeGrain, columnType: 'BASE_AXIS', sqlExpression: column, label: column, expressionType: 'SQL' });

/** A SIMPLE adhoc metric; its label is the alias even without a custom label. */
const simple = (aggregate: string, column: string, label = `${aggregate}(${column})`, hasCustomLabel = false) => ({
  expressionType: 'SIMPLE',
  aggregate,
  column: { column_name: column },
  label,
  hasCustomLabel,
  optionName: `metric_${label.replace(/\W+/g, '_')}`,
});

const sqlMetric = (sqlExpression: string, label: string, hasCustomLabel: boolean) => ({
  expressionType: 'SQL',
  sqlExpression,
  label,
  hasCustomLabel,
  optionName: `metric_${label.replace(/\W+/g, '_')}`,
});

const f = (col: unknown, op: string, val?: unknown): Filter => (val === undefined ? { col, op } : { col, op, val });

/** The parts every buildQuery output has, so the contexts below list only what matters. */
function queryObject(parts: {
  columns?: unknown[];
  metrics?: Metric[];
  filters?: Filter[];
  orderby?: [Metric, boolean][];
  row_limit?: number;
  extras?: Record<string, unknown>;
  [key: string]: unknown;
}): Record<string, unknown> {
  return {
    annotation_layers: [],
    applied_time_extras: {},
    url_params: {},
    custom_params: {},
    custom_form_data: {},
    order_desc: true,
    series_limit: 0,
    time_offsets: [],
    post_processing: [],
    filters: [],
    orderby: [],
    ...parts,
    extras: { having: '', where: '', ...(parts.extras ?? {}) },
  };
}

/** A time-series chart of `metrics` by `grain` over `timeRange` (echarts_timeseries' buildQuery). */
const timeseries = (column: string, grain: string, timeRange: string, metrics: Metric[], more: Record<string, unknown> = {}) =>
  queryObject({
    columns: [xAxis(column, grain)],
    metrics,
    filters: [f(column, 'TEMPORAL_RANGE', timeRange)],
    extras: { time_grain_sqla: grain },
    row_limit: 10000,
    ...more,
  });

const OPERATORS: GoldenContext[] = [
  {
    name: 'op-eq',
    covers: '== on a text column',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count'], filters: [f('state', '==', 'CA')], row_limit: 100 }),
    colnames: ['gender', 'count'],
    rowcount: 2,
  },
  {
    name: 'op-neq',
    covers: '!= on a text column',
    dataset: 'birth_names',
    query: queryObject({ columns: ['state'], metrics: ['sum__num'], filters: [f('state', '!=', 'other')], orderby: [['sum__num', false]], row_limit: 100 }),
    colnames: ['state', 'sum__num'],
    rowcount: 10,
  },
  {
    name: 'op-gt',
    covers: '> with a string value on a numeric column (as the frontend sends it)',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count', 'sum__num'], filters: [f('num', '>', '1000')] }),
    colnames: ['gender', 'count', 'sum__num'],
  },
  {
    name: 'op-lt',
    covers: '< on a numeric column',
    dataset: 'birth_names',
    query: queryObject({ columns: ['state'], metrics: ['count'], filters: [f('num', '<', 50)] }),
  },
  {
    name: 'op-gte',
    covers: '>= on a numeric column',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count'], filters: [f('num', '>=', 5000)] }),
  },
  {
    name: 'op-lte',
    covers: '<= on a numeric column',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count'], filters: [f('num', '<=', 10)] }),
  },
  {
    name: 'op-in',
    covers: 'IN with a list of strings',
    dataset: 'birth_names',
    query: queryObject({ columns: ['state'], metrics: ['sum__num'], filters: [f('state', 'IN', ['CA', 'NY', 'TX'])] }),
    rowcount: 3,
  },
  {
    name: 'op-not-in',
    covers: 'NOT IN',
    dataset: 'birth_names',
    query: queryObject({ columns: ['name'], metrics: ['sum__num'], filters: [f('name', 'NOT IN', ['Jennifer', 'Michael', 'Christopher'])], orderby: [['sum__num', false]], row_limit: 5 }),
    rowcount: 5,
  },
  {
    name: 'op-in-numeric-strings',
    covers: 'IN with string values on a numeric column',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count'], filters: [f('num', 'IN', ['5', '10', '20'])] }),
  },
  {
    name: 'op-like',
    covers: 'LIKE (the pattern matches the same rows case-sensitively or not)',
    dataset: 'birth_names',
    query: queryObject({ columns: ['name'], metrics: ['sum__num'], filters: [f('name', 'LIKE', 'Jo%')] }),
  },
  {
    name: 'op-ilike',
    covers: 'ILIKE: case-insensitive on every engine',
    dataset: 'birth_names',
    query: queryObject({ columns: ['name'], metrics: ['count'], filters: [f('name', 'ILIKE', 'jo%')] }),
  },
  {
    name: 'op-is-null',
    covers: 'IS NULL',
    dataset: 'flights',
    query: queryObject({ columns: ['AIRLINE'], metrics: ['count'], filters: [f('CANCELLATION_REASON', 'IS NULL')] }),
    colnames: ['AIRLINE', 'count'],
    rowcount: 14,
  },
  {
    name: 'op-is-not-null',
    covers: 'IS NOT NULL',
    dataset: 'flights',
    query: queryObject({ columns: ['CANCELLATION_REASON'], metrics: ['count'], filters: [f('CANCELLATION_REASON', 'IS NOT NULL')] }),
    rowcount: 3,
  },
  {
    name: 'op-is-true',
    covers: 'IS TRUE on a boolean calculated column',
    dataset: 'flights',
    query: queryObject({ columns: ['AIRLINE'], metrics: ['count'], filters: [f('is_cancelled', 'IS TRUE')] }),
  },
  {
    name: 'op-is-false',
    covers: 'IS FALSE on a boolean calculated column',
    dataset: 'flights',
    query: queryObject({ columns: ['CANCELLATION_REASON'], metrics: ['count', 'avg_arrival_delay'], filters: [f('is_cancelled', 'IS FALSE')] }),
    rowcount: 1,
  },
  {
    name: 'op-temporal-range',
    covers: 'TEMPORAL_RANGE with explicit bounds (>= since AND < until)',
    dataset: 'birth_names',
    query: queryObject({ columns: ['state'], metrics: ['count'], filters: [f('ds', 'TEMPORAL_RANGE', '1990-01-01 : 2000-01-01')] }),
  },
  {
    name: 'op-temporal-range-relative',
    covers: "TEMPORAL_RANGE 'previous calendar year' from a fixed now",
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['sum__num'], filters: [f('ds', 'TEMPORAL_RANGE', 'previous calendar year')] }),
    rowcount: 2,
    sqlHas: ['2007-01-01 00:00:00', '2008-01-01 00:00:00'],
  },
  {
    name: 'op-injection-value',
    covers: 'a filter value with quotes and a comment is one literal',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count'], filters: [f('state', '==', "CA' OR '1'='1' -- \\")] }),
    rowcount: 0,
  },
];

/** Every grain, on random_time_series (timestamps to the second), over windows small enough to list. */
const GRAIN_WINDOWS: [string, string][] = [
  ['PT1S', '2019-03-01T00:00:00 : 2019-03-02T00:00:00'],
  ['PT5S', '2019-03-01T00:00:00 : 2019-03-02T00:00:00'],
  ['PT30S', '2019-03-01T00:00:00 : 2019-03-02T00:00:00'],
  ['PT1M', '2019-03-01T00:00:00 : 2019-03-02T00:00:00'],
  ['PT5M', '2019-03-01T00:00:00 : 2019-03-02T00:00:00'],
  ['PT10M', '2019-03-01T00:00:00 : 2019-03-08T00:00:00'],
  ['PT15M', '2019-03-01T00:00:00 : 2019-03-08T00:00:00'],
  ['PT30M', '2019-03-01T00:00:00 : 2019-03-08T00:00:00'],
  ['PT0.5H', '2019-03-01T00:00:00 : 2019-03-08T00:00:00'],
  ['PT1H', '2019-03-01T00:00:00 : 2019-03-08T00:00:00'],
  ['PT6H', '2019-03-01T00:00:00 : 2019-03-08T00:00:00'],
  ['P1D', '2019-03-01 : 2019-06-01'],
  ['P1W', '2019-03-01 : 2019-07-01'],
  ['1969-12-28T00:00:00Z/P1W', '2019-03-01 : 2019-07-01'],
  ['1969-12-29T00:00:00Z/P1W', '2019-03-01 : 2019-07-01'],
  ['P1W/1970-01-03T00:00:00Z', '2019-03-01 : 2019-07-01'],
  ['P1W/1970-01-04T00:00:00Z', '2019-03-01 : 2019-07-01'],
  ['P1M', 'No filter'],
  ['P3M', 'No filter'],
  ['P0.25Y', 'No filter'],
  ['P1Y', 'No filter'],
];

const grainName = (grain: string) =>
  `grain-${grain
    .replace('1969-12-28T00:00:00Z/P1W', 'week-starting-sunday')
    .replace('1969-12-29T00:00:00Z/P1W', 'week-starting-monday')
    .replace('P1W/1970-01-03T00:00:00Z', 'week-ending-saturday')
    .replace('P1W/1970-01-04T00:00:00Z', 'week-ending-sunday')
    .replace('.', '_')
    .toLowerCase()}`;

const GRAINS: GoldenContext[] = GRAIN_WINDOWS.map(([grain, range]) => ({
  name: grainName(grain),
  covers: `time grain ${grain} on the x-axis (BASE_AXIS), time range ${range}`,
  dataset: 'random_time_series',
  query: timeseries('ds', grain, range, ['count']),
  colnames: ['ds', 'count'],
  ...(grain === 'P1Y' ? { rowcount: 2 } : grain === 'P1M' ? { rowcount: 24 } : grain === 'P3M' || grain === 'P0.25Y' ? { rowcount: 8 } : {}),
}));

/** An x-axis that is an SQL expression rather than a column: Superset probes its type for the grain. */
const expressionAxis = (sqlExpression: string, label: string, timeGrain: string) => ({ timeGrain, columnType: 'BASE_AXIS', sqlExpression, label, expressionType: 'SQL' });

const X_AXIS_STYLES: GoldenContext[] = [
  {
    name: 'xaxis-expression-temporal',
    covers: 'an SQL-expression x-axis (DATE(ds)) with a grain: probed temporal on every engine (ISO text on SQLite), so bucketed by month',
    dataset: 'random_time_series',
    query: timeseries('ds', 'P1M', 'No filter', ['count'], { columns: [expressionAxis('DATE(ds)', 'day', 'P1M')], orderby: [['day', true]] }),
    colnames: ['day', 'count'],
    rowcount: 24,
  },
  {
    name: 'xaxis-expression-temporal-virtual',
    covers: 'an SQL-expression x-axis over a virtual dataset, with a time range on its column: probed over the virtual table, bucketed by year',
    dataset: 'virtual_births',
    query: timeseries('ds', 'P1Y', '1990-01-01 : 2000-01-01', ['sum__num'], { columns: [expressionAxis('DATE(ds)', 'birth_day', 'P1Y')], orderby: [['birth_day', true]] }),
    colnames: ['birth_day', 'sum__num'],
    rowcount: 10,
  },
  {
    name: 'xaxis-expression-not-temporal',
    covers: 'an SQL-expression x-axis that is text (UPPER(gender)) with a grain: probed, not temporal, so not bucketed',
    dataset: 'birth_names',
    query: timeseries('ds', 'P1D', '1990-01-01 : 2000-01-01', ['sum__num'], { columns: [expressionAxis('UPPER(gender)', 'GENDER', 'P1D')] }),
    colnames: ['GENDER', 'sum__num'],
    rowcount: 2,
    sqlLacks: ['DATE_TRUNC', 'start of'],
  },
  {
    name: 'xaxis-series-pivot',
    covers: 'current x-axis style with a series column and the pivot/flatten buildQuery adds',
    dataset: 'birth_names',
    query: timeseries('ds', 'P1Y', '1990-01-01 : 2000-01-01', ['sum__num'], {
      columns: [xAxis('ds', 'P1Y'), 'gender'],
      series_columns: ['gender'],
      post_processing: [
        { operation: 'pivot', options: { index: ['ds'], columns: ['gender'], aggregates: { sum__num: { operator: 'mean' } }, drop_missing_columns: false } },
        { operation: 'flatten' },
      ],
    }),
    colnames: ['ds', 'gender', 'sum__num'],
    rowcount: 20,
  },
  {
    name: 'legacy-timeseries-year',
    covers: 'legacy granularity + is_timeseries + extras.time_grain_sqla giving __timestamp, with groupby',
    dataset: 'birth_names',
    query: {
      granularity: 'ds',
      is_timeseries: true,
      time_range: '1990-01-01 : 2000-01-01',
      extras: { time_grain_sqla: 'P1Y', where: '', having: '' },
      groupby: ['gender'],
      metrics: ['sum__num'],
      row_limit: 50000,
      order_desc: true,
    },
    colnames: ['__timestamp', 'gender', 'sum__num'],
    rowcount: 20,
  },
  {
    name: 'legacy-timeseries-week',
    covers: 'legacy style with a week grain and no groupby (granularity_sqla, the older name)',
    dataset: 'random_time_series',
    query: {
      granularity_sqla: 'ds',
      is_timeseries: true,
      time_range: '2019-03-01 : 2019-05-01',
      extras: { time_grain_sqla: 'P1W' },
      metrics: ['count'],
      columns: [],
      row_limit: 10000,
    },
    colnames: ['__timestamp', 'count'],
    rowcount: 10,
  },
];

const SERIES_LIMITS: GoldenContext[] = [
  {
    name: 'series-limit-top-names',
    covers: 'series_columns + series_limit + series_limit_metric: a join on the top-5 names',
    dataset: 'birth_names',
    query: timeseries('ds', 'P1Y', 'No filter', ['sum__num'], {
      columns: [xAxis('ds', 'P1Y'), 'name'],
      series_columns: ['name'],
      series_limit: 5,
      series_limit_metric: 'sum__num',
      orderby: [['sum__num', false]],
    }),
    colnames: ['ds', 'name', 'sum__num'],
    rowcount: 220,
  },
  {
    name: 'series-limit-adhoc-metric',
    covers: 'series limit ranked by an adhoc metric other than the chart metric',
    dataset: 'flights',
    query: timeseries('ds', 'P1M', 'No filter', ['count'], {
      columns: [xAxis('ds', 'P1M'), 'AIRLINE'],
      series_columns: ['AIRLINE'],
      series_limit: 3,
      series_limit_metric: simple('SUM', 'DISTANCE'),
    }),
    colnames: ['ds', 'AIRLINE', 'count'],
    rowcount: 36,
  },
  {
    name: 'series-limit-legacy',
    covers: 'legacy timeseries_limit + timeseries_limit_metric with groupby',
    dataset: 'birth_names',
    query: {
      granularity: 'ds',
      is_timeseries: true,
      time_range: '2000-01-01 : 2005-01-01',
      extras: { time_grain_sqla: 'P1Y' },
      groupby: ['state'],
      metrics: ['sum__num'],
      timeseries_limit: 3,
      timeseries_limit_metric: 'count',
      order_desc: true,
      row_limit: 10000,
    },
    colnames: ['__timestamp', 'state', 'sum__num'],
    rowcount: 15,
  },
  {
    name: 'series-limit-zero',
    covers: 'series_limit 0 means no limit',
    dataset: 'birth_names',
    query: timeseries('ds', 'P1Y', '2000-01-01 : 2003-01-01', ['count'], {
      columns: [xAxis('ds', 'P1Y'), 'state'],
      series_columns: ['state'],
      series_limit: 0,
      series_limit_metric: 'count',
    }),
    rowcount: 33,
  },
];

const TIME_COMPARISON: GoldenContext[] = [
  {
    name: 'time-offset-year',
    covers: "time_offsets ['1 year ago'] on a yearly series",
    dataset: 'birth_names',
    query: timeseries('ds', 'P1Y', '2000-01-01 : 2008-01-02', ['sum__num'], { time_offsets: ['1 year ago'] }),
    rowcount: 9,
  },
  {
    name: 'time-offset-series',
    covers: 'two time offsets with a series column and a SIMPLE metric',
    dataset: 'birth_names',
    query: timeseries('ds', 'P1Y', '2004-01-01 : 2008-01-02', [simple('SUM', 'num')], {
      columns: [xAxis('ds', 'P1Y'), 'gender'],
      series_columns: ['gender'],
      time_offsets: ['1 year ago', '2 years ago'],
    }),
    rowcount: 10,
  },
  {
    name: 'time-offset-legacy-week',
    covers: "legacy __timestamp style with time_offsets ['1 week ago']",
    dataset: 'random_time_series',
    query: {
      granularity: 'ds',
      is_timeseries: true,
      time_range: '2020-01-06 : 2020-03-02',
      extras: { time_grain_sqla: 'P1W' },
      metrics: ['count'],
      time_offsets: ['1 week ago'],
      row_limit: 1000,
    },
    rowcount: 8,
  },
];

const SECURITY: GoldenContext[] = [
  {
    name: 'rls-single',
    covers: 'one row-level security predicate',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['sum__num'] }),
    rls: ["state = 'CA'"],
    rowcount: 2,
    sqlHas: ["state = 'CA'"],
  },
  {
    name: 'rls-jinja-and-filters',
    covers: 'several RLS predicates (one with Jinja) ANDed with the query filters',
    dataset: 'birth_names',
    query: queryObject({ columns: ['state'], metrics: ['count'], filters: [f('gender', '==', 'girl')] }),
    rls: ["state IN ('CA', 'NY', 'TX')", "name <> '{{ current_username() }}'"],
    rowcount: 3,
    sqlHas: ["name <> 'golden'", "'TX'"],
  },
  {
    name: 'rls-virtual',
    covers: 'RLS on a virtual dataset',
    dataset: 'virtual_births',
    query: queryObject({ columns: ['state'], metrics: ['count'] }),
    rls: ["gender = 'boy'"],
    sqlHas: ["gender = 'boy'", 'num >= 100'],
  },
];

const VIRTUAL_AND_TEMPLATES: GoldenContext[] = [
  {
    name: 'virtual-basic',
    covers: "a virtual dataset's SQL as a subquery, with its template parameter",
    dataset: 'virtual_births',
    query: queryObject({ columns: ['gender'], metrics: ['sum__num', 'count'] }),
    colnames: ['gender', 'sum__num', 'count'],
    rowcount: 2,
    sqlHas: ['num >= 100'],
  },
  {
    name: 'virtual-filter-values',
    covers: "filter_values('state') | where_in in a virtual dataset sees the query's IN filter",
    dataset: 'virtual_births_by_state',
    query: queryObject({ columns: ['state'], metrics: ['count'], filters: [f('state', 'IN', ['CA', 'NY'])] }),
    rowcount: 2,
    sqlHas: ["IN ('CA', 'NY')"],
  },
  {
    name: 'virtual-time-filter',
    covers: "get_time_filter('ds', remove_filter=True) takes the query's time range into the virtual SQL",
    dataset: 'virtual_births_time',
    query: timeseries('ds', 'P1Y', '1995-01-01 : 1998-01-01', ['sum__num']),
    rowcount: 3,
    sqlHas: ['1995-01-01 00:00:00', '1998-01-01 00:00:00'],
  },
  {
    name: 'virtual-time-filter-default',
    covers: "get_time_filter's default when the query has no time range",
    dataset: 'virtual_births_time',
    query: queryObject({ columns: [xAxis('ds', 'P1Y')], metrics: ['count'] }),
    rowcount: 10,
    sqlHas: ['1990-01-01 00:00:00', '2000-01-01 00:00:00'],
  },
  {
    name: 'template-where',
    covers: "the dataset's template parameters in extras.where (a number and where_in)",
    dataset: 'birth_names_templated',
    query: queryObject({ columns: ['state'], metrics: ['count'], extras: { where: 'num >= {{ min_num }} AND state IN {{ states | where_in }}' } }),
    rowcount: 2,
    sqlHas: ['num >= 500', "IN ('CA', 'NY')"],
  },
  {
    name: 'template-url-param',
    covers: "url_param from the request's form_data in extras.where",
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count'], extras: { where: "state = '{{ url_param('st', 'CA') }}'" } }),
    formData: { url_params: { st: 'NY' } },
    rowcount: 2,
    sqlHas: ["state = 'NY'"],
  },
];

const METRICS_AND_COLUMNS: GoldenContext[] = [
  {
    name: 'metrics-saved',
    covers: 'saved metrics by name',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: ['count', 'sum__num', 'sum__num_girls'] }),
    colnames: ['gender', 'count', 'sum__num', 'sum__num_girls'],
    rowcount: 2,
  },
  {
    name: 'metrics-simple-adhoc',
    covers: 'SIMPLE adhoc metrics: every aggregate',
    dataset: 'birth_names',
    query: queryObject({
      columns: ['state'],
      metrics: [simple('SUM', 'num'), simple('AVG', 'num'), simple('MIN', 'num'), simple('MAX', 'num'), simple('COUNT', 'num'), simple('COUNT_DISTINCT', 'name')],
    }),
    colnames: ['state', 'SUM(num)', 'AVG(num)', 'MIN(num)', 'MAX(num)', 'COUNT(num)', 'COUNT_DISTINCT(name)'],
    rowcount: 11,
  },
  {
    name: 'metrics-sql-adhoc',
    covers: 'SQL adhoc metrics, with and without a custom label',
    dataset: 'birth_names',
    query: queryObject({
      columns: ['gender'],
      metrics: [sqlMetric('SUM(num_boys) * 1.0 / SUM(num)', 'boy_share', true), sqlMetric('MAX(num) - MIN(num)', 'MAX(num) - MIN(num)', false)],
    }),
    colnames: ['gender', 'boy_share', 'MAX(num) - MIN(num)'],
    rowcount: 2,
  },
  {
    name: 'metrics-hostile-label',
    covers: 'a label with quotes, backquotes and a backslash is one alias on every engine',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: [simple('SUM', 'num', 'Births "total" `it\'s` \\ n', true)] }),
    colnames: ['gender', 'Births "total" `it\'s` \\ n'],
    rowcount: 2,
  },
  {
    name: 'calculated-metric-column',
    covers: 'a SIMPLE metric over a calculated column (num_california)',
    dataset: 'birth_names',
    query: queryObject({ columns: ['gender'], metrics: [simple('SUM', 'num_california')] }),
    colnames: ['gender', 'SUM(num_california)'],
    rowcount: 2,
  },
  {
    name: 'calculated-dimensions',
    covers: 'calculated columns as dimensions and in a filter',
    dataset: 'birth_names',
    query: queryObject({ columns: ['size_band', 'name_initial'], metrics: ['count'], filters: [f('name_initial', 'IN', ['A', 'J'])] }),
    colnames: ['size_band', 'name_initial', 'count'],
  },
  {
    name: 'deprecated-groupby',
    covers: 'groupby, the deprecated name of columns; no row_limit (the default applies)',
    dataset: 'birth_names',
    query: { groupby: ['gender'], metrics: ['count'], filters: [], extras: {} },
    colnames: ['gender', 'count'],
    rowcount: 2,
  },
  {
    name: 'boolean-dimension',
    covers: 'a boolean calculated column as a dimension',
    dataset: 'flights',
    query: queryObject({ columns: ['is_cancelled'], metrics: ['count'] }),
    rowcount: 2,
  },
  {
    name: 'year-format-column',
    covers: "TEMPORAL_RANGE on an integer year column with python_date_format '%Y'",
    dataset: 'video_game_sales',
    query: queryObject({ columns: ['genre'], metrics: ['sum__global_sales', 'count'], filters: [f('year', 'TEMPORAL_RANGE', '2000-01-01 : 2005-01-01')] }),
    rowcount: 12,
  },
];

const ORDER_LIMIT_HAVING: GoldenContext[] = [
  {
    name: 'orderby-top-names',
    covers: 'orderby a saved metric descending with row_limit (top 10 names)',
    dataset: 'birth_names',
    query: queryObject({ columns: ['name'], metrics: ['sum__num'], orderby: [['sum__num', false]], row_limit: 10 }),
    colnames: ['name', 'sum__num'],
    rowcount: 10,
  },
  {
    name: 'row-limit-offset',
    covers: 'row_limit with row_offset',
    dataset: 'birth_names',
    query: queryObject({ columns: ['name'], metrics: ['sum__num'], orderby: [['sum__num', false]], row_limit: 5, row_offset: 5 }),
    rowcount: 5,
  },
  {
    name: 'orderby-ascending-adhoc',
    covers: 'orderby an adhoc metric ascending',
    dataset: 'flights',
    query: queryObject({ columns: ['AIRLINE'], metrics: [simple('COUNT', 'FLIGHT_NUMBER')], orderby: [[simple('COUNT', 'FLIGHT_NUMBER'), true]], row_limit: 5 }),
    rowcount: 5,
  },
  {
    name: 'raw-records',
    covers: 'a table chart in raw mode (no metrics key, so no GROUP BY): orderby two columns, filters, limit',
    dataset: 'birth_names',
    query: queryObject({
      columns: ['name', 'state', 'num', 'ds'],
      orderby: [['num', false], ['name', true]],
      filters: [f('ds', 'TEMPORAL_RANGE', '2008-01-01 : 2009-01-01'), f('state', '==', 'CA')],
      row_limit: 25,
    }),
    colnames: ['name', 'state', 'num', 'ds'],
    rowcount: 25,
    sqlLacks: ['GROUP BY'],
  },
  {
    name: 'having',
    covers: 'extras.having on an aggregate',
    dataset: 'birth_names',
    query: queryObject({ columns: ['name'], metrics: ['sum__num'], extras: { having: 'SUM(num) > 400000' } }),
    rowcount: 12,
  },
  {
    name: 'where-and-having',
    covers: 'extras.where and extras.having together, with a filter',
    dataset: 'birth_names',
    query: queryObject({ columns: ['state'], metrics: ['count'], filters: [f('num', '>', 20)], extras: { where: "gender = 'girl'", having: 'COUNT(*) > 300' } }),
  },
  {
    name: 'pivot-state-gender',
    covers: 'two dimensions pivoted by post-processing (a pivot table)',
    dataset: 'birth_names',
    query: queryObject({
      columns: ['state', 'gender'],
      metrics: ['sum__num'],
      post_processing: [
        { operation: 'pivot', options: { index: ['state'], columns: ['gender'], aggregates: { sum__num: { operator: 'sum' } }, drop_missing_columns: false } },
        { operation: 'flatten' },
      ],
    }),
    colnames: ['state', 'gender', 'sum__num'],
    rowcount: 22,
  },
];

export const GOLDEN_CONTEXTS: GoldenContext[] = [
  ...OPERATORS,
  ...GRAINS,
  ...X_AXIS_STYLES,
  ...SERIES_LIMITS,
  ...TIME_COMPARISON,
  ...SECURITY,
  ...VIRTUAL_AND_TEMPLATES,
  ...METRICS_AND_COLUMNS,
  ...ORDER_LIMIT_HAVING,
];
