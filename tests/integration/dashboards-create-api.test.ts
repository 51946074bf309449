/**
 * `/api/v1/dashboard/` on both metadata stores, through the real Remix handler: POST creates a
 * dashboard as Superset answers it (201 `{id, result}`, the creator among the owners, the slug
 * cleaned), refuses bad fields with 400 and marshmallow's messages and broken rules with one 422;
 * who may create (can_write on Dashboard, checked before the body is read); GET still lists with
 * rison filters, each caller seeing the dashboards Superset's row scope gives them.
 */
import { expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json; text: string };
type ListAnswer = { count: number; result: { id: number; dashboard_title: string }[] };

function defineCases(app: () => AppUnderTest) {
  type Fixtures = { tokens: Record<'admin' | 'alpha' | 'gamma' | 'reader', string>; ids: Record<'admin' | 'alpha' | 'gamma', number> };
  let fixtures: Promise<Fixtures> | undefined;
  const setup = () => (fixtures ??= (async () => {
    const alpha = await app().createUser({ username: 'dash-alpha', roles: ['Alpha'] });
    const gamma = await app().createUser({ username: 'dash-gamma', roles: ['Gamma'] });
    // Logged in, but without can_write on Dashboard.
    const reader = await app().createUser({ username: 'dash-reader', roles: ['sql_lab'] });
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;
    const adminId = (await app().models().User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
    return {
      tokens: { admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken, alpha: await token(alpha), gamma: await token(gamma), reader: await token(reader) },
      ids: { admin: adminId, alpha: alpha.id, gamma: gamma.id },
    };
  })());

  async function call(token: string | null, method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await app().fetch(path, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text };
  }

  const ownersOf = async (id: number) => {
    const d = await app().models().Dashboard.findByPk(id, { include: [{ model: app().models().User, as: 'owners' }] });
    return (d?.owners ?? []).map((u) => u.id).sort((a, b) => a - b);
  };
  const list = async (token: string, q: Json) => {
    const answer = await call(token, 'GET', `/api/v1/dashboard/?q=${encodeRisonUri(q)}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as unknown as ListAnswer;
  };

  it('creates a dashboard as Superset answers it, its creator owning it', async () => {
    const f = await setup();
    const made = await call(f.tokens.alpha, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Sales board', slug: '  sales board!  ', json_metadata: '{"color_scheme": "supersetColors"}', position_json: '{}', css: '', published: true });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number), result: expect.objectContaining({ dashboard_title: 'Sales board', slug: 'sales-board', published: true }) });
    const stored = await app().models().Dashboard.findByPk(made.body.id as number);
    expect(stored).toMatchObject({ dashboard_title: 'Sales board', slug: 'sales-board', published: true, json_metadata: '{"color_scheme": "supersetColors"}', created_by_fk: f.ids.alpha });
    expect(await ownersOf(made.body.id as number)).toEqual([f.ids.alpha]);

    // Owners given: a non-admin creator is kept among them; an admin's list is taken as is.
    const shared = await call(f.tokens.alpha, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Shared', owners: [f.ids.gamma] });
    expect(shared.status, shared.text).toBe(201);
    expect(await ownersOf(shared.body.id as number)).toEqual([f.ids.alpha, f.ids.gamma].sort((a, b) => a - b));
    const forOthers = await call(f.tokens.admin, 'POST', '/api/v1/dashboard/', { dashboard_title: 'For Gamma', owners: [f.ids.gamma] });
    expect(await ownersOf(forOthers.body.id as number)).toEqual([f.ids.gamma]);

    // No title: the untitled name Superset's frontend gives a new dashboard (the column is NOT NULL here).
    const untitled = await call(f.tokens.gamma, 'POST', '/api/v1/dashboard/', {});
    expect(untitled.status, untitled.text).toBe(201);
    expect((await app().models().Dashboard.findByPk(untitled.body.id as number))?.dashboard_title).toBe('[ untitled dashboard ]');
  });

  it('refuses bad fields with 400 and marshmallow messages, creating nothing', async () => {
    const f = await setup();
    const cases: [Json, string, string][] = [
      [{ dashboard_title: 5 }, 'dashboard_title', 'Not a valid string.'],
      [{ dashboard_title: 't'.repeat(501) }, 'dashboard_title', 'Length must be between 0 and 500.'],
      [{ dashboard_title: 'x', slug: '!!!' }, 'slug', 'Length must be between 1 and 255.'],
      [{ dashboard_title: 'x', slug: 's'.repeat(256) }, 'slug', 'Length must be between 1 and 255.'],
      [{ dashboard_title: 'x', json_metadata: '[1]' }, 'json_metadata', 'JSON not valid'],
      [{ dashboard_title: 'x', position_json: '{nope' }, 'position_json', 'JSON not valid'],
      [{ dashboard_title: 'x', owners: 'me' }, 'owners', 'Not a valid list.'],
      [{ dashboard_title: 'x', owners: [0] }, 'owners.0', 'Must be a positive id.'],
      [{ dashboard_title: 'x', published: 'yes' }, 'published', 'Not a valid boolean.'],
      [{ dashboard_title: 'x', certified_by: 'Finance' }, 'certified_by', 'Unknown field.'],
    ];
    const before = await app().models().Dashboard.count();
    for (const [body, field, message] of cases) {
      const answer = await call(f.tokens.admin, 'POST', '/api/v1/dashboard/', body);
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
    }
    const broken = await app().fetch('/api/v1/dashboard/', { method: 'POST', headers: { Authorization: `Bearer ${f.tokens.admin}`, 'Content-Type': 'application/json' }, body: '{"dashboard_title":' });
    expect(broken.status).toBe(400);
    expect(await app().models().Dashboard.count()).toBe(before);
  });

  it('answers one 422 with every rule broken: a slug taken, owners that are nobody, roles', async () => {
    const f = await setup();
    expect((await call(f.tokens.admin, 'POST', '/api/v1/dashboard/', { dashboard_title: 'First', slug: 'taken-slug' })).status).toBe(201);
    const before = await app().models().Dashboard.count();
    const answer = await call(f.tokens.admin, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Second', slug: ' taken slug', owners: [987_654], roles: [1] });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.message).toEqual({ slug: ['Must be unique'], owners: ['Owners are invalid'], roles: ['Dashboard roles are not enabled on this server.'] });
    // An id no INTEGER column holds names nobody either: the same 422, never the store's error.
    const huge = await call(f.tokens.admin, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Huge', owners: [Number.MAX_SAFE_INTEGER] });
    expect(huge.status, huge.text).toBe(422);
    expect(huge.body.message).toEqual({ owners: ['Owners are invalid'] });
    expect(await app().models().Dashboard.count()).toBe(before);
  });

  it('needs a login and can_write on Dashboard, checked before the body', async () => {
    const f = await setup();
    expect((await call(null, 'POST', '/api/v1/dashboard/', { dashboard_title: 'x' })).status).toBe(401);
    expect((await call(null, 'GET', '/api/v1/dashboard/')).status).toBe(401);
    const refused = await call(f.tokens.reader, 'POST', '/api/v1/dashboard/', { dashboard_title: 5 });
    expect(refused.status, refused.text).toBe(403);
    expect((await call(f.tokens.reader, 'GET', '/api/v1/dashboard/')).status).toBe(403);
    const put = await call(f.tokens.admin, 'PUT', '/api/v1/dashboard/', {});
    expect(put.status).toBe(405);
  });

  it('lists with rison filters, each caller seeing their own drafts and the published dashboards', async () => {
    const f = await setup();
    const own = await call(f.tokens.gamma, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Gamma draft zeta' });
    const alphas = await call(f.tokens.alpha, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Alpha draft zeta' });
    const published = await call(f.tokens.alpha, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Alpha published zeta', published: true });
    for (const a of [own, alphas, published]) expect(a.status, a.text).toBe(201);

    const search = { columns: ['id', 'dashboard_title'], filters: [{ col: 'dashboard_title', opr: 'ct', value: 'zeta' }], order_column: 'dashboard_title', order_direction: 'asc' };
    const gammaSees = await list(f.tokens.gamma, search);
    expect(gammaSees.result.map((d) => d.dashboard_title)).toEqual(['Alpha published zeta', 'Gamma draft zeta']);
    expect(gammaSees.count).toBe(2);
    expect(gammaSees.result[0]).toEqual({ id: published.body.id, dashboard_title: 'Alpha published zeta' });
    expect((await list(f.tokens.admin, search)).count).toBe(3);

    // The save modal's question: the dashboards this user owns (may edit), by title.
    const editable = await list(f.tokens.gamma, { ...search, filters: [...search.filters, { col: 'owners', opr: 'rel_m_m', value: f.ids.gamma }] });
    expect(editable.result.map((d) => d.id)).toEqual([own.body.id]);
    expect((await call(f.tokens.gamma, 'GET', '/api/v1/dashboard/?q=(filters:!((col:nope,opr:eq,value:1)))')).status).toBe(400);
  });
}

describeOnSqliteStore('dashboards create API', defineCases);
await describeOnPostgresStore('dashboards create API', defineCases);
