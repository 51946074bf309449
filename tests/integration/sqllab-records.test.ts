/**
 * The query record's state machine against a real metadata store: each transition is a
 * conditional UPDATE, so whoever comes second (a late success after a stop, a second worker's
 * claim, a heartbeat after a sweep) changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempStore } from '../helpers/temp-store';

type Records = typeof import('../../app/server/sqllab/query-record.server');

describe('query record transitions', () => {
  let store: Awaited<ReturnType<typeof useTempStore>>;
  let records: Records;
  let databaseId: number;
  let userId: number;
  let n = 0;

  beforeAll(async () => {
    store = await useTempStore();
    records = await import('../../app/server/sqllab/query-record.server');
    const db = await store.models().Database.create({ database_name: 'x', sqlalchemy_uri: 'sqlite://' } as never);
    databaseId = db.id;
    const { createUser } = await import('../../app/server/security/users.server');
    userId = (await createUser({ username: 'runner', password: 'long-enough-pw', first_name: 'R', last_name: 'U', roles: ['sql_lab'] })).id;
  });
  afterAll(() => store.close());

  const newQuery = (runAsync: boolean) =>
    records.createQueryRecord({
      clientId: `c${++n}`, databaseId, userId, sql: 'SELECT 1', schema: null, catalog: null, tabName: null, sqlEditorId: null,
      limit: 10, runAsync, templateParams: {}, ctas: null,
    });
  const success = { rows: 1, limit: 10, limitingFactor: 'NOT_LIMITED' as const, executedSql: 'SELECT 1', resultsKey: 'k', ctasUsed: false };

  it('creates async queries pending, sync ones running, and refuses a taken client id with 409', async () => {
    expect((await newQuery(true)).status).toBe('pending');
    const sync = await newQuery(false);
    expect(sync.status).toBe('running');
    expect(sync.start_running_time).toBe(sync.start_time);
    const taken = await records.createQueryRecord({ clientId: sync.client_id, databaseId, userId, sql: 'x', schema: null, catalog: null, tabName: null, sqlEditorId: null, limit: null, runAsync: false, templateParams: {}, ctas: null }).catch((e: unknown) => e);
    expect((taken as Response).status).toBe(409);
  });

  it('lets one worker claim a pending query, once', async () => {
    const q = await newQuery(true);
    expect(await records.claimQuery(q.id)).toBe(true);
    expect(await records.claimQuery(q.id)).toBe(false);
    await q.reload();
    expect(q.status).toBe('running');
    expect(JSON.parse(q.extra_json ?? '{}').worker).toMatch(/:\d+$/);
  });

  it('keeps a stop over a success or failure that arrives later', async () => {
    const q = await newQuery(false);
    expect(await records.markStopped(q.id)).toBe(true);
    expect(await records.finishSuccess(q.id, success)).toBe(false);
    expect(await records.finishFailure(q.id, { errors: [], message: 'x', status: 400, state: 'failed' })).toBe(false);
    expect(await records.recordCancelKey(q.id, '123')).toBe(false);
    expect(await records.heartbeat(q.id)).toBe(false);
    await q.reload();
    expect(q.status).toBe('stopped');
    expect(await records.markStopped(q.id)).toBe(false);
  });

  it('beats only while running, moving changed_on', async () => {
    const q = await newQuery(false);
    await store.models().Query.sequelize?.query('UPDATE queries SET changed_on = :at WHERE id = :id', { replacements: { at: new Date(Date.now() - 60_000), id: q.id } });
    await q.reload();
    const before = q.changed_on.getTime();
    expect(await records.heartbeat(q.id)).toBe(true);
    await q.reload();
    expect(q.changed_on.getTime()).toBeGreaterThan(before + 50_000);
    expect(await records.finishSuccess(q.id, success)).toBe(true);
    await q.reload();
    expect(q).toMatchObject({ status: 'success', progress: 100, rows: 1, results_key: 'k', cancel_key: null });
    expect(await records.heartbeat(q.id)).toBe(false);
  });

  it('records a timeout as timed_out with its errors', async () => {
    const q = await newQuery(false);
    const errors = [{ message: 'slow', error_type: 'SQLLAB_TIMEOUT_ERROR' as const, level: 'error' as const, extra: {} }];
    expect(await records.finishFailure(q.id, { errors, message: 'slow', status: 408, state: 'timed_out' })).toBe(true);
    await q.reload();
    expect(q.status).toBe('timed_out');
    expect(JSON.parse(q.errors ?? '[]')).toEqual(errors);
  });
});
