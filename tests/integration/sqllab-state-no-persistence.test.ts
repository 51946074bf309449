/**
 * SQL Lab with SQLLAB_BACKEND_PERSISTENCE=false: tab state stays in the browser, so the tab and
 * table views answer 404 `{message}` (as in Superset, where they are not registered), the
 * bootstrap has no tabs, and what does not depend on tabs (saved queries, sharing) still works.
 * A file of its own: env() is read once per process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppUnderTest } from '../helpers/app-under-test';

let app: AppUnderTest;
let auth: Record<string, string>;
let dbId: number;

beforeAll(async () => {
  process.env.SQLLAB_BACKEND_PERSISTENCE = 'false';
  app = await startApp();
  await app.createUser({ username: 'alice', roles: ['sql_lab'] });
  auth = { Authorization: `Bearer ${(await app.login('alice', 'alice-password')).accessToken}` };
  dbId = (await app.models().Database.create({ database_name: 'examples', sqlalchemy_uri: 'sqlite:///examples.db' })).id;
}, 180_000);
afterAll(async () => {
  await app?.close();
  delete process.env.SQLLAB_BACKEND_PERSISTENCE;
});

const call = async (method: string, path: string, json?: unknown) => {
  const response = await app.fetch(path, {
    method,
    headers: { ...auth, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('backend persistence off', () => {
  it('answers 404 {message} on every tab and table view', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/tabstateview/', { queryEditor: { name: 'x', dbId } }],
      ['GET', '/tabstateview/1'],
      ['PUT', '/tabstateview/1', { label: 'x' }],
      ['DELETE', '/tabstateview/1'],
      ['POST', '/tabstateview/1/activate'],
      ['POST', '/tabstateview/1/migrate_query', { queryId: 'q' }],
      ['DELETE', '/tabstateview/1/query/q'],
      ['POST', '/tableschemaview/', { table: { dbId, name: 't', queryEditorId: 1 } }],
      ['POST', '/tableschemaview/1/expanded', { expanded: true }],
      ['DELETE', '/tableschemaview/1'],
    ];
    for (const [method, path, body] of calls) {
      const reply = await call(method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.message).toMatch(/backend persistence is off/);
    }
    expect(await app.models().TabState.count()).toBe(0);
  });

  it('bootstraps without tabs', async () => {
    const boot = await call('GET', '/api/v1/sqllab/');
    expect(boot.status).toBe(200);
    expect(boot.body.result).toEqual({ active_tab: null, databases: {}, queries: {}, tab_state_ids: [] });
  });

  it('still saves and shares queries', async () => {
    expect((await call('POST', '/api/v1/saved_query/', { label: 'q', sql: 'SELECT 1', db_id: dbId })).status).toBe(201);
    const link = await call('POST', '/api/v1/sqllab/permalink', { dbId, name: 'n', sql: 'SELECT 1' });
    expect(link.status).toBe(201);
    expect((await call('GET', `/api/v1/sqllab/permalink/${String(link.body.key)}`)).body).toEqual({ dbId, name: 'n', sql: 'SELECT 1' });
  });
});
