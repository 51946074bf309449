/**
 * The saved queries page against a real app: its loader (own queries only, search, database
 * filter, sort, paging state), its action as a browser without JavaScript posts it (delete, bulk
 * delete with its confirmation step, CSRF), and the API's bulk delete (`DELETE
 * /api/v1/saved_query/?q=!(…)`), which, like the page, deletes only the user's own queries.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../helpers/app-under-test';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

type PageModule = typeof import('../../app/routes/savedqueryview.list/page.server');

describe('saved queries page', () => {
  let s: SqlLabApp;
  let page: PageModule;
  let file: ReturnType<typeof tempSqliteFile>;
  let shop: { id: number; database_name: string };
  let crm: { id: number; database_name: string };
  let admin: { cookie: string; csrfToken: string };
  let other: { id: number; token: string };

  const save = async (label: string, dbId: number, sql: string, token?: string) => {
    const answer = await s.call<{ id: number }>('POST', '/api/v1/saved_query/', { label, db_id: dbId, sql, schema: 'main', description: `about ${label}` }, token);
    expect(answer.status, answer.text).toBe(201);
    return answer.body.id;
  };
  const load = (query = '', cookie = admin.cookie) =>
    page.loadSavedQueriesPage(new Request(`http://localhost/savedqueryview/list/${query}`, { headers: { Cookie: cookie } }));
  const post = (fields: Record<string, string | string[]>, opts: { csrf?: string; query?: string } = {}) => {
    const form = new URLSearchParams();
    form.set('csrf_token', opts.csrf ?? admin.csrfToken);
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    return s.app.fetch(`/savedqueryview/list/${opts.query ?? ''}`, {
      method: 'POST', body: form, redirect: 'manual', headers: { Cookie: admin.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  };

  beforeAll(async () => {
    s = await startSqlLabApp({ worker: false });
    page = await s.app.load<PageModule>('/app/routes/savedqueryview.list/page.server.ts');
    file = tempSqliteFile();
    fs.writeFileSync(file.file, '');
    shop = await s.addDatabase({ database_name: 'shop', sqlalchemy_uri: `sqlite:///${file.file}` });
    crm = await s.addDatabase({ database_name: 'crm', sqlalchemy_uri: `sqlite:///${file.file}` });
    admin = await s.app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
    other = await s.userWith('analyst', [s.databaseAccess(shop)]);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  it('lists only the user’s own queries, searched, filtered by database and sorted from the URL', async () => {
    await save('Orders by month', shop.id, 'SELECT month, COUNT(*) FROM orders GROUP BY month');
    await save('Active customers', crm.id, 'SELECT * FROM customers WHERE active');
    await save('Zeta report', shop.id, 'SELECT 1 AS zeta');
    await save('Analyst private', shop.id, 'SELECT 2', other.token);

    const all = await load();
    expect(all.rows.map((r) => r.label).sort()).toEqual(['Active customers', 'Orders by month', 'Zeta report']);
    expect(all.databases.map((d) => d.name)).toEqual(['crm', 'shop']);

    expect((await load('?search=customers')).rows.map((r) => r.label)).toEqual(['Active customers']);
    // The search looks in the SQL and the description too.
    expect((await load('?search=zeta')).rows.map((r) => r.label)).toEqual(['Zeta report']);
    expect((await load('?search=about%20orders')).rows.map((r) => r.label)).toEqual(['Orders by month']);
    const onShop = await load(`?database=${shop.id}`);
    expect(onShop.rows.map((r) => r.label).sort()).toEqual(['Orders by month', 'Zeta report']);
    expect(onShop.filters.database).toBe(String(shop.id));
    expect((await load('?sort=label&dir=asc')).rows.map((r) => r.label)).toEqual(['Active customers', 'Orders by month', 'Zeta report']);
    expect((await load('?sort=label&dir=desc')).rows.map((r) => r.label)).toEqual(['Zeta report', 'Orders by month', 'Active customers']);
    // A nonsense filter or sort falls back instead of failing.
    expect((await load('?database=abc&sort=nope')).rows).toHaveLength(3);

    const html = await (await s.app.fetch('/savedqueryview/list/', { headers: { Cookie: admin.cookie } })).text();
    expect(html).toContain('Orders by month');
    expect(html).toContain('/sqllab/?savedQueryId=');
    expect(html).not.toContain('Analyst private');
  });

  it('deletes one query from a plain form post, with the CSRF token', async () => {
    const id = await save('Delete me', shop.id, 'SELECT 3');
    expect((await post({ intent: 'delete', id: String(id) }, { csrf: 'wrong' })).status).toBe(400);
    expect(await s.app.models().SavedQuery.findByPk(id)).not.toBeNull();
    const done = await post({ intent: 'delete', id: String(id) }, { query: '?search=Delete' });
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/savedqueryview/list/?search=Delete');
    expect(await s.app.models().SavedQuery.findByPk(id)).toBeNull();
    // Someone else's query: a notice, nothing deleted.
    const theirs = await s.app.models().SavedQuery.findOne({ where: { label: 'Analyst private' } });
    const refused = await post({ intent: 'delete', id: String(theirs!.id) });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('not yours');
    expect(await s.app.models().SavedQuery.findByPk(theirs!.id)).not.toBeNull();
    expect((await post({ intent: 'explode' })).status).toBe(400);
  });

  it('bulk deletes after a confirmation, all or nothing, only the user’s own', async () => {
    const a = await save('Bulk A', shop.id, 'SELECT 4');
    const b = await save('Bulk B', shop.id, 'SELECT 5');
    const theirs = await s.app.models().SavedQuery.findOne({ where: { label: 'Analyst private' } });

    const asked = await post({ intent: 'bulk-delete', ids: [String(a), String(b)] });
    expect(asked.status).toBe(200);
    const confirmation = await asked.text();
    expect(confirmation).toContain('Delete these 2 saved queries?');
    expect(confirmation).toContain('Bulk A');
    expect(await s.app.models().SavedQuery.count({ where: { id: [a, b] } })).toBe(2);

    const mixed = await post({ intent: 'bulk-delete', confirmed: 'yes', ids: [String(a), String(theirs!.id)] });
    expect(mixed.status).toBe(404);
    expect(await s.app.models().SavedQuery.count({ where: { id: [a, b, theirs!.id] } })).toBe(3);

    expect((await post({ intent: 'bulk-delete', confirmed: 'yes' })).status).toBe(400);
    const done = await post({ intent: 'bulk-delete', confirmed: 'yes', ids: [String(a), String(b)] });
    expect(done.status).toBe(302);
    expect(await s.app.models().SavedQuery.count({ where: { id: [a, b] } })).toBe(0);
  });

  it('the API bulk delete removes the user’s own queries and refuses anyone else’s', async () => {
    const a = await save('Api A', shop.id, 'SELECT 6');
    const b = await save('Api B', shop.id, 'SELECT 7');
    const theirs = await s.app.models().SavedQuery.findOne({ where: { label: 'Analyst private' } });
    const refused = await s.call('DELETE', `/api/v1/saved_query/?q=!(${a},${theirs!.id})`);
    expect(refused.status).toBe(404);
    expect(await s.app.models().SavedQuery.count({ where: { id: [a, theirs!.id] } })).toBe(2);
    const done = await s.call<{ message: string }>('DELETE', `/api/v1/saved_query/?q=!(${a},${b})`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe('Deleted 2 saved queries');
    expect((await s.call('DELETE', '/api/v1/saved_query/?q=!()')).status).toBe(400);
  });

  it('needs can_read on SavedQuery to see the page and can_write to delete', async () => {
    const gamma = await s.app.createUser({ username: 'viewer', roles: ['Gamma'] });
    const viewer = await s.app.loginWithCookie('viewer', gamma.password);
    const refused = await s.app.fetch('/savedqueryview/list/', { headers: { Cookie: viewer.cookie } });
    expect(refused.status).toBe(403);
    const form = new URLSearchParams({ csrf_token: viewer.csrfToken, intent: 'bulk-delete', confirmed: 'yes', ids: '1' });
    const post403 = await s.app.fetch('/savedqueryview/list/', { method: 'POST', body: form, headers: { Cookie: viewer.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(post403.status).toBe(403);
  });
});
