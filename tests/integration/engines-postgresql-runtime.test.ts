/**
 * The execution core under stress on the real PostgreSQL: a million rows with flat memory,
 * cancel and timeout reaching the server, a backend terminated mid-query, a host that hangs.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCancelledByKey, expectHungHostFailsFast, expectStoppedBySignal } from '../helpers/cancel-scenarios';
import { executeSql, streamSql } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { clientConfig, parsePostgresUri } from '~/server/engines/postgresql/connection.server';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { engineErrorOf, eventually, issueCodes, rssGrowthDuring, serviceAvailable, tempSqliteFile } from '../helpers/engine-fixtures';

const up = await serviceAvailable('postgresql');

describe.skipIf(!up)('PostgreSQL execution at runtime', () => {
  let db: TempDatabase;
  let admin: pg.Client;
  let target: ConnectionTarget;
  const sqlite = tempSqliteFile();
  const other: ConnectionTarget = { databaseId: 'pg-runtime-other-sqlite', uri: `sqlite:///${sqlite.file}` };

  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_engines');
    target = { databaseId: `pg-runtime-${db.name}`, uri: db.url };
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await executeSql({ target: other, sql: 'CREATE TABLE t (x int); INSERT INTO t VALUES (42)', allowDml: true });
  });

  afterAll(async () => {
    await admin?.end();
    await closeAllPools();
    await db?.drop();
    sqlite.remove();
  });

  /** Backends of our test database running a statement that starts with `prefix`. */
  const running = async (prefix: string) => {
    const r = await admin.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE $2 AND pid <> pg_backend_pid()`,
      [db.name, `${prefix}%`],
    );
    return Number(r.rows[0].n);
  };

  it('streams a million rows in batches with flat memory, values intact', async () => {
    let rows = 0;
    let first: unknown[] | null = null;
    let last: unknown[] | null = null;
    let batches = 0;
    const { growthMb } = await rssGrowthDuring(async () => {
      const stream = streamSql({ target, sql: `SELECT i, i::int8 * 9007199254740 AS big, 'row ' || i AS label FROM generate_series(1, 1000000) AS s(i)`, batchSize: 5000 });
      for await (const batch of stream) {
        batches++;
        expect(batch.rows.length).toBeLessThanOrEqual(5000);
        first ??= batch.rows[0];
        last = batch.rows[batch.rows.length - 1] ?? last;
        rows += batch.rows.length;
      }
    });
    expect(rows).toBe(1_000_000);
    expect(batches).toBeGreaterThanOrEqual(200);
    expect(first).toEqual([1, 9007199254740, 'row 1']);
    expect(last).toEqual([1_000_000, 9007199254740000000n, 'row 1000000']);
    expect(growthMb).toBeLessThan(150);
  }, 120_000);

  it('reads rows off the wire exactly as node-postgres parses them, value for value', async () => {
    // Every type the fast row path decodes itself, edge values, non-ASCII text and a 3 MB value
    // that spans many socket reads: compared with pg's own parser fed the same text.
    const sql = `SELECT i, i::int8 * 9007199254740 AS big, -i::int2 AS small, (i * 0.1)::numeric(30, 10) AS dec,
      (ARRAY['NaN', '1e400', '-0.00', '12345678901234567890.5'])[i % 4 + 1]::numeric AS odd_dec, i::float8 / 7 AS f8, i::float4 / 3 AS f4,
      (ARRAY['NaN', 'Infinity', '-0', '1e-320'])[i % 4 + 1]::float8 AS odd_float, i % 3 = 0 AS flag, NULLIF(i % 5, 0) AS maybe,
      'Ventes été ✓ ' || i AS label, timestamp '2020-02-29 23:59:59.999999' + i * interval '1 hour' AS ts,
      timestamptz '2020-01-01 00:00:00+05:30' + i * interval '1 minute' AS tz, date '2020-01-01' + i AS day,
      decode(lpad(to_hex(i), 8, '0'), 'hex') AS raw, CASE WHEN i = 7 THEN repeat('x', 3000000) END AS huge
      FROM generate_series(1, 2000) AS s(i)`;
    const fast = await executeSql({ target, sql });
    const client = new pg.Client(clientConfig(parsePostgresUri(db.url), { connectTimeoutMs: 5_000 }));
    await client.connect();
    try {
      const reference = await client.query<unknown[]>({ text: sql, rowMode: 'array' });
      expect(fast.rows).toHaveLength(2000);
      expect(fast.rows).toEqual(reference.rows);
      expect(fast.rows[6][15]).toHaveLength(3_000_000);
      expect(fast.columns.map((c) => c.name)).toEqual(reference.fields.map((f) => f.name));
    } finally {
      await client.end();
    }
  }, 60_000);

  it('stops the query on the server when the consumer leaves a stream early', async () => {
    let seen = 0;
    const started = Date.now();
    // generate_series in the select list streams; in FROM it would materialise its 100M rows first.
    for await (const batch of streamSql({ target, sql: 'SELECT i, md5(i::text) FROM (SELECT generate_series(1, 100000000) AS i) s', batchSize: 1000 })) {
      seen += batch.rows.length;
      if (seen >= 3000) break;
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await eventually(async () => (await running('SELECT i, md5')) === 0, 1000)).toBe(true);
    expect((await executeSql({ target, sql: 'SELECT 1' })).rows).toEqual([[1]]);
  }, 30_000);

  it('cancels a long query in the server: pg_sleep(30) is gone within a second', async () => {
    await expectStoppedBySignal(target, 'SELECT pg_sleep(30)', running);
  }, 30_000);

  it('cancels by key from another caller (what a second process does), with pg_cancel_backend', async () => {
    await expectCancelledByKey(target, 'SELECT pg_sleep(30)', running);
  }, 30_000);

  it('times out with SQLLAB_TIMEOUT_ERROR and stops the statement', async () => {
    const started = Date.now();
    const error = await engineErrorOf(executeSql({ target, sql: 'SELECT pg_sleep(20)', timeoutMs: 500, timeoutErrorType: 'SQLLAB_TIMEOUT_ERROR' }));
    expect([error.error.error_type, issueCodes(error), error.status]).toEqual(['SQLLAB_TIMEOUT_ERROR', [1026, 1027], 408]);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await eventually(async () => (await running('SELECT pg_sleep(20)')) === 0, 1000)).toBe(true);
    const chart = await engineErrorOf(executeSql({ target, sql: 'SELECT pg_sleep(20)', timeoutMs: 300 }));
    expect([chart.error.error_type, issueCodes(chart)]).toEqual(['BACKEND_TIMEOUT_ERROR', [1000, 1001]]);
  }, 30_000);

  it('answers an error when the backend is terminated mid-query, while other databases keep serving', async () => {
    let pid = '';
    const query = engineErrorOf(executeSql({ target, sql: 'SELECT pg_sleep(20)', onCancelKey: (k) => (pid = k) }));
    expect(await eventually(async () => pid !== '' && (await running('SELECT pg_sleep(20)')) === 1, 5000)).toBe(true);
    // While it hangs, another database (and another pool of this one) answers at once.
    expect((await executeSql({ target: other, sql: 'SELECT x FROM t' })).rows).toEqual([[42]]);
    expect((await executeSql({ target: { ...target, databaseId: 'pg-runtime-second' }, sql: 'SELECT 2' })).rows).toEqual([[2]]);
    await admin.query('SELECT pg_terminate_backend($1::int)', [Number(pid)]);
    const error = await query;
    expect(error.error.error_type).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(error.message).toContain('The connection to the database was lost while the query ran.');
    // The broken connection was dropped: the next query gets a fresh one.
    expect((await executeSql({ target, sql: 'SELECT 3' })).rows).toEqual([[3]]);
  }, 30_000);

  it('fails fast against a host that hangs, without stalling other databases', async () => {
    await expectHungHostFailsFast((port) => `postgresql://postgres@127.0.0.1:${port}/x`, [
      { target: other, sql: 'SELECT x FROM t', rows: [[42]] },
      { target, sql: 'SELECT 1', rows: [[1]] },
    ]);
  }, 30_000);
});
