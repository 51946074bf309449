/**
 * The charts page (/chart/list/) as a browser without JavaScript uses it: plain GETs and form
 * POSTs with the session cookie, through the real Remix handler. Each filter of the GET form
 * keeps the charts the API keeps for the same rison filter; sorting by name, type, dataset and
 * last change; the favourite star's form; the bulk delete's confirm step and its 'Deleted: %s'
 * notice; the card view's thumbnails; and only the charts on datasets the user may access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, cookieFrom, startApp, type AppUnderTest } from '../helpers/app-under-test';

type DbModule = typeof import('../../app/server/db.server');
type Session = { cookie: string; csrfToken: string };

let app: AppUnderTest;
let admin: Session;
let adminToken: string;
let alpha: Session;
let ids: { admin: number; alpha: number };
let datasets: { sales: number; stock: number; hidden: number };
let dashboard: number;
let charts: { line: number; pie: number; table: number; hidden: number };

const get = (p: string, who = admin) => app.fetch(p, { headers: { Cookie: who.cookie } });
const html = async (p: string, who = admin) => {
  const response = await get(p, who);
  expect(response.status, p).toBe(200);
  return response.text();
};

function post(p: string, fields: [string, string][], who = admin) {
  const body = new URLSearchParams(fields);
  body.set('csrf_token', who.csrfToken);
  return app.fetch(p, { method: 'POST', body, headers: { Cookie: who.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

/** The page a redirect leads to, with the flash cookie it set: its toasts are in the HTML. */
async function follow(response: Response, who = admin): Promise<string> {
  expect(response.status).toBe(302);
  const cookie = cookieFrom(response, who.cookie);
  return (await app.fetch(response.headers.get('Location')!, { headers: { Cookie: cookie } })).text();
}

/** The chart names of the list view, in order. */
async function names(query: string, who = admin): Promise<string[]> {
  const page = await html(`/chart/list/${query}`, who);
  return [...page.matchAll(/<th scope="row"[^>]*><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
}

/** The chart ids `GET /api/v1/chart/` answers for these rison filters. */
async function apiIds(filters: { col: string; opr: string; value: unknown }[]): Promise<number[]> {
  const q = encodeRisonUri({ filters, page_size: 100, columns: ['id'] });
  const response = await app.fetch(`/api/v1/chart/?q=${q}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { ids: number[] }).ids.sort((a, b) => a - b);
}

const idsOf = (list: string[]) => list.map((n) => ({ 'Alpha line': charts.line, 'Beta pie': charts.pie, 'Gamma table': charts.table, 'Hidden chart': charts.hidden })[n]).sort((a, b) => a! - b!);

async function createChart(fields: Record<string, unknown>): Promise<number> {
  const response = await app.fetch('/api/v1/chart/', {
    method: 'POST', headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(fields),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  app = await startApp();
  const m = app.models();
  admin = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
  adminToken = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const alphaUser = await app.createUser({ username: 'list-alpha', roles: ['Alpha'], first_name: 'Al', last_name: 'Pha' });
  alpha = await app.loginWithCookie(alphaUser.username, alphaUser.password);
  ids = { admin: (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id, alpha: alphaUser.id };

  const shop = await m.Database.create({ database_name: 'shop', sqlalchemy_uri: 'sqlite:////tmp/chart-list-shop.sqlite' });
  const vault = await m.Database.create({ database_name: 'vault', sqlalchemy_uri: 'sqlite:////tmp/chart-list-vault.sqlite' });
  const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[shop].(id:${shop.id})` } });
  const readers = await m.Role.create({ name: 'shop_readers' });
  await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
  datasets = {
    sales: (await m.Dataset.create({ database_id: shop.id, schema: 'main', table_name: 'sales' })).id,
    stock: (await m.Dataset.create({ database_id: shop.id, schema: 'main', table_name: 'stock' })).id,
    hidden: (await m.Dataset.create({ database_id: vault.id, schema: 'main', table_name: 'zz_secrets' })).id,
  };
  dashboard = (await m.Dashboard.create({ dashboard_title: 'Shop board', published: true })).id;

  const on = (id: number) => ({ datasource_id: id, datasource_type: 'table' });
  charts = {
    line: await createChart({ slice_name: 'Alpha line', viz_type: 'echarts_timeseries_line', ...on(datasets.stock), owners: [ids.alpha], dashboards: [dashboard], certified_by: 'Data team', certification_details: 'Checked weekly' }),
    pie: await createChart({ slice_name: 'Beta pie', viz_type: 'pie', ...on(datasets.sales), owners: [ids.admin] }),
    table: await createChart({ slice_name: 'Gamma table', viz_type: 'table', ...on(datasets.sales), owners: [ids.admin], dashboards: [dashboard] }),
    hidden: await createChart({ slice_name: 'Hidden chart', viz_type: 'table', ...on(datasets.hidden), owners: [ids.admin] }),
  };
  // Distinct, known times of last change: the modified sort is then exact.
  const { store } = await app.load<DbModule>('/app/server/db.server.ts');
  const times: [number, string][] = [[charts.line, '2024-01-03'], [charts.pie, '2024-01-01'], [charts.table, '2024-01-04'], [charts.hidden, '2024-01-02']];
  for (const [id, day] of times) {
    await store().sequelize.query('UPDATE charts SET changed_on = :at WHERE id = :id', { replacements: { at: new Date(`${day}T00:00:00Z`), id } });
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('filters, each the API filter of the same name', () => {
  const cases: [string, string, { col: string; opr: string; value: unknown }[] | null, string[]][] = [];
  beforeAll(() => {
    cases.push(
      ['search', '?search=pie', [{ col: 'slice_name', opr: 'ct', value: 'pie' }], ['Beta pie']],
      ['owner', `?owner=${ids.alpha}`, [{ col: 'owners', opr: 'rel_m_m', value: ids.alpha }], ['Alpha line']],
      ['type', '?viz_type=table', [{ col: 'viz_type', opr: 'eq', value: 'table' }], ['Gamma table', 'Hidden chart']],
      ['dataset', `?dataset=${datasets.sales}`, [{ col: 'datasource_id', opr: 'eq', value: datasets.sales }], ['Beta pie', 'Gamma table']],
      ['dashboard', `?dashboard=${dashboard}`, [{ col: 'dashboards', opr: 'rel_m_m', value: dashboard }], ['Alpha line', 'Gamma table']],
      // The API takes chart_is_certified once the resource has it (see the issue 12 report): the page has it now.
      ['certified yes', '?certified=yes', null, ['Alpha line']],
      ['certified no', '?certified=no', null, ['Beta pie', 'Gamma table', 'Hidden chart']],
    );
  });

  it('keeps the charts the API keeps, and shows the filter chosen', async () => {
    for (const [label, query, filters, expected] of cases) {
      const found = await names(`${query}&sort=name&dir=asc`);
      expect(found, label).toEqual(expected);
      if (filters) expect(idsOf(found), label).toEqual(await apiIds(filters));
    }
    const page = await html(`/chart/list/?owner=${ids.alpha}&viz_type=pie&dataset=${datasets.sales}&dashboard=${dashboard}&favorite=yes&certified=no`);
    expect(page).toContain(`<option value="${ids.alpha}" selected="">Al Pha</option>`);
    expect(page).toContain('<option value="pie" selected="">');
    expect(page).toContain(`<option value="${datasets.sales}" selected="">main.sales</option>`);
    expect(page).toContain(`<option value="${dashboard}" selected="">Shop board</option>`);
    expect(page).toContain('No charts match these filters.');
    // The dataset filter offers the datasets of the charts the user sees; Type offers the registry's types.
    expect(page).toContain(`<option value="${datasets.hidden}">main.zz_secrets</option>`);
    expect(page).toContain('<option value="echarts_timeseries_bar">');
    // Filters combine, and a malformed value is no filter rather than an error.
    expect(await names(`?viz_type=table&dataset=${datasets.sales}`)).toEqual(['Gamma table']);
    expect(await names('?owner=abc&certified=maybe&sort=name&dir=asc')).toEqual(['Alpha line', 'Beta pie', 'Gamma table', 'Hidden chart']);
  });

  it('filters favourites both ways, as chart_is_favorite does', async () => {
    await post('/chart/list/', [['intent', 'favorite'], ['id', String(charts.pie)], ['favorite', 'true']]);
    expect(await names('?favorite=yes')).toEqual(['Beta pie']);
    expect(idsOf(['Beta pie'])).toEqual(await apiIds([{ col: 'id', opr: 'chart_is_favorite', value: true }]));
    expect(await names('?favorite=no&sort=name&dir=asc')).toEqual(['Alpha line', 'Gamma table', 'Hidden chart']);
    expect(idsOf(['Alpha line', 'Gamma table', 'Hidden chart'])).toEqual(await apiIds([{ col: 'id', opr: 'chart_is_favorite', value: false }]));
    await post('/chart/list/', [['intent', 'favorite'], ['id', String(charts.pie)], ['favorite', 'false']]);
  });
});

describe('sorting', () => {
  it('sorts by name, type, dataset and last change, either way', async () => {
    expect(await names('?sort=name&dir=asc')).toEqual(['Alpha line', 'Beta pie', 'Gamma table', 'Hidden chart']);
    expect(await names('?sort=name&dir=desc')).toEqual(['Hidden chart', 'Gamma table', 'Beta pie', 'Alpha line']);
    // Types by key: echarts_timeseries_line, pie, table (ties by id).
    expect(await names('?sort=viz_type&dir=asc')).toEqual(['Alpha line', 'Beta pie', 'Gamma table', 'Hidden chart']);
    expect(await names('?sort=viz_type&dir=desc')).toEqual(['Hidden chart', 'Gamma table', 'Beta pie', 'Alpha line']);
    // Datasets by name: sales, stock, zz_secrets.
    expect(await names('?sort=dataset&dir=asc')).toEqual(['Beta pie', 'Gamma table', 'Alpha line', 'Hidden chart']);
    expect(await names('?sort=dataset&dir=desc')).toEqual(['Hidden chart', 'Alpha line', 'Gamma table', 'Beta pie']);
    expect(await names('')).toEqual(['Gamma table', 'Alpha line', 'Hidden chart', 'Beta pie']);
    expect(await names('?sort=changed_on&dir=asc')).toEqual(['Beta pie', 'Hidden chart', 'Alpha line', 'Gamma table']);
    const page = await html('/chart/list/?sort=dataset&dir=asc&viz_type=table');
    expect(page).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><a [^>]*href="\/chart\/list\/\?viz_type=table&amp;sort=dataset&amp;dir=desc"[^>]*>Dataset/);
    expect(page).toContain('<option value="dataset" selected="">Dataset</option>');
  });
});

describe('favourites', () => {
  it('stars and unstars a chart with a posted form, back to the list as it was', async () => {
    const before = await html('/chart/list/?search=gamma');
    expect(before).toMatch(/aria-pressed="false" aria-label="Favorite Gamma table"/);
    const starred = await post('/chart/list/?search=gamma&view=card', [['intent', 'favorite'], ['id', String(charts.table)], ['favorite', 'true']]);
    expect(starred.status).toBe(302);
    expect(starred.headers.get('Location')).toBe('/chart/list/?search=gamma&view=card');
    expect(await app.models().Favorite.count({ where: { user_id: ids.admin, class_name: 'slice', obj_id: charts.table } })).toBe(1);
    expect(await follow(starred)).toMatch(/aria-pressed="true" aria-label="Favorite Gamma table"/);
    // The JSON API agrees.
    const status = await app.fetch(`/api/v1/chart/favorite_status/?q=${encodeRisonUri([charts.table])}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(await status.json()).toEqual({ result: [{ id: charts.table, value: true }] });

    const unstarred = await post('/chart/list/', [['intent', 'favorite'], ['id', String(charts.table)], ['favorite', 'false']]);
    expect(unstarred.status).toBe(302);
    expect(await app.models().Favorite.count({ where: { user_id: ids.admin, class_name: 'slice', obj_id: charts.table } })).toBe(0);
  });

  it('says so when the chart cannot be starred, and refuses a bad intent', async () => {
    const gone = await post('/chart/list/', [['intent', 'favorite'], ['id', '999999'], ['favorite', 'true']]);
    expect(await follow(gone)).toContain('There was an error saving the favorite status: ');
    expect((await post('/chart/list/', [['intent', 'favorite'], ['id', 'x']])).status).toBe(400);
    expect((await post('/chart/list/', [['intent', 'nope']])).status).toBe(400);
  });
});

describe('bulk delete', () => {
  it('offers selection only on charts the user may delete, confirms, then deletes with the spec notice', async () => {
    const m = app.models();
    const on = { datasource_id: datasets.sales, datasource_type: 'table' };
    const a = await createChart({ slice_name: 'Doomed A', viz_type: 'pie', ...on });
    const b = await createChart({ slice_name: 'Doomed B', viz_type: 'pie', ...on });

    // Alpha owns only 'Alpha line': no box on the admin's charts, nor a way to delete them.
    const alphaPage = await html('/chart/list/?search=doomed', alpha);
    expect(alphaPage).not.toContain('aria-label="Select Doomed A"');
    const refused = await post('/chart/list/', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(a)]], alpha);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('There was an issue deleting: Changing this chart is forbidden');
    expect(await m.Chart.count({ where: { id: [a, b] } })).toBe(2);

    const adminPage = await html('/chart/list/?search=doomed');
    expect(adminPage).toContain('aria-label="Select Doomed A"');
    expect(adminPage).toContain('aria-label="Bulk delete charts"');

    const asked = await post('/chart/list/?search=doomed', [['intent', 'bulk-delete'], ['ids', String(a)], ['ids', String(b)]]);
    expect(asked.status).toBe(200);
    const confirm = await asked.text();
    expect(confirm).toContain('Delete these 2 charts?');
    expect(confirm).toContain('<li>Doomed A</li>');
    expect(confirm).toContain('Yes, delete all 2');
    expect(await m.Chart.count({ where: { id: [a, b] } })).toBe(2);

    const done = await post('/chart/list/?search=doomed', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(a)], ['ids', String(b)]]);
    expect(done.headers.get('Location')).toBe('/chart/list/?search=doomed');
    expect(await follow(done)).toContain('Deleted: Doomed A, Doomed B');
    expect(await m.Chart.count({ where: { id: [a, b] } })).toBe(0);

    expect((await post('/chart/list/', [['intent', 'bulk-delete']])).status).toBe(400);
  });
});

describe('card view', () => {
  it('shows each chart as a card with its lazy 300-wide thumbnail, and keeps the view in every link', async () => {
    const page = await html('/chart/list/?view=card&sort=name&dir=asc');
    const { Chart } = app.models();
    const { thumbnailUrl } = await app.load<typeof import('../../app/server/charts/thumbnail.server')>('/app/server/charts/thumbnail.server.ts');
    for (const id of [charts.line, charts.pie, charts.table]) {
      const chart = (await Chart.findByPk(id))!;
      const url = thumbnailUrl(chart);
      expect(url).toMatch(new RegExp(`^/api/v1/chart/${id}/thumbnail/[0-9a-f]{32}/$`));
      expect(page).toMatch(new RegExp(`<img src="${url}" alt="Thumbnail of ${chart.slice_name}" loading="lazy" decoding="async" width="300" height="169"`));
      expect(page).toContain(`href="/explore/?slice_id=${id}"`);
    }
    expect(page).not.toContain('<table');
    expect(page).toContain('aria-label="Favorite Beta pie"');
    expect(page).toContain('>Pie Chart<');
    expect(page).toMatch(/<a [^>]*aria-current="page"[^>]*>Card view<\/a>/);
    expect(page).toMatch(/<a [^>]*href="\/chart\/list\/\?sort=name&amp;dir=asc"[^>]*>List view<\/a>/);
    expect(page).toContain('<input type="hidden" name="view" value="card"/>');
    // The list view is the default, and its links leave the view out.
    const list = await html('/chart/list/?sort=name&dir=asc');
    expect(list).toContain('<table');
    expect(list).not.toContain('<img src="/api/v1/chart/');
  });
});

describe('access', () => {
  it('lists only charts on datasets the user may access, and their filter choices', async () => {
    const reader = await app.createUser({ username: 'list-reader', roles: ['Gamma', 'shop_readers'] });
    const outsider = await app.createUser({ username: 'list-outsider', roles: ['Gamma'] });
    const readerSession = await app.loginWithCookie(reader.username, reader.password);
    const outsiderSession = await app.loginWithCookie(outsider.username, outsider.password);
    expect(await names('?sort=name&dir=asc', readerSession)).toEqual(['Alpha line', 'Beta pie', 'Gamma table']);
    const readerPage = await html('/chart/list/', readerSession);
    expect(readerPage).not.toContain('main.zz_secrets');
    expect(readerPage).not.toContain('aria-label="Bulk delete charts"');
    expect(await names('', outsiderSession)).toEqual([]);
    expect(await names(`?dataset=${datasets.hidden}`, readerSession)).toEqual([]);
  });
});
