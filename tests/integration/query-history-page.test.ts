/**
 * The query history page's loader against a real app and real queries (run through SQL Lab's
 * execute API on a SQLite warehouse): who sees whose queries, the filters by database, state,
 * user, start-time range and SQL text, sorting by start time, and the permission.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../helpers/app-under-test';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

type PageModule = typeof import('../../app/routes/sqllab.history/page.server');

describe('query history page', () => {
  let s: SqlLabApp;
  let page: PageModule;
  let file: ReturnType<typeof tempSqliteFile>;
  let shop: { id: number; database_name: string };
  let crm: { id: number; database_name: string };
  let adminCookie: string;
  let analyst: { id: number; token: string; cookie: string };

  const load = (query = '', cookie = adminCookie) =>
    page.loadHistoryPage(new Request(`http://localhost/sqllab/history/${query}`, { headers: { Cookie: cookie } }));
  const sqlOf = async (query = '', cookie = adminCookie) => (await load(query, cookie)).rows.map((r) => r.sql);

  beforeAll(async () => {
    s = await startSqlLabApp({ worker: false });
    page = await s.app.load<PageModule>('/app/routes/sqllab.history/page.server.ts');
    file = tempSqliteFile();
    fs.writeFileSync(file.file, '');
    shop = await s.addDatabase({ database_name: 'shop', sqlalchemy_uri: `sqlite:///${file.file}` });
    crm = await s.addDatabase({ database_name: 'crm', sqlalchemy_uri: `sqlite:///${file.file}` });
    adminCookie = (await s.app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD)).cookie;
    const user = await s.userWith('analyst', [s.databaseAccess(shop)]);
    analyst = { ...user, cookie: (await s.app.loginWithCookie('analyst', 'analyst-password')).cookie };

    for (const [sql, db, token] of [
      ['SELECT 1 AS first_admin', shop.id, undefined],
      ['SELECT 2 AS crm_admin', crm.id, undefined],
      ['SELECT * FROM no_such_table', shop.id, undefined],
      ['SELECT 3 AS by_analyst', shop.id, analyst.token],
    ] as const) {
      const answer = await s.execute({ database_id: db, sql, client_id: Math.random().toString(36).slice(2, 12) }, token);
      expect([200, 400]).toContain(answer.status);
      await new Promise((r) => setTimeout(r, 15)); // distinct start times for the sort
    }
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  it('shows an admin everyone’s queries, newest first, with their details', async () => {
    const all = await load();
    expect(all.rows.map((r) => r.sql)).toEqual(['SELECT 3 AS by_analyst', 'SELECT * FROM no_such_table', 'SELECT 2 AS crm_admin', 'SELECT 1 AS first_admin']);
    expect(all.rows[0]).toMatchObject({ state: 'success', database: 'shop', rows: 1, user: expect.stringMatching(/analyst/i) });
    expect(all.rows[1]).toMatchObject({ state: 'failed', rows: null });
    expect(all.rows[1].errorMessage).toContain('no_such_table');
    expect(all.rows[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(all.options.users?.length).toBe(2);
    expect(await sqlOf('?sort=start_time&dir=asc')).toEqual(['SELECT 1 AS first_admin', 'SELECT 2 AS crm_admin', 'SELECT * FROM no_such_table', 'SELECT 3 AS by_analyst']);
  });

  it('filters by database, state, user, text and start time', async () => {
    expect(await sqlOf(`?database=${crm.id}`)).toEqual(['SELECT 2 AS crm_admin']);
    expect(await sqlOf('?state=failed')).toEqual(['SELECT * FROM no_such_table']);
    expect(await sqlOf(`?user=${analyst.id}`)).toEqual(['SELECT 3 AS by_analyst']);
    expect(await sqlOf('?search=FIRST_admin')).toEqual(['SELECT 1 AS first_admin']);
    const filtered = await load(`?database=${shop.id}&state=success`);
    expect(filtered.rows.map((r) => r.sql)).toEqual(['SELECT 3 AS by_analyst', 'SELECT 1 AS first_admin']);
    expect(filtered.filters).toMatchObject({ database: String(shop.id), state: 'success', user: '' });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
    expect(await sqlOf(`?from=${tomorrow}`)).toEqual([]);
    expect(await sqlOf(`?from=${yesterday}&to=${tomorrow}`)).toHaveLength(4);
    expect(await sqlOf(`?to=${yesterday}`)).toEqual([]);
    // Unparseable values are ignored and not echoed back as applied.
    const odd = await load('?from=yesterday&state=bogus&database=x');
    expect(odd.rows).toHaveLength(4);
    expect(odd.filters).toEqual({ database: '', state: '', user: '', from: '', to: '' });
  });

  it('shows other users only their own queries, whatever the URL asks', async () => {
    const own = await load(`?user=${1}`, analyst.cookie);
    expect(own.rows.map((r) => r.sql)).toEqual(['SELECT 3 AS by_analyst']);
    expect(own.options.users).toBeNull();
    expect(own.options.databases.map((d) => d.name)).toEqual(['shop']);
    const html = await (await s.app.fetch('/sqllab/history/', { headers: { Cookie: analyst.cookie } })).text();
    expect(html).toContain('by_analyst');
    expect(html).not.toContain('first_admin');
    expect(html).toContain(`/sqllab/?queryId=${own.rows[0].id}`);
  });

  it('needs can_read on Query', async () => {
    const gamma = await s.app.createUser({ username: 'viewer', roles: ['Gamma'] });
    const { cookie } = await s.app.loginWithCookie('viewer', gamma.password);
    expect((await s.app.fetch('/sqllab/history/', { headers: { Cookie: cookie } })).status).toBe(403);
  });
});
