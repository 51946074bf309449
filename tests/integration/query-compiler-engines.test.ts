/**
 * The query compiler's SQL run by the real engines (a SQLite file, PostgreSQL, MariaDB, each a
 * database of its own): the same query objects over the same `sales` rows must give the same
 * answers everywhere, and the answers computed by hand. Then an injection fuzz: hostile text in
 * filter values, labels, column names, orderby, url and template parameters either gives a 400
 * or SQL that, run with DML allowed, changes nothing (a canary table keeps its rows, no table
 * appears) and finds exactly the row whose value is the hostile text itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFor, type DialectName } from '~/lib/sql/dialects';
import { splitStatements } from '~/lib/sql/split';
import { InvalidInputError } from '~/server/domain-errors.server';
import { EngineError } from '~/server/engines/errors.server';
import { executeSql } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { planQuery } from '~/server/query/plan.server';
import { GenericType, type DatasetSource } from '~/server/query/types.server';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, serviceAvailable, tempSqliteFile } from '../helpers/engine-fixtures';
import { salesDataset, sourceColumn, TEST_NOW, TEST_USER } from '../helpers/query-datasets';

const postgresUp = await serviceAvailable('postgresql');
const mariadbUp = await serviceAvailable('mariadb');
const sqliteFile = tempSqliteFile();
let postgres: TempDatabase | null = null;
let mariadb: TempDatabase | null = null;

const ENGINES: { name: DialectName; target: () => ConnectionTarget }[] = [
  { name: 'sqlite', target: () => ({ databaseId: 'qc-sqlite', uri: `sqlite:///${sqliteFile.file}` }) },
  ...(postgresUp ? [{ name: 'postgresql' as const, target: () => ({ databaseId: 'qc-pg', uri: postgres!.url }) }] : []),
  ...(mariadbUp ? [{ name: 'mysql' as const, target: () => ({ databaseId: 'qc-maria', uri: mariadb!.url }) }] : []),
];

const TYPES: Record<DialectName, Record<string, string>> = {
  sqlite: { ts: 'TIMESTAMP', day: 'DATE', text: 'TEXT', float: 'REAL', int: 'BIGINT', bool: 'BOOLEAN' },
  postgresql: { ts: 'TIMESTAMP', day: 'DATE', text: 'TEXT', float: 'DOUBLE PRECISION', int: 'BIGINT', bool: 'BOOLEAN' },
  mysql: { ts: 'DATETIME', day: 'DATE', text: 'VARCHAR(255)', float: 'DOUBLE', int: 'BIGINT', bool: 'BOOLEAN' },
};

/** Hostile text: quotes of every engine, comments, statement breaks, backslashes, Jinja, Unicode. */
const HOSTILE = [
  "'; DROP TABLE canary; --",
  "\\'; DROP TABLE canary; -- ",
  '" OR 1=1 --',
  '` OR 1=1 #',
  "') OR ('1'='1",
  '*/ OR 1=1 /*',
  '$$; DROP TABLE canary; $$',
  "E'\\x27' OR 1=1",
  '{{ 7 * 7 }}',
  "{% raw %}'{% endraw %}",
  'back\\slash\\',
  'line\nbreak; DELETE FROM canary',
  'naïve – ✓ 🙂',
  '%_%',
];

interface SalesRow { ts: string; day: string; region: string; product: string; amount: number; units: number; paid: boolean; epoch_s: number; epoch_ms: number; yr: number }

const ROWS: SalesRow[] = [
  { ts: '2023-01-15 10:00:00', day: '2023-01-15', region: 'EU', product: 'apple', amount: 120, units: 3, paid: true, epoch_s: 1673776800, epoch_ms: 1673776800000, yr: 2023 },
  { ts: '2023-02-01 00:00:00', day: '2023-02-01', region: 'EU', product: 'pear', amount: 40, units: 1, paid: false, epoch_s: 1675209600, epoch_ms: 1675209600000, yr: 2023 },
  { ts: '2024-01-20 08:30:00', day: '2024-01-20', region: 'US', product: 'apple', amount: 200, units: 5, paid: true, epoch_s: 1705739400, epoch_ms: 1705739400000, yr: 2024 },
  { ts: '2024-02-29 23:59:59', day: '2024-02-29', region: 'US', product: 'plum', amount: 10, units: 2, paid: false, epoch_s: 1709251199, epoch_ms: 1709251199000, yr: 2024 },
  { ts: '2024-03-01 00:00:00', day: '2024-03-01', region: 'APAC', product: 'apple', amount: 75.5, units: 4, paid: true, epoch_s: 1709251200, epoch_ms: 1709251200000, yr: 2024 },
  { ts: '1968-07-04 12:00:00', day: '1968-07-04', region: 'EU', product: 'old', amount: 1, units: 1, paid: true, epoch_s: -47044800, epoch_ms: -47044800000, yr: 1968 },
];

async function run(engine: (typeof ENGINES)[number], sql: string, allowDml = false) {
  return executeSql({ target: engine.target(), sql, allowDml });
}

async function setup(engine: (typeof ENGINES)[number]) {
  const d = dialectFor(engine.name);
  const t = TYPES[engine.name];
  const q = (n: string) => d.quoteIdentifier(n);
  const hostileColumn = 'we"ird`col\'; --';
  await run(engine, `CREATE TABLE canary (id ${t.int})`, true);
  await run(engine, 'INSERT INTO canary (id) VALUES (1), (2), (3)', true);
  await run(
    engine,
    `CREATE TABLE sales (ts ${t.ts}, day ${t.day}, region ${t.text}, product ${t.text}, amount ${t.float}, units ${t.int}, paid ${t.bool}, epoch_s ${t.int}, epoch_ms ${t.int}, yr ${t.int}, ${q(hostileColumn)} ${t.text})`,
    true,
  );
  const all = [...ROWS, ...HOSTILE.map((h, i) => ({ ...ROWS[0], region: h, product: `hostile-${i}` }))];
  const values = all.map((r) =>
    `(${d.datetimeLiteral(r.ts)}, ${d.dateLiteral(r.day)}, ${d.literal(r.region)}, ${d.literal(r.product)}, ${r.amount}, ${r.units}, ${d.literal(r.paid)}, ${r.epoch_s}, ${r.epoch_ms}, ${r.yr}, ${d.literal(r.region)})`,
  );
  await run(engine, `INSERT INTO sales VALUES ${values.join(', ')}`, true);
}

const dataset = (name: DialectName, over: Partial<DatasetSource> = {}) =>
  salesDataset(name, { columns: [...salesDataset(name).columns, sourceColumn('we"ird`col\'; --', GenericType.STRING)], ...over });

/** Rows of a plan on the engine, as objects keyed by the plan's labels (by position, as the service names them). */
async function rowsOf(engine: (typeof ENGINES)[number], query: Record<string, unknown>, over: Partial<DatasetSource> = {}, rls: string[] = []) {
  const plan = await planQuery({ user: TEST_USER, dataset: dataset(engine.name, over), query, resultType: 'full', formData: null, rls, now: TEST_NOW });
  expect(splitStatements(plan.sql, dialectFor(engine.name).flavor)).toHaveLength(1);
  const result = await run(engine, plan.sql, true);
  return result.rows.map((r) => Object.fromEntries(plan.columns.map((c, i) => [c.label, r[i]])));
}

/** A date or timestamp from any driver as 'YYYY-MM-DD HH:MM:SS' (a date alone at midnight). */
function text(v: unknown): string {
  const s = v instanceof Date ? v.toISOString() : String(v);
  return `${s.slice(0, 10)} ${s.length > 10 ? s.slice(11, 19) : '00:00:00'}`;
}

beforeAll(async () => {
  if (postgresUp) postgres = await createTempPostgresDatabase('sightline_test_qc');
  if (mariadbUp) mariadb = await createTempMariaDatabase('sightline_test_qc');
  for (const engine of ENGINES) await setup(engine);
});

afterAll(async () => {
  await closeAllPools();
  await postgres?.drop();
  await mariadb?.drop();
  sqliteFile.remove();
});

describe.each(ENGINES.map((e) => [e.name, e] as const))('plans on %s', (_name, engine) => {
  it('sums by month over a TEMPORAL_RANGE, with a series limit and a custom SQL metric', async () => {
    const rows = await rowsOf(engine, {
      columns: [{ label: 'ts', sqlExpression: 'ts', columnType: 'BASE_AXIS', timeGrain: 'P1M', expressionType: 'SQL' }, 'region'],
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'SUM(amount)' }, { expressionType: 'SQL', sqlExpression: 'MAX(units)', label: 'max units' }],
      filters: [{ col: 'ts', op: 'TEMPORAL_RANGE', val: '2023-01-01 : 2025-01-01' }, { col: 'product', op: 'NOT LIKE', val: 'hostile%' }],
      series_columns: ['region'],
      series_limit: 2,
      orderby: [['SUM(amount)', false]],
    });
    expect(rows.map((r) => [text(r.ts), r.region, Number(r['SUM(amount)']), Number(r['max units'])])).toEqual([
      ['2024-01-01 00:00:00', 'US', 200, 5],
      ['2023-01-01 00:00:00', 'EU', 120, 3],
      ['2023-02-01 00:00:00', 'EU', 40, 1],
      ['2024-02-01 00:00:00', 'US', 10, 2],
    ]);
  });

  it('buckets epoch and %Y columns into timestamps, before 1970 too, and filters them by their format', async () => {
    const rows = await rowsOf(engine, {
      columns: [{ label: 'year', sqlExpression: 'yr', columnType: 'BASE_AXIS', timeGrain: 'P1Y', expressionType: 'SQL' }],
      metrics: ['count'],
      filters: [{ col: 'epoch_ms', op: 'TEMPORAL_RANGE', val: '1960-01-01 : 2024-03-01' }, { col: 'product', op: 'NOT LIKE', val: 'hostile%' }],
      orderby: [['year', true]],
    });
    expect(rows.map((r) => [text(r.year), Number(r.count)])).toEqual([['1968-01-01 00:00:00', 1], ['2023-01-01 00:00:00', 2], ['2024-01-01 00:00:00', 2]]);
    const weeks = await rowsOf(engine, { columns: [{ label: 'w', sqlExpression: 'epoch_s', columnType: 'BASE_AXIS', timeGrain: 'P1W', expressionType: 'SQL' }], metrics: ['count'], filters: [{ col: 'region', op: '==', val: 'US' }], orderby: [['w', true]] });
    expect(weeks.map((r) => text(r.w))).toEqual(['2024-01-15 00:00:00', '2024-02-26 00:00:00']);
  });

  it('filters DATE columns at their bounds, booleans, IN with NULL, numbers given as text, ILIKE, HAVING', async () => {
    const rows = await rowsOf(engine, {
      columns: ['region'],
      metrics: ['count', 'total'],
      filters: [
        { col: 'day', op: 'TEMPORAL_RANGE', val: '2023-02-01 : 2024-03-01' },
        { col: 'paid', op: 'IS FALSE' },
        { col: 'region', op: 'IN', val: ['EU', 'US', '<NULL>'] },
        { col: 'units', op: '>=', val: '1' },
        { col: 'product', op: 'ILIKE', val: 'P%' },
        { col: 'count', op: '>=', val: 1 },
      ],
      orderby: [['region', true]],
    });
    expect(rows.map((r) => [r.region, Number(r.count), Number(r.total)])).toEqual([['EU', 1, 40], ['US', 1, 10]]);
  });

  it('runs a virtual dataset with Jinja, RLS and a legacy time series', async () => {
    const rows = await rowsOf(
      engine,
      { granularity: 'ts', is_timeseries: true, extras: { time_grain_sqla: 'P1Y' }, metrics: ['count'], time_range: '2020-01-01 : 2030-01-01', groupby: [], order_desc: false },
      { sql: "SELECT * FROM sales WHERE product IN {{ products | where_in }}", template_params: { products: ['apple', 'plum', "it's"] } },
      ["region <> 'APAC'"],
    );
    expect(rows.map((r) => [text(r.__timestamp), Number(r.count)]).sort()).toEqual([['2023-01-01 00:00:00', 1], ['2024-01-01 00:00:00', 2]]);
  });
});

describe.each(ENGINES.map((e) => [e.name, e] as const))('injection fuzz on %s', (_name, engine) => {
  async function unchanged() {
    const canary = await run(engine, 'SELECT COUNT(*) FROM canary');
    expect(Number(canary.rows[0][0])).toBe(3);
    const sales = await run(engine, 'SELECT COUNT(*) FROM sales');
    expect(Number(sales.rows[0][0])).toBe(ROWS.length + HOSTILE.length);
  }

  /**
   * Plans and runs; a 400 is an acceptable answer to hostile input, anything else must run. Where
   * the text is SQL by design (a raw template parameter, a custom WHERE), the database may also
   * refuse it as a syntax error: what matters is that nothing escapes (checked by unchanged()).
   */
  async function attempt(query: Record<string, unknown>, over: Partial<DatasetSource> = {}, sqlByDesign = false) {
    try {
      return await rowsOf(engine, query, over);
    } catch (error) {
      if (error instanceof InvalidInputError || (sqlByDesign && error instanceof EngineError)) return null;
      throw error;
    }
  }

  it.each(HOSTILE.map((h) => [h]))('filter values, labels and the hostile column name hold %j as data', async (h) => {
    const byValue = await rowsOf(engine, { columns: ['product'], metrics: ['count'], filters: [{ col: 'region', op: '==', val: h }] });
    expect(byValue.map((r) => r.product)).toEqual([`hostile-${HOSTILE.indexOf(h)}`]);
    const byList = await rowsOf(engine, { columns: ['region'], metrics: ['count'], filters: [{ col: 'region', op: 'IN', val: [h, 'nowhere'] }, { col: 'we"ird`col\'; --', op: '==', val: h }] });
    expect(byList.map((r) => r.region)).toEqual([h]);
    const labelled = await rowsOf(engine, {
      columns: [{ label: h, sqlExpression: 'region', expressionType: 'SQL' }, 'we"ird`col\'; --'],
      metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT', column: { column_name: 'product' }, label: `${h} n` }],
      filters: [{ col: 'product', op: 'LIKE', val: h }, { col: 'region', op: '==', val: 'nowhere' }],
      orderby: [[h, true]],
    });
    expect(labelled).toEqual([]);
    await unchanged();
  });

  it.each(HOSTILE.map((h) => [h]))('orderby, url and template parameters with %j are data or a 400, never SQL', async (h) => {
    expect(await attempt({ columns: ['region'], metrics: ['count'], orderby: [[h, true]] })).toBeNull();
    expect(await attempt({ columns: [h], metrics: ['count'] })).toBeNull();
    expect(await attempt({ columns: ['region'], metrics: [h] })).toBeNull();
    const viaUrl = await attempt({ columns: ['product'], metrics: ['count'], extras: { where: "region = '{{ url_param('r') }}'" }, url_params: { r: h } });
    if (!h.includes('{')) expect(viaUrl?.map((r) => r.product)).toEqual([`hostile-${HOSTILE.indexOf(h)}`]);
    const viaParams = await attempt({ columns: ['product'], metrics: ['count'] }, { sql: 'SELECT * FROM sales WHERE region IN {{ rs | where_in }}', template_params: { rs: [h] } });
    expect(viaParams?.map((r) => r.product)).toEqual([`hostile-${HOSTILE.indexOf(h)}`]);
    // A raw parameter is SQL by design; it must still stay inside the virtual table's parentheses.
    await attempt({ columns: ['product'], metrics: ['count'] }, { sql: "SELECT * FROM sales WHERE region = '{{ r }}'", template_params: { r: h } }, true);
    await attempt({ columns: ['product'], metrics: ['count'], extras: { where: `region = '${h}'` } }, {}, true);
    await unchanged();
  });
});
