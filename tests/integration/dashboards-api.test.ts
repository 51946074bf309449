/**
 * The dashboard REST API beyond list and create, on both metadata stores, through the real Remix
 * handler: `GET /api/v1/dashboard/{id_or_slug}` in Superset's shape (by id and by slug), its
 * `/charts` and `/datasets` sub-resources, PUT (fields, validation 400/422, the layout making the
 * dashboard's charts, last_modified_time), DELETE, and `POST …/copy/` with and without
 * duplicate_slices. Who sees what follows Superset's DashboardAccessFilter: owners and admins
 * always; others a published dashboard whose data they may see (or one without charts), or, when
 * it has roles, only members of those roles. Favourites of dashboards through the generic routes.
 */
import { expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json; text: string };
type Who = 'admin' | 'alpha' | 'alpha2' | 'gamma' | 'outsider' | 'reader';

const EDIT_FORBIDDEN = 'You do not have permission to edit this dashboard';

/** A layout naming these charts, one row of them under the grid. */
function layoutOf(chartIds: number[]): Json {
  const charts = Object.fromEntries(chartIds.map((id) => [`CHART-${id}`, { id: `CHART-${id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: id, width: 4, height: 50 } }]));
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: Object.keys(charts), parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    ...charts,
  };
}

function defineCases(app: () => AppUnderTest) {
  type Fixtures = {
    tokens: Record<Who, string>;
    ids: Record<Exclude<Who, 'reader'>, number>;
    readersRole: number;
    dataset: number;
    hiddenDataset: number;
    chart: Record<'a' | 'b' | 'hidden', number>;
  };
  let fixtures: Promise<Fixtures> | undefined;

  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const db = await m.Database.create({ database_name: 'dash_db', sqlalchemy_uri: 'sqlite:////tmp/dash-none.sqlite' });
    const hidden = await m.Database.create({ database_name: 'dash_hidden', sqlalchemy_uri: 'sqlite:////tmp/dash-hidden.sqlite' });
    const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[dash_db].(id:${db.id})` } });
    const readers = await m.Role.create({ name: 'dash_db_readers' });
    await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
    const dataset = await m.Dataset.create({ database_id: db.id, schema: 'main', table_name: 'orders' });
    const hiddenDataset = await m.Dataset.create({ database_id: hidden.id, schema: 'main', table_name: 'secrets' });
    await m.TableColumn.create({ table_id: dataset.id, column_name: 'amount', type: 'REAL', verbose_name: 'Amount' });

    const alpha = await app().createUser({ username: 'dash-api-alpha', roles: ['Alpha'], first_name: 'Al', last_name: 'Pha' });
    const alpha2 = await app().createUser({ username: 'dash-api-alpha2', roles: ['Alpha'] });
    const gamma = await app().createUser({ username: 'dash-api-gamma', roles: ['Gamma', 'dash_db_readers'] });
    const outsider = await app().createUser({ username: 'dash-api-outsider', roles: ['Gamma'] });
    const reader = await app().createUser({ username: 'dash-api-reader', roles: ['sql_lab'] });
    const adminId = (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;

    const chart = async (name: string, datasetId: number, owner: number) => {
      const c = await m.Chart.create({ slice_name: name, viz_type: 'echarts_timeseries_bar', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ metrics: ['count'], color_scheme: 'supersetColors' }), description: `About ${name}` });
      await (c as unknown as { addOwners(ids: number[]): Promise<void> }).addOwners([owner]);
      return c.id;
    };
    return {
      tokens: {
        admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken,
        alpha: await token(alpha), alpha2: await token(alpha2), gamma: await token(gamma), outsider: await token(outsider), reader: await token(reader),
      },
      ids: { admin: adminId, alpha: alpha.id, alpha2: alpha2.id, gamma: gamma.id, outsider: outsider.id },
      readersRole: readers.id,
      dataset: dataset.id,
      hiddenDataset: hiddenDataset.id,
      chart: { a: await chart('Orders A', dataset.id, alpha.id), b: await chart('Orders B', dataset.id, gamma.id), hidden: await chart('Secret', hiddenDataset.id, adminId) },
    };
  })());

  let made = 0;
  /** A dashboard straight in the store, as another tool might have left it. */
  const dashboard = async (opts: { title?: string; published?: boolean; owners?: number[]; charts?: number[]; roles?: number[]; slug?: string | null; layout?: Json | null; json_metadata?: string | null }) => {
    const m = app().models();
    made += 1;
    const d = await m.Dashboard.create({
      dashboard_title: opts.title ?? `Board ${made}`,
      published: opts.published ?? true,
      slug: opts.slug ?? null,
      position_json: opts.layout ? JSON.stringify(opts.layout) : null,
      json_metadata: opts.json_metadata ?? null,
    });
    const links = d as unknown as { addOwners(ids: number[]): Promise<void>; addCharts(ids: number[]): Promise<void>; addRoles(ids: number[]): Promise<void> };
    if (opts.owners?.length) await links.addOwners(opts.owners);
    if (opts.charts?.length) await links.addCharts(opts.charts);
    if (opts.roles?.length) await links.addRoles(opts.roles);
    return d.id;
  };

  async function call(who: Who | null, method: string, path: string, body?: unknown): Promise<Answer> {
    const f = await setup();
    const response = await app().fetch(path, {
      method,
      headers: { ...(who ? { Authorization: `Bearer ${f.tokens[who]}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text };
  }
  const statusOf = async (who: Who | null, method: string, path: string, body?: unknown) => (await call(who, method, path, body)).status;
  const chartsOn = async (id: number) => {
    const d = await app().models().Dashboard.findByPk(id, { include: [{ model: app().models().Chart, as: 'charts' }] });
    return (d?.charts ?? []).map((c) => c.id).sort((a, b) => a - b);
  };
  const ownersOf = async (id: number) => {
    const d = await app().models().Dashboard.findByPk(id, { include: [{ model: app().models().User, as: 'owners' }] });
    return (d?.owners ?? []).map((u) => u.id).sort((a, b) => a - b);
  };

  it('answers GET by id and by slug in Superset shape, naming only the charts the user may see', async () => {
    const f = await setup();
    const id = await dashboard({ title: 'Sales board', slug: 'sales-board', owners: [f.ids.alpha], charts: [f.chart.a, f.chart.hidden], layout: layoutOf([f.chart.a, f.chart.hidden]), json_metadata: '{"color_scheme":"supersetColors"}' });
    const byId = await call('alpha', 'GET', `/api/v1/dashboard/${id}`);
    expect(byId.status, byId.text).toBe(200);
    const result = byId.body.result as Json;
    expect(result).toMatchObject({
      id, slug: 'sales-board', url: '/superset/dashboard/sales-board/', dashboard_title: 'Sales board', thumbnail_url: expect.stringMatching(new RegExp(`^/api/v1/dashboard/${id}/thumbnail/[0-9a-f]{32}/$`)), published: true,
      css: null, json_metadata: '{"color_scheme":"supersetColors"}', position_json: JSON.stringify(layoutOf([f.chart.a, f.chart.hidden])),
      certified_by: null, certification_details: null, changed_by_name: '', changed_by: null, created_by: null,
      charts: ['Orders A', 'Secret'], owners: [{ id: f.ids.alpha, first_name: 'Al', last_name: 'Pha' }], roles: [], tags: [], is_managed_externally: false,
    });
    expect(new Date(result.changed_on as string).toISOString()).toBe(result.changed_on);
    expect(typeof result.changed_on_delta_humanized).toBe('string');

    const bySlug = await call('gamma', 'GET', '/api/v1/dashboard/sales-board');
    expect(bySlug.status, bySlug.text).toBe(200);
    // Gamma sees the dashboard (one of its charts is on data it may read) but not the hidden chart's name.
    expect((bySlug.body.result as Json).charts).toEqual(['Orders A']);
    expect((await call('gamma', 'GET', '/api/v1/dashboard/no-such-slug')).status).toBe(404);
    expect((await call('admin', 'GET', '/api/v1/dashboard/999999')).status).toBe(404);

    // No slug: the url names the id. No title: the untitled name.
    const untitled = await dashboard({ title: '', owners: [f.ids.alpha] });
    const shown = (await call('alpha', 'GET', `/api/v1/dashboard/${untitled}`)).body.result as Json;
    expect(shown).toMatchObject({ url: `/superset/dashboard/${untitled}/`, dashboard_title: '[ untitled dashboard ]', slug: null });
  });

  it('shows a dashboard to owners and admins, others only when published and on data they may see, or by role', async () => {
    const f = await setup();
    const onData = await dashboard({ charts: [f.chart.a] });
    const onHidden = await dashboard({ charts: [f.chart.hidden] });
    const empty = await dashboard({});
    const draft = await dashboard({ published: false, owners: [f.ids.alpha] });
    const byRole = await dashboard({ charts: [f.chart.hidden], roles: [f.readersRole] });
    const ownedHidden = await dashboard({ published: false, owners: [f.ids.outsider], charts: [f.chart.hidden] });
    const expectations: [number, Record<Who, number>][] = [
      [onData, { admin: 200, alpha: 200, alpha2: 200, gamma: 200, outsider: 404, reader: 403 }],
      [onHidden, { admin: 200, alpha: 200, alpha2: 200, gamma: 404, outsider: 404, reader: 403 }],
      [empty, { admin: 200, alpha: 200, alpha2: 200, gamma: 200, outsider: 200, reader: 403 }],
      [draft, { admin: 200, alpha: 200, alpha2: 404, gamma: 404, outsider: 404, reader: 403 }],
      // Role-based access: members see it whatever its data; everyone else (even Alpha) does not.
      [byRole, { admin: 200, alpha: 404, alpha2: 404, gamma: 200, outsider: 404, reader: 403 }],
      // Owners always see their own, even on data they may not read.
      [ownedHidden, { admin: 200, alpha: 404, alpha2: 404, gamma: 404, outsider: 200, reader: 403 }],
    ];
    for (const [id, byWho] of expectations) {
      for (const [who, status] of Object.entries(byWho) as [Who, number][]) {
        expect(await statusOf(who, 'GET', `/api/v1/dashboard/${id}`), `${who} GET dashboard ${id}`).toBe(status);
        expect(await statusOf(who, 'GET', `/api/v1/dashboard/${id}/charts`), `${who} GET charts ${id}`).toBe(status);
      }
    }
    expect(await statusOf(null, 'GET', `/api/v1/dashboard/${onData}`)).toBe(401);
    expect(await statusOf(null, 'GET', `/api/v1/dashboard/${onData}/datasets`)).toBe(401);
  });

  it('answers /charts with what the page needs and /datasets in the Explore datasource shape', async () => {
    const f = await setup();
    const id = await dashboard({ slug: 'charts-board', charts: [f.chart.a, f.chart.b, f.chart.hidden] });
    const charts = await call('gamma', 'GET', '/api/v1/dashboard/charts-board/charts');
    expect(charts.status, charts.text).toBe(200);
    const result = charts.body.result as Json[];
    expect(result.map((c) => c.id)).toEqual([f.chart.a, f.chart.b]);
    expect(result[0]).toMatchObject({
      id: f.chart.a, slice_id: f.chart.a, slice_name: 'Orders A', slice_url: `/explore/?slice_id=${f.chart.a}`, viz_type: 'echarts_timeseries_bar',
      datasource: `${f.dataset}__table`, description: 'About Orders A', owners: [f.ids.alpha], cache_timeout: null,
      form_data: { metrics: ['count'], color_scheme: 'supersetColors', slice_id: f.chart.a, viz_type: 'echarts_timeseries_bar', datasource: `${f.dataset}__table`, dashboardId: id },
    });
    expect(typeof result[0].modified).toBe('string');
    expect(new Date(result[0].changed_on as string).toISOString()).toBe(result[0].changed_on);
    expect((await call('admin', 'GET', `/api/v1/dashboard/${id}/charts`)).body.result).toHaveLength(3);

    const datasets = await call('gamma', 'GET', `/api/v1/dashboard/${id}/datasets`);
    expect(datasets.status, datasets.text).toBe(200);
    const [only, ...rest] = datasets.body.result as Json[];
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ id: f.dataset, uid: `${f.dataset}__table`, type: 'table', table_name: 'orders', verbose_map: expect.objectContaining({ amount: 'Amount' }) });
    expect((only.columns as Json[]).map((c) => c.column_name)).toContain('amount');
    expect(Array.isArray(only.metrics)).toBe(true);
    expect((only.database as Json).database_name).toBe('dash_db');
    const adminDatasets = (await call('admin', 'GET', `/api/v1/dashboard/${id}/datasets`)).body.result as Json[];
    expect(adminDatasets.map((d) => d.id)).toEqual([f.dataset, f.hiddenDataset]);
  });

  it('changes what PUT names and answers {id, result, last_modified_time}', async () => {
    const f = await setup();
    const id = await dashboard({ title: 'Before', published: false, owners: [f.ids.alpha] });
    const body = {
      dashboard_title: 'After', slug: '  my new board! ', css: '.x { color: red; }', certified_by: 'Finance', certification_details: 'Checked monthly',
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 300, cross_filters_enabled: true, filter_bar_orientation: 'HORIZONTAL', label_colors: {} }),
      published: true, owners: [f.ids.gamma], roles: [f.readersRole],
    };
    const put = await call('alpha', 'PUT', `/api/v1/dashboard/${id}`, body);
    expect(put.status, put.text).toBe(200);
    const stored = (await app().models().Dashboard.findByPk(id))!;
    expect(put.body).toEqual({ id, result: { ...body, slug: 'my-new-board' }, last_modified_time: Math.floor(stored.changed_on.getTime() / 1000) });
    expect(stored).toMatchObject({ dashboard_title: 'After', slug: 'my-new-board', css: '.x { color: red; }', certified_by: 'Finance', certification_details: 'Checked monthly', published: true, json_metadata: body.json_metadata, changed_by_fk: f.ids.alpha });
    // A non-admin editor stays among the owners they set.
    expect(await ownersOf(id)).toEqual([f.ids.alpha, f.ids.gamma].sort((a, b) => a - b));
    const shown = (await call('gamma', 'GET', '/api/v1/dashboard/my-new-board')).body.result as Json;
    expect(shown).toMatchObject({ id, roles: [{ id: f.readersRole, name: 'dash_db_readers' }], certified_by: 'Finance', changed_by_name: 'Al Pha', changed_by: { id: f.ids.alpha, first_name: 'Al', last_name: 'Pha' } });

    // A change moves last_modified_time forward (whole seconds, as Superset), and GET reports it in changed_on.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await call('gamma', 'PUT', `/api/v1/dashboard/${id}`, { published: false });
    expect(again.status, again.text).toBe(200);
    expect(again.body.last_modified_time as number).toBeGreaterThan(put.body.last_modified_time as number);
    const changedOn = (await call('gamma', 'GET', `/api/v1/dashboard/${id}`)).body.result as Json;
    expect(Math.floor(Date.parse(changedOn.changed_on as string) / 1000)).toBe(again.body.last_modified_time);

    // Empty texts: the title falls back to the untitled name; slug and certification are cleared.
    expect((await call('admin', 'PUT', `/api/v1/dashboard/${id}`, { dashboard_title: '', slug: '', certified_by: '' })).status).toBe(200);
    expect(await app().models().Dashboard.findByPk(id)).toMatchObject({ dashboard_title: '[ untitled dashboard ]', slug: null, certified_by: null });
  });

  it('lets only owners with can_write and admins edit: 403 with the page words, 404 when out of sight', async () => {
    const f = await setup();
    const published = await dashboard({ owners: [f.ids.alpha], charts: [f.chart.a] });
    const draft = await dashboard({ published: false, owners: [f.ids.alpha] });
    for (const who of ['alpha2', 'gamma'] as const) {
      const refused = await call(who, 'PUT', `/api/v1/dashboard/${published}`, { dashboard_title: 'Mine now' });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toEqual({ message: EDIT_FORBIDDEN });
      expect((await call(who, 'DELETE', `/api/v1/dashboard/${published}`)).body).toEqual({ message: EDIT_FORBIDDEN });
      expect(await statusOf(who, 'PUT', `/api/v1/dashboard/${draft}`, { dashboard_title: 'x' })).toBe(404);
    }
    // Without can_write on Dashboard: refused before the body is read.
    expect(await statusOf('reader', 'PUT', `/api/v1/dashboard/${published}`, { dashboard_title: 5 })).toBe(403);
    expect(await statusOf(null, 'PUT', `/api/v1/dashboard/${published}`, {})).toBe(401);
    expect(await statusOf('admin', 'PUT', `/api/v1/dashboard/${published}`, { css: 'h1 {}' })).toBe(200);
    expect(await statusOf('alpha', 'PUT', `/api/v1/dashboard/${published}`, { css: '' })).toBe(200);
    // PUT and DELETE take an id only, as Superset's {pk}.
    await call('admin', 'PUT', `/api/v1/dashboard/${published}`, { slug: 'only-by-id' });
    expect(await statusOf('admin', 'PUT', '/api/v1/dashboard/only-by-id', { css: '' })).toBe(404);
    expect(await statusOf('admin', 'DELETE', '/api/v1/dashboard/only-by-id')).toBe(404);
    expect((await app().models().Dashboard.findByPk(published))?.dashboard_title).not.toBe('Mine now');
  });

  it('refuses bad PUT fields with 400 and broken rules with one 422', async () => {
    const f = await setup();
    const id = await dashboard({ owners: [f.ids.alpha] });
    await dashboard({ slug: 'taken' });
    const cases: [Json, string, string][] = [
      [{ json_metadata: '{"color_scheme":' }, 'json_metadata', 'JSON not valid'],
      [{ json_metadata: '[1]' }, 'json_metadata', 'Must be a JSON object.'],
      [{ json_metadata: '{"nope": 1}' }, 'json_metadata.nope', 'Unknown field.'],
      [{ json_metadata: '{"refresh_frequency": "often"}' }, 'json_metadata.refresh_frequency', 'Not a valid integer.'],
      [{ json_metadata: '{"filter_bar_orientation": "DIAGONAL"}' }, 'json_metadata.filter_bar_orientation', 'Must be one of: VERTICAL, HORIZONTAL.'],
      [{ json_metadata: '{"positions": {"X": {"id": "X", "type": "CHART", "children": []}}}' }, 'json_metadata.positions.X.meta.chartId', 'A chart component must name its chart (a positive id).'],
      [{ position_json: '{nope' }, 'position_json', 'JSON not valid'],
      [{ position_json: '"text"' }, 'position_json', 'Must be a JSON object.'],
      [{ position_json: '{"ROW-1": {"id": "ROW-1", "type": "SHELF", "children": []}}' }, 'position_json.ROW-1.type', 'Must be one of: ROOT, GRID, HEADER, ROW, COLUMN, CHART, MARKDOWN, DIVIDER, TABS, TAB, DYNAMIC.'],
      [{ position_json: '{"ROW-1": {"id": "ROW-1", "type": "ROW", "children": "CHART-1"}}' }, 'position_json.ROW-1.children', 'Not a valid list.'],
      [{ position_json: '{"ROW-1": 7}' }, 'position_json.ROW-1', 'Not a valid layout component.'],
      [{ dashboard_title: 't'.repeat(501) }, 'dashboard_title', 'Length must be between 0 and 500.'],
      [{ published: 'yes' }, 'published', 'Not a valid boolean.'],
      [{ owners: 'me' }, 'owners', 'Not a valid list.'],
      [{ is_managed_externally: true }, 'is_managed_externally', 'Unknown field.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('alpha', 'PUT', `/api/v1/dashboard/${id}`, body);
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
    }
    const broken = await call('alpha', 'PUT', `/api/v1/dashboard/${id}`, { slug: ' taken ', owners: [987_654], roles: [987_654], tags: [1] });
    expect(broken.status, broken.text).toBe(422);
    expect(broken.body.message).toEqual({ slug: ['Must be unique'], owners: ['Owners are invalid'], roles: ['Some roles do not exist'], tags: ['Tags are not enabled on this server.'] });
    // Its own slug again is no conflict.
    await call('alpha', 'PUT', `/api/v1/dashboard/${id}`, { slug: 'own-slug' });
    expect(await statusOf('alpha', 'PUT', `/api/v1/dashboard/${id}`, { slug: 'own-slug' })).toBe(200);
  });

  it('makes the charts a saved layout names the dashboard charts, only those the user may see', async () => {
    const f = await setup();
    const id = await dashboard({ owners: [f.ids.gamma], charts: [f.chart.b] });
    const layout = layoutOf([f.chart.a, f.chart.hidden]);
    const saved = await call('gamma', 'PUT', `/api/v1/dashboard/${id}`, { position_json: JSON.stringify(layout) });
    expect(saved.status, saved.text).toBe(200);
    // B left the layout, A joined it; the hidden chart is not Gamma's to place.
    expect(await chartsOn(id)).toEqual([f.chart.a]);
    expect((await app().models().Dashboard.findByPk(id))?.position_json).toBe(JSON.stringify(layout));

    // Superset's save sends the layout as json_metadata.positions: stored as position_json, not in the metadata.
    const positions = layoutOf([f.chart.b, f.chart.hidden]);
    const viaMetadata = await call('admin', 'PUT', `/api/v1/dashboard/${id}`, { json_metadata: JSON.stringify({ color_scheme: 'supersetColors', positions }) });
    expect(viaMetadata.status, viaMetadata.text).toBe(200);
    expect(await chartsOn(id)).toEqual([f.chart.b, f.chart.hidden].sort((a, b) => a - b));
    const stored = (await app().models().Dashboard.findByPk(id))!;
    expect(JSON.parse(stored.position_json!)).toEqual(positions);
    expect(JSON.parse(stored.json_metadata!)).toEqual({ color_scheme: 'supersetColors' });

    // A chart already there that Gamma cannot see stays while the layout keeps it: not theirs to drop.
    expect((await call('gamma', 'PUT', `/api/v1/dashboard/${id}`, { position_json: JSON.stringify(layoutOf([f.chart.a, f.chart.hidden])) })).status).toBe(200);
    expect(await chartsOn(id)).toEqual([f.chart.a, f.chart.hidden].sort((a, b) => a - b));
    // A save without a layout leaves the charts alone.
    expect((await call('gamma', 'PUT', `/api/v1/dashboard/${id}`, { css: 'p {}' })).status).toBe(200);
    expect(await chartsOn(id)).toEqual([f.chart.a, f.chart.hidden].sort((a, b) => a - b));
  });

  it('deletes for owners and admins, with the favourites', async () => {
    const f = await setup();
    const id = await dashboard({ owners: [f.ids.alpha] });
    expect(await statusOf('gamma', 'POST', `/api/v1/dashboard/${id}/favorites/`)).toBe(200);
    expect(await statusOf('alpha2', 'DELETE', `/api/v1/dashboard/${id}`)).toBe(403);
    expect(await statusOf('reader', 'DELETE', `/api/v1/dashboard/${id}`)).toBe(403);
    const deleted = await call('alpha', 'DELETE', `/api/v1/dashboard/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ message: 'OK' });
    expect(await app().models().Dashboard.findByPk(id)).toBeNull();
    expect(await app().models().Favorite.count({ where: { class_name: 'Dashboard', obj_id: id } })).toBe(0);
    expect(await statusOf('alpha', 'DELETE', `/api/v1/dashboard/${id}`)).toBe(404);
    expect(await statusOf('admin', 'GET', `/api/v1/dashboard/${id}`)).toBe(404);
    const other = await dashboard({ owners: [f.ids.gamma] });
    expect(await statusOf('admin', 'DELETE', `/api/v1/dashboard/${other}`)).toBe(200);
  });

  it('copies a dashboard for the caller, linking the charts it may see', async () => {
    const f = await setup();
    const layout = layoutOf([f.chart.a, f.chart.hidden]);
    const original = await dashboard({ title: 'Original', slug: 'copy-me', owners: [f.ids.alpha], charts: [f.chart.a, f.chart.hidden], layout, json_metadata: '{"color_scheme":"supersetColors"}' });
    const copied = await call('gamma', 'POST', '/api/v1/dashboard/copy-me/copy/', { dashboard_title: 'My copy', css: 'h1 {}', duplicate_slices: false, json_metadata: JSON.stringify({ color_scheme: 'bnbColors', positions: layout }) });
    expect(copied.status, copied.text).toBe(200);
    const result = copied.body.result as { id: number; last_modified_time: number };
    const copy = (await app().models().Dashboard.findByPk(result.id))!;
    expect(copied.body).toEqual({ result: { id: copy.id, last_modified_time: Math.floor(copy.changed_on.getTime() / 1000) } });
    expect(copy).toMatchObject({ dashboard_title: 'My copy', css: 'h1 {}', published: false, slug: null, created_by_fk: f.ids.gamma });
    expect(JSON.parse(copy.json_metadata!)).toEqual({ color_scheme: 'bnbColors' });
    expect(JSON.parse(copy.position_json!)).toEqual(layout);
    expect(await ownersOf(copy.id)).toEqual([f.ids.gamma]);
    // The same charts, not copies, and only those Gamma may see.
    expect(await chartsOn(copy.id)).toEqual([f.chart.a]);
    expect(await chartsOn(original)).toEqual([f.chart.a, f.chart.hidden].sort((a, b) => a - b));

    // No title: the untitled name. By id too.
    const untitled = await call('alpha', 'POST', `/api/v1/dashboard/${original}/copy/`, { json_metadata: '{}' });
    expect(untitled.status, untitled.text).toBe(200);
    const untitledId = (untitled.body.result as { id: number }).id;
    expect((await app().models().Dashboard.findByPk(untitledId))?.dashboard_title).toBe('[ untitled dashboard ]');
    // Without positions the original's layout is kept, with its charts the caller may see.
    expect(JSON.parse((await app().models().Dashboard.findByPk(untitledId))!.position_json!)).toEqual(layout);
    expect(await chartsOn(untitledId)).toEqual([f.chart.a, f.chart.hidden].sort((a, b) => a - b));
  });

  it('copies the charts too with duplicate_slices, pointing the layout at the copies', async () => {
    const f = await setup();
    const layout = layoutOf([f.chart.a, f.chart.b]);
    const original = await dashboard({ owners: [f.ids.alpha], charts: [f.chart.a, f.chart.b], layout });
    const before = await app().models().Chart.count();
    const copied = await call('alpha2', 'POST', `/api/v1/dashboard/${original}/copy/`, { dashboard_title: 'With charts', duplicate_slices: true, json_metadata: JSON.stringify({ positions: layout }) });
    expect(copied.status, copied.text).toBe(200);
    const copyId = (copied.body.result as { id: number }).id;
    expect(await app().models().Chart.count()).toBe(before + 2);
    const newCharts = await chartsOn(copyId);
    expect(newCharts).toHaveLength(2);
    expect(newCharts.some((id) => id === f.chart.a || id === f.chart.b)).toBe(false);
    const copies = await app().models().Chart.findAll({ where: { id: newCharts }, include: [{ model: app().models().User, as: 'owners' }], order: [['id', 'ASC']] });
    expect(copies.map((c) => c.slice_name)).toEqual(['Orders A', 'Orders B']);
    for (const c of copies) {
      expect(c.owners!.map((u) => u.id)).toEqual([f.ids.alpha2]);
      expect(c.params).toBe(JSON.stringify({ metrics: ['count'], color_scheme: 'supersetColors' }));
    }
    const stored = JSON.parse((await app().models().Dashboard.findByPk(copyId))!.position_json!) as Record<string, { type: string; meta?: { chartId?: number } }>;
    const pointed = Object.values(stored).filter((c) => c.type === 'CHART').map((c) => c.meta!.chartId!).sort((a, b) => a - b);
    expect(pointed).toEqual(newCharts);
    // The original keeps its own charts.
    expect(await chartsOn(original)).toEqual([f.chart.a, f.chart.b].sort((a, b) => a - b));
  });

  it('refuses copies it may not make: 400 for the body, 403 without can_write, 404 out of sight', async () => {
    const f = await setup();
    const draft = await dashboard({ published: false, owners: [f.ids.alpha] });
    const open = await dashboard({});
    const missing = await call('alpha', 'POST', `/api/v1/dashboard/${draft}/copy/`, { dashboard_title: 'x' });
    expect(missing.status, missing.text).toBe(400);
    expect(missing.body.message).toEqual({ json_metadata: ['Missing data for required field.'] });
    const bad = await call('alpha', 'POST', `/api/v1/dashboard/${draft}/copy/`, { json_metadata: '{"nope":1}', duplicate_slices: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual({ 'json_metadata.nope': ['Unknown field.'], duplicate_slices: ['Not a valid boolean.'] });
    expect(await statusOf('gamma', 'POST', `/api/v1/dashboard/${draft}/copy/`, { json_metadata: '{}' })).toBe(404);
    expect(await statusOf('reader', 'POST', `/api/v1/dashboard/${open}/copy/`, { json_metadata: '{}' })).toBe(403);
    expect(await statusOf(null, 'POST', `/api/v1/dashboard/${open}/copy/`, { json_metadata: '{}' })).toBe(401);
    expect(await statusOf('alpha', 'GET', `/api/v1/dashboard/${open}/copy/`)).toBe(405);
  });

  it('stars dashboards through the generic favourites routes, and the shared path shapes reach their routes', async () => {
    const f = await setup();
    const id = await dashboard({ charts: [f.chart.a] });
    const hidden = await dashboard({ published: false, owners: [f.ids.alpha] });
    expect((await call('gamma', 'POST', `/api/v1/dashboard/${id}/favorites/`)).body).toEqual({ result: 'OK' });
    const status = await call('gamma', 'GET', `/api/v1/dashboard/favorite_status/?q=${encodeRisonUri([id])}`);
    expect(status.status, status.text).toBe(200);
    expect(status.body).toEqual({ result: [{ id, value: true }] });
    expect(await statusOf('gamma', 'POST', `/api/v1/dashboard/${hidden}/favorites/`)).toBe(404);
    expect((await call('gamma', 'DELETE', `/api/v1/dashboard/${id}/favorites/`)).body).toEqual({ result: 'OK' });
    expect((await call('gamma', 'GET', `/api/v1/dashboard/favorite_status/?q=${encodeRisonUri([id])}`)).body).toEqual({ result: [{ id, value: false }] });

    const info = await call('gamma', 'GET', '/api/v1/dashboard/_info');
    expect(info.status, info.text).toBe(200);
    expect(info.body.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
    expect(await statusOf('gamma', 'GET', '/api/v1/dashboard/related/owners')).toBe(200);
    // Trailing slashes reach the same routes.
    expect(await statusOf('gamma', 'GET', `/api/v1/dashboard/${id}/`)).toBe(200);
    expect(await statusOf('gamma', 'GET', `/api/v1/dashboard/${id}/charts/`)).toBe(200);
    expect(await statusOf('gamma', 'GET', `/api/v1/dashboard/${id}/datasets/`)).toBe(200);
    expect(await statusOf('gamma', 'POST', `/api/v1/dashboard/${id}`)).toBe(405);
  });
}

describeOnSqliteStore('dashboards API', defineCases);
await describeOnPostgresStore('dashboards API', defineCases);
