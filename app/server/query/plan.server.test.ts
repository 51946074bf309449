import { describe, expect, it } from 'vitest';
import type { DialectName } from '~/lib/sql/dialects';
import { salesDataset, sourceColumn, TEST_NOW, TEST_USER } from '../../../tests/helpers/query-datasets';
import { InvalidInputError } from '../domain-errors.server';
import type { ExpressionKind, ExpressionProbeQuery } from './expression-type.server';
import { planColumnValues, planQuery } from './plan.server';
import { DEFAULT_ROW_LIMIT, GenericType, SAMPLES_ROW_LIMIT, type DatasetSource, type QueryPlan, type ResultType } from './types.server';

const ENGINES: DialectName[] = ['sqlite', 'postgresql', 'mysql'];

interface Options {
  dialect?: DialectName;
  dataset?: Partial<DatasetSource>;
  rls?: string[];
  resultType?: ResultType;
  formData?: Record<string, unknown> | null;
}

const plan = (query: Record<string, unknown>, o: Options = {}): Promise<QueryPlan> =>
  planQuery({
    user: TEST_USER,
    dataset: salesDataset(o.dialect ?? 'sqlite', o.dataset),
    query,
    resultType: o.resultType ?? 'full',
    formData: o.formData ?? null,
    rls: o.rls ?? [],
    now: TEST_NOW,
  });

/** The 400 a query fails with (the test fails when it plans). */
async function refusal(query: Record<string, unknown>, o: Options = {}): Promise<string> {
  const outcome = await plan(query, o).then(
    (p) => ({ p }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, got ${outcome.p.sql}`);
  if (!(outcome.error instanceof InvalidInputError)) throw outcome.error;
  return outcome.error.message;
}

const xAxis = (column: string, timeGrain: string | null = 'P1M') => ({ timeGrain, columnType: 'BASE_AXIS', sqlExpression: column, label: column, expressionType: 'SQL' });
const sum = (column: string, label?: string) => ({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: column, id: 9999 }, label, hasCustomLabel: false });

describe('the current x-axis style: BASE_AXIS column with a grain, TEMPORAL_RANGE filter', () => {
  const query = {
    columns: [xAxis('ts'), 'region'],
    metrics: ['count', sum('amount', 'SUM(amount)')],
    filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }],
    orderby: [['count', false]],
    row_limit: 10000,
  };

  it('compiles to this exact SQL on SQLite', async () => {
    const p = await plan(query);
    expect(p.sql).toBe(
      [
        `SELECT DATETIME(ts, 'start of month') AS "ts",`,
        `       region AS "region",`,
        `       (COUNT(*)) AS "count",`,
        `       SUM(amount) AS "SUM(amount)"`,
        `FROM "sales"`,
        `WHERE ts >= '2024-01-01 00:00:00'`,
        `  AND ts < '2024-04-01 00:00:00'`,
        `GROUP BY DATETIME(ts, 'start of month'), region`,
        `ORDER BY "count" DESC`,
        `LIMIT 10000`,
      ].join('\n'),
    );
    expect(p.columns).toEqual([
      { label: 'ts', temporal: true, metric: false },
      { label: 'region', temporal: false, metric: false },
      { label: 'count', temporal: false, metric: true },
      { label: 'SUM(amount)', temporal: false, metric: true },
    ]);
    expect([p.fromDttm, p.toDttm]).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 3, 1)]);
    expect(p.appliedFilters).toEqual([{ column: 'ts' }]);
    expect(p.rejectedFilters).toEqual([]);
    expect(p.labelMap).toEqual({ ts: ['ts'], region: ['region'], count: ['count'], 'SUM(amount)': ['SUM(amount)'] });
  });

  it('uses each dialect: date_trunc and typed literals on PostgreSQL, backquotes on MySQL', async () => {
    const pg = await plan(query, { dialect: 'postgresql' });
    expect(pg.sql).toContain(`SELECT DATE_TRUNC('month', ts) AS "ts"`);
    expect(pg.sql).toContain(`WHERE ts >= TIMESTAMP '2024-01-01 00:00:00'\n  AND ts < TIMESTAMP '2024-04-01 00:00:00'`);
    const my = await plan(query, { dialect: 'mysql' });
    expect(my.sql).toContain('SELECT DATE_SUB(DATE(ts), INTERVAL DAYOFMONTH(ts) - 1 DAY) AS `ts`');
    expect(my.sql).toContain('SUM(amount) AS `SUM(amount)`');
    expect(my.sql).toContain('ORDER BY `count` DESC\nLIMIT 10000');
  });

  it('is deterministic, and its cache key basis holds the SQL, sorted keys and defaults', async () => {
    const [a, b] = [await plan(query), await plan(query)];
    expect(a).toEqual(b);
    const basis = a.cacheKeyBasis as Record<string, unknown>;
    expect(Object.keys(basis)).toEqual([...Object.keys(basis)].sort());
    expect(basis.sql).toBe(a.sql);
    expect((basis.query as Record<string, unknown>).rowOffset).toBe(0);
    const withRls = await plan(query, { rls: ["region = 'EU'"] });
    expect(JSON.stringify(withRls.cacheKeyBasis)).not.toBe(JSON.stringify(a.cacheKeyBasis));
  });

  it('applies no grain to a column that is not temporal (the x-axis may be text)', async () => {
    const p = await plan({ columns: [xAxis('region', 'P1D')], metrics: ['count'] });
    expect(p.sql).toMatch(/^SELECT region AS "region"/);
    expect(p.columns[0].temporal).toBe(false);
  });
});

describe('the legacy style: granularity, is_timeseries, extras.time_grain_sqla', () => {
  it('puts __timestamp first, bucketed, and filters the time column by time_range', async () => {
    const p = await plan({
      granularity_sqla: 'ts',
      is_timeseries: true,
      time_range: 'Last quarter',
      extras: { time_grain_sqla: 'P1Y' },
      groupby: ['region'],
      metrics: ['count'],
      timeseries_limit: 0,
      order_desc: false,
    });
    expect(p.sql).toBe(
      [
        `SELECT DATETIME(ts, 'start of year') AS "__timestamp",`,
        `       region AS "region",`,
        `       (COUNT(*)) AS "count"`,
        `FROM "sales"`,
        `WHERE ts >= '2024-03-15 00:00:00'`,
        `  AND ts < '2024-06-15 00:00:00'`,
        `GROUP BY DATETIME(ts, 'start of year'), region`,
        `LIMIT ${DEFAULT_ROW_LIMIT}`,
      ].join('\n'),
    );
    expect(p.columns[0]).toEqual({ label: '__timestamp', temporal: true, metric: false });
  });

  it('falls back to the main datetime column when granularity is not temporal, and needs one', async () => {
    const p = await plan({ granularity: 'region', is_timeseries: true, metrics: ['count'], time_range: 'No filter' });
    expect(p.sql).toMatch(/^SELECT ts AS "__timestamp"/);
    expect(await refusal({ is_timeseries: true, metrics: ['count'] })).toMatch(/Datetime column not provided/);
  });

  it('limits the series as an INNER JOIN on a top-N subquery (deprecated timeseries_limit)', async () => {
    const p = await plan(
      { granularity: 'ts', is_timeseries: true, extras: { time_grain_sqla: 'P1D' }, groupby: ['region'], metrics: ['count'], timeseries_limit: 3, timeseries_limit_metric: 'total', time_range: 'No filter' },
      { dialect: 'mysql' },
    );
    expect(p.sql).toContain(
      ['FROM `sales`', 'INNER JOIN (', 'SELECT region AS `region__`, (SUM(amount)) AS `mme_inner__`', 'FROM `sales`', 'GROUP BY region', 'ORDER BY (SUM(amount)) DESC', 'LIMIT 3', ') AS series_limit ON region = series_limit.`region__`'].join('\n'),
    );
  });
});

describe('query object defaults and validation', () => {
  it('fills the row limit: the default, samples, 0 as missing, capped at SQL_MAX_ROW', async () => {
    expect((await plan({ columns: ['region'], metrics: ['count'] })).rowLimit).toBe(DEFAULT_ROW_LIMIT);
    expect((await plan({ columns: ['region'], metrics: ['count'], row_limit: 0 })).rowLimit).toBe(DEFAULT_ROW_LIMIT);
    expect((await plan({ columns: ['region'], metrics: ['count'], row_limit: '25', row_offset: 5 })).sql).toMatch(/LIMIT 25 OFFSET 5$/);
    expect((await plan({ columns: ['region'], metrics: ['count'], row_limit: 10_000_000 })).rowLimit).toBe(100_000);
    expect((await plan({}, { resultType: 'samples' })).rowLimit).toBe(SAMPLES_ROW_LIMIT);
  });

  it('ignores keys it does not know, and drops null post-processing steps', async () => {
    const p = await plan({
      columns: ['region'],
      metrics: ['count'],
      applied_time_extras: {},
      custom_params: { x: 1 },
      annotation_layers: [{ name: 'a', annotationType: 'EVENT' }],
      post_processing: [null, { operation: 'pivot', options: { index: ['region'] } }, {}],
      whatever: 'new frontend field',
    });
    expect(p.postProcessing).toEqual([{ operation: 'pivot', options: { index: ['region'] } }]);
  });

  it.each([
    [{ columns: ['nope'], metrics: ['count'] }, /Column "nope" does not exist/],
    [{ columns: ['region'], metrics: ['nope'] }, /Metric 'nope' does not exist/],
    [{ columns: ['region'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'MEDIAN', column: { column_name: 'amount' } }] }, /aggregate is invalid/],
    [{ columns: ['region'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'ghost' } }] }, /Column "ghost" does not exist/],
    [{ columns: ['region'], metrics: [{ expressionType: 'SQL', sqlExpression: ' ' }] }, /SQL expression is invalid/],
    [{ columns: ['region', 'region'], metrics: ['count'] }, /Duplicate column\/metric labels: "region"/],
    [{ columns: ['region'], series_columns: ['product'], metrics: ['count'] }, /series_columns.*"product"/],
    [{ metrics: [] }, /Empty query/],
    [{ columns: 'region' }, /The query is not valid: columns/],
    [{ columns: ['region'], metrics: ['count'], time_range: 'Last fortnight' }, /^Unexpected time range: /],
    [{ columns: [xAxis('ts', 'P2D')], metrics: ['count'] }, /Unknown time grain "P2D"/],
    [{ columns: ['region'], metrics: ['count'], orderby: [['nope', true]] }, /Unknown column used in orderby: nope/],
    [{ columns: ['region'], metrics: ['count'], row_limit: -1 }, /row_limit must not be negative/],
    [{ columns: [xAxis('ts')], metrics: ['count'], time_offsets: ['1 year ago'] }, /An enclosed time range/],
  ])('refuses %j with a 400', async (query, message) => {
    expect(await refusal(query)).toMatch(message);
  });

  it('refuses adhoc metrics on a dataset that disallows them, but not saved ones', async () => {
    const dataset = { disallow_adhoc_metrics: true };
    expect(await refusal({ columns: ['region'], metrics: [sum('amount')] }, { dataset })).toMatch(/Adhoc metrics are not allowed/);
    expect((await plan({ columns: ['region'], metrics: ['total'] }, { dataset })).sql).toContain('(SUM(amount)) AS "total"');
  });
});

describe('metrics and columns', () => {
  it("labels SIMPLE metrics as Superset does and resolves columns by name, not another instance's id", async () => {
    const p = await plan({
      columns: ['region'],
      metrics: [
        sum('amount'),
        { expressionType: 'SIMPLE', aggregate: 'COUNT', column: null },
        { expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'product' }, label: 'Products', hasCustomLabel: true },
        { expressionType: 'SIMPLE', aggregate: 'avg', column: { column_name: 'units' }, label: 'AVG(units)', hasCustomLabel: false },
        { expressionType: 'SQL', sqlExpression: 'MAX(amount) - MIN(amount)', label: 'spread' },
        { label: 'total' },
      ],
    });
    expect(p.columns.map((c) => c.label)).toEqual(['region', 'SUM(amount)', 'COUNT(*)', 'Products', 'AVG(units)', 'spread', 'total']);
    expect(p.sql).toContain('SUM(amount) AS "SUM(amount)",\n       COUNT(*) AS "COUNT(*)",\n       COUNT(DISTINCT product) AS "Products",\n       AVG(units) AS "AVG(units)",\n       (MAX(amount) - MIN(amount)) AS "spread",\n       (SUM(amount)) AS "total"');
  });

  it('inlines calculated columns in parentheses, in SELECT, GROUP BY, filters and aggregates', async () => {
    const p = await plan({ columns: ['big_sale'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'big_sale' }, label: 'n' }], filters: [{ col: 'big_sale', op: '==', val: 'big' }] });
    const expr = "(CASE WHEN amount >= 100 THEN 'big' ELSE 'small' END)";
    expect(p.sql).toContain(`SELECT ${expr} AS "big_sale"`);
    expect(p.sql).toContain(`COUNT(DISTINCT ${expr}) AS "n"`);
    expect(p.sql).toContain(`WHERE ${expr} = 'big'`);
    expect(p.sql).toContain(`GROUP BY ${expr}`);
  });

  it('selects raw rows without GROUP BY when metrics are absent, and groups when they are an empty list', async () => {
    const raw = await plan({ columns: ['region', 'amount'], orderby: [['amount', false]], row_limit: 5 });
    expect(raw.sql).toBe('SELECT region AS "region",\n       amount AS "amount"\nFROM "sales"\nORDER BY "amount" DESC\nLIMIT 5');
    expect((await plan({ columns: ['region'], metrics: [] })).sql).toContain('GROUP BY region');
  });

  it('orders by an adhoc metric, by a saved metric not selected, by a column; else by the first metric', async () => {
    const p = await plan({ columns: ['region'], metrics: [sum('amount', 'S')], orderby: [[sum('amount', 'S'), false], ['total', true], ['units', true]] });
    expect(p.sql).toContain('ORDER BY SUM(amount) DESC, (SUM(amount)) ASC, units ASC');
    expect((await plan({ columns: ['region'], metrics: ['count'] })).sql).toContain('ORDER BY "count" DESC');
    expect((await plan({ columns: ['region'], metrics: ['count'], order_desc: false })).sql).not.toContain('ORDER BY');
  });

  it('aliases labels too long for PostgreSQL and MySQL, keeping the label in the plan', async () => {
    const label = `a metric label that is longer than sixty-three bytes: ${'é'.repeat(20)}`;
    const p = await plan({ columns: ['region'], metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(units)', label }] }, { dialect: 'postgresql' });
    expect(p.columns[1].label).toBe(label);
    expect(p.sql).toMatch(/\(SUM\(units\)\) AS "a metric label that is longer than sixty__[0-9a-f]{8}"/);
  });
});

describe('time: python_date_format columns, DATE columns, offsets', () => {
  it('converts epoch and %Y columns to timestamps before bucketing, and filters them by their own format', async () => {
    for (const dialect of ENGINES) {
      const p = await plan({ columns: [xAxis('epoch_s', 'P1D'), xAxis('epoch_ms', null)].map((c, i) => ({ ...c, label: `t${i}` })), metrics: ['count'] }, { dialect });
      expect(p.columns.slice(0, 2).map((c) => c.temporal)).toEqual([true, true]);
    }
    const sqlite = await plan({ columns: [xAxis('epoch_s', 'P1D')], metrics: ['count'], filters: [{ col: 'epoch_s', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-01-02' }, { col: 'epoch_ms', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-01-02' }, { col: 'yr', op: 'TEMPORAL_RANGE', val: '2020-01-01 : 2023-01-01' }] });
    expect(sqlite.sql).toContain(`SELECT DATETIME(DATETIME(epoch_s, 'unixepoch'), 'start of day') AS "epoch_s"`);
    expect(sqlite.sql).toContain('epoch_s >= 1704067200\n  AND epoch_s < 1704153600');
    expect(sqlite.sql).toContain('epoch_ms >= 1704067200000\n  AND epoch_ms < 1704153600000');
    expect(sqlite.sql).toContain('yr >= 2020\n  AND yr < 2023');
    const year = await plan({ columns: [xAxis('yr', 'P1Y')], metrics: ['count'] }, { dialect: 'postgresql' });
    expect(year.sql).toContain("(TIMESTAMP '1970-01-01 00:00:00' + (");
    expect(year.columns[0].temporal).toBe(true);
  });

  it('compares a DATE column with DATE literals at midnight, and moves bounds by the dataset offset', async () => {
    const p = await plan({ columns: ['region'], metrics: ['count'], filters: [{ col: 'day', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }] }, { dialect: 'postgresql' });
    expect(p.sql).toContain("day >= DATE '2024-01-01'\n  AND day < DATE '2024-02-01'");
    const shifted = await plan({ columns: ['region'], metrics: ['count'], filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }] }, { dataset: { offset: 2 } });
    expect(shifted.sql).toContain("ts >= '2023-12-31 22:00:00'\n  AND ts < '2024-01-31 22:00:00'");
  });

  it('filters the main datetime column too when always_filter_main_dttm is set', async () => {
    const p = await plan({ columns: ['region'], metrics: ['count'], filters: [{ col: 'day', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }] }, { dataset: { always_filter_main_dttm: true } });
    expect(p.sql).toContain("WHERE ts >= '2024-01-01 00:00:00'\n  AND ts < '2024-02-01 00:00:00'\n  AND day >= '2024-01-01'");
  });

  it('plans one shifted query per time offset, keeping the series of the main range', async () => {
    const p = await plan({ columns: [xAxis('ts', 'P1M')], metrics: ['count'], filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }], time_offsets: ['1 year ago', '1 year ago', '4 weeks ago'], row_offset: 10 });
    expect(p.timeOffsets.map((o) => o.offset)).toEqual(['1 year ago', '4 weeks ago']);
    expect(p.timeOffsets[0].sql).toContain("ts >= '2023-01-01 00:00:00'\n  AND ts < '2023-04-01 00:00:00'");
    expect(p.timeOffsets[0].sql).not.toContain('OFFSET');
    expect(p.timeOffsets[1].sql).toContain("ts >= '2023-12-04 00:00:00'");
    expect(p.labelMap['count__1 year ago']).toEqual(['count', '1 year ago']);
  });
});

describe('filters: every operator, values only through the dialect', () => {
  const where = async (filter: Record<string, unknown>, dialect: DialectName = 'sqlite') => {
    const p = await plan({ columns: ['region'], metrics: ['count'], filters: [filter] }, { dialect });
    return /WHERE ([\s\S]*?)\nGROUP BY/.exec(p.sql)?.[1] ?? '';
  };

  it.each([
    [{ col: 'region', op: '==', val: "O'Hara" }, "region = 'O''Hara'"],
    [{ col: 'region', op: '!=', val: 'x' }, "region <> 'x'"],
    [{ col: 'units', op: '>', val: '5' }, 'units > 5'],
    [{ col: 'units', op: '<', val: 5.5 }, 'units < 5.5'],
    [{ col: 'units', op: '>=', val: ['7', '8'] }, 'units >= 7'],
    [{ col: 'units', op: '<=', val: '9007199254740993' }, 'units <= 9007199254740993'],
    [{ col: 'region', op: 'IN', val: ['a', 'b'] }, "region IN ('a', 'b')"],
    [{ col: 'region', op: 'in', val: 'solo' }, "region IN ('solo')"],
    [{ col: 'region', op: 'NOT IN', val: ['a', null] }, "NOT ((region IS NULL OR region IN ('a')))"],
    [{ col: 'region', op: 'IN', val: ['<NULL>'] }, 'region IS NULL'],
    [{ col: 'region', op: '==', val: '<empty string>' }, "region = ''"],
    [{ col: 'region', op: '==', val: null }, 'region IS NULL'],
    [{ col: 'region', op: 'LIKE', val: 'a%' }, "region LIKE 'a%'"],
    [{ col: 'region', op: 'NOT LIKE', val: 'a%' }, "region NOT LIKE 'a%'"],
    [{ col: 'region', op: 'ILIKE', val: '%Ab%' }, "LOWER(region) LIKE LOWER('%Ab%')"],
    [{ col: 'units', op: 'LIKE', val: '1%' }, "CAST(units AS TEXT) LIKE '1%'"],
    [{ col: 'region', op: 'IS NULL' }, 'region IS NULL'],
    [{ col: 'region', op: 'IS NOT NULL' }, 'region IS NOT NULL'],
    [{ col: 'paid', op: 'IS TRUE' }, 'paid IS TRUE'],
    [{ col: 'paid', op: 'IS FALSE' }, 'paid IS FALSE'],
    [{ col: 'paid', op: '==', val: 'true' }, 'paid = TRUE'],
    [{ col: 'ts', op: '>=', val: 1704067200000 }, "ts >= '2024-01-01 00:00:00'"],
    [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01', grain: 'P1M' }, "DATETIME(ts, 'start of month') >= '2024-01-01 00:00:00'\n  AND DATETIME(ts, 'start of month') < '2024-02-01 00:00:00'"],
    [{ col: 'Product name', op: '==', val: 'x' }, "product = 'x'"],
    [{ col: { label: 'lower region', sqlExpression: 'LOWER(region)', expressionType: 'SQL' }, op: '==', val: 'eu' }, "(LOWER(region)) = 'eu'"],
  ])('%j → %s', async (filter, expected) => {
    expect(await where(filter)).toBe(expected);
  });

  it('escapes backslashes for MySQL, and writes typed literals on PostgreSQL', async () => {
    expect(await where({ col: 'region', op: '==', val: "\\' OR 1=1 -- " }, 'mysql')).toBe("region = '\\\\'' OR 1=1 -- '");
    expect(await where({ col: 'ts', op: '<', val: 1704067200000 }, 'postgresql')).toBe("ts < TIMESTAMP '2024-01-01 00:00:00'");
    expect(await where({ col: 'units', op: 'LIKE', val: '1%' }, 'mysql')).toBe("CAST(units AS CHAR) LIKE '1%'");
  });

  it('puts a filter on a saved metric in HAVING, and rejects one on a column the dataset lacks', async () => {
    const p = await plan({ columns: ['region'], metrics: ['count'], filters: [{ col: 'total', op: '>', val: 10 }, { col: 'ghost', op: '==', val: 1, isExtra: true }], extras: { having: 'COUNT(*) > 2' } });
    expect(p.sql).toContain('HAVING (COUNT(*) > 2)\n  AND (SUM(amount)) > 10');
    expect(p.appliedFilters).toEqual([{ column: 'total' }]);
    expect(p.rejectedFilters).toEqual([{ reason: 'not_in_datasource', column: 'ghost' }]);
  });

  it.each([
    [{ col: 'region', op: 'LATEST_PARTITION', val: null }, /no partitions/],
    [{ col: 'region', op: 'REGEX', val: 'x' }, /Invalid filter operation type: REGEX/],
    [{ col: 'region', op: 'IN', val: [] }, /Filter value list cannot be empty/],
    [{ col: 'units', op: '==', val: 'abc' }, /"abc" is not a number/],
    [{ col: 'units', op: '>', val: null }, /Must specify a value/],
    [{ col: 'region', op: '==', val: { a: 1 } }, /must be text, a number/],
    [{ col: 'region', op: '==', val: 'a\0b' }, /NUL/],
  ])('refuses %j', async (filter, message) => {
    expect(await refusal({ columns: ['region'], metrics: ['count'], filters: [filter] })).toMatch(message);
  });
});

describe('WHERE pieces: RLS, extras.where, fetch_values_predicate, Jinja', () => {
  it('parenthesises extras.where and each RLS predicate, and applies the fetch values predicate on request', async () => {
    const p = await plan(
      { columns: ['region'], metrics: ['count'], extras: { where: "region = 'a' OR region = 'b'" }, apply_fetch_values_predicate: true },
      { rls: ["region <> 'secret' OR units > 0", 'units < {{ 1000 }}'], dataset: { fetch_values_predicate: 'amount > 0' } },
    );
    expect(p.sql).toContain("WHERE (amount > 0)\n  AND (region <> 'secret' OR units > 0)\n  AND (units < 1000)\n  AND (region = 'a' OR region = 'b')");
  });

  it('renders Jinja with the query filters; a template may take a filter over (remove_filter)', async () => {
    const p = await plan({
      columns: ['region'],
      metrics: ['count'],
      filters: [{ col: 'region', op: 'IN', val: ['a', "b'"] }, { col: 'units', op: '>', val: 1 }],
      extras: { where: "region IN {{ filter_values('region', remove_filter=True) | where_in }} AND '{{ url_param('k') }}' = 'v'" },
      url_params: { k: "v'" },
    });
    expect(p.sql).toContain("WHERE units > 1\n  AND (region IN ('a', 'b''') AND 'v''' = 'v')");
    expect(p.appliedTemplateFilters).toEqual(['region']);
    expect(p.appliedFilters).toEqual([{ column: 'region' }, { column: 'units' }]);
  });

  it('compiles a virtual dataset as a subquery, with its template parameters and the query one over them', async () => {
    const dataset = { sql: "SELECT * FROM sales WHERE region = '{{ r }}' AND units < {{ n }};", template_params: { r: 'EU', n: 5 } };
    const p = await plan({ columns: ['region'], metrics: ['count'], template_params: { n: 9 } }, { dataset });
    expect(p.sql).toContain("FROM (\nSELECT * FROM sales WHERE region = 'EU' AND units < 9\n) AS virtual_table");
    expect(await refusal({ columns: ['region'], metrics: ['count'] }, { dataset: { sql: 'SELECT 1; SELECT 2' } })).toMatch(/multiple statements/);
    expect(await refusal({ columns: ['region'], metrics: ['count'] }, { dataset: { sql: 'DELETE FROM sales' } })).toMatch(/read-only/);
    expect(await refusal({ columns: ['region'], metrics: ['count'] }, { dataset: { sql: 'SELECT * FROM sales) AS x; DROP TABLE sales; --' } })).toMatch(/multiple statements/);
  });

  it.each([
    ['1) AS t; DROP TABLE sales; --', /single SQL expression/],
    ['units) OR (1=1', /single SQL expression/],
    ["'unterminated", /single SQL expression/],
    ['(SELECT MAX(units) FROM secrets)', /sub-queries/],
    ['units -- swallow the rest', null],
  ])('keeps the custom WHERE %j inside its parentheses', async (where, refused) => {
    if (refused) {
      expect(await refusal({ columns: ['region'], metrics: ['count'], extras: { where } })).toMatch(refused);
    } else {
      expect((await plan({ columns: ['region'], metrics: ['count'], extras: { where } })).sql).toContain('WHERE (units)\nGROUP BY');
    }
  });
});

describe('samples, drill to detail, column values', () => {
  it('samples: every column, no metrics, no order, no time filter', async () => {
    const p = await plan({ columns: ['region'], metrics: ['count'], orderby: [['count', false]], filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: 'Last week' }, { col: 'region', op: '==', val: 'EU' }], post_processing: [{ operation: 'pivot' }] }, { resultType: 'samples' });
    expect(p.sql).toMatch(/^SELECT ts AS "ts",\n {7}day AS "day",[\s\S]*FROM "sales"\nWHERE region = 'EU'\nLIMIT 1000$/);
    expect(p.columns).toHaveLength(11);
    expect(p.postProcessing).toEqual([]);
    expect([p.fromDttm, p.toDttm]).toEqual([null, null]);
  });

  it('drill_detail: every column, filters kept, ordered by the first column, paged', async () => {
    const p = await plan({ columns: ['region'], metrics: ['count'], filters: [{ col: 'region', op: '==', val: 'EU' }], row_limit: 50, row_offset: 100 }, { resultType: 'drill_detail', dialect: 'mysql' });
    expect(p.sql).toMatch(/WHERE region = 'EU'\nORDER BY `ts` ASC\nLIMIT 50 OFFSET 100$/);
    expect(p.columns.every((c) => !c.metric)).toBe(true);
  });

  it('column values: distinct, ordered, limited, under RLS and the fetch values predicate', async () => {
    const dataset = salesDataset('postgresql', { fetch_values_predicate: 'units > 0' });
    const { sql } = await planColumnValues({ user: TEST_USER, dataset, column: 'big_sale', rls: ["region = 'EU'"], now: TEST_NOW, limit: 100 });
    expect(sql).toBe(`SELECT DISTINCT (CASE WHEN amount >= 100 THEN 'big' ELSE 'small' END) AS "column_values"\nFROM "sales"\nWHERE (units > 0)\n  AND (region = 'EU')\nORDER BY "column_values"\nLIMIT 100`);
    await expect(planColumnValues({ user: TEST_USER, dataset, column: 'ghost', rls: [], now: TEST_NOW })).rejects.toThrow(/Column name ghost does not exist/);
  });

  it('quotes column names that need it, in every dialect', async () => {
    const columns = [sourceColumn('Order Date', GenericType.TEMPORAL), sourceColumn('select', GenericType.STRING), sourceColumn('we"ird`name', GenericType.STRING)];
    const q = { columns: [xAxis('Order Date', 'P1D'), 'select', 'we"ird`name'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT', column: { column_name: 'we"ird`name' }, label: 'n' }] };
    expect((await plan(q, { dataset: { columns } })).sql).toContain(`SELECT DATETIME("Order Date", 'start of day') AS "Order Date",\n       "select" AS "select",\n       "we""ird\`name" AS "we""ird\`name"`);
    expect((await plan(q, { dataset: { columns }, dialect: 'mysql' })).sql).toContain('`select` AS `select`,\n       `we"ird``name` AS `we"ird``name`');
  });
});

describe('an SQL-expression x-axis with a grain (Superset probes its type)', () => {
  const query = (expression: string, timeGrain: string | null = 'P1M') => ({
    columns: [{ timeGrain, columnType: 'BASE_AXIS', sqlExpression: expression, label: 'day', expressionType: 'SQL' }],
    metrics: ['count'],
    row_limit: 100,
  });
  const fakeProbe = (kind: ExpressionKind) => {
    const asked: ExpressionProbeQuery[] = [];
    return { asked, probe: { kindOf: async (q: ExpressionProbeQuery) => (asked.push(q), kind) } };
  };
  const planWith = (q: Record<string, unknown>, probe: { kindOf(q: ExpressionProbeQuery): Promise<ExpressionKind> }, o: Options = {}) =>
    planQuery({ user: TEST_USER, dataset: salesDataset(o.dialect ?? 'sqlite', o.dataset), query: q, resultType: 'full', formData: null, rls: o.rls ?? [], now: TEST_NOW }, { probe });

  it('buckets a temporal expression by the grain, and marks it temporal', async () => {
    const { probe, asked } = fakeProbe('temporal');
    const p = await planWith(query('DATE(ts)'), probe, { dialect: 'postgresql' });
    expect(p.sql).toContain(`SELECT DATE_TRUNC('month', (DATE(ts))) AS "day"`);
    expect(p.columns[0]).toEqual({ label: 'day', temporal: true, metric: false });
    expect(p.axis).toEqual({ label: 'day', grain: 'P1M' });
    expect(asked).toEqual([{ datasetId: expect.any(Number), sql: ['SELECT (DATE(ts)) AS "probe"', 'FROM "sales"', 'WHERE (DATE(ts)) IS NOT NULL', 'LIMIT 1'].join('\n') }]);
  });

  it('reads ISO text (SQLite dates) as timestamps before bucketing', async () => {
    const { probe } = fakeProbe('temporal-text');
    const p = await planWith(query('DATE(ts)'), probe);
    expect(p.sql).toContain(`SELECT DATETIME(DATETIME((DATE(ts))), 'start of month') AS "day"`);
    expect(p.columns[0].temporal).toBe(true);
  });

  it('leaves a non-temporal expression, or one without a grain, as it is', async () => {
    const other = fakeProbe('other');
    const p = await planWith(query('UPPER(region)'), other.probe);
    expect(p.sql).toContain('SELECT (UPPER(region)) AS "day"');
    expect(p.columns[0].temporal).toBe(false);
    const temporal = fakeProbe('temporal');
    const raw = await planWith(query('DATE(ts)', null), temporal.probe);
    expect(raw.sql).toContain('SELECT (DATE(ts)) AS "day"');
    expect(temporal.asked).toEqual([]);
  });

  it('is not bucketed without a probe (the plan stays a function of its input)', async () => {
    const p = await plan(query('DATE(ts)'));
    expect(p.sql).toContain('SELECT (DATE(ts)) AS "day"');
  });

  it('probes under the row-level security of the query, for time offsets too', async () => {
    const { probe, asked } = fakeProbe('temporal');
    const q = { ...query('DATE(ts)'), time_offsets: ['1 year ago'], filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }] };
    const p = await planWith(q, probe, { rls: ["region = 'EU'"] });
    expect(p.timeOffsets[0].sql).toContain(`DATETIME((DATE(ts)), 'start of month')`);
    expect(asked.length).toBe(2);
    for (const a of asked) expect(a.sql).toContain(`WHERE (DATE(ts)) IS NOT NULL AND (region = 'EU')`);
  });
});
