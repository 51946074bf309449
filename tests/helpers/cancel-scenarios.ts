/**
 * The two ways a running statement is stopped, asserted the same way on every engine: by the
 * caller's signal (SQL Lab's Stop in this process) and by cancel key (Stop from another process).
 * `running(prefix)` counts the server's sessions running a statement that starts with `prefix`.
 */
import { expect } from 'vitest';
import { QueryStoppedError } from '~/server/engines/errors.server';
import { cancelQuery, executeSql } from '~/server/engines/execute.server';
import type { ConnectionTarget } from '~/server/engines/pools.server';
import { engineErrorOf, eventually } from './engine-fixtures';

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
