/**
 * SQL Lab's state on the server, through the real request handler: saved queries (API and the
 * legacy schedule/open endpoints), tabs and their tables (backend persistence on, the default),
 * the bootstrap, and sharing (permalinks and the legacy key-value share). Ownership is checked
 * with a second user: another user's tab, table or saved query is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json & { message?: unknown; result?: Json; id?: number } };

let app: AppUnderTest;
const token: Record<string, string> = {};
const ids: Record<string, number> = {};

async function send(as: string | null, method: string, path: string, body?: { json?: unknown; form?: Record<string, string> }): Promise<Reply> {
  const headers: Record<string, string> = as ? { Authorization: `Bearer ${token[as]}` } : {};
  let payload: string | undefined;
  if (body?.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body?.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  }
  const response = await app.fetch(path, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Reply['body'] };
}
const get = (as: string | null, path: string) => send(as, 'GET', path);
/** A form as Superset's client posts it: every value JSON-encoded. */
const jsonForm = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, JSON.stringify(v)]));

beforeAll(async () => {
  app = await startApp();
  const m = app.models();
  for (const [name, roles] of [['alice', ['sql_lab']], ['bob', ['sql_lab']], ['gina', ['Gamma']]] as const) {
    ids[name] = (await app.createUser({ username: name, first_name: name, last_name: 'Tester', roles: [...roles] })).id;
    token[name] = (await app.login(name, `${name}-password`)).accessToken;
  }
  token.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  ids.examples = (await m.Database.create({ database_name: 'examples', sqlalchemy_uri: 'sqlite:///examples.db' })).id;
  ids.other = (await m.Database.create({ database_name: 'other', sqlalchemy_uri: 'postgresql://u@h/db' })).id;
  ids.hidden = (await m.Database.create({ database_name: 'hidden', sqlalchemy_uri: 'sqlite:///h.db', expose_in_sqllab: false })).id;
  // Alice may reach into `examples` only: Superset's per-database permission.
  const role = await m.Role.create({ name: 'examples_access' });
  const perm = await m.Permission.create({ permission_name: 'database_access', view_name: `[examples].(id:${ids.examples})` });
  const qi = m.Role.sequelize!.getQueryInterface();
  await qi.bulkInsert('role_permissions', [{ role_id: role.id, permission_id: perm.id }]);
  await qi.bulkInsert('user_roles', [{ user_id: ids.alice, role_id: role.id }]);
  for (const [clientId, user] of [['aq1', 'alice'], ['aq2', 'alice'], ['bq1', 'bob']] as const) {
    await m.Query.create({ client_id: clientId, database_id: ids.examples, user_id: ids[user], sql: `SELECT '${clientId}'`, status: 'success', results_key: `rk-${clientId}` });
  }
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('saved queries API', () => {
  const payload = { label: 'Top states', description: 'd', sql: "SELECT '{{ state }}'", db_id: 0, schema: 'main', catalog: 'warehouse', template_parameters: '{"state": "CA"}' };

  it('creates, shows, updates and deletes a query of the owner only', async () => {
    const created = await send('alice', 'POST', '/api/v1/saved_query/', { json: { ...payload, db_id: ids.examples } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.result).toEqual({ ...payload, db_id: ids.examples });

    const shown = await get('alice', `/api/v1/saved_query/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toMatchObject({
      id, label: 'Top states', sql: payload.sql, schema: 'main', catalog: 'warehouse', template_parameters: '{"state": "CA"}',
      database: { id: ids.examples, database_name: 'examples' }, created_by: { id: ids.alice, first_name: 'alice', last_name: 'Tester' },
    });
    expect(shown.body.result?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(shown.body.result?.changed_on).toEqual(expect.any(String));

    for (const [method, body] of [['GET', undefined], ['PUT', { json: { label: 'x' } }], ['DELETE', undefined]] as const) {
      expect((await send('bob', method, `/api/v1/saved_query/${id}`, body)).status).toBe(404);
    }
    const updated = await send('alice', 'PUT', `/api/v1/saved_query/${id}`, { json: { label: 'Renamed', sql: 'SELECT 2' } });
    expect(updated).toMatchObject({ status: 200, body: { id, result: { label: 'Renamed', sql: 'SELECT 2' } } });
    expect((await get('alice', `/api/v1/saved_query/${id}`)).body.result).toMatchObject({ label: 'Renamed', sql: 'SELECT 2', schema: 'main' });

    expect((await get('alice', '/api/v1/saved_query/')).body.ids).toContain(id);
    expect((await get('bob', '/api/v1/saved_query/')).body.ids).not.toContain(id);

    expect(await send('alice', 'DELETE', `/api/v1/saved_query/${id}/`)).toEqual({ status: 200, body: { message: 'OK' } });
    expect((await get('alice', `/api/v1/saved_query/${id}`)).status).toBe(404);
    expect((await get('alice', '/api/v1/saved_query/999999')).status).toBe(404);
    expect((await get('alice', '/api/v1/saved_query/abc')).status).toBe(404);
  });

  it('answers 400 with field messages for bad input, 422 for an unknown database', async () => {
    const missing = await send('alice', 'POST', '/api/v1/saved_query/', { json: { description: 'x' } });
    expect(missing).toEqual({
      status: 400,
      body: { message: { label: ['Missing data for required field.'], sql: ['Missing data for required field.'], db_id: ['Missing data for required field.'] } },
    });
    const unknown = await send('alice', 'POST', '/api/v1/saved_query/', { json: { ...payload, db_id: ids.examples, owner: 1 } });
    expect(unknown).toEqual({ status: 400, body: { message: { owner: ['Unknown field.'] } } });
    const params = await send('alice', 'POST', '/api/v1/saved_query/', { json: { ...payload, db_id: ids.examples, template_parameters: '{oops' } });
    expect(params).toEqual({ status: 400, body: { message: { template_parameters: ['Not a valid JSON object.'] } } });
    expect(await send('alice', 'POST', '/api/v1/saved_query/', { json: { ...payload, db_id: 99999 } })).toEqual({ status: 422, body: { message: { db_id: ['Database does not exist'] } } });
    expect((await send('alice', 'POST', '/api/v1/saved_query/', { json: [1] })).status).toBe(400);
    expect((await send('alice', 'PATCH', '/api/v1/saved_query/1')).status).toBe(405);
  });

  it('needs a login and SavedQuery permissions; cookie sessions need the CSRF token', async () => {
    expect((await send(null, 'POST', '/api/v1/saved_query/', { json: payload })).status).toBe(401);
    expect((await send('gina', 'POST', '/api/v1/saved_query/', { json: { ...payload, db_id: ids.examples } })).status).toBe(403);
    const { cookie, csrfToken } = await app.loginWithCookie('alice', 'alice-password');
    const post = (headers: Record<string, string>) =>
      app.fetch('/api/v1/saved_query/', { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ ...payload, db_id: ids.examples }) });
    expect((await post({})).status).toBe(400);
    expect((await post({ 'X-CSRFToken': csrfToken })).status).toBe(201);
  });

  it('bulk deletes the given ids, all or nothing', async () => {
    const make = async (as: string, label: string) => (await send(as, 'POST', '/api/v1/saved_query/', { json: { label, sql: 'SELECT 1', db_id: ids.examples } })).body.id as number;
    const [a, b, c, bobs] = [await make('alice', 'a'), await make('alice', 'b'), await make('alice', 'c'), await make('bob', 'theirs')];
    const withBobs = await send('alice', 'DELETE', `/api/v1/saved_query/?q=${encodeRisonUri([a, bobs])}`);
    expect(withBobs.status).toBe(404);
    expect((await get('alice', `/api/v1/saved_query/${a}`)).status).toBe(200);
    expect(await send('alice', 'DELETE', `/api/v1/saved_query/?q=!(${a},${b})`)).toEqual({ status: 200, body: { message: 'Deleted 2 saved queries' } });
    expect((await get('alice', `/api/v1/saved_query/${a}`)).status).toBe(404);
    expect((await get('alice', `/api/v1/saved_query/${c}`)).status).toBe(200);
    expect((await send('alice', 'DELETE', '/api/v1/saved_query/?q=(a:1)')).status).toBe(400);
    expect((await send('alice', 'DELETE', '/api/v1/saved_query/')).status).toBe(400);
  });

  it('keeps _info, favorite_status, related and distinct working beside the $id route', async () => {
    const id = (await send('alice', 'POST', '/api/v1/saved_query/', { json: { label: 'fav', sql: 'SELECT 1', db_id: ids.examples, schema: 'main' } })).body.id as number;
    const info = await get('alice', '/api/v1/saved_query/_info');
    expect(info.status).toBe(200);
    expect(info.body.permissions).toEqual(['can_read', 'can_write', 'can_export']);
    // Saved queries have no stars (as in Superset): the generic handler says so, not the $id route.
    const fav = await get('alice', `/api/v1/saved_query/favorite_status/?q=${encodeRisonUri([id])}`);
    expect(fav).toEqual({ status: 404, body: { message: 'saved_query has no favorites; charts and dashboards do.' } });
    expect((await get('alice', '/api/v1/saved_query/related/database')).status).toBe(200);
    const distinct = await get('alice', '/api/v1/saved_query/distinct/schema');
    expect(distinct.status).toBe(200);
    expect(distinct.body.result).toContainEqual({ value: 'main', text: 'main' });
  });
});

describe('legacy saved query endpoints', () => {
  it('schedules a query (schedule_info in extra_json) and opens it for the owner only', async () => {
    const schedule = { output_table: 'daily', start_date: '2024-01-01', end_date: '2024-12-31', schedule_interval: '@daily' };
    const created = await send('alice', 'POST', '/savedqueryviewapi/api/create', {
      form: { label: 'Nightly', description: 'rollup', db_id: String(ids.examples), schema: 'main', sql: 'SELECT 1', extra_json: JSON.stringify({ schedule_info: schedule }) },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(JSON.parse(created.body.result?.extra_json as string)).toEqual({ schedule_info: schedule });

    const opened = await get('alice', `/savedqueryviewapi/api/get/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.result).toMatchObject({ id, label: 'Nightly', sql: 'SELECT 1', schema: 'main', db_id: ids.examples, description: 'rollup', extra: { schedule_info: schedule } });
    expect((await get('bob', `/savedqueryviewapi/api/get/${id}`)).status).toBe(404);
    expect((await get('alice', '/savedqueryviewapi/api/get/999999')).status).toBe(404);

    const beside = await send('alice', 'POST', '/savedqueryviewapi/api/create', { json: { label: 'B', sql: 'SELECT 2', db_id: ids.examples, schedule_info: { output_table: 't' } } });
    expect(JSON.parse(beside.body.result?.extra_json as string)).toEqual({ schedule_info: { output_table: 't' } });
    const bad = await send('alice', 'POST', '/savedqueryviewapi/api/create', { json: { label: 'B', sql: 'S', db_id: ids.examples, schedule_info: { output_table: 5 } } });
    expect(bad).toEqual({ status: 400, body: { message: { 'schedule_info.output_table': ['Not a valid string.'] } } });
    expect((await get('alice', '/savedqueryviewapi/api/create')).status).toBe(405);
  });
});

describe('tab state (backend persistence on)', () => {
  let tab1: number;
  let tab2: number;
  const editor = { id: 'local-1', name: 'Untitled Query 1', dbId: 0, schema: 'main', autorun: false, sql: 'SELECT 1', queryLimit: 100, templateParams: '{"a": 1}', selectedText: 'SEL', northPercent: 40, southPercent: 60, hideLeftBar: false, remoteId: null };

  it('creates tabs from the editor state; the newest is active', async () => {
    const first = await send('alice', 'POST', '/tabstateview/', { form: { queryEditor: JSON.stringify({ ...editor, dbId: ids.examples }) } });
    expect(first.status).toBe(200);
    tab1 = first.body.id as number;
    const second = await send('alice', 'POST', '/tabstateview', { json: { queryEditor: { name: 'Second', dbId: ids.examples } } });
    tab2 = second.body.id as number;
    expect(second.body).toEqual({ id: tab2 });

    const shown = await get('alice', `/tabstateview/${tab1}`);
    expect(shown.body).toEqual({
      id: tab1, user_id: ids.alice, label: 'Untitled Query 1', active: false, database_id: ids.examples, catalog: null, schema: 'main',
      sql: 'SELECT 1', query_limit: 100, latest_query: null, autorun: false, template_params: '{"a": 1}', hide_left_bar: false,
      saved_query: null, table_schemas: [], extra_json: { selectedText: 'SEL', northPercent: 40, southPercent: 60 },
    });
    expect((await get('alice', `/tabstateview/${tab2}/`)).body).toMatchObject({ active: true, sql: 'SELECT *\nFROM\nWHERE', query_limit: 1000 });
  });

  it('refuses bad editor state with field messages', async () => {
    expect((await send('alice', 'POST', '/tabstateview/', { form: {} })).body).toEqual({ message: { queryEditor: ['Missing data for required field.'] } });
    expect((await send('alice', 'POST', '/tabstateview/', { form: { queryEditor: 'not json' } })).status).toBe(400);
    const badDb = await send('alice', 'POST', '/tabstateview/', { json: { queryEditor: { name: 'x', dbId: 99999 } } });
    expect(badDb).toEqual({ status: 400, body: { message: { 'queryEditor.dbId': ['There is no database with id 99999.'] } } });
    const bobsSaved = (await send('bob', 'POST', '/api/v1/saved_query/', { json: { label: 'b', sql: 'S', db_id: ids.examples } })).body.id;
    expect((await send('alice', 'POST', '/tabstateview/', { json: { queryEditor: { name: 'x', remoteId: bobsSaved } } })).status).toBe(400);
  });

  it('updates fields sent as JSON-encoded form fields or as JSON', async () => {
    const saved = (await send('alice', 'POST', '/api/v1/saved_query/', { json: { label: 'linked', sql: 'S', db_id: ids.examples } })).body.id as number;
    const put = await send('alice', 'PUT', `/tabstateview/${tab1}`, {
      form: jsonForm({ label: 'Renamed', hide_left_bar: true, sql: 'SELECT 2', template_params: '{"b": 2}', saved_query_id: saved, latest_query_id: 'aq2', query_limit: 10 }),
    });
    expect(put).toEqual({ status: 200, body: tab1 });
    await send('alice', 'PUT', `/tabstateview/${tab1}`, { json: { autorun: true, schema: null, extra_json: { northPercent: 30 } } });
    const shown = (await get('alice', `/tabstateview/${tab1}`)).body;
    expect(shown).toMatchObject({
      label: 'Renamed', hide_left_bar: true, sql: 'SELECT 2', template_params: '{"b": 2}', saved_query: { id: saved }, query_limit: 10,
      autorun: true, schema: null, extra_json: { northPercent: 30 },
    });
    expect(shown.latest_query).toMatchObject({ id: 'aq2', resultsKey: 'rk-aq2', state: 'success', dbId: ids.examples, db: 'examples', sql: "SELECT 'aq2'" });

    // Template parameters are a draft while typed: kept even when not (yet) valid JSON.
    await send('alice', 'PUT', `/tabstateview/${tab2}`, { form: jsonForm({ template_params: '{"unfinished": ' }) });
    expect((await get('alice', `/tabstateview/${tab2}`)).body.template_params).toBe('{"unfinished": ');
    expect((await send('alice', 'PUT', `/tabstateview/${tab1}`, { json: { owner: 1 } })).body).toEqual({ message: { owner: ['Unknown field.'] } });
    expect((await send('alice', 'PUT', `/tabstateview/${tab1}`, { json: { latest_query_id: 'bq1' } })).status).toBe(400);
    expect((await send('alice', 'PUT', `/tabstateview/${tab1}`, { json: { database_id: 99999 } })).status).toBe(400);
    expect((await send('alice', 'PUT', `/tabstateview/${tab1}`, { json: { hide_left_bar: 'yes' } })).status).toBe(400);
  });

  it('activates a tab, deactivating the others', async () => {
    expect(await send('alice', 'POST', `/tabstateview/${tab1}/activate`)).toEqual({ status: 200, body: tab1 });
    expect((await get('alice', `/tabstateview/${tab1}`)).body.active).toBe(true);
    expect((await get('alice', `/tabstateview/${tab2}`)).body.active).toBe(false);
  });

  it('migrates a query into a tab and removes queries from it', async () => {
    expect(await send('alice', 'POST', `/tabstateview/${tab1}/migrate_query`, { form: jsonForm({ queryId: 'aq1' }) })).toEqual({ status: 200, body: tab1 });
    await send('alice', 'POST', `/tabstateview/${tab1}/migrate_query`, { json: { queryId: 'aq2' } });
    const { Query } = app.models();
    expect((await Query.findOne({ where: { client_id: 'aq1' } }))?.sql_editor_id).toBe(String(tab1));
    expect((await send('alice', 'POST', `/tabstateview/${tab1}/migrate_query`, { json: { queryId: 'bq1' } })).status).toBe(404);
    expect((await send('alice', 'POST', `/tabstateview/${tab1}/migrate_query`, { json: {} })).status).toBe(400);

    // aq2 is the tab's latest query: removing it makes aq1 the latest.
    expect(await send('alice', 'DELETE', `/tabstateview/${tab1}/query/aq2`)).toEqual({ status: 200, body: 'OK' });
    expect(await Query.findOne({ where: { client_id: 'aq2' } })).toBeNull();
    expect(((await get('alice', `/tabstateview/${tab1}`)).body.latest_query as Json).id).toBe('aq1');
    expect((await send('alice', 'DELETE', `/tabstateview/${tab1}/query/never-sent`)).status).toBe(200);
  });

  it('keeps the tables of a tab: add (replacing the same table), expand/collapse, remove', async () => {
    const table = { dbId: ids.examples, schema: 'main', name: 'birth_names', queryEditorId: tab1, columns: [{ name: 'ds', type: 'DATE' }], selectStar: 'SELECT *', primaryKey: null, foreignKeys: [], indexes: [], expanded: true, dataPreviewQueryId: 'dp1' };
    const first = await send('alice', 'POST', '/tableschemaview/', { form: { table: JSON.stringify(table) } });
    expect(first.status).toBe(200);
    const again = await send('alice', 'POST', '/tableschemaview', { json: { table } });
    const tableId = again.body.id as number;
    expect(tableId).not.toBe(first.body.id);
    let schemas = (await get('alice', `/tabstateview/${tab1}`)).body.table_schemas as Json[];
    expect(schemas).toEqual([{ id: tableId, tab_state_id: tab1, database_id: ids.examples, catalog: null, schema: 'main', table: 'birth_names', description: table, expanded: true }]);

    expect(await send('alice', 'POST', `/tableschemaview/${tableId}/expanded`, { form: { expanded: 'false' } })).toEqual({ status: 200, body: { id: tableId, expanded: false } });
    schemas = (await get('alice', `/tabstateview/${tab1}`)).body.table_schemas as Json[];
    expect(schemas[0].expanded).toBe(false);
    expect((await send('alice', 'POST', `/tableschemaview/${tableId}/expanded`, { json: {} })).status).toBe(400);
    expect((await send('alice', 'POST', '/tableschemaview/', { json: { table: { ...table, name: '' } } })).status).toBe(400);

    expect((await send('bob', 'POST', `/tableschemaview/${tableId}/expanded`, { json: { expanded: true } })).status).toBe(404);
    expect((await send('bob', 'DELETE', `/tableschemaview/${tableId}`)).status).toBe(404);
    expect((await send('bob', 'POST', '/tableschemaview/', { json: { table } })).status).toBe(404);

    expect(await send('alice', 'DELETE', `/tableschemaview/${tableId}/`)).toEqual({ status: 200, body: 'OK' });
    expect((await get('alice', `/tabstateview/${tab1}`)).body.table_schemas).toEqual([]);
    expect((await send('alice', 'DELETE', `/tableschemaview/${tableId}`)).status).toBe(404);
  });

  it("answers 404 for another user's tab, whatever the call", async () => {
    const calls: [string, string, { json?: unknown }?][] = [
      ['GET', `/tabstateview/${tab1}`], ['PUT', `/tabstateview/${tab1}`, { json: { label: 'mine now' } }], ['DELETE', `/tabstateview/${tab1}`],
      ['POST', `/tabstateview/${tab1}/activate`], ['POST', `/tabstateview/${tab1}/migrate_query`, { json: { queryId: 'bq1' } }],
      ['DELETE', `/tabstateview/${tab1}/query/aq1`],
    ];
    for (const [method, path, body] of calls) {
      const reply = await send('bob', method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.message).toEqual(expect.any(String));
    }
    expect((await get('alice', `/tabstateview/${tab1}`)).body.label).toBe('Renamed');
    expect((await get('alice', '/tabstateview/999999')).status).toBe(404);
  });

  it('needs a login, TabStateView permissions and, for cookie sessions, the CSRF token', async () => {
    expect((await get(null, `/tabstateview/${tab1}`)).status).toBe(401);
    expect((await send(null, 'POST', '/kv/store/', { form: { data: '{}' } })).status).toBe(401);
    expect((await send('gina', 'POST', '/tabstateview/', { json: { queryEditor: { name: 'x' } } })).status).toBe(403);
    expect((await get('gina', `/tabstateview/${tab1}`)).status).toBe(403);
    const { cookie, csrfToken } = await app.loginWithCookie('alice', 'alice-password');
    const activate = (headers: Record<string, string>) => app.fetch(`/tabstateview/${tab2}/activate`, { method: 'POST', headers: { Cookie: cookie, ...headers } });
    expect((await activate({})).status).toBe(400);
    expect((await activate({ 'X-CSRFToken': csrfToken })).status).toBe(200);
    expect((await app.fetch(`/tabstateview/${tab1}`, { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('bootstraps SQL Lab: tabs, the active tab, their queries, and the databases the user may reach', async () => {
    const boot = await get('alice', '/api/v1/sqllab/');
    expect(boot.status).toBe(200);
    const result = boot.body.result as { active_tab: Json; databases: Record<string, Json>; queries: Record<string, Json>; tab_state_ids: Json[] };
    expect(result.tab_state_ids).toEqual([{ id: tab1, label: 'Renamed' }, { id: tab2, label: 'Second' }]);
    expect(result.active_tab).toMatchObject({ id: tab2, active: true });
    expect(Object.keys(result.queries)).toEqual(['aq1']);
    expect(result.queries.aq1).toMatchObject({ id: 'aq1', sqlEditorId: String(tab1), resultsKey: 'rk-aq1' });
    expect(Object.keys(result.databases)).toEqual([String(ids.examples)]);
    expect(result.databases[ids.examples]).toMatchObject({ id: ids.examples, database_name: 'examples', backend: 'sqlite', allow_run_async: false, disable_data_preview: false });
    expect(JSON.stringify(result.databases)).not.toMatch(/sqlalchemy_uri|sqlite:\/\//);

    const admin = (await get('admin', '/api/v1/sqllab')).body.result as { databases: Record<string, Json>; tab_state_ids: Json[]; active_tab: null };
    expect(Object.keys(admin.databases).sort()).toEqual([String(ids.examples), String(ids.other)].sort());
    expect(admin).toMatchObject({ tab_state_ids: [], active_tab: null });
    expect((await get('gina', '/api/v1/sqllab/')).status).toBe(403);
  });

  it('deletes a tab with its tables', async () => {
    await send('alice', 'POST', '/tableschemaview/', { json: { table: { dbId: ids.examples, schema: 'main', name: 't', queryEditorId: tab2 } } });
    expect(await send('alice', 'DELETE', `/tabstateview/${tab2}`)).toEqual({ status: 200, body: 'OK' });
    expect((await get('alice', `/tabstateview/${tab2}`)).status).toBe(404);
    expect(await app.models().TableSchema.count({ where: { tab_state_id: tab2 } })).toBe(0);
  });
});

describe('sharing', () => {
  const state = { dbId: 0, name: 'Shared', schema: 'main', autorun: false, sql: 'SELECT 42', templateParams: '{"x": 1}' };

  it('round-trips a permalink', async () => {
    const created = await send('alice', 'POST', '/api/v1/sqllab/permalink', { json: { ...state, dbId: ids.examples } });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.url).toBe(`http://localhost/sqllab/p/${key}`);
    expect(await get('bob', `/api/v1/sqllab/permalink/${key}`)).toEqual({ status: 200, body: { ...state, dbId: ids.examples } });
    const row = await app.models().KeyValue.findOne({ where: { uuid: key } });
    expect(row?.resource).toBe('sqllab_permalink');

    expect((await get('bob', '/api/v1/sqllab/permalink/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await get('bob', `/api/v1/sqllab/permalink/${row?.id}`)).status).toBe(404);
    expect((await get(null, `/api/v1/sqllab/permalink/${key}`)).status).toBe(401);
    const missing = await send('alice', 'POST', '/api/v1/sqllab/permalink', { json: { sql: 'S' } });
    expect(missing).toEqual({ status: 400, body: { message: { dbId: ['Missing data for required field.'], name: ['Missing data for required field.'] } } });
    expect((await get('gina', `/api/v1/sqllab/permalink/${key}`)).status).toBe(403);
  });

  it('round-trips a legacy key-value share', async () => {
    const stored = await send('alice', 'POST', '/kv/store/', { form: { data: JSON.stringify({ ...state, dbId: ids.examples }) } });
    expect(stored.status).toBe(200);
    const key = stored.body.id as unknown as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await get('bob', `/kv/${key}`)).toEqual({ status: 200, body: { ...state, dbId: ids.examples } });
    expect((await app.models().KeyValue.findOne({ where: { uuid: key } }))?.resource).toBe('kv_share');
    // A permalink key is not a kv share, and the reverse.
    expect((await get('bob', `/api/v1/sqllab/permalink/${key}`)).status).toBe(404);

    const unknown = await get('bob', '/kv/nope-nope-nope-nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toEqual(expect.any(String));
    expect((await send('alice', 'POST', '/kv/store/', { form: { data: 'not json' } })).body).toEqual({ message: { data: ['Not valid JSON.'] } });
    expect((await send('alice', 'POST', '/kv/store/', { form: { data: JSON.stringify({ name: 'x' }) } })).status).toBe(400);
    expect((await get(null, `/kv/${key}`)).status).toBe(401);
  });
});
