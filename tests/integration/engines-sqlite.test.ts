/**
 * The SQLite engine on temp files: URIs, errors, browsing, values (big integers kept exact),
 * limits, sessions, DML rules, a million rows with flat memory, interrupt on cancel and timeout.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryStoppedError } from '~/server/engines/errors.server';
import { estimateCost } from '~/server/engines/estimate.server';
import { cancelQuery, executeSql, streamSql, testConnection } from '~/server/engines/execute.server';
import { getTableMetadata, listSchemas, listTables } from '~/server/engines/introspect.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { engines } from '~/server/engines/registry.server';
import { engineErrorOf, eventually, GRAIN_CASES, issueCodes, normaliseGrain, rssGrowthDuring, tempSqliteFile } from '../helpers/engine-fixtures';

const FIXTURE = `
  CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email VARCHAR(255) DEFAULT 'none');
  CREATE UNIQUE INDEX customers_email_idx ON customers (email);
  CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers, amount NUMERIC, placed DATE, raw BLOB);
  CREATE INDEX orders_placed_idx ON orders (placed, customer_id);
  CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
  INSERT INTO customers (name, email) VALUES ('Ada', 'ada@x'), ('Bob', 'bob@x'), ('Cy', 'cy@x');
  INSERT INTO orders (customer_id, amount, placed, raw) VALUES (1, 9007199254740993, '2024-01-01', x'deadbeef'), (2, 12.5, '2024-02-01', NULL)`;

const COUNT_FOREVER = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

describe('SQLite engine', () => {
  const file = tempSqliteFile();
  const target: ConnectionTarget = { databaseId: 'sqlite-main', uri: `sqlite:///${file.file}` };

  beforeAll(async () => {
    await executeSql({ target, sql: FIXTURE, allowDml: true });
  });

  afterAll(async () => {
    await closeAllPools();
    file.remove();
  });

  it('opens absolute and relative paths, and never creates a missing file', async () => {
    expect(target.uri.startsWith('sqlite:////')).toBe(true);
    const relative = path.relative(process.cwd(), file.file);
    expect((await executeSql({ target: { databaseId: 'sqlite-rel', uri: `sqlite:///${relative}` }, sql: 'SELECT count(*) FROM customers' })).rows).toEqual([[3]]);
    const missing = await engineErrorOf(testConnection({ databaseId: 'sqlite-missing', uri: `sqlite:///${file.file}.nope` }));
    expect([missing.error.error_type, issueCodes(missing)]).toEqual(['CONNECTION_UNKNOWN_DATABASE_ERROR', [1015]]);
    const readOnly: ConnectionTarget = { databaseId: 'sqlite-ro', uri: `sqlite:///${file.file}?mode=ro` };
    const denied = await engineErrorOf(executeSql({ target: readOnly, sql: "UPDATE customers SET name = 'x'", allowDml: true }));
    expect([denied.error.error_type, issueCodes(denied)]).toEqual(['CONNECTION_DATABASE_PERMISSIONS_ERROR', [1017]]);
  });

  it('maps query errors', async () => {
    const syntax = await engineErrorOf(executeSql({ target, sql: 'SELECT * FROM customers WHERE id = = 1' }));
    expect([syntax.error.error_type, issueCodes(syntax)]).toEqual(['SYNTAX_ERROR', [1030]]);
    const table = await engineErrorOf(executeSql({ target, sql: 'SELECT * FROM nope' }));
    expect([table.error.error_type, table.message]).toEqual(['TABLE_DOES_NOT_EXIST_ERROR', expect.stringContaining('"nope"')]);
    const column = await engineErrorOf(executeSql({ target, sql: 'SELECT nope FROM customers' }));
    expect(column.error.error_type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
  });

  it('lists schemas and tables, and describes a table', async () => {
    expect(await listSchemas(target)).toEqual(['main']);
    expect(await listTables(target, 'main')).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
    const meta = await getTableMetadata(target, 'main', 'orders');
    expect(meta.columns.map((c) => [c.name, c.type, c.type_generic, c.nullable])).toEqual([
      ['id', 'INTEGER', 'numeric', false],
      ['customer_id', 'INTEGER', 'numeric', false],
      ['amount', 'NUMERIC', 'numeric', true],
      ['placed', 'DATE', 'temporal', true],
      ['raw', 'BLOB', 'string', true],
    ]);
    expect(meta.primaryKey).toEqual({ constrained_columns: ['id'], name: null });
    expect(meta.foreignKeys).toEqual([{ name: null, constrained_columns: ['customer_id'], referred_schema: 'main', referred_table: 'customers', referred_columns: ['id'] }]);
    expect(meta.indexes).toEqual([{ name: 'orders_placed_idx', column_names: ['placed', 'customer_id'], unique: false }]);
    expect(meta.selectStar).toBe('SELECT "id",\n       "customer_id",\n       "amount",\n       "placed",\n       "raw"\nFROM "main"."orders"\nLIMIT 100');
    expect((await getTableMetadata(target, 'main', 'customers')).indexes).toEqual([{ name: 'customers_email_idx', column_names: ['email'], unique: true }]);
  });

  it('keeps values exact: integers beyond 2^53, blobs as hex, typed expressions', async () => {
    const result = await executeSql({ target, sql: 'SELECT id, amount, placed, raw, amount * 2 AS twice, 9223372036854775807 AS max FROM orders ORDER BY id' });
    expect(result.rows).toEqual([
      [1, 9007199254740993n, '2024-01-01', 'deadbeef', 18014398509481986n, 9223372036854775807n],
      [2, 12.5, '2024-02-01', null, 25, 9223372036854775807n],
    ]);
    expect(result.columns.map((c) => [c.name, c.type, c.type_generic])).toEqual([
      ['id', 'INTEGER', 'numeric'], ['amount', 'NUMERIC', 'numeric'], ['placed', 'DATE', 'temporal'],
      ['raw', 'BLOB', 'string'], ['twice', 'INTEGER', 'numeric'], ['max', 'INTEGER', 'numeric'],
    ]);
    // Duplicate names survive (the view renames the second), and an empty result still has columns.
    const dup = await executeSql({ target, sql: 'SELECT 1 AS a, 2 AS a' });
    expect([dup.columns.map((c) => c.name), dup.rows]).toEqual([['a', 'a:1'], [[1, 2]]]);
    const empty = await executeSql({ target, sql: 'SELECT id, name FROM customers WHERE 0' });
    expect([empty.columns.map((c) => c.name), empty.rows]).toEqual([['id', 'name'], []]);
  });

  it('reports each limiting factor as Superset does', async () => {
    const series = (n: number, own = '') => `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n}) SELECT i FROM s${own}`;
    expect((await executeSql({ target, sql: series(100), limit: 10 })).limitingFactor).toBe('DROPDOWN');
    const query = await executeSql({ target, sql: series(100, ' LIMIT 5'), limit: 10 });
    expect([query.rows.length, query.limitingFactor]).toEqual([5, 'QUERY']);
    expect((await executeSql({ target, sql: series(100, ' LIMIT 10'), limit: 10 })).limitingFactor).toBe('QUERY_AND_DROPDOWN');
    expect((await executeSql({ target, sql: series(3), limit: 10 })).limitingFactor).toBe('NOT_LIMITED');
    const pragma = await executeSql({ target, sql: 'PRAGMA table_info(orders)', limit: 2 });
    expect([pragma.rows.length, pragma.limitingFactor]).toEqual([2, 'DROPDOWN']);
  });

  it('runs a script on one session; the next query starts clean; DML needs allow_dml', async () => {
    const script = await executeSql({ target, allowDml: true, sql: 'CREATE TEMP TABLE scratch (n); INSERT INTO scratch VALUES (7); SELECT n FROM scratch' });
    expect(script.rows).toEqual([[7]]);
    const gone = await engineErrorOf(executeSql({ target, sql: 'SELECT n FROM scratch' }));
    expect(gone.error.error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    const refused = await engineErrorOf(executeSql({ target, sql: 'DELETE FROM orders' }));
    expect(refused.error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
    const updated = await executeSql({ target, sql: "UPDATE customers SET name = name || '!' WHERE id = 3", allowDml: true });
    expect(updated.rowcount).toBe(1);
  });

  it('says cost estimates are not supported', async () => {
    const error = await engineErrorOf(estimateCost({ target, sql: 'SELECT 1' }));
    expect([error.status, error.message]).toEqual([400, 'SQLite does not support cost estimation.']);
  });

  it('streams a million rows with flat memory', async () => {
    let rows = 0;
    let last: unknown[] | undefined;
    const { growthMb } = await rssGrowthDuring(async () => {
      const sql = "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1000000) SELECT i, 'row ' || i AS label FROM s";
      for await (const batch of streamSql({ target, sql, batchSize: 5000 })) {
        rows += batch.rows.length;
        last = batch.rows.at(-1) ?? last;
      }
    });
    expect([rows, last]).toEqual([1_000_000, [1_000_000, 'row 1000000']]);
    expect(growthMb).toBeLessThan(150);
  }, 120_000);

  it('interrupts a long recursive CTE on cancel, by signal or by key, and on timeout', async () => {
    const stop = new AbortController();
    const query = executeSql({ target, sql: COUNT_FOREVER, signal: stop.signal });
    await new Promise((r) => setTimeout(r, 300));
    const cancelledAt = Date.now();
    stop.abort();
    await expect(query).rejects.toBeInstanceOf(QueryStoppedError);
    expect(Date.now() - cancelledAt).toBeLessThan(1000);

    let key = '';
    const byKey = engineErrorOf(executeSql({ target, sql: COUNT_FOREVER, onCancelKey: (k) => (key = k) }));
    expect(await eventually(async () => key !== '', 2000)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(await cancelQuery(target, key)).toBe(true);
    expect((await byKey).message).toContain('The query was cancelled.');

    const timedOut = await engineErrorOf(executeSql({ target, sql: COUNT_FOREVER, timeoutMs: 400, timeoutErrorType: 'SQLLAB_TIMEOUT_ERROR' }));
    expect(timedOut.error.error_type).toBe('SQLLAB_TIMEOUT_ERROR');
    expect((await executeSql({ target, sql: 'SELECT count(*) FROM customers' })).rows).toEqual([[3]]);
  }, 30_000);

  it('buckets every time grain', async () => {
    const grains = engines.sqlite.dialect.timeGrains;
    for (const { at, expected } of GRAIN_CASES) {
      const codes = Object.keys(expected);
      const select = codes.map((code, i) => `${grains[code as keyof typeof grains].replaceAll('{col}', 'ts')} AS g${i}`).join(', ');
      const result = await executeSql({ target, sql: `SELECT ${select} FROM (SELECT '${at}' AS ts)` });
      expect(Object.fromEntries(codes.map((c, i) => [c, normaliseGrain(result.rows[0][i])]))).toEqual(expected);
    }
  });
});
