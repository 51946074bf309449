/**
 * Results at the speed of the engine, on a SQLite warehouse and store (the in-process worker):
 * an async query that finishes within the inline window is answered by execute itself, in the
 * sync run's shape (rows, failures with their status); a longer one answers 202 and its state
 * arrives over the event stream (GET /api/v1/sqllab/events/), ending with the finished state.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type QueryDict = Json & { id: string; state: string; rows: number | null; resultsKey: string | null };
type ExecBody = Json & { status: string; data: Json[]; query: QueryDict };

/** A few seconds of SQLite work: far past the inline window (400 ms; a count to two million was not, on an idle host), well within the test's time. */
const SLOW_SQL = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) SELECT count(*) AS n FROM c';

/** The `event: query` payloads of an event stream's text. */
function queryEvents(text: string): QueryDict[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: query\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as QueryDict);
}

describe('SQL Lab async: inline answers and the event stream (SQLite)', () => {
  let s: SqlLabApp;
  let file: ReturnType<typeof tempSqliteFile>;
  let asyncDb: { id: number; database_name: string };

  beforeAll(async () => {
    s = await startSqlLabApp();
    file = tempSqliteFile();
    fs.writeFileSync(file.file, '');
    asyncDb = await s.addDatabase({ database_name: 'warehouse_async', sqlalchemy_uri: `sqlite:///${file.file}`, allow_run_async: true });
    // The first request compiles the modules it reaches (Vite): not the figure the tests time.
    for (const sql of ['SELECT 0', 'SELECT nope FROM missing_table']) await s.execute({ database_id: asyncDb.id, sql, client_id: clientId(), runAsync: true });
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  it('answers a quick async query inline, with its rows, as a sync run', async () => {
    const id = clientId();
    const answer = await s.execute<ExecBody>({ database_id: asyncDb.id, sql: 'SELECT 1 AS one UNION ALL SELECT 2', client_id: id, runAsync: true });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.status).toBe('success');
    expect(answer.body.data).toEqual([{ one: 1 }, { one: 2 }]);
    expect(answer.body.query).toMatchObject({ id, state: 'success', rows: 2 });
    const record = await s.app.models().Query.findOne({ where: { client_id: id } });
    expect(record?.run_async).toBe(true);
  });

  it('answers a quick async failure inline with its error and status', async () => {
    const answer = await s.execute<{ errors: { error_type: string; message: string }[] }>({ database_id: asyncDb.id, sql: 'SELECT nope FROM missing_table', client_id: clientId(), runAsync: true });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('answers 202 for a longer query, then streams its state to the finished one', async () => {
    const id = clientId();
    const accepted = await s.execute<{ query: QueryDict }>({ database_id: asyncDb.id, sql: SLOW_SQL, client_id: id, runAsync: true });
    expect(accepted.status, accepted.text).toBe(202);
    expect(['pending', 'running']).toContain(accepted.body.query.state);

    const response = await s.app.fetch(`/api/v1/sqllab/events/?client_id=${id}`, { headers: { Authorization: `Bearer ${s.adminToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toMatch(/no-transform/);
    const text = await response.text(); // the stream ends after the finished state
    expect(text.startsWith('retry: ')).toBe(true);
    const events = queryEvents(text);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]).toMatchObject({ id, state: 'running' });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ id, state: 'success', rows: 1 });
    expect(last.resultsKey).toBeTruthy();
    const results = await s.call<ExecBody>('GET', `/api/v1/sqllab/results/?q=(key:'${last.resultsKey}')`);
    expect(results.body.data).toEqual([{ n: 20000000 }]);

    // A finished query: one event, then the end.
    const again = await s.app.fetch(`/api/v1/sqllab/events/?client_id=${id}`, { headers: { Authorization: `Bearer ${s.adminToken}` } });
    expect(queryEvents(await again.text()).map((q) => q.state)).toEqual(['success']);
  }, 60_000);

  it('refuses the stream with an error answer: no client id, unknown query, another user’s query, not logged in', async () => {
    const id = clientId();
    expect((await s.execute({ database_id: asyncDb.id, sql: 'SELECT 1', client_id: id, runAsync: true })).status).toBe(200);
    expect((await s.call('GET', '/api/v1/sqllab/events/')).status).toBe(400);
    expect((await s.call('GET', '/api/v1/sqllab/events/?client_id=a%00b')).status).toBe(400);
    const unknown = await s.call<{ message: string }>('GET', '/api/v1/sqllab/events/?client_id=nope123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no query/);
    const other = await s.userWith('events_other', [s.databaseAccess(asyncDb)]);
    expect((await s.call('GET', `/api/v1/sqllab/events/?client_id=${id}`, undefined, other.token)).status).toBe(403);
    expect((await s.app.fetch(`/api/v1/sqllab/events/?client_id=${id}`)).status).toBe(401);
    expect((await s.call('POST', `/api/v1/sqllab/events/?client_id=${id}`, {})).status).toBe(405);
  });

  it('stops following when a stop ends the query', async () => {
    const id = clientId();
    expect((await s.execute({ database_id: asyncDb.id, sql: SLOW_SQL, client_id: id, runAsync: true })).status).toBe(202);
    const stream = s.app.fetch(`/api/v1/sqllab/events/?client_id=${id}`, { headers: { Authorization: `Bearer ${s.adminToken}` } }).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: id })).status).toBe(200);
    expect(queryEvents(await stream).at(-1)).toMatchObject({ id, state: 'stopped' });
  }, 30_000);
});
