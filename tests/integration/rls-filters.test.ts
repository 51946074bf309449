/**
 * Row-level security on both metadata stores: the predicates a user's roles put on a dataset
 * (Regular for the named roles, Base for everyone else, group keys ORed, the rest ANDed), and the
 * `/api/v1/rowlevelsecurity/` API through the real handler: CRUD, list filters and order, bad
 * input (400 with field messages, 422 for a taken name or missing roles and datasets), 404s, and
 * 403 for everyone but Admin. The admin page is exercised as a no-JS form post.
 */
import { expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Predicates = typeof import('../../app/server/rls/predicates.server');
type Auth = typeof import('../../app/server/auth/current-user.server');
type Json = Record<string, unknown>;

function defineCases(app: () => AppUnderTest) {
  let fixtures: Promise<{
    admin: string; gamma: string;
    roles: Record<'sales' | 'finance' | 'emea', number>;
    users: Record<'ann' | 'bob' | 'cat', number>;
    datasets: [number, number];
  }> | undefined;

  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const roles = {
      sales: (await m.Role.create({ name: 'rls_sales' })).id,
      finance: (await m.Role.create({ name: 'rls_finance' })).id,
      emea: (await m.Role.create({ name: 'rls_emea' })).id,
    };
    const ann = await app().createUser({ username: 'rls-ann', roles: ['Gamma', 'rls_sales'] });
    const bob = await app().createUser({ username: 'rls-bob', roles: ['Gamma', 'rls_finance', 'rls_emea'] });
    const cat = await app().createUser({ username: 'rls-cat', roles: ['Gamma'] });
    const database = await m.Database.create({ database_name: 'rls_db', sqlalchemy_uri: 'sqlite:////tmp/rls-none.sqlite' });
    const one = await m.Dataset.create({ database_id: database.id, schema: 'main', table_name: 'orders' });
    const two = await m.Dataset.create({ database_id: database.id, schema: 'main', table_name: 'customers' });
    const admin = (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
    const gamma = (await app().login(cat.username, cat.password)).accessToken;
    return { admin, gamma, roles, users: { ann: ann.id, bob: bob.id, cat: cat.id }, datasets: [one.id, two.id] as [number, number] };
  })());

  async function call(token: string, method: string, path: string, body?: unknown) {
    const response = await app().fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text };
  }

  async function predicatesOf(userId: number, datasetId: number): Promise<string[]> {
    const auth = await app().load<Auth>('/app/server/auth/current-user.server.ts');
    const rls = await app().load<Predicates>('/app/server/rls/predicates.server.ts');
    const user = await auth.loadUser(userId, 'bearer');
    return rls.rlsPredicatesFor(user!, datasetId);
  }

  const rule = (fields: Json) => ({ description: null, group_key: null, roles: [], ...fields });

  it('applies Regular filters to their roles, Base filters to everyone else, ORs a group key and ANDs the rest', async () => {
    const { admin, roles, users, datasets: [orders, customers] } = await setup();
    const made: number[] = [];
    for (const fields of [
      { name: 'sales region', filter_type: 'Regular', tables: [orders], roles: [roles.sales], group_key: 'region', clause: "region = 'NA'" },
      { name: 'emea region', filter_type: 'Regular', tables: [orders], roles: [roles.emea], group_key: 'region', clause: "region = 'EMEA'" },
      { name: 'finance year', filter_type: 'Regular', tables: [orders, customers], roles: [roles.finance], clause: 'year >= 2020' },
      { name: 'hide all but finance', filter_type: 'Base', tables: [orders], roles: [roles.finance], clause: '1 = 0' },
      { name: 'other dataset', filter_type: 'Regular', tables: [customers], roles: [roles.sales], clause: 'vip = 0' },
    ]) {
      const created = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', rule(fields));
      expect(created.status, created.text).toBe(201);
      made.push(created.body.id as number);
    }
    // Ann (sales): her region, and the Base filter (she is not finance).
    expect(await predicatesOf(users.ann, orders)).toEqual(['(1 = 0)', "(region = 'NA')"]);
    // Bob (finance and emea): the year filter, the EMEA region; the Base filter spares finance.
    expect(await predicatesOf(users.bob, orders)).toEqual(['(year >= 2020)', "(region = 'EMEA')"]);
    // Cat holds none of the roles: only the Base filter.
    expect(await predicatesOf(users.cat, orders)).toEqual(['(1 = 0)']);
    expect(await predicatesOf(users.ann, customers)).toEqual(['(vip = 0)']);
    expect(await predicatesOf(users.cat, customers)).toEqual([]);

    // Two filters of one group for the same user are ORed inside one predicate.
    const both = await call(admin, 'PUT', `/api/v1/rowlevelsecurity/${made[1]}`, { roles: [roles.sales, roles.emea] });
    expect(both.status, both.text).toBe(200);
    expect(await predicatesOf(users.ann, orders)).toEqual(['(1 = 0)', "((region = 'NA') OR (region = 'EMEA'))"]);
    // An Admin is bound like anyone: Admin is not finance, so the Base filter hides every row.
    const adminUser = await app().models().User.findOne({ where: { username: ADMIN_USERNAME } });
    expect(await predicatesOf(adminUser!.id, orders)).toEqual(['(1 = 0)']);

    const removed = await call(admin, 'DELETE', `/api/v1/rowlevelsecurity/?q=${encodeRisonUri(made)}`);
    expect(removed).toMatchObject({ status: 200, body: { message: 'Deleted 5 rules' } });
    expect(await predicatesOf(users.ann, orders)).toEqual([]);
  });

  it('creates, shows, lists, updates and deletes a filter with Superset\'s shapes', async () => {
    const { admin, roles, datasets: [orders, customers] } = await setup();
    const body = { name: 'crud rule', description: 'for tests', filter_type: 'Regular', tables: [orders], roles: [roles.sales], group_key: 'g', clause: 'a = 1' };
    const created = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), result: body });
    const id = created.body.id as number;

    const shown = await call(admin, 'GET', `/api/v1/rowlevelsecurity/${id}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.result).toEqual({
      id, name: 'crud rule', description: 'for tests', filter_type: 'Regular', group_key: 'g', clause: 'a = 1',
      tables: [{ id: orders, schema: 'main', table_name: 'orders' }], roles: [{ id: roles.sales, name: 'rls_sales' }],
    });

    const updated = await call(admin, 'PUT', `/api/v1/rowlevelsecurity/${id}`, { tables: [orders, customers], clause: 'a = 2', group_key: null });
    expect(updated).toMatchObject({ status: 200, body: { id, result: { tables: [orders, customers], clause: 'a = 2', group_key: null } } });
    const after = (await call(admin, 'GET', `/api/v1/rowlevelsecurity/${id}`)).body.result as Json;
    expect(after).toMatchObject({ name: 'crud rule', clause: 'a = 2', group_key: null, roles: [{ id: roles.sales, name: 'rls_sales' }] });
    expect((after.tables as Json[]).map((t) => t.id)).toEqual([orders, customers]);

    const other = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', { ...body, name: 'crud base', filter_type: 'Base', roles: [], group_key: null });
    expect(other.status, other.text).toBe(201);
    const q = (value: unknown) => `?q=${encodeRisonUri(value)}`;
    const listed = await call(admin, 'GET', `/api/v1/rowlevelsecurity/${q({ filters: [{ col: 'name', opr: 'sw', value: 'crud' }], order_column: 'name', order_direction: 'asc' })}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toMatchObject({ count: 2, ids: [other.body.id, id] });
    expect((listed.body.result as Json[])[1]).toMatchObject({
      id, name: 'crud rule', filter_type: 'Regular', clause: 'a = 2', group_key: null,
      roles: [{ id: roles.sales, name: 'rls_sales' }], tables: [{ id: orders, table_name: 'orders' }, { id: customers, table_name: 'customers' }],
      changed_by: { first_name: expect.any(String), last_name: expect.any(String), id: expect.any(Number) },
    });
    const byRole = await call(admin, 'GET', `/api/v1/rowlevelsecurity/${q({ filters: [{ col: 'roles', opr: 'rel_m_m', value: roles.sales }, { col: 'name', opr: 'sw', value: 'crud' }] })}`);
    expect(byRole.body).toMatchObject({ count: 1, ids: [id] });
    const byType = await call(admin, 'GET', `/api/v1/rowlevelsecurity/${q({ filters: [{ col: 'filter_type', opr: 'eq', value: 'Base' }, { col: 'tables', opr: 'rel_m_m', value: orders }] })}`);
    expect(byType.body).toMatchObject({ count: 1, ids: [other.body.id] });
    const noSuchFilter = await call(admin, 'GET', `/api/v1/rowlevelsecurity/${q({ filters: [{ col: 'id', opr: 'eq', value: 1 }] })}`);
    expect(noSuchFilter.status).toBe(400);
    const columns = await call(admin, 'GET', `/api/v1/rowlevelsecurity/${q({ select_columns: ['id', 'roles.name'], filters: [{ col: 'group_key', opr: 'eq', value: 'nothing' }] })}`);
    expect(columns.body).toMatchObject({ count: 0, result: [], list_columns: ['id', 'roles.name'] });

    const info = await call(admin, 'GET', '/api/v1/rowlevelsecurity/_info');
    expect(info.status, info.text).toBe(200);
    expect(info.body).toMatchObject({ permissions: ['can_read', 'can_write'] });
    expect(Object.keys(info.body.filters as Json)).toEqual(expect.arrayContaining(['name', 'filter_type', 'group_key', 'roles', 'tables']));
    const relatedRoles = await call(admin, 'GET', `/api/v1/rowlevelsecurity/related/roles${q({ filter: 'rls_fin' })}`);
    expect(relatedRoles.body).toEqual({ count: 1, result: [{ value: roles.finance, text: 'rls_finance' }] });
    const relatedTables = await call(admin, 'GET', `/api/v1/rowlevelsecurity/related/tables${q({ filter: 'cust' })}`);
    expect(relatedTables.body).toEqual({ count: 1, result: [{ value: customers, text: 'customers' }] });
    expect((await call(admin, 'GET', '/api/v1/rowlevelsecurity/related/owners')).status).toBe(404);

    expect(await call(admin, 'DELETE', `/api/v1/rowlevelsecurity/${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await call(admin, 'GET', `/api/v1/rowlevelsecurity/${id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/v1/rowlevelsecurity/${id}`)).status).toBe(404);
    // Bulk delete is all or nothing: one unknown id and the known one stays.
    expect((await call(admin, 'DELETE', `/api/v1/rowlevelsecurity/${q([other.body.id, 999999])}`)).status).toBe(404);
    expect((await call(admin, 'GET', `/api/v1/rowlevelsecurity/${other.body.id}`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/v1/rowlevelsecurity/${q([other.body.id])}`)).body).toEqual({ message: 'Deleted 1 rules' });
  });

  it('refuses bad input with 400 field messages and broken references or a taken name with 422', async () => {
    const { admin, roles, datasets: [orders] } = await setup();
    const good = { name: 'valid rule', filter_type: 'Regular', tables: [orders], roles: [roles.sales], clause: 'x = 1' };
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['Missing data for required field.'], filter_type: ['Missing data for required field.'], tables: ['Missing data for required field.'], roles: ['Missing data for required field.'], clause: ['Missing data for required field.'] }],
      [{ ...good, filter_type: 'Sometimes' }, { filter_type: ['Must be one of: Regular, Base.'] }],
      [{ ...good, tables: [] }, { tables: ['Shorter than minimum length 1.'] }],
      [{ ...good, roles: ['admin'] }, { 'roles.0': ['Not a valid integer.'] }],
      [{ ...good, clause: '   ' }, { clause: ['The clause cannot be empty.'] }],
      [{ ...good, name: 'x'.repeat(256) }, { name: ['Longer than maximum length 255.'] }],
      [{ ...good, colour: 'red' }, { colour: ['Unknown field.'] }],
    ];
    for (const [body, message] of cases) {
      const answer = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    expect((await call(admin, 'POST', '/api/v1/rowlevelsecurity/', '[1,')).status).toBe(400);

    expect(await call(admin, 'POST', '/api/v1/rowlevelsecurity/', { ...good, roles: [roles.sales, 999999] }))
      .toMatchObject({ status: 422, body: { message: { roles: ['Some roles do not exist'] } } });
    expect(await call(admin, 'POST', '/api/v1/rowlevelsecurity/', { ...good, tables: [999999] }))
      .toMatchObject({ status: 422, body: { message: { tables: ['Datasource does not exist'] } } });
    const created = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', good);
    expect(created.status, created.text).toBe(201);
    const twin = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', good);
    expect(twin.status).toBe(422);
    expect(JSON.stringify(twin.body)).toContain('already exists');
    const second = await call(admin, 'POST', '/api/v1/rowlevelsecurity/', { ...good, name: 'valid rule 2' });
    const rename = await call(admin, 'PUT', `/api/v1/rowlevelsecurity/${second.body.id}`, { name: 'valid rule' });
    expect(rename.status).toBe(422);
    // Renaming a filter to its own name is no conflict.
    expect((await call(admin, 'PUT', `/api/v1/rowlevelsecurity/${created.body.id}`, { name: 'valid rule' })).status).toBe(200);
    expect((await call(admin, 'PUT', '/api/v1/rowlevelsecurity/999999', { clause: 'y = 2' })).status).toBe(404);
    expect((await call(admin, 'PUT', `/api/v1/rowlevelsecurity/${created.body.id}`, { filter_type: null })).status).toBe(400);
    expect((await call(admin, 'GET', '/api/v1/rowlevelsecurity/abc')).status).toBe(404);
    const badOrder = await call(admin, 'GET', `/api/v1/rowlevelsecurity/?q=${encodeRisonUri({ order_column: 'secret' })}`);
    expect(badOrder.status).toBe(400);
    const badFilter = await call(admin, 'GET', `/api/v1/rowlevelsecurity/?q=${encodeRisonUri({ filters: [{ col: 'roles', opr: 'rel_m_m', value: 'x' }] })}`);
    expect(badFilter.status).toBe(400);
    await call(admin, 'DELETE', `/api/v1/rowlevelsecurity/?q=${encodeRisonUri([created.body.id, second.body.id])}`);
  });

  it('answers 403 to everyone but Admin, before reading the body', async () => {
    const { gamma, roles, datasets: [orders] } = await setup();
    const body = { name: 'gamma rule', filter_type: 'Regular', tables: [orders], roles: [roles.sales], clause: 'x = 1' };
    for (const [method, path, sent] of [
      ['GET', '/api/v1/rowlevelsecurity/', undefined], ['POST', '/api/v1/rowlevelsecurity/', body], ['POST', '/api/v1/rowlevelsecurity/', {}],
      ['DELETE', `/api/v1/rowlevelsecurity/?q=${encodeRisonUri([1])}`, undefined], ['GET', '/api/v1/rowlevelsecurity/1', undefined],
      ['PUT', '/api/v1/rowlevelsecurity/1', { clause: 'y' }], ['DELETE', '/api/v1/rowlevelsecurity/1', undefined],
      ['GET', '/api/v1/rowlevelsecurity/_info', undefined], ['GET', '/api/v1/rowlevelsecurity/related/roles', undefined],
    ] as const) {
      const answer = await call(gamma, method, path, sent);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.message).toContain('Row Level Security');
    }
    expect((await app().fetch('/api/v1/rowlevelsecurity/')).status).toBe(401);
  });

  it('adds, edits and deletes a filter through the page forms without JavaScript', async () => {
    const { roles, datasets: [orders, customers] } = await setup();
    const { cookie, csrfToken } = await app().loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
    const post = (path: string, fields: [string, string][]) => app().fetch(path, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([['csrf_token', csrfToken], ...fields]),
    });
    const page = await app().fetch('/rowlevelsecurity/add', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('rls_finance');

    const invalid = await post('/rowlevelsecurity/add', [['intent', 'create-filter'], ['name', 'page rule'], ['filter_type', 'Regular'], ['clause', 'z = 1']]);
    expect(invalid.status).toBe(400);
    // The form re-renders with what was typed and the message under the datasets.
    const again = await invalid.text();
    expect(again).toContain('Shorter than minimum length 1.');
    expect(again).toContain('value="page rule"');

    const fields: [string, string][] = [
      ['intent', 'create-filter'], ['name', 'page rule'], ['filter_type', 'Base'], ['tables', String(orders)], ['tables', String(customers)],
      ['roles', String(roles.finance)], ['group_key', ''], ['clause', 'z = 1'], ['description', ''],
    ];
    const added = await post('/rowlevelsecurity/add', fields);
    expect(added.status).toBe(302);
    expect(added.headers.get('Location')).toBe('/rowlevelsecurity/list/');
    const stored = await app().models().RowLevelSecurityFilter.findOne({ where: { name: 'page rule' } });
    expect(stored).toMatchObject({ filter_type: 'Base', clause: 'z = 1', group_key: null, description: null });
    const taken = await post('/rowlevelsecurity/add', fields);
    expect(taken.status).toBe(422);
    expect(await taken.text()).toContain('already exists');

    const list = await app().fetch('/rowlevelsecurity/list/?search=page', { headers: { Cookie: cookie } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('page rule');

    const edit = `/rowlevelsecurity/${stored!.id}/edit`;
    expect((await app().fetch(edit, { headers: { Cookie: cookie } })).status).toBe(200);
    const saved = await post(edit, [['intent', 'save-filter'], ...fields.slice(1).map(([k, v]): [string, string] => [k, k === 'clause' ? 'z = 2' : v])]);
    expect(saved.status).toBe(302);
    await stored!.reload();
    expect(stored!.clause).toBe('z = 2');
    expect((await post(edit, [['intent', 'delete-filter']])).status).toBe(302);
    expect(await app().models().RowLevelSecurityFilter.findByPk(stored!.id)).toBeNull();
    expect((await app().fetch(edit, { headers: { Cookie: cookie } })).status).toBe(404);

    const { cookie: gammaCookie } = await app().loginWithCookie('rls-cat', 'rls-cat-password');
    expect((await app().fetch('/rowlevelsecurity/list/', { headers: { Cookie: gammaCookie } })).status).toBe(403);
  });
}

describeOnSqliteStore('row level security', defineCases);
await describeOnPostgresStore('row level security', defineCases);
