/**
 * CSS templates through the real Remix handler: Superset's CssTemplateRestApi (list with rison
 * filters, order and paging, show, create, update, delete, bulk delete, `_info`), its statuses and
 * messages, and who may call it (Admin and Alpha read and write; Gamma nothing); and the list
 * page /csstemplatemodelview/list/ as plain forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

type Json = Record<string, unknown>;
type Answer<T = Json> = { status: number; body: T };
type ListAnswer = { count: number; ids: number[]; result: Json[]; list_columns?: string[] };

const r = (value: unknown) => encodeRisonUri(value);

describe('CSS template API', () => {
  let app: AppUnderTest;
  const tokens = { admin: '', alpha: '', gamma: '' };

  async function call<T = Json>(method: string, p: string, body?: unknown, token = tokens.admin): Promise<Answer<T>> {
    const response = await app.fetch(p, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const create = async (template_name: string, css: string, token = tokens.admin) => {
    const created = await call<{ id: number; result: Json }>('POST', '/api/v1/css_template/', { template_name, css }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id;
  };

  beforeAll(async () => {
    app = await startApp();
    tokens.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
    for (const role of ['Alpha', 'Gamma'] as const) {
      const user = await app.createUser({ username: `css_${role.toLowerCase()}`, roles: [role], first_name: role, last_name: 'Tester' });
      tokens[role.toLowerCase() as 'alpha' | 'gamma'] = (await app.login(user.username, user.password)).accessToken;
    }
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('creates, shows, updates and deletes a template with Superset\'s answers', async () => {
    const created = await call<{ id: number; result: Json }>('POST', '/api/v1/css_template/', { template_name: 'Dark header', css: '.header { color: #fff; }' });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ template_name: 'Dark header', css: '.header { color: #fff; }' });
    const id = created.body.id;

    const shown = await call<{ id: number; result: Json; show_columns: string[] }>('GET', `/api/v1/css_template/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.id).toBe(id);
    expect(shown.body.result).toMatchObject({
      id, template_name: 'Dark header', css: '.header { color: #fff; }', created_by: { first_name: expect.any(String), id: expect.any(Number) },
    });
    expect(shown.body.show_columns).toContain('css');

    const updated = await call<{ id: number; result: Json }>('PUT', `/api/v1/css_template/${id}`, { css: '.header { color: #000; }' }, tokens.alpha);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id, result: { css: '.header { color: #000; }' } });
    const after = await call<{ result: Json }>('GET', `/api/v1/css_template/${id}`);
    // The name stays; the CSS and who changed it follow the update.
    expect(after.body.result).toMatchObject({ template_name: 'Dark header', css: '.header { color: #000; }', changed_by: { first_name: 'Alpha' } });

    const deleted = await call('DELETE', `/api/v1/css_template/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'OK' });
    expect((await call('GET', `/api/v1/css_template/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/css_template/${id}`)).status).toBe(404);
    expect((await call('PUT', `/api/v1/css_template/${id}`, { css: '' })).status).toBe(404);
    expect((await call('GET', '/api/v1/css_template/not-a-number')).status).toBe(404);
  });

  it('lists templates with filters on template_name, order and paging', async () => {
    const ids = [await create('Zebra stripes', 'tr:nth-child(odd) { background: #eee; }'), await create('Compact', '.chart { padding: 0; }'), await create('Brand colours', 'body { --brand: teal; }')];

    const all = await call<ListAnswer>('GET', `/api/v1/css_template/?q=${r({ page_size: 100, order_column: 'template_name', order_direction: 'asc' })}`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.result.map((t) => t.template_name)).toEqual(['Brand colours', 'Compact', 'Zebra stripes']);
    expect(all.body.result[0]).toMatchObject({ css: 'body { --brand: teal; }', created_by: { first_name: expect.any(String) } });
    expect(all.body.list_columns).toContain('template_name');

    const contains = await call<ListAnswer>('GET', `/api/v1/css_template/?q=${r({ filters: [{ col: 'template_name', opr: 'ct', value: 'PACT' }] })}`);
    expect(contains.body.result.map((t) => t.template_name)).toEqual(['Compact']);
    // Superset's all-text filter reads the CSS too.
    const allText = await call<ListAnswer>('GET', `/api/v1/css_template/?q=${r({ filters: [{ col: 'template_name', opr: 'css_template_all_text', value: 'teal' }] })}`);
    expect(allText.body.result.map((t) => t.template_name)).toEqual(['Brand colours']);

    const page = await call<ListAnswer>('GET', `/api/v1/css_template/?q=${r({ order_column: 'template_name', order_direction: 'desc', page_size: 1, page: 1 })}`);
    expect(page.body.count).toBe(3);
    expect(page.body.result.map((t) => t.template_name)).toEqual(['Compact']);

    expect((await call('GET', `/api/v1/css_template/?q=${r({ order_column: 'css' })}`)).status).toBe(400);
    expect((await call('GET', `/api/v1/css_template/?q=${r({ filters: [{ col: 'nope', opr: 'eq', value: 'x' }] })}`)).status).toBe(400);

    const info = await call<{ permissions: string[]; filters: Record<string, { operator: string }[]> }>('GET', '/api/v1/css_template/_info', undefined, tokens.alpha);
    expect(info.status).toBe(200);
    expect(info.body.permissions.sort()).toEqual(['can_read', 'can_write']);
    expect(info.body.filters.template_name.map((f) => f.operator)).toContain('css_template_all_text');

    const bulk = await call('DELETE', `/api/v1/css_template/?q=${r(ids.slice(0, 2))}`, undefined, tokens.alpha);
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ message: 'Deleted 2 css templates' });
    // All or nothing: one missing id keeps the others.
    const partly = await call('DELETE', `/api/v1/css_template/?q=${r([ids[2], 999_999])}`);
    expect(partly.status).toBe(404);
    const left = await call<ListAnswer>('GET', '/api/v1/css_template/');
    expect(left.body.ids).toEqual([ids[2]]);
    await call('DELETE', `/api/v1/css_template/${ids[2]}`);
  });

  it('refuses bad input with marshmallow\'s messages', async () => {
    const missing = await call<{ message: Record<string, string[]> }>('POST', '/api/v1/css_template/', { css: 'a {}' });
    expect(missing.status).toBe(400);
    expect(missing.body.message.template_name).toEqual(['Missing data for required field.']);
    const blank = await call<{ message: Record<string, string[]> }>('POST', '/api/v1/css_template/', { template_name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message.template_name).toEqual(['Length must be between 1 and 250.']);
    expect((await call('POST', '/api/v1/css_template/', { template_name: 'x'.repeat(251) })).status).toBe(400);
    expect((await call('POST', '/api/v1/css_template/', { template_name: 'x', css: 5 })).status).toBe(400);
    expect((await call('POST', '/api/v1/css_template/', { template_name: 'x', colour: 'red' })).status).toBe(400);
    const id = await create('Kept', 'a {}');
    expect((await call('PUT', `/api/v1/css_template/${id}`, { template_name: '' })).status).toBe(400);
    expect((await call('DELETE', `/api/v1/css_template/?q=${r([])}`)).status).toBe(400);
    expect((await call<{ result: Json }>('GET', `/api/v1/css_template/${id}`)).body.result).toMatchObject({ template_name: 'Kept', css: 'a {}' });
    await call('DELETE', `/api/v1/css_template/${id}`);
  });

  it('lets Admin and Alpha write, and Gamma neither read nor write', async () => {
    const id = await create('Shared', 'h1 { font-size: 2em; }', tokens.alpha);
    // Shared: Admin sees and changes what Alpha made.
    expect((await call('GET', `/api/v1/css_template/${id}`)).status).toBe(200);
    expect((await call('GET', '/api/v1/css_template/', undefined, tokens.gamma)).status).toBe(403);
    expect((await call('GET', `/api/v1/css_template/${id}`, undefined, tokens.gamma)).status).toBe(403);
    expect((await call('GET', '/api/v1/css_template/_info', undefined, tokens.gamma)).status).toBe(403);
    expect((await call('POST', '/api/v1/css_template/', { template_name: 'Mine' }, tokens.gamma)).status).toBe(403);
    expect((await call('PUT', `/api/v1/css_template/${id}`, { css: '' }, tokens.gamma)).status).toBe(403);
    expect((await call('DELETE', `/api/v1/css_template/${id}`, undefined, tokens.gamma)).status).toBe(403);
    expect((await call('DELETE', `/api/v1/css_template/?q=${r([id])}`, undefined, tokens.gamma)).status).toBe(403);
    expect((await call<{ result: Json }>('GET', `/api/v1/css_template/${id}`)).body.result).toMatchObject({ css: 'h1 { font-size: 2em; }' });
    expect((await call('DELETE', `/api/v1/css_template/${id}`)).status).toBe(200);
  });

  it('serves the list page as plain forms', async () => {
    const { cookie, csrfToken } = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
    const post = (fields: Record<string, string>) => app.fetch('/csstemplatemodelview/list/', {
      method: 'POST', redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrfToken, ...fields }),
    });
    const added = await post({ intent: 'create-template', template_name: 'From the page', css: '.page-made { color: red; }' });
    expect(added.status).toBe(302);
    const row = await app.models().CssTemplate.findOne({ where: { template_name: 'From the page' } });
    expect(row?.css).toBe('.page-made { color: red; }');
    const page = await app.fetch('/csstemplatemodelview/list/?search=page-made', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('From the page');

    const refused = await post({ intent: 'save-template', id: String(row!.id), template_name: ' ', css: '' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Length must be between 1 and 250.');
    expect((await post({ intent: 'save-template', id: String(row!.id), template_name: 'Renamed', css: 'a {}' })).status).toBe(302);
    await row!.reload();
    expect([row!.template_name, row!.css]).toEqual(['Renamed', 'a {}']);
    expect((await post({ intent: 'delete-template', id: String(row!.id) })).status).toBe(302);
    expect(await app.models().CssTemplate.count({ where: { id: row!.id } })).toBe(0);
    expect((await post({ intent: 'nope' })).status).toBe(400);

    const gamma = await app.createUser({ username: 'css_gamma_pages', roles: ['Gamma'] }).then((u) => app.loginWithCookie(u.username, u.password));
    expect((await app.fetch('/csstemplatemodelview/list/', { headers: { Cookie: gamma.cookie } })).status).toBe(403);
  });
});
