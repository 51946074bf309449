/**
 * The execution core on the real MariaDB: a million rows with flat memory, KILL QUERY on cancel
 * and timeout, a connection killed mid-query, a host that hangs.
 */
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCancelledByKey, expectHungHostFailsFast, expectStoppedBySignal } from '../helpers/cancel-scenarios';
import { executeSql, streamSql } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import type { TempDatabase } from '../helpers/databases';
import {
  createTempMariaDatabase,
  engineErrorOf,
  eventually,
  issueCodes,
  mariadbAdmin,
  rssGrowthDuring,
  serviceAvailable,
  tempSqliteFile,
} from '../helpers/engine-fixtures';

const up = await serviceAvailable('mariadb');

const DIGITS = '(SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9)';
const MILLION = `SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 100000 * g.d AS i,
  CAST(a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 100000 * g.d AS SIGNED) * 9007199254740 AS big
  FROM ${DIGITS} a, ${DIGITS} b, ${DIGITS} c, ${DIGITS} e, ${DIGITS} f, ${DIGITS} g`;

describe.skipIf(!up)('MySQL execution at runtime (MariaDB)', () => {
  let db: TempDatabase;
  let admin: mysql.Connection;
  let target: ConnectionTarget;
  const sqlite = tempSqliteFile();
  const other: ConnectionTarget = { databaseId: 'my-runtime-other-sqlite', uri: `sqlite:///${sqlite.file}` };

  beforeAll(async () => {
    db = await createTempMariaDatabase();
    target = { databaseId: `my-runtime-${db.name}`, uri: db.url };
    admin = await mariadbAdmin();
  });

  afterAll(async () => {
    await admin?.end();
    await closeAllPools();
    await db?.drop();
    sqlite.remove();
  });

  const running = async (prefix: string) => {
    const [rows] = await admin.query('SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = ? AND info LIKE ?', [db.name, `${prefix}%`]);
    return Number((rows as { n: number }[])[0].n);
  };

  it('streams a million rows in batches with flat memory, values intact', async () => {
    let rows = 0;
    let max = 0n;
    const { growthMb } = await rssGrowthDuring(async () => {
      for await (const batch of streamSql({ target, sql: MILLION, batchSize: 5000 })) {
        expect(batch.rows.length).toBeLessThanOrEqual(5000);
        for (const row of batch.rows) if (BigInt(row[1] as number | bigint) > max) max = BigInt(row[1] as number | bigint);
        rows += batch.rows.length;
      }
    });
    expect(rows).toBe(1_000_000);
    expect(max).toBe(999_999n * 9007199254740n);
    expect(growthMb).toBeLessThan(150);
  }, 120_000);

  it('cancels a long query in the server: SLEEP(30) leaves the processlist within a second', async () => {
    // MySQL answers a killed SLEEP() with a row, MariaDB with error 1317: either way the stop wins.
    await expectStoppedBySignal(target, 'SELECT SLEEP(30)', running);
  }, 30_000);

  it('cancels by key from another caller with KILL QUERY', async () => {
    await expectCancelledByKey(target, 'SELECT SLEEP(30) AS slept', running, 'SELECT SLEEP(30)');
  }, 30_000);

  it('times out with SQLLAB_TIMEOUT_ERROR and stops the statement', async () => {
    const error = await engineErrorOf(executeSql({ target, sql: 'SELECT SLEEP(20)', timeoutMs: 500, timeoutErrorType: 'SQLLAB_TIMEOUT_ERROR' }));
    expect([error.error.error_type, issueCodes(error)]).toEqual(['SQLLAB_TIMEOUT_ERROR', [1026, 1027]]);
    expect(await eventually(async () => (await running('SELECT SLEEP(20)')) === 0, 1000)).toBe(true);
  }, 30_000);

  it('answers an error when its connection is killed mid-query, while other databases keep serving', async () => {
    let thread = '';
    const query = engineErrorOf(executeSql({ target, sql: 'SELECT SLEEP(20)', onCancelKey: (k) => (thread = k) }));
    expect(await eventually(async () => thread !== '' && (await running('SELECT SLEEP(20)')) === 1, 5000)).toBe(true);
    expect((await executeSql({ target: other, sql: 'SELECT 42' })).rows).toEqual([[42]]);
    await admin.query(`KILL CONNECTION ${Number(thread)}`);
    const error = await query;
    expect(error.error.error_type).toBe('GENERIC_DB_ENGINE_ERROR');
    expect(error.message).toContain('The connection to the database was lost while the query ran.');
    expect((await executeSql({ target, sql: 'SELECT 3' })).rows).toEqual([[3]]);
  }, 30_000);

  it('fails fast against a host that hangs, without stalling other databases', async () => {
    await expectHungHostFailsFast((port) => `mysql://root@127.0.0.1:${port}/x`, [{ target, sql: 'SELECT 1', rows: [[1]] }]);
  }, 30_000);
});
