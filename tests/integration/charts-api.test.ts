/**
 * The chart write API on both metadata stores, through the real Remix handler: create (201
 * `{id, result}`, the creator among the owners, dashboards linked), show in Superset's shape,
 * partial updates, owners and dashboards replaced, delete and all-or-nothing bulk delete; who may
 * do what (Admin, an owning Alpha, another Alpha, Gamma with and without access to the dataset);
 * 400 with marshmallow's field messages, 404 for ids missing or out of reach, 403 and 422 as
 * Superset answers them. The generic list, `_info` and favourites keep answering /api/v1/chart/.
 */
import { expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json; text: string };
type Detail = Json & { id: number; owners: { id: number }[]; dashboards: { id: number; dashboard_title: string }[] };

const FORBIDDEN = 'Changing this chart is forbidden';

function defineCases(app: () => AppUnderTest) {
  type Fixtures = {
    tokens: Record<'admin' | 'alpha' | 'alpha2' | 'gamma' | 'outsider', string>;
    ids: Record<'admin' | 'alpha' | 'alpha2' | 'gamma', number>;
    dataset: number;
    hiddenDataset: number;
    dash: Record<'alphas' | 'published' | 'draft', number>;
  };
  let fixtures: Promise<Fixtures> | undefined;

  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const db = await m.Database.create({ database_name: 'charts_db', sqlalchemy_uri: 'sqlite:////tmp/charts-none.sqlite' });
    const hidden = await m.Database.create({ database_name: 'charts_hidden', sqlalchemy_uri: 'sqlite:////tmp/charts-hidden.sqlite' });
    const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[charts_db].(id:${db.id})` } });
    const readers = await m.Role.create({ name: 'charts_db_readers' });
    await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
    const dataset = await m.Dataset.create({ database_id: db.id, schema: 'main', table_name: 'orders' });
    const hiddenDataset = await m.Dataset.create({ database_id: hidden.id, schema: 'main', table_name: 'secrets' });

    const alpha = await app().createUser({ username: 'chart-alpha', roles: ['Alpha'], first_name: 'Al', last_name: 'Pha' });
    const alpha2 = await app().createUser({ username: 'chart-alpha2', roles: ['Alpha'] });
    const gamma = await app().createUser({ username: 'chart-gamma', roles: ['Gamma', 'charts_db_readers'] });
    const outsider = await app().createUser({ username: 'chart-outsider', roles: ['Gamma'] });
    const adminId = (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;

    const dashboard = async (title: string, published: boolean, owners: number[]) => {
      const d = await m.Dashboard.create({ dashboard_title: title, published });
      await (d as unknown as { addOwners(ids: number[]): Promise<void> }).addOwners(owners);
      return d.id;
    };
    return {
      tokens: {
        admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken,
        alpha: await token(alpha), alpha2: await token(alpha2), gamma: await token(gamma), outsider: await token(outsider),
      },
      ids: { admin: adminId, alpha: alpha.id, alpha2: alpha2.id, gamma: gamma.id },
      dataset: dataset.id,
      hiddenDataset: hiddenDataset.id,
      dash: {
        alphas: await dashboard("Alpha's board", false, [alpha.id]),
        published: await dashboard('Everyone sees it', true, [adminId]),
        draft: await dashboard('Admin draft', false, [adminId]),
      },
    };
  })());

  async function call(token: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await app().fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text };
  }

  const create = async (token: string, fields: Json = {}) => {
    const f = await setup();
    const made = await call(token, 'POST', '/api/v1/chart/', { slice_name: 'Orders by day', viz_type: 'echarts_timeseries_bar', datasource_id: f.dataset, datasource_type: 'table', ...fields });
    expect(made.status, made.text).toBe(201);
    return made.body.id as number;
  };
  const show = async (id: number, token?: string) => {
    const f = await setup();
    const shown = await call(token ?? f.tokens.admin, 'GET', `/api/v1/chart/${id}`);
    expect(shown.status, shown.text).toBe(200);
    return shown.body.result as Detail;
  };
  const ownerIds = (d: Detail) => d.owners.map((o) => o.id).sort((a, b) => a - b);
  const dashboardIds = (d: Detail) => d.dashboards.map((x) => x.id).sort((a, b) => a - b);

  it('creates a chart as Superset answers it, and shows it in the show shape', async () => {
    const f = await setup();
    const params = JSON.stringify({ viz_type: 'echarts_timeseries_bar', metrics: ['count'], datasource: `${f.dataset}__table` });
    const queryContext = JSON.stringify({ datasource: { id: f.dataset, type: 'table' }, queries: [{ metrics: ['count'] }] });
    const made = await call(f.tokens.alpha, 'POST', '/api/v1/chart/', {
      slice_name: 'Orders by day', viz_type: 'echarts_timeseries_bar', datasource_id: f.dataset, datasource_type: 'table', params, query_context: queryContext,
      query_context_generation: true, description: 'Daily orders', cache_timeout: 300, owners: [f.ids.alpha2], dashboards: [f.dash.alphas],
      certified_by: null, certification_details: '', is_managed_externally: false, external_url: null,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number), result: expect.objectContaining({ slice_name: 'Orders by day', datasource_id: f.dataset, owners: [f.ids.alpha2], dashboards: [f.dash.alphas] }) });

    const d = await show(made.body.id as number);
    for (const field of [
      'cache_timeout', 'certified_by', 'certification_details', 'changed_on_delta_humanized', 'dashboards', 'description', 'id', 'owners', 'query_context',
      'slice_name', 'tags', 'thumbnail_url', 'url', 'viz_type', 'params', 'is_managed_externally',
    ]) expect(d, field).toHaveProperty(field);
    expect(d).toMatchObject({
      id: made.body.id, slice_name: 'Orders by day', viz_type: 'echarts_timeseries_bar', description: 'Daily orders', cache_timeout: 300, params,
      query_context: queryContext, url: `/explore/?slice_id=${made.body.id}`, thumbnail_url: expect.stringMatching(new RegExp(`^/api/v1/chart/${made.body.id}/thumbnail/[0-9a-f]{32}/$`)), certified_by: null, is_managed_externally: false, tags: [],
      dashboards: [{ id: f.dash.alphas, dashboard_title: "Alpha's board", json_metadata: null }],
    });
    expect(d.changed_on_delta_humanized).toMatch(/now|second/);
    // The creator is added to the owners given, as Superset's populate_owner_list does.
    expect(ownerIds(d)).toEqual([f.ids.alpha, f.ids.alpha2].sort((a, b) => a - b));
    expect(d.owners).toContainEqual({ id: f.ids.alpha, first_name: 'Al', last_name: 'Pha' });

    const picked = await call(f.tokens.alpha, 'GET', `/api/v1/chart/${made.body.id}?q=${encodeRisonUri({ columns: ['dashboards.id', 'slice_name'] })}`);
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body.result).toEqual({ slice_name: 'Orders by day', dashboards: [{ id: f.dash.alphas }] });
    expect((await call(f.tokens.alpha, 'GET', `/api/v1/chart/${made.body.id}?q=${encodeRisonUri({ columns: ['owners.password'] })}`)).status).toBe(400);

    // Without owners the creator alone owns it; without viz_type it is Superset's default, a table.
    const plain = await call(f.tokens.admin, 'POST', '/api/v1/chart/', { slice_name: 'Plain', datasource_id: f.dataset, datasource_type: 'table' });
    expect(plain.status, plain.text).toBe(201);
    expect(await show(plain.body.id as number)).toMatchObject({ viz_type: 'table', owners: [{ id: f.ids.admin }], dashboards: [], params: null, query_context: null });
  });

  it('refuses bad fields with 400 and marshmallow messages, before touching anything', async () => {
    const f = await setup();
    const base = { slice_name: 'x', datasource_id: f.dataset, datasource_type: 'table' };
    const cases: [Json, string, string][] = [
      [{ datasource_id: f.dataset, datasource_type: 'table' }, 'slice_name', 'Missing data for required field.'],
      [{ ...base, slice_name: '' }, 'slice_name', 'Length must be between 1 and 250.'],
      [{ ...base, slice_name: 'n'.repeat(251) }, 'slice_name', 'Length must be between 1 and 250.'],
      [{ ...base, params: '{not json' }, 'params', 'JSON not valid'],
      [{ ...base, query_context: '[1,' }, 'query_context', 'JSON not valid'],
      [{ ...base, params: { a: 1 } }, 'params', 'Not a valid string.'],
      [{ ...base, cache_timeout: 'soon' }, 'cache_timeout', 'Not a valid integer.'],
      [{ ...base, datasource_type: 'cube' }, 'datasource_type', 'Must be one of: table, dataset, query, saved_query, view.'],
      [{ slice_name: 'x', datasource_type: 'table' }, 'datasource_id', 'Missing data for required field.'],
      [{ ...base, owners: 'me' }, 'owners', 'Not a valid list.'],
      [{ ...base, colour: 'red' }, 'colour', 'Unknown field.'],
    ];
    const before = await app().models().Chart.count();
    for (const [body, field, message] of cases) {
      const answer = await call(f.tokens.admin, 'POST', '/api/v1/chart/', body);
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
    }
    const id = await create(f.tokens.admin);
    for (const [body, field, message] of [
      [{ slice_name: '' }, 'slice_name', 'Length must be between 1 and 250.'],
      [{ params: 'nope' }, 'params', 'JSON not valid'],
      [{ owners: [0] }, 'owners.0', 'Must be a positive id.'],
    ] as [Json, string, string][]) {
      const answer = await call(f.tokens.admin, 'PUT', `/api/v1/chart/${id}`, body);
      expect(answer.status, answer.text).toBe(400);
      expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
    }
    expect(await app().models().Chart.count()).toBe(before + 1);
    // Not JSON at all: a 400 with a message, never a 500.
    const broken = await app().fetch('/api/v1/chart/', { method: 'POST', headers: { Authorization: `Bearer ${f.tokens.admin}`, 'Content-Type': 'application/json' }, body: '{"slice_name":' });
    expect(broken.status).toBe(400);
  });

  it('answers 422 with every rule broken, and 403 for a dataset or dashboards out of the user\'s hands', async () => {
    const f = await setup();
    const broken = await call(f.tokens.alpha, 'POST', '/api/v1/chart/', {
      slice_name: 'Ghost', datasource_id: 987_654, datasource_type: 'table', owners: [987_654], dashboards: [987_654],
    });
    expect(broken.status, broken.text).toBe(422);
    expect(broken.body.message).toEqual({ datasource_id: ['Datasource does not exist'], owners: ['Owners are invalid'], dashboards: ['Dashboards do not exist'] });

    // A draft dashboard of someone else is not there for Alpha: "do not exist"; a published one not theirs is forbidden.
    const draft = await call(f.tokens.alpha, 'POST', '/api/v1/chart/', { slice_name: 'x', datasource_id: f.dataset, datasource_type: 'table', dashboards: [f.dash.draft] });
    expect(draft.status, draft.text).toBe(422);
    expect(draft.body.message).toEqual({ dashboards: ['Dashboards do not exist'] });
    const published = await call(f.tokens.alpha, 'POST', '/api/v1/chart/', { slice_name: 'x', datasource_id: f.dataset, datasource_type: 'table', dashboards: [f.dash.published] });
    expect(published.status, published.text).toBe(403);
    expect(published.body).toEqual({ message: 'Changing one or more of these dashboards is forbidden' });

    // Certification and external management are stored and shown; clearing with empty text gives null.
    const certified = await call(f.tokens.admin, 'POST', '/api/v1/chart/', {
      slice_name: 'certified', datasource_id: f.dataset, datasource_type: 'table', certified_by: 'Finance', certification_details: 'Checked monthly',
      is_managed_externally: true, external_url: 'https://example.com/charts/1',
    });
    expect(certified.status, certified.text).toBe(201);
    const shown = await show(certified.body.id as number);
    expect(shown).toMatchObject({ certified_by: 'Finance', certification_details: 'Checked monthly', is_managed_externally: true, external_url: 'https://example.com/charts/1' });
    const cleared = await call(f.tokens.admin, 'PUT', `/api/v1/chart/${certified.body.id}`, { certified_by: '', certification_details: '' });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await show(certified.body.id as number)).toMatchObject({ certified_by: null, certification_details: null });
    const tagged = await call(f.tokens.admin, 'PUT', `/api/v1/chart/${certified.body.id}`, { tags: [1] });
    expect(tagged.status, tagged.text).toBe(422);

    const other = await call(f.tokens.admin, 'POST', '/api/v1/chart/', { slice_name: 'x', datasource_id: f.dataset, datasource_type: 'query' });
    expect(other.status, other.text).toBe(422);

    // Gamma writes charts on the datasets it may read, and only on those.
    const outsider = await call(f.tokens.outsider, 'POST', '/api/v1/chart/', { slice_name: 'x', datasource_id: f.dataset, datasource_type: 'table' });
    expect(outsider.status, outsider.text).toBe(403);
    const hidden = await call(f.tokens.gamma, 'POST', '/api/v1/chart/', { slice_name: 'x', datasource_id: f.hiddenDataset, datasource_type: 'table' });
    expect(hidden.status, hidden.text).toBe(403);
    expect(await show(await create(f.tokens.gamma), f.tokens.gamma)).toMatchObject({ owners: [{ id: f.ids.gamma }] });
    // The permission comes first: a caller without can_write on Chart learns nothing from the body.
    const reader = await app().createUser({ username: 'chart-reader', roles: [] });
    const readerToken = (await app().login(reader.username, reader.password)).accessToken;
    expect((await call(readerToken, 'POST', '/api/v1/chart/', {})).status).toBe(403);
  });

  it('404s ids that are missing or out of reach, for every method', async () => {
    const f = await setup();
    const secret = await create(f.tokens.admin, { datasource_id: f.hiddenDataset, slice_name: 'Secret' });
    for (const [token, id] of [[f.tokens.admin, 987_654], [f.tokens.gamma, secret]] as const) {
      for (const [method, body] of [['GET', undefined], ['PUT', { slice_name: 'Mine now' }], ['DELETE', undefined]] as const) {
        const answer = await call(token, method, `/api/v1/chart/${id}`, body);
        expect(answer.status, `${method} ${id}: ${answer.text}`).toBe(404);
        expect(answer.body).toEqual({ message: 'Not found' });
      }
    }
    expect((await call(f.tokens.admin, 'GET', '/api/v1/chart/not-a-number')).status).toBe(404);
    expect((await show(secret)).slice_name).toBe('Secret');
  });

  it('updates partially: owners or Admin only, empty cache_timeout as null, owners replaced', async () => {
    const f = await setup();
    const id = await create(f.tokens.alpha, { description: 'first', cache_timeout: 60 });

    const renamed = await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${id}`, { slice_name: 'Renamed', cache_timeout: '' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual({ id, result: { slice_name: 'Renamed', cache_timeout: null } });
    expect(await show(id)).toMatchObject({ slice_name: 'Renamed', description: 'first', cache_timeout: null, viz_type: 'echarts_timeseries_bar' });

    for (const token of [f.tokens.alpha2, f.tokens.gamma]) {
      const refused = await call(token, 'PUT', `/api/v1/chart/${id}`, { slice_name: 'Taken over' });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toEqual({ message: FORBIDDEN });
    }
    expect((await call(f.tokens.admin, 'PUT', `/api/v1/chart/${id}`, { description: 'by admin' })).status).toBe(200);

    // Owners are replaced; a non-admin editor stays among them, Admin may leave nobody.
    expect((await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${id}`, { owners: [f.ids.alpha2] })).status).toBe(200);
    expect(ownerIds(await show(id))).toEqual([f.ids.alpha, f.ids.alpha2].sort((a, b) => a - b));
    expect((await call(f.tokens.alpha2, 'PUT', `/api/v1/chart/${id}`, { description: 'co-owner now' })).status).toBe(200);
    const badOwner = await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${id}`, { owners: [987_654] });
    expect(badOwner.status).toBe(422);
    expect(badOwner.body.message).toEqual({ owners: ['Owners are invalid'] });
    expect((await call(f.tokens.admin, 'PUT', `/api/v1/chart/${id}`, { owners: [] })).status).toBe(200);
    expect((await show(id)).owners).toEqual([]);
    expect((await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${id}`, { slice_name: 'x' })).status).toBe(403);

    // Moving to another dataset needs its type, its existence, and access to it.
    const moved = await call(f.tokens.admin, 'PUT', `/api/v1/chart/${id}`, { datasource_id: f.dataset });
    expect(moved.status).toBe(422);
    expect(moved.body.message).toEqual({ datasource_type: ['Datasource type is required when datasource_id is given'] });
    expect((await call(f.tokens.admin, 'PUT', `/api/v1/chart/${id}`, { datasource_id: 987_654, datasource_type: 'table' })).body.message).toEqual({ datasource_id: ['Datasource does not exist'] });
  });

  it('lets anyone who sees a chart fill in only its query context, as Superset does', async () => {
    const f = await setup();
    const id = await create(f.tokens.alpha);
    const context = JSON.stringify({ datasource: { id: f.dataset, type: 'table' }, queries: [] });
    const filled = await call(f.tokens.gamma, 'PUT', `/api/v1/chart/${id}`, { query_context: context, query_context_generation: true });
    expect(filled.status, filled.text).toBe(200);
    expect((await show(id)).query_context).toBe(context);
    for (const body of [{ query_context: context, query_context_generation: false }, { query_context: context, query_context_generation: true, slice_name: 'sneaky' }, { query_context: context }]) {
      expect((await call(f.tokens.gamma, 'PUT', `/api/v1/chart/${id}`, body)).status, JSON.stringify(body)).toBe(403);
    }
    expect((await show(id)).slice_name).toBe('Orders by day');
  });

  it('puts the chart on dashboards the user may edit, and replaces them on update', async () => {
    const f = await setup();
    const id = await create(f.tokens.admin, { dashboards: [f.dash.published, f.dash.draft], owners: [f.ids.alpha] });
    expect(dashboardIds(await show(id))).toEqual([f.dash.published, f.dash.draft].sort((a, b) => a - b));
    // Alpha does not see the admin's draft: the chart stays on it when Alpha saves; a published board not theirs is kept as named.
    expect(dashboardIds(await show(id, f.tokens.alpha))).toEqual([f.dash.published]);
    const kept = await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${id}`, { dashboards: [f.dash.published, f.dash.alphas] });
    expect(kept.status, kept.text).toBe(200);
    expect(dashboardIds(await show(id))).toEqual([f.dash.alphas, f.dash.published, f.dash.draft].sort((a, b) => a - b));
    // Taking it off a dashboard changes that dashboard: not Alpha's to do for the admin's published one.
    const off = await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${id}`, { dashboards: [f.dash.alphas] });
    expect(off.status, off.text).toBe(403);
    expect(off.body).toEqual({ message: 'Changing one or more of these dashboards is forbidden' });
    // A draft Alpha cannot see is not there to add a chart to.
    const other = await create(f.tokens.alpha);
    const unseen = await call(f.tokens.alpha, 'PUT', `/api/v1/chart/${other}`, { dashboards: [f.dash.draft] });
    expect(unseen.status, unseen.text).toBe(422);
    expect(unseen.body.message).toEqual({ dashboards: ['Dashboards do not exist'] });
    const replaced = await call(f.tokens.admin, 'PUT', `/api/v1/chart/${id}`, { dashboards: [f.dash.alphas] });
    expect(replaced.status, replaced.text).toBe(200);
    expect(dashboardIds(await show(id))).toEqual([f.dash.alphas]);
  });

  it('deletes one chart or several, all or nothing, owners or Admin only', async () => {
    const f = await setup();
    const mine = await create(f.tokens.alpha);
    const mine2 = await create(f.tokens.alpha, { dashboards: [f.dash.alphas] });
    const theirs = await create(f.tokens.alpha2);
    expect((await call(f.tokens.alpha, 'POST', `/api/v1/chart/${mine}/favorites/`)).status).toBe(200);

    const notOwner = await call(f.tokens.alpha2, 'DELETE', `/api/v1/chart/${mine}`);
    expect(notOwner.status).toBe(403);
    expect(notOwner.body).toEqual({ message: FORBIDDEN });
    const mixed = await call(f.tokens.alpha, 'DELETE', `/api/v1/chart/?q=${encodeRisonUri([mine, theirs])}`);
    expect(mixed.status, mixed.text).toBe(403);
    const missing = await call(f.tokens.alpha, 'DELETE', `/api/v1/chart/?q=${encodeRisonUri([mine, 987_654])}`);
    expect(missing.status, missing.text).toBe(404);
    expect((await show(mine)).id).toBe(mine);
    expect((await call(f.tokens.alpha, 'DELETE', '/api/v1/chart/?q=!()')).status).toBe(400);

    const bulk = await call(f.tokens.alpha, 'DELETE', `/api/v1/chart/?q=${encodeRisonUri([mine, mine2])}`);
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body).toEqual({ message: 'Deleted 2 charts' });
    expect((await call(f.tokens.admin, 'GET', `/api/v1/chart/${mine}`)).status).toBe(404);
    expect(await app().models().Favorite.count({ where: { class_name: 'slice', obj_id: mine } })).toBe(0);

    const one = await call(f.tokens.admin, 'DELETE', `/api/v1/chart/${theirs}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ message: 'OK' });
    expect((await call(f.tokens.admin, 'DELETE', `/api/v1/chart/${theirs}`)).status).toBe(404);
    const single = await create(f.tokens.admin);
    expect((await call(f.tokens.admin, 'DELETE', `/api/v1/chart/?q=!(${single})`)).body).toEqual({ message: 'Deleted 1 chart' });
  });

  it('keeps the generic list, _info and favourites on /api/v1/chart/', async () => {
    const f = await setup();
    const id = await create(f.tokens.alpha, { slice_name: 'Listed chart' });
    const list = await call(f.tokens.alpha, 'GET', `/api/v1/chart/?q=${encodeRisonUri({ filters: [{ col: 'slice_name', opr: 'ct', value: 'Listed' }] })}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ count: 1, result: [{ id, slice_name: 'Listed chart' }] });
    const info = await call(f.tokens.alpha, 'GET', `/api/v1/chart/_info?q=${encodeRisonUri({ keys: ['permissions'] })}`);
    expect(info.status, info.text).toBe(200);
    expect(info.body.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
    const status = await call(f.tokens.alpha, 'GET', `/api/v1/chart/favorite_status/?q=!(${id})`);
    expect(status.status, status.text).toBe(200);
    expect(status.body).toEqual({ result: [{ id, value: false }] });
    expect((await call(f.tokens.alpha, 'PATCH', '/api/v1/chart/')).status).toBe(405);
  });
}

describeOnSqliteStore('charts API', defineCases);
await describeOnPostgresStore('charts API', defineCases);
