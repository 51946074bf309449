/**
 * The generic list API's behaviour (lists, `_info`, related, distinct, favourites), written once
 * and run against each metadata store: tests/integration/api-lists.test.ts (SQLite) and
 * api-lists-postgres.test.ts (PostgreSQL). Data is arranged with the app's own models.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from './app-under-test';

type Ids = Record<string, number>;
type Json = Record<string, unknown> & { message?: unknown };
type ListBody = { count: number; ids: number[]; result: Record<string, unknown>[]; list_columns?: string[]; message?: string };

/** Calls the association setter Sequelize adds at runtime (e.g. setOwners), which the model types do not declare. */
async function link(instance: object, setter: string, ids: number[]) {
  await (instance as Record<string, (ids: number[]) => Promise<void>>)[setter](ids);
}

export function defineListApiCases(getApp: () => AppUnderTest) {
  let app: AppUnderTest;
  const tokens: Record<string, string> = {};
  const users: Ids = {};
  const db: Ids = {};
  const charts: Ids = {};
  const dashboards: Ids = {};

  const get = async (as: string, path: string) => {
    const response = await app.fetch(path, { headers: { Authorization: `Bearer ${tokens[as]}` } });
    return { status: response.status, body: (await response.json()) as Json & ListBody, text: '' };
  };
  const list = (as: string, resource: string, q?: unknown) => get(as, `/api/v1/${resource}/${q === undefined ? '' : `?q=${encodeRisonUri(q)}`}`);
  const names = (body: ListBody, column: string) => body.result.map((r) => r[column]);
  const send = (as: string, method: string, path: string) => app.fetch(path, { method, headers: { Authorization: `Bearer ${tokens[as]}` } });

  beforeAll(async () => {
    app = getApp();
    const m = app.models();
    for (const [username, first_name, last_name, roles] of [
      ['ann', 'Ann', 'Lee', ['Gamma', 'sql_lab']], ['bob', 'Bob', 'Stone', ['Gamma']], ['pat', 'Pat', 'Public', ['Public']],
    ] as const) {
      users[username] = (await app.createUser({ username, first_name, last_name, roles: [...roles] })).id;
      tokens[username] = (await app.login(username, `${username}-password`)).accessToken;
    }
    tokens.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
    users.admin = (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;

    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const audit = (minutesAgo: number, by: number) => ({ created_on: at(minutesAgo), changed_on: at(minutesAgo), created_by_fk: by, changed_by_fk: by });
    for (const [name, uri, ago] of [
      ['Sales PG', 'postgresql://scott:tiger-secret@db.example.com/sales', 30],
      ['Warehouse', 'mysql+pymysql://etl:hunter2-secret@wh.example.com/wh', 20],
      ['local files', 'sqlite:///var/data/files.sqlite', 10],
    ] as const) {
      db[name] = (await m.Database.create({ database_name: name, sqlalchemy_uri: uri, ...audit(ago, users.admin) }, { silent: true })).id;
    }
    const births = await m.Dataset.create({ database_id: db['Sales PG'], schema: 'public', table_name: 'birth_names', ...audit(50, users.admin) }, { silent: true });
    const sales = await m.Dataset.create({ database_id: db.Warehouse, schema: 'analytics', table_name: 'virtual_sales', sql: 'select 1', ...audit(40, users.ann) }, { silent: true });
    await link(sales, 'setOwners', [users.ann]);

    for (const [name, viz, datasetId, description, ago, by, owners] of [
      ['Sales by region', 'bar', births.id, null, 5, users.ann, [users.ann]],
      ['revenue 100%_growth', 'line', sales.id, null, 15, users.bob, [users.bob]],
      ['Births', 'pie', births.id, 'sales detail', 25, users.admin, []],
      ['apple_count', 'table', sales.id, null, 35, users.admin, [users.ann, users.bob]],
    ] as const) {
      const chart = await m.Chart.create({ slice_name: name, viz_type: viz, datasource_type: 'table', datasource_id: datasetId, description, ...audit(ago, by) }, { silent: true });
      await link(chart, 'setOwners', [...owners]);
      charts[name] = chart.id;
    }
    for (const [title, published, ago, by, owners] of [
      ['Sales Overview', true, 5, users.ann, [users.ann]],
      ['Draft plans', false, 10, users.bob, [users.bob]],
      ['Exec', true, 15, users.admin, []],
    ] as const) {
      const dashboard = await m.Dashboard.create({ dashboard_title: title, published, slug: title.toLowerCase().replace(/ /g, '-'), ...audit(ago, by) }, { silent: true });
      await link(dashboard, 'setOwners', [...owners]);
      dashboards[title] = dashboard.id;
    }
    await link((await m.Chart.findByPk(charts.Births))!, 'setDashboards', [dashboards['Draft plans'], dashboards.Exec]);
    // Lists show only what a user may access (Superset's DatabaseFilter and DatasourceFilter): Ann
    // holds Sales PG whole and Warehouse's analytics schema, Bob only the birth_names dataset.
    const grant = async (username: string, pairs: [string, string][]) => {
      const role = await m.Role.create({ name: `${username}_data` });
      const ids: number[] = [];
      // One at a time: findOrCreate opens a transaction, and SQLite takes one writer at once.
      for (const [permission_name, view_name] of pairs) ids.push((await m.Permission.findOrCreate({ where: { permission_name, view_name } }))[0].id);
      await link(role, 'addPermissions', ids);
      await link((await m.User.findByPk(users[username]))!, 'addRoles', [role.id]);
    };
    await grant('ann', [['database_access', `[Sales PG].(id:${db['Sales PG']})`], ['schema_access', '[Warehouse].[analytics]']]);
    await grant('bob', [['datasource_access', `[Sales PG].[birth_names](id:${births.id})`]]);
    await m.SavedQuery.create({ db_id: db['Sales PG'], label: 'mine', sql: 'select 1', schema: 'public', ...audit(5, users.ann) }, { silent: true });
    await m.SavedQuery.create({ db_id: db['Sales PG'], label: 'theirs', sql: 'select 2', schema: 'private', ...audit(5, users.bob) }, { silent: true });
  });

  describe('lists', () => {
    it('answers databases with a backend and Superset columns, never a URI or its password', async () => {
      const response = await app.fetch('/api/v1/database/', { headers: { Authorization: `Bearer ${tokens.admin}` } });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).not.toMatch(/tiger-secret|hunter2-secret|sqlalchemy_uri|password/);
      const body = JSON.parse(text) as ListBody;
      expect(body.count).toBe(3);
      expect(body.ids).toEqual(body.result.map((r) => r.id));
      expect(names(body, 'database_name')).toEqual(['local files', 'Warehouse', 'Sales PG']);
      const pg = body.result.find((r) => r.database_name === 'Sales PG')!;
      expect(pg).toMatchObject({ backend: 'postgresql', expose_in_sqllab: true, allow_dml: false, created_by: { id: users.admin, first_name: 'Admin', last_name: 'User' } });
      expect(body.result.map((r) => r.backend).sort()).toEqual(['mysql', 'postgresql', 'sqlite']);
      expect(typeof pg.changed_on_delta_humanized).toBe('string');
      expect(body.list_columns).toContain('backend');
    });

    it('shows each user only the databases, datasets and charts they may access, counted', async () => {
      const annDatabases = await list('ann', 'database');
      expect(names(annDatabases.body, 'database_name')).toEqual(['Warehouse', 'Sales PG']);
      expect(annDatabases.body.count).toBe(2);
      const bobDatabases = await list('bob', 'database');
      expect(names(bobDatabases.body, 'database_name')).toEqual(['Sales PG']);
      expect(names((await list('bob', 'dataset')).body, 'table_name')).toEqual(['birth_names']);
      const bobCharts = await list('bob', 'chart', { order_column: 'slice_name', order_direction: 'asc' });
      expect(names(bobCharts.body, 'slice_name')).toEqual(['Births', 'Sales by region']);
      expect(bobCharts.body.count).toBe(2);
      expect((await get('bob', '/api/v1/dataset/related/database')).body).toEqual({ count: 1, result: [{ value: db['Sales PG'], text: 'Sales PG' }] });
      expect((await get('bob', '/api/v1/dataset/distinct/schema')).body).toEqual({ count: 1, result: [{ value: 'public', text: 'public' }] });
    });

    it('filters case-insensitively, with % and _ taken literally', async () => {
      expect(names((await list('ann', 'database', { filters: [{ col: 'database_name', opr: 'ct', value: 'WARE' }] })).body, 'database_name')).toEqual(['Warehouse']);
      expect(names((await list('ann', 'chart', { filters: [{ col: 'slice_name', opr: 'ct', value: '100%' }] })).body, 'slice_name')).toEqual(['revenue 100%_growth']);
      expect(names((await list('ann', 'chart', { filters: [{ col: 'slice_name', opr: 'ct', value: '_' }] })).body, 'slice_name').sort()).toEqual(['apple_count', 'revenue 100%_growth']);
      expect((await list('ann', 'chart', { filters: [{ col: 'slice_name', opr: 'sw', value: '%' }] })).body.count).toBe(0);
      expect(names((await list('ann', 'chart', { filters: [{ col: 'slice_name', opr: 'ew', value: 'REGION' }] })).body, 'slice_name')).toEqual(['Sales by region']);
    });

    it('combines filters: all-text search, owners, viz type lists, booleans', async () => {
      const allText = await list('ann', 'chart', { filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'sales' }], order_column: 'slice_name', order_direction: 'asc' });
      // By name, by description ("sales detail") and by dataset name (virtual_sales).
      expect(names(allText.body, 'slice_name')).toEqual(['apple_count', 'Births', 'revenue 100%_growth', 'Sales by region']);
      const owned = await list('ann', 'chart', { filters: [{ col: 'owners', opr: 'rel_m_m', value: users.bob }, { col: 'viz_type', opr: 'in', value: ['table', 'bar'] }] });
      expect(names(owned.body, 'slice_name')).toEqual(['apple_count']);
      const created = await list('ann', 'chart', { filters: [{ col: 'created_by', opr: 'rel_o_m', value: users.admin }] });
      expect(created.body.count).toBe(2);
      const published = await list('admin', 'dashboard', { filters: [{ col: 'published', opr: 'eq', value: false }] });
      expect(names(published.body, 'dashboard_title')).toEqual(['Draft plans']);
      const physical = await list('ann', 'dataset', { filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: true }] });
      expect(names(physical.body, 'table_name')).toEqual(['birth_names']);
    });

    it('orders case-insensitively in both directions and pages', async () => {
      const asc = await list('ann', 'chart', { order_column: 'slice_name', order_direction: 'asc' });
      expect(names(asc.body, 'slice_name')).toEqual(['apple_count', 'Births', 'revenue 100%_growth', 'Sales by region']);
      const desc = await list('ann', 'chart', { order_column: 'slice_name', order_direction: 'desc', page: 1, page_size: 3 });
      expect(desc.body).toMatchObject({ count: 4 });
      expect(names(desc.body, 'slice_name')).toEqual(['apple_count']);
      const byChange = await list('ann', 'chart', { order_column: 'changed_on_delta_humanized', order_direction: 'desc', page_size: 2 });
      expect(names(byChange.body, 'slice_name')).toEqual(['Sales by region', 'revenue 100%_growth']);
      const byCreator = await list('ann', 'chart', { order_column: 'changed_by.first_name', order_direction: 'asc' });
      expect(new Set(names(byCreator.body, 'slice_name').slice(0, 2))).toEqual(new Set(['apple_count', 'Births']));
      const pastTheEnd = await list('ann', 'chart', { page: 9, page_size: 10 });
      expect(pastTheEnd.body).toMatchObject({ count: 4, result: [], ids: [] });
    });

    it('answers the selected columns, dotted ones as sub-objects, and drops unknown ones', async () => {
      const { body } = await list('ann', 'chart', { select_columns: ['id', 'slice_name', 'owners.first_name', 'datasource_name_text', 'no_such_column'], filters: [{ col: 'id', opr: 'eq', value: charts.apple_count }] });
      expect(body.result).toEqual([{ id: charts.apple_count, slice_name: 'apple_count', datasource_name_text: 'analytics.virtual_sales', owners: expect.arrayContaining([{ first_name: 'Ann' }, { first_name: 'Bob' }]) }]);
      expect(body.list_columns).toEqual(['id', 'slice_name', 'owners.first_name', 'datasource_name_text']);
      const bare = await list('ann', 'chart', { keys: ['none'], page_size: 1 });
      expect(Object.keys(bare.body).sort()).toEqual(['count', 'ids', 'result']);
      const dataset = await list('ann', 'dataset', { select_columns: ['table_name', 'database.database_name', 'kind'], order_column: 'table_name' });
      expect(dataset.body.result).toEqual([
        { table_name: 'birth_names', database: { database_name: 'Sales PG' }, kind: 'physical' },
        { table_name: 'virtual_sales', database: { database_name: 'Warehouse' }, kind: 'virtual' },
      ]);
    });

    it('shows a Gamma user published dashboards and their own drafts only, and only their own saved queries', async () => {
      expect(names((await list('ann', 'dashboard', { order_column: 'dashboard_title' })).body, 'dashboard_title')).toEqual(['Exec', 'Sales Overview']);
      expect(names((await list('bob', 'dashboard', { order_column: 'dashboard_title' })).body, 'dashboard_title')).toEqual(['Draft plans', 'Exec', 'Sales Overview']);
      expect((await list('admin', 'dashboard')).body.count).toBe(3);
      expect(names((await list('ann', 'saved_query')).body, 'label')).toEqual(['mine']);
      // A chart names only the dashboards the user may see.
      const births = { select_columns: ['dashboards.dashboard_title'], filters: [{ col: 'id', opr: 'eq', value: charts.Births }] };
      expect((await list('ann', 'chart', births)).body.result).toEqual([{ dashboards: [{ dashboard_title: 'Exec' }] }]);
      const forBob = (await list('bob', 'chart', births)).body.result[0].dashboards as { dashboard_title: string }[];
      expect(forBob.map((d) => d.dashboard_title).sort()).toEqual(['Draft plans', 'Exec']);
    });
  });

  describe('bad list requests answer 400 with a message naming the problem', () => {
    it.each([
      ['(page:0', /^Invalid q: rison: unterminated object starting at position 0$/],
      ['(page:!x)', /rison: unknown literal '!x' at position 6/],
      ['(order_column:nope)', /Cannot order chart by "nope"\. Order columns: slice_name, viz_type, .*changed_on_delta_humanized/],
      ['(filters:!((col:secret,opr:eq,value:1)))', /Cannot filter chart on "secret"\. Filterable columns: id, uuid, slice_name/],
      ['(filters:!((col:slice_name,opr:gt,value:1)))', /Filter operator "gt" is not allowed on chart\.slice_name\. Use one of: chart_all_text, eq/],
      ["(filters:!((col:id,opr:eq,value:'abc')))", /Filter id eq: the value must be an integer, not "abc"/],
      ['(filters:!((col:viz_type,opr:in,value:bar)))', /Filter viz_type in: the value must be a list/],
      ['(page_size:5000)', /^Invalid q: page_size: .*1000/],
      ['(page:-1)', /^Invalid q: page: page counts from 0/],
      ['(order_direction:up)', /^Invalid q: order_direction: /],
      ['!(1,2)', /^Invalid q: /],
    ])('q=%s', async (q, message) => {
      const { status, body } = await get('ann', `/api/v1/chart/?q=${encodeURIComponent(q)}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    });

    it('accepts JSON in q, as Superset does', async () => {
      const { status, body } = await get('ann', `/api/v1/chart/?q=${encodeURIComponent(JSON.stringify({ page_size: 1 }))}`);
      expect(status).toBe(200);
      expect(body.result).toHaveLength(1);
    });

    it('answers 404 for an unknown resource, 401 without login and 403 without can_read', async () => {
      const unknown = await get('ann', '/api/v1/widget/');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/no API resource "widget".*chart, dashboard/);
      const anonymous = await app.fetch('/api/v1/chart/');
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Not authorized' });
      const publicOnly = await get('pat', '/api/v1/chart/');
      expect(publicOnly.status).toBe(403);
      expect(publicOnly.body.message).toMatch(/can_read on Chart/);
      expect((await get('pat', '/api/v1/chart/_info')).status).toBe(403);
    });
  });

  describe('_info', () => {
    it('answers each user their own permissions on the view, and the filters', async () => {
      const admin = await get('admin', '/api/v1/chart/_info');
      expect(admin.body.permissions).toEqual(['can_read', 'can_write', 'can_export', 'can_warm_up_cache']);
      expect((await get('ann', '/api/v1/chart/_info')).body.permissions).toEqual(['can_read', 'can_write', 'can_export']);
      expect((await get('ann', '/api/v1/database/_info')).body.permissions).toEqual(['can_read']);
      expect((admin.body.filters as Record<string, unknown>).slice_name).toContainEqual({ name: 'All Text', operator: 'chart_all_text' });
      const only = await get('ann', `/api/v1/dashboard/_info?q=${encodeRisonUri({ keys: ['permissions'] })}`);
      expect(only.body).toEqual({ permissions: ['can_read', 'can_write', 'can_export'] });
    });
  });

  describe('related and distinct', () => {
    it('lists users for owners as {value, text}, by name, with include_ids first', async () => {
      const { status, body } = await get('ann', `/api/v1/chart/related/owners?q=${encodeRisonUri({ filter: 'ann lee' })}`);
      expect(status).toBe(200);
      expect(body).toEqual({ count: 1, result: [{ value: users.ann, text: 'Ann Lee', extra: { active: true } }] });
      const withIncluded = await get('ann', `/api/v1/chart/related/owners?q=${encodeRisonUri({ filter: 'sto', include_ids: [users.admin] })}`);
      expect((withIncluded.body.result as { text: string }[]).map((r) => r.text)).toEqual(['Admin User', 'Bob Stone']);
      const all = await get('ann', '/api/v1/dashboard/related/created_by');
      expect((all.body.result as { text: string }[]).map((r) => r.text)).toEqual(['Admin User', 'Ann Lee', 'Bob Stone', 'Pat Public']);
      const databases = await get('ann', `/api/v1/dataset/related/database?q=${encodeRisonUri({ filter: 'sales' })}`);
      expect(databases.body).toEqual({ count: 1, result: [{ value: db['Sales PG'], text: 'Sales PG' }] });
      const unknown = await get('ann', '/api/v1/chart/related/password_hash');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/no related column "password_hash".*owners/);
    });

    it('lists distinct values, filtered and scoped to what the user sees', async () => {
      expect((await get('ann', '/api/v1/dataset/distinct/schema')).body).toEqual({ count: 2, result: [{ value: 'analytics', text: 'analytics' }, { value: 'public', text: 'public' }] });
      expect((await get('ann', `/api/v1/chart/distinct/viz_type?q=${encodeRisonUri({ filter: 'L' })}`)).body.result).toEqual([{ value: 'line', text: 'line' }, { value: 'table', text: 'table' }]);
      expect((await get('ann', '/api/v1/saved_query/distinct/schema')).body.result).toEqual([{ value: 'public', text: 'public' }]);
      expect((await get('ann', '/api/v1/chart/distinct/slice_name')).status).toBe(404);
    });
  });

  describe('favorites', () => {
    it('stars, reports, filters and unstars, idempotently', async () => {
      const path = `/api/v1/chart/${charts.Births}/favorites/`;
      for (let i = 0; i < 2; i++) {
        const added = await send('ann', 'POST', path);
        expect(added.status).toBe(200);
        expect(await added.json()).toEqual({ result: 'OK' });
      }
      const status = await get('ann', `/api/v1/chart/favorite_status/?q=${encodeRisonUri([charts.Births, charts.apple_count])}`);
      expect(status.body).toEqual({ result: [{ id: charts.Births, value: true }, { id: charts.apple_count, value: false }] });
      const bobSees = await get('bob', `/api/v1/chart/favorite_status/?q=${encodeRisonUri([charts.Births])}`);
      expect(bobSees.body).toEqual({ result: [{ id: charts.Births, value: false }] });
      expect(names((await list('ann', 'chart', { filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] })).body, 'slice_name')).toEqual(['Births']);
      expect((await list('ann', 'chart', { filters: [{ col: 'id', opr: 'chart_is_favorite', value: false }] })).body.count).toBe(3);
      expect((await send('ann', 'DELETE', path)).status).toBe(200);
      expect((await send('ann', 'DELETE', path)).status).toBe(200);
      expect((await get('ann', `/api/v1/chart/favorite_status/?q=${encodeRisonUri([charts.Births])}`)).body).toEqual({ result: [{ id: charts.Births, value: false }] });
    });

    it('stars dashboards under their own class name, only those the user can see', async () => {
      expect((await send('ann', 'POST', `/api/v1/dashboard/${dashboards.Exec}/favorites/`)).status).toBe(200);
      expect(names((await list('ann', 'dashboard', { filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] })).body, 'dashboard_title')).toEqual(['Exec']);
      const favourite = await app.models().Favorite.findOne({ where: { user_id: users.ann, obj_id: dashboards.Exec } });
      expect(favourite?.class_name).toBe('Dashboard');
      // Bob's draft is invisible to Ann: starring it is a 404, exactly like a missing dashboard.
      const hidden = await send('ann', 'POST', `/api/v1/dashboard/${dashboards['Draft plans']}/favorites/`);
      expect(hidden.status).toBe(404);
    });

    it('answers 404 for missing objects and resources without favourites', async () => {
      expect((await send('ann', 'POST', '/api/v1/chart/999999/favorites/')).status).toBe(404);
      expect((await send('ann', 'POST', '/api/v1/chart/abc/favorites/')).status).toBe(404);
      const database = await send('admin', 'POST', `/api/v1/database/${db.Warehouse}/favorites/`);
      expect(database.status).toBe(404);
      expect(((await database.json()) as Json).message).toMatch(/database has no favorites/);
      expect((await get('ann', `/api/v1/chart/favorite_status/?q=${encodeRisonUri([999999])}`)).status).toBe(404);
      expect((await get('ann', '/api/v1/chart/favorite_status/')).body).toEqual({ result: [] });
      expect((await send('ann', 'PUT', `/api/v1/chart/${charts.Births}/favorites/`)).status).toBe(405);
    });
  });
}
