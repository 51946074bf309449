/**
 * Runtime scenarios asserted the same way on every engine: the two ways a running statement is
 * stopped, by the caller's signal (SQL Lab's Stop in this process) and by cancel key (Stop from
 * another process); and a host that hangs, which must fail fast without stalling the others.
 * `running(prefix)` counts the server's sessions running a statement that starts with `prefix`.
 */
import { expect } from 'vitest';
import { QueryStoppedError } from '~/server/engines/errors.server';
import { cancelQuery, executeSql } from '~/server/engines/execute.server';
import { configurePools, poolSettings, type ConnectionTarget } from '~/server/engines/pools.server';
import { engineErrorOf, eventually, issueCodes, startBlackHole } from './engine-fixtures';

type Running = (sql: string) => Promise<number>;

/** Stop by signal: the query rejects as stopped and leaves the server within a second. */
export async function expectStoppedBySignal(target: ConnectionTarget, sleepSql: string, running: Running) {
  const stop = new AbortController();
  const query = executeSql({ target, sql: sleepSql, signal: stop.signal });
  expect(await eventually(async () => (await running(sleepSql)) === 1, 5000)).toBe(true);
  const cancelledAt = Date.now();
  stop.abort();
  await expect(query).rejects.toBeInstanceOf(QueryStoppedError);
  expect(await eventually(async () => (await running(sleepSql)) === 0, 1000)).toBe(true);
  expect(Date.now() - cancelledAt).toBeLessThan(1000);
}

/** Stop by key from another caller: the query fails as cancelled and leaves the server within a second. */
export async function expectCancelledByKey(target: ConnectionTarget, sleepSql: string, running: Running, runningPrefix = sleepSql) {
  let key = '';
  const query = engineErrorOf(executeSql({ target, sql: sleepSql, onCancelKey: (k) => (key = k) }));
  expect(await eventually(async () => key !== '' && (await running(runningPrefix)) === 1, 5000)).toBe(true);
  expect(await cancelQuery({ ...target, databaseId: 'another-process' }, key)).toBe(true);
  expect((await query).message).toContain('The query was cancelled.');
  expect(await eventually(async () => (await running(runningPrefix)) === 0, 1000)).toBe(true);
}

/**
 * A host that accepts nothing (a black hole on `uriAt(port)`): three queries to it fail as
 * CONNECTION_HOST_DOWN_ERROR within the connect timeout, while `healthy` databases answer at once.
 */
export async function expectHungHostFailsFast(uriAt: (port: number) => string, healthy: { target: ConnectionTarget; sql: string; rows: unknown[][] }[]) {
  const hole = await startBlackHole();
  const saved = poolSettings().connectTimeoutMs;
  configurePools({ connectTimeoutMs: 1000 });
  try {
    const down: ConnectionTarget = { databaseId: `black-hole-${hole.port}`, uri: uriAt(hole.port) };
    const started = Date.now();
    const attempts = [1, 2, 3].map(() => engineErrorOf(executeSql({ target: down, sql: 'SELECT 1' })));
    const healthyAt = Date.now();
    for (const h of healthy) expect((await executeSql({ target: h.target, sql: h.sql })).rows).toEqual(h.rows);
    expect(Date.now() - healthyAt).toBeLessThan(500);
    for (const error of await Promise.all(attempts)) {
      expect([error.error.error_type, issueCodes(error)]).toEqual(['CONNECTION_HOST_DOWN_ERROR', [1009]]);
    }
    expect(Date.now() - started).toBeLessThan(2500);
  } finally {
    configurePools({ connectTimeoutMs: saved });
    await hole.close();
  }
}
