/**
 * SQL Lab's server half through the real Remix handler, on a SQLite warehouse and a SQLite
 * metadata store (the in-process worker): execute sync and async, limits, DML and template
 * refusals, results by key (and expired/unknown keys), stop, updated_since, the query history
 * API (list, _info, related, distinct, by id), format, CSV export, permissions, and the sweeper.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

// These tests follow the queued path: no inline answer for quick async queries (sqllab/execute.server.ts).
process.env.SQLLAB_INLINE_WAIT_MS = '0';

type SweeperModule = typeof import('../../app/server/sqllab/sweeper.server');

type QueryDict = Json & { id: string; queryId: number; state: string; resultsKey: string | null; limitingFactor: string; rows: number | null };
type ExecBody = Json & { status: string; data: Json[]; columns: Json[]; query: QueryDict; query_id: number; displayLimitReached?: boolean };
type ErrorsBody = { errors: { message: string; error_type: string; extra: Json }[]; message?: unknown };

describe('SQL Lab on SQLite', () => {
  let s: SqlLabApp;
  let file: ReturnType<typeof tempSqliteFile>;
  let rw: { id: number; database_name: string };
  let ro: { id: number; database_name: string };
  let asyncDb: { id: number; database_name: string };

  beforeAll(async () => {
    s = await startSqlLabApp();
    file = tempSqliteFile();
    fs.writeFileSync(file.file, ''); // an empty file is an empty database; the engine never creates one
    const uri = `sqlite:///${file.file}`;
    rw = await s.addDatabase({ database_name: 'warehouse_rw', sqlalchemy_uri: uri, allow_dml: true, allow_ctas: true, allow_cvas: true });
    ro = await s.addDatabase({ database_name: 'warehouse_ro', sqlalchemy_uri: uri });
    asyncDb = await s.addDatabase({ database_name: 'warehouse_async', sqlalchemy_uri: uri, allow_run_async: true });
    const setup = await s.execute({
      database_id: rw.id,
      sql: `CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
            INSERT INTO people (id, name, note) VALUES (1, 'Ada', 'a, "quoted" note'), (2, 'Bob', '=1+2'), (3, 'Cy', NULL),
              (4, 'Di', 'multi\nline'), (5, 'Ed', ''), (6, 'Flo', 'x'), (7, 'Gus', 'y'), (8, 'Hal', 'z'), (9, 'Ivy', 'w'), (10, 'Jo', 'v')`,
    });
    expect(setup.status, setup.text).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  it('runs a query synchronously and answers Superset’s execution shape', async () => {
    const id = clientId();
    const answer = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id, name FROM people ORDER BY id', client_id: id, tab: 'Untitled Query 1', sql_editor_id: '7', queryLimit: 100 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const body = answer.body;
    expect(body.status).toBe('success');
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toEqual({ id: 1, name: 'Ada' });
    expect(body.columns[0]).toMatchObject({ column_name: 'id', name: 'id', type_generic: 0, is_dttm: false });
    expect(body.columns[1]).toMatchObject({ column_name: 'name', name: 'name', type_generic: 1 });
    expect(body.selected_columns).toEqual(body.columns);
    expect(body.expanded_columns).toEqual([]);
    expect(body.query).toMatchObject({
      id,
      dbId: ro.id,
      db: 'warehouse_ro',
      state: 'success',
      progress: 100,
      rows: 10,
      limit: 100,
      limitingFactor: 'NOT_LIMITED',
      tab: 'Untitled Query 1',
      sqlEditorId: '7',
      ctas: false,
      tempTable: null,
      user: 'Admin User',
      sql: 'SELECT id, name FROM people ORDER BY id',
    });
    expect(body.query_id).toBe(body.query.queryId);
    expect(typeof body.query.resultsKey).toBe('string');
    expect(body.query.startDttm).toEqual(expect.any(Number));
    expect(body.query.endDttm).toBeGreaterThanOrEqual(body.query.startDttm as number);
    const record = await s.app.models().Query.findOne({ where: { client_id: id } });
    expect(record?.status).toBe('success');
    expect(record?.executed_sql).toContain('LIMIT 101');
    // Trailing slashes are optional everywhere.
    expect((await s.call('POST', '/api/v1/sqllab/execute', { database_id: ro.id, sql: 'SELECT 1' })).status).toBe(200);
    expect((await s.call('GET', '/api/v1/query/updated_since/?q=(last_updated_ms:0)')).status).toBe(200);
    expect((await s.call('GET', `/api/v1/query/${body.query_id}/`)).status).toBe(200);
    expect((await s.call('GET', '/api/v1/query/_info/')).status).toBe(200);
    expect((await s.call('GET', '/api/v1/query/distinct/status/')).status).toBe(200);
  });

  it('applies the limit: dropdown, the query’s own, and SQL_MAX_ROW', async () => {
    const dropdown = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id FROM people', queryLimit: 3 });
    expect(dropdown.body.data).toHaveLength(3);
    expect(dropdown.body.query).toMatchObject({ limit: 3, limitingFactor: 'DROPDOWN', rows: 3 });
    const own = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id FROM people LIMIT 2', queryLimit: 5 });
    expect(own.body.query).toMatchObject({ limit: 2, limitingFactor: 'QUERY', rows: 2 });
    const both = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id FROM people LIMIT 4', queryLimit: 4 });
    expect(both.body.query).toMatchObject({ limitingFactor: 'QUERY_AND_DROPDOWN', rows: 4 });
    const none = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id FROM people', queryLimit: 50 });
    expect(none.body.query).toMatchObject({ limitingFactor: 'NOT_LIMITED', rows: 10 });
  });

  it('refuses bad payloads with a 400 naming the field', async () => {
    const missing = await s.execute<{ message: Record<string, string[]> }>({ sql: 'SELECT 1' });
    expect(missing.status).toBe(400);
    expect(missing.body.message.database_id[0]).toContain('database_id');
    const params = await s.execute<{ message: Record<string, string[]> }>({ database_id: ro.id, sql: 'SELECT 1', templateParams: '{"a":' });
    expect(params.status).toBe(400);
    expect(params.body.message.templateParams[0]).toMatch(/not valid JSON/);
    const empty = await s.execute<{ message: Record<string, string[]> }>({ database_id: ro.id, sql: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message.sql[0]).toMatch(/empty/);
    const method = await s.execute<{ message: Record<string, string[]> }>({ database_id: ro.id, sql: 'SELECT 1', ctas_method: 'INDEX' });
    expect(method.body.message.ctas_method[0]).toMatch(/TABLE or VIEW/);
    const notJson = await s.app.fetch('/api/v1/sqllab/execute/', { method: 'POST', headers: { Authorization: `Bearer ${s.adminToken}` }, body: '{' });
    expect(notJson.status).toBe(400);
    expect(await s.execute({ database_id: 999_999, sql: 'SELECT 1' }).then((a) => a.status)).toBe(404);
    expect((await s.call('GET', '/api/v1/sqllab/execute/')).status).toBe(405);
    // Only POST runs anything: other methods with a valid body are refused, and nothing is recorded.
    const before = await s.app.models().Query.count();
    for (const verb of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/v1/sqllab/execute/', '/api/v1/sqllab/estimate/', '/api/v1/sqllab/format_sql/', '/api/v1/query/stop']) {
        const refused = await s.call(verb, path, { database_id: ro.id, sql: 'SELECT 1', client_id: clientId() });
        expect(refused.status, `${verb} ${path}`).toBe(405);
      }
      const login = await s.app.fetch('/api/v1/security/login', { method: verb, headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(login.status, `${verb} login`).toBe(405);
    }
    expect(await s.app.models().Query.count()).toBe(before);
    expect((await s.app.fetch('/api/v1/sqllab/execute/', { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('answers SQL errors in the errors envelope and records the failure', async () => {
    const id = clientId();
    const answer = await s.execute<ErrorsBody>({ database_id: ro.id, sql: 'SELECT nope FROM people', client_id: id });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].error_type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    const record = await s.app.models().Query.findOne({ where: { client_id: id } });
    expect(record?.status).toBe('failed');
    expect(record?.error_message).toBe(answer.body.errors[0].message);
    expect(JSON.parse(record?.errors ?? '[]')[0].error_type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
  });

  it('refuses DML without allow_dml (DML_NOT_ALLOWED_ERROR) and runs it with', async () => {
    const id = clientId();
    const refused = await s.execute<ErrorsBody>({ database_id: ro.id, sql: "SELECT 1; UPDATE people SET name = 'x' WHERE id = 1", client_id: id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ error_type: 'DML_NOT_ALLOWED_ERROR', message: 'Only SELECT statements are allowed against this database.' });
    expect(refused.body.errors[0].extra).toMatchObject({ statement: 2, issue_codes: [{ code: 1022 }] });
    expect((await s.app.models().Query.findOne({ where: { client_id: id } }))?.status).toBe('failed');
    const allowed = await s.execute<ExecBody>({ database_id: rw.id, sql: "UPDATE people SET note = 'changed' WHERE id = 10" });
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.query.rows).toBe(1);
  });

  it('renders templates, and names an undefined variable (MISSING_TEMPLATE_PARAMS_ERROR)', async () => {
    const ok = await s.execute<ExecBody>({ database_id: ro.id, sql: "SELECT name FROM people WHERE id = {{ pid }} AND '{{ current_username() }}' = 'admin'", templateParams: '{"pid": 2}' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data).toEqual([{ name: 'Bob' }]);
    const id = clientId();
    const missing = await s.execute<ErrorsBody>({ database_id: ro.id, sql: 'SELECT {{ not_given }} FROM people', client_id: id });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect(missing.body.errors[0].message).toContain('not_given');
    expect(missing.body.errors[0].extra.undefined_parameters).toEqual(['not_given']);
    expect((await s.app.models().Query.findOne({ where: { client_id: id } }))?.status).toBe('failed');
  });

  it('answers the same query again for a client id already accepted, and 409 for a failed one', async () => {
    const id = clientId();
    const first = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT 1 AS one', client_id: id });
    expect(first.status).toBe(200);
    const again = await s.execute<{ query: QueryDict }>({ database_id: ro.id, sql: 'SELECT 1 AS one', client_id: id });
    expect(again.status).toBe(200);
    expect(again.body.query).toMatchObject({ id, state: 'success' });
    const failedId = clientId();
    await s.execute({ database_id: ro.id, sql: 'SELECT nope', client_id: failedId });
    expect((await s.execute({ database_id: ro.id, sql: 'SELECT 1', client_id: failedId })).status).toBe(409);
  });

  it('serves results by key, capped by rows; 404 for an unknown key, 410 once expired', async () => {
    const run = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id, note FROM people ORDER BY id' });
    const key = run.body.query.resultsKey as string;
    const all = await s.call<ExecBody>('GET', `/api/v1/sqllab/results/?q=(key:'${key}')`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toHaveLength(10);
    expect(all.body.data[0]).toEqual({ id: 1, note: 'a, "quoted" note' });
    expect(all.body.query).toMatchObject({ resultsKey: key, state: 'success' });
    const capped = await s.call<ExecBody>('GET', `/api/v1/sqllab/results/?q=(key:'${key}',rows:4)`);
    expect(capped.body.data).toHaveLength(4);
    expect(capped.body.displayLimitReached).toBe(true);
    const noSlash = await s.call<ExecBody>('GET', `/api/v1/sqllab/results?q=(key:'${key}')`);
    expect(noSlash.status).toBe(200);

    const unknown = await s.call<{ message: string }>('GET', "/api/v1/sqllab/results/?q=(key:'no-such-key')");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/re-run/);
    await s.app.models().QueryResult.update({ expires_on: new Date(Date.now() - 1000) }, { where: { results_key: key } });
    const expired = await s.call<{ message: string; errors: { error_type: string }[] }>('GET', `/api/v1/sqllab/results/?q=(key:'${key}')`);
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].error_type).toBe('RESULTS_BACKEND_ERROR');
    expect((await s.call('GET', '/api/v1/sqllab/results/')).status).toBe(400);
  });

  it('runs async queries on the in-process worker: 202 pending, then success through updated_since, then results', async () => {
    const id = clientId();
    const since = Date.now() - 1000;
    const accepted = await s.execute<{ query: QueryDict }>({ database_id: asyncDb.id, sql: 'SELECT id FROM people ORDER BY id', client_id: id, runAsync: true, queryLimit: 5 });
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body.query).toMatchObject({ id, state: 'pending', progress: 0, limit: 5 });
    const done = await waitFor('the async query to succeed', async () => {
      const polled = await s.call<{ result: QueryDict[] }>('GET', `/api/v1/query/updated_since?q=(last_updated_ms:${since})`);
      return polled.body.result.find((q) => q.id === id && q.state === 'success');
    });
    expect(done).toMatchObject({ rows: 5, limitingFactor: 'DROPDOWN' });
    const results = await s.call<ExecBody>('GET', `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')`);
    expect(results.body.data.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    const failingId = clientId();
    expect((await s.execute({ database_id: asyncDb.id, sql: 'SELECT nope FROM people', client_id: failingId, runAsync: true })).status).toBe(202);
    const failed = await waitFor('the async query to fail', async () => {
      const polled = await s.call<{ result: (QueryDict & { errorMessage: string; errors?: { error_type: string }[] })[] }>('GET', `/api/v1/query/updated_since?q=(last_updated_ms:${since})`);
      return polled.body.result.find((q) => q.id === failingId && q.state === 'failed');
    });
    expect(failed.errorMessage).toMatch(/nope/);
    expect(failed.errors?.[0].error_type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    // runAsync on a database that does not allow it runs synchronously.
    expect((await s.execute({ database_id: ro.id, sql: 'SELECT 1', runAsync: true })).status).toBe(200);
  });

  it('stops a pending query, and answers 404 / 403 / OK as Superset', async () => {
    const queue = await s.app.load<typeof import('../../app/server/jobs/queue.server')>('/app/server/jobs/queue.server.ts');
    const other = await s.userWith('stop_other', [s.databaseAccess(ro)]);
    // A pending record nobody works on: stop must move it, and a late claim must then fail.
    const record = await s.app.models().Query.create({ client_id: clientId(), database_id: ro.id, user_id: 1, sql: 'SELECT 1', status: 'pending', run_async: true, start_time: Date.now() });
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: record.client_id }, other.token)).status).toBe(403);
    const stopped = await s.call<{ result: string }>('POST', '/api/v1/query/stop/', { client_id: record.client_id });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ result: 'OK' });
    await record.reload();
    expect(record.status).toBe('stopped');
    expect(record.end_time).toEqual(expect.any(Number));
    await queue.jobQueue().send('sqllab-run-query', { queryId: record.id }, { expireInSeconds: 60 });
    await new Promise((r) => setTimeout(r, 300));
    await record.reload();
    expect(record.status).toBe('stopped');
    expect((await s.call<{ message: string }>('POST', '/api/v1/query/stop', { client_id: 'nope' })).status).toBe(404);
    expect((await s.call('POST', '/api/v1/query/stop', {})).status).toBe(400);
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: record.client_id })).body).toEqual({ result: 'OK' });
  });

  it('sweeps a query whose worker died (stale heartbeat) to timed_out, and a never-started one', async () => {
    const { Query } = s.app.models();
    const sweeper = await s.app.load<SweeperModule>('/app/server/sqllab/sweeper.server.ts');
    const crashed = await Query.create({ client_id: clientId(), database_id: ro.id, user_id: 1, sql: 'SELECT 1', status: 'running', run_async: true, start_time: Date.now() - 120_000, start_running_time: Date.now() - 120_000, cancel_key: '424242' });
    // Its worker died ten minutes ago: the heartbeat (changed_on) stopped then.
    await Query.sequelize?.query('UPDATE queries SET changed_on = :at WHERE id = :id', { replacements: { at: new Date(Date.now() - 10 * 60_000), id: crashed.id } });
    const alive = await Query.create({ client_id: clientId(), database_id: ro.id, user_id: 1, sql: 'SELECT 1', status: 'running', run_async: true, start_time: Date.now(), start_running_time: Date.now() });
    const report = await sweeper.sweepQueries();
    expect(report.stale).toBe(1);
    await crashed.reload();
    expect(crashed.status).toBe('timed_out');
    expect(JSON.parse(crashed.errors ?? '[]')[0].error_type).toBe('ASYNC_WORKERS_ERROR');
    expect(crashed.error_message).toMatch(/stopped answering/);
    await alive.reload();
    expect(alive.status).toBe('running');
    const forgotten = await Query.create({ client_id: clientId(), database_id: ro.id, user_id: 1, sql: 'SELECT 1', status: 'pending', run_async: true, start_time: Date.now() - 7 * 3600_000 });
    expect((await sweeper.sweepQueries()).neverStarted).toBe(1);
    await forgotten.reload();
    expect(forgotten.status).toBe('timed_out');
    await alive.update({ status: 'success' });
  });

  it('enforces permissions: can_execute_sql_query, database access, expose_in_sqllab', async () => {
    const gamma = await s.userWith('gamma_only', [], ['Gamma']);
    expect((await s.execute({ database_id: ro.id, sql: 'SELECT 1' }, gamma.token)).status).toBe(403);
    const noAccess = await s.userWith('no_db_access', []);
    const denied = await s.execute<{ message: string }>({ database_id: ro.id, sql: 'SELECT 1' }, noAccess.token);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('database_access');
    const hidden = await s.addDatabase({ database_name: 'hidden', sqlalchemy_uri: `sqlite:///${file.file}`, expose_in_sqllab: false });
    const notExposed = await s.execute<{ message: string }>({ database_id: hidden.id, sql: 'SELECT 1' });
    expect(notExposed.status).toBe(403);
    expect(notExposed.body.message).toMatch(/not exposed in SQL Lab/);
  });

  it('lists queries: own only without all_query_access; _info, related, distinct and by id', async () => {
    const analyst = await s.userWith('analyst', [s.databaseAccess(ro)]);
    const mine = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT p.name FROM people p JOIN people q ON p.id = q.id', tab: 'Mine' }, analyst.token);
    expect(mine.status, mine.text).toBe(200);
    const list = await s.call<{ count: number; result: Json[] }>('GET', '/api/v1/query/', undefined, analyst.token);
    expect(list.status, list.text).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.result[0]).toMatchObject({
      id: mine.body.query_id,
      status: 'success',
      tab_name: 'Mine',
      database: { database_name: 'warehouse_ro' },
      user: { id: analyst.id },
      sql_tables: [{ catalog: null, schema: null, table: 'people' }],
    });
    const adminList = await s.call<{ count: number }>('GET', '/api/v1/query/?q=(page_size:100)');
    expect(adminList.body.count).toBeGreaterThan(10);
    const filtered = await s.call<{ count: number; result: Json[] }>('GET', `/api/v1/query/?q=(filters:!((col:user,opr:rel_o_m,value:${analyst.id}),(col:status,opr:eq,value:success),(col:sql,opr:ct,value:JOIN),(col:start_time,opr:gt,value:${Date.now() - 60_000})))`);
    expect(filtered.body.count).toBe(1);
    const info = await s.call<{ permissions: string[]; filters: Json }>('GET', '/api/v1/query/_info', undefined, analyst.token);
    expect(info.status).toBe(200);
    expect(info.body.permissions).toEqual(['can_read']);
    expect(Object.keys(info.body.filters)).toEqual(expect.arrayContaining(['database', 'status', 'user', 'start_time', 'sql', 'changed_on']));
    const related = await s.call<{ result: { value: number }[] }>('GET', '/api/v1/query/related/user');
    expect(related.status).toBe(200);
    expect(related.body.result.map((r) => r.value)).toContain(analyst.id);
    expect((await s.call('GET', '/api/v1/query/related/database')).status).toBe(200);
    const distinct = await s.call<{ result: { value: string }[] }>('GET', '/api/v1/query/distinct/status');
    expect(distinct.body.result.map((r) => r.value)).toEqual(expect.arrayContaining(['success', 'failed']));
    const one = await s.call<{ id: number; result: Json }>('GET', `/api/v1/query/${mine.body.query_id}`, undefined, analyst.token);
    expect(one.status).toBe(200);
    expect(one.body.result).toMatchObject({ id: mine.body.query_id, client_id: mine.body.query.id, database: { id: ro.id, database_name: 'warehouse_ro' }, tab_name: 'Mine', status: 'success', rows: 10 });
    const adminOwn = adminList.body as unknown as { result: { id: number; user: { id: number } }[] };
    const someoneElses = adminOwn.result.find((q) => q.user?.id !== analyst.id);
    expect((await s.call('GET', `/api/v1/query/${someoneElses?.id}`, undefined, analyst.token)).status).toBe(404);
    expect((await s.call('GET', '/api/v1/query/abc')).status).toBe(404);
    const since = await s.call<{ result: QueryDict[] }>('GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)', undefined, analyst.token);
    expect(since.body.result.map((q) => q.id)).toEqual([mine.body.query.id]);
    const adminRun = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT 1 AS x' });
    const notYours = await s.call('GET', `/api/v1/sqllab/results/?q=(key:'${adminRun.body.query.resultsKey}')`, undefined, analyst.token);
    expect(notYours.status).toBe(403);
    expect((await s.call('GET', `/api/v1/sqllab/export/${adminRun.body.query.id}/`, undefined, analyst.token)).status).toBe(403);
  });

  it('formats SQL in the database’s dialect', async () => {
    const formatted = await s.call<{ result: string }>('POST', '/api/v1/sqllab/format_sql/', { sql: "select id, name from people where name = 'x' and id in ({{ ids }})", database_id: ro.id });
    expect(formatted.status).toBe(200);
    expect(formatted.body.result).toBe("SELECT\n  id,\n  name\nFROM\n  people\nWHERE\n  name = 'x'\n  AND id IN ({{ ids }})");
    expect((await s.call<{ result: string }>('POST', '/api/v1/sqllab/format_sql', { sql: 'select 1', engine: 'mysql' })).body.result).toBe('SELECT\n  1');
    expect((await s.call('POST', '/api/v1/sqllab/format_sql/', {})).status).toBe(400);
  });

  it('exports the whole result as CSV (re-run, not the stored rows), and 403 without can_csv', async () => {
    const run = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT id, name, note FROM people ORDER BY id', queryLimit: 2, tab: 'My export' });
    expect(run.body.data).toHaveLength(2);
    const csv = await s.app.fetch(`/api/v1/sqllab/export/${run.body.query.id}/`, { headers: { Authorization: `Bearer ${s.adminToken}` } });
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect(csv.status, bytes.toString()).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="My_export_\d{8}_\d{6}\.csv"/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // utf-8-sig
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('id,name,note');
    expect(lines[1]).toBe('1,Ada,"a, ""quoted"" note"');
    expect(lines[2]).toBe("2,Bob,'=1+2");
    expect(lines[3]).toBe('3,Cy,');
    expect(lines[4]).toBe('4,Di,"multi\nline"');
    expect(lines).toHaveLength(12); // header, 10 rows, and the empty string after the last CRLF
    const noCsv = await s.userWith('no_csv', [s.databaseAccess(ro), ['can_execute_sql_query', 'SQLLab']], []);
    const own = await s.execute<ExecBody>({ database_id: ro.id, sql: 'SELECT 1 AS x' }, noCsv.token);
    expect(own.status, own.text).toBe(200);
    expect((await s.call('GET', `/api/v1/sqllab/export/${own.body.query.id}/`, undefined, noCsv.token)).status).toBe(403);
    expect((await s.call('GET', '/api/v1/sqllab/export/unknown-id/')).status).toBe(404);
  });

  it('refuses CTAS/CVAS that is not one SELECT, or not allowed, with the right error types', async () => {
    const multi = await s.execute<ErrorsBody>({ database_id: rw.id, sql: 'SELECT 1; SELECT 2', select_as_cta: true, ctas_method: 'TABLE' });
    expect(multi.status).toBe(422);
    expect(multi.body.errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const notSelect = await s.execute<ErrorsBody>({ database_id: rw.id, sql: "UPDATE people SET name = 'x'", select_as_cta: true, ctas_method: 'VIEW' });
    expect(notSelect.status).toBe(422);
    expect(notSelect.body.errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    const notAllowed = await s.execute<ErrorsBody>({ database_id: ro.id, sql: 'SELECT 1', select_as_cta: true });
    expect(notAllowed.status).toBe(422);
    expect(notAllowed.body.errors[0]).toMatchObject({ error_type: 'INVALID_CTAS_QUERY_ERROR' });
    expect(notAllowed.body.errors[0].message).toMatch(/does not allow CREATE TABLE AS/);
    const table = await s.execute<ExecBody>({ database_id: rw.id, sql: 'SELECT id, name FROM people WHERE id < 4', select_as_cta: true, tmp_table_name: 'first_three' });
    expect(table.status, table.text).toBe(200);
    expect(table.body.query).toMatchObject({ ctas: true, tempTable: 'first_three', tempSchema: 'main', state: 'success' });
    const read = await s.execute<ExecBody>({ database_id: ro.id, sql: `SELECT * FROM ${table.body.query.tempSchema}.${table.body.query.tempTable}` });
    expect(read.body.data).toHaveLength(3);
  });
});
