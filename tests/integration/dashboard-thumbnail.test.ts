/**
 * GET /api/v1/dashboard/{pk}/thumbnail/{digest}/ through the real handler, against SQLite
 * warehouses: the dashboard's first screen as an 800x600 SVG mosaic (the charts' own drawings
 * nested, headers as text, markdown as a grey block), served as an inert image; `thumbnail_url`
 * in the dashboard's GET and on the list's cards; a save gives a new digest and the old one
 * redirects to it; each user sees only the charts they may see, and a dashboard out of sight is
 * a 404; the second answer comes from the cache store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

type CacheModule = typeof import('../../app/server/cache/cache.server');
type ThumbnailModule = typeof import('../../app/server/dashboards/thumbnail.server');

let app: AppUnderTest;
let adminToken: string;
let adminId: number;
let cache: CacheModule;
let thumbnails: ThumbnailModule;
let board: number;
let draft: number;
let charts: { pie: number; bigNumber: number; secret: number };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-dashboard-thumbnail-'));

function sqlite(file: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.exec(sql, (e) => db.close(() => (e ? reject(e) : resolve())));
    });
  });
}

async function call(token: string, method: string, p: string, body?: unknown) {
  const response = await app.fetch(p, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as { id: number; result: Record<string, unknown> };
}

const get = (p: string, token = adminToken) => app.fetch(p, { headers: { Authorization: `Bearer ${token}` }, redirect: 'manual' });

async function urlOf(id: number): Promise<string> {
  return thumbnails.dashboardThumbnailUrl((await app.models().Dashboard.findByPk(id))!);
}

const HOSTILE_HEADER = 'Sales <script>alert(1)</script> & more';
const HOSTILE_MARKDOWN = '## Notes\n\n<script>alert(2)</script>';

/** A layout: a header, a row of three charts, a row with a markdown block. */
function layoutOf(c: typeof charts, pieWidth = 6): string {
  const chart = (id: string, chartId: number, width: number, sliceName: string) => ({ id, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId, width, height: 50, sliceName } });
  return JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['HEADER-1', 'ROW-1', 'ROW-2'], parents: ['ROOT_ID'], meta: {} },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: 'Sales board' } },
    'HEADER-1': { id: 'HEADER-1', type: 'HEADER', children: [], parents: ['ROOT_ID', 'GRID_ID'], meta: { text: HOSTILE_HEADER, headerSize: 'MEDIUM_HEADER', background: 'BACKGROUND_TRANSPARENT' } },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-pie', 'CHART-big', 'CHART-secret'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'CHART-pie': chart('CHART-pie', c.pie, pieWidth, 'Sales by region'),
    'CHART-big': chart('CHART-big', c.bigNumber, 3, 'Total sales'),
    'CHART-secret': chart('CHART-secret', c.secret, 3, 'Secret payroll'),
    'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['MARKDOWN-1'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'MARKDOWN-1': { id: 'MARKDOWN-1', type: 'MARKDOWN', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-2'], meta: { width: 4, height: 30, code: HOSTILE_MARKDOWN } },
  });
}

const total = { expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'Total amount' };

beforeAll(async () => {
  const open = path.join(tmp, 'open.sqlite');
  const secret = path.join(tmp, 'secret.sqlite');
  await sqlite(open, `
    CREATE TABLE sales (region TEXT, amount REAL);
    INSERT INTO sales VALUES ('North', 10), ('South', 25), ('East', 7), ('North', 3);
  `);
  await sqlite(secret, `
    CREATE TABLE payroll (person TEXT, salary REAL);
    INSERT INTO payroll VALUES ('Zebediah', 100), ('Quillon', 200);
  `);
  app = await startApp();
  adminToken = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  adminId = (await app.models().User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
  cache = await app.load<CacheModule>('/app/server/cache/cache.server.ts');
  thumbnails = await app.load<ThumbnailModule>('/app/server/dashboards/thumbnail.server.ts');
  const m = app.models();
  const openDb = await m.Database.create({ database_name: 'dthumbs', sqlalchemy_uri: `sqlite:///${open}` });
  const secretDb = await m.Database.create({ database_name: 'dthumbs_secret', sqlalchemy_uri: `sqlite:///${secret}` });
  const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[dthumbs].(id:${openDb.id})` } });
  const readers = await m.Role.create({ name: 'dthumbs_readers' });
  await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
  const dataset = async (database: number, table: string) => (await call(adminToken, 'POST', '/api/v1/dataset/', { database, schema: 'main', table_name: table })).id;
  const sales = await dataset(openDb.id, 'sales');
  const payroll = await dataset(secretDb.id, 'payroll');
  const chart = async (name: string, datasetId: number, params: Record<string, unknown>) => (await call(adminToken, 'POST', '/api/v1/chart/', {
    slice_name: name, viz_type: params.viz_type, datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ datasource: `${datasetId}__table`, ...params }),
  })).id;
  charts = {
    pie: await chart('Sales by region', sales, { viz_type: 'pie', groupby: ['region'], metric: total, row_limit: 100 }),
    bigNumber: await chart('Total sales', sales, { viz_type: 'big_number_total', metric: total }),
    secret: await chart('Secret payroll', payroll, { viz_type: 'pie', groupby: ['person'], metric: { expressionType: 'SQL', sqlExpression: 'SUM(salary)', label: 'Pay' }, row_limit: 100 }),
  };
  board = (await call(adminToken, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Sales board', published: true })).id;
  await call(adminToken, 'PUT', `/api/v1/dashboard/${board}`, { position_json: layoutOf(charts) });
  draft = (await call(adminToken, 'POST', '/api/v1/dashboard/', { dashboard_title: 'Draft board', published: false })).id;
  await call(adminToken, 'PUT', `/api/v1/dashboard/${draft}`, { position_json: layoutOf(charts) });
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the thumbnail of a dashboard', () => {
  it('is named by thumbnail_url in the dashboard GET and on the list cards', async () => {
    const url = await urlOf(board);
    expect(url).toMatch(new RegExp(`^/api/v1/dashboard/${board}/thumbnail/[0-9a-f]{32}/$`));
    expect((await call(adminToken, 'GET', `/api/v1/dashboard/${board}`)).result.thumbnail_url).toBe(url);
    const admin = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
    const page = await (await app.fetch('/dashboard/list/?view=card', { headers: { Cookie: admin.cookie } })).text();
    const card = new RegExp(`<article aria-labelledby="dashboard-card-${board}"[\\s\\S]*?</article>`).exec(page)?.[0] ?? '';
    expect(card).toMatch(new RegExp(`<img src="${url}" alt="" loading="lazy"`));
    expect(card).not.toContain('data-placeholder="thumbnail"');
  });

  it('is the first screen as an 800x600 SVG holding each chart drawing, served as an inert image', async () => {
    const response = await get(await urlOf(board));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(response.headers.get('Content-Security-Policy')).not.toContain('script-src');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="600" viewBox="0 0 \d+ \d+">/);
    expect(svg).toContain('>Sales board</text>');
    // The pie's own ECharts drawing, nested in its box (an <svg> inside the mosaic's <svg>), with its data.
    expect(svg.match(/<svg\b/g)!.length).toBeGreaterThanOrEqual(3);
    for (const region of ['North', 'South', 'East']) expect(svg).toContain(region);
    // The big number's HTML view in a foreignObject.
    expect(svg).toContain('<foreignObject');
    expect(svg).toMatch(/>45</);
    expect(svg).toContain('>Sales by region</text>');
    expect(svg).toContain('>Total sales</text>');
    expect(svg).toContain('data-component="markdown"');
    // The admin sees the payroll chart too.
    expect(svg).toContain('>Secret payroll</text>');
    expect(svg).toContain('Zebediah');
  });

  it('holds no script: header text is escaped, markdown is a block without its source', async () => {
    const svg = await (await get(await urlOf(board))).text();
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/\son[a-z]+=/i);
    expect(svg).toContain('Sales &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(svg).not.toContain('alert(2)');
  });

  it('moves with the dashboard: a save gives a new digest, and the old one redirects to it', async () => {
    const before = await urlOf(board);
    expect((await get(before)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(adminToken, 'PUT', `/api/v1/dashboard/${board}`, { position_json: layoutOf(charts, 5) });
    const after = await urlOf(board);
    expect(after).not.toBe(before);
    expect((await call(adminToken, 'GET', `/api/v1/dashboard/${board}`)).result.thumbnail_url).toBe(after);
    const moved = await get(before);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('Location')).toBe(after);
    expect((await get(after)).status).toBe(200);
  });

  it('is answered from the cache store the second time', async () => {
    const url = await urlOf(board);
    const digest = url.split('/')[6];
    const first = await (await get(url)).text();
    await cache.flushCacheWrites();
    const key = thumbnails.dashboardThumbnailCacheKey(board, digest, adminId);
    expect(await cache.cacheGet<string>(key)).toBe(first);
    // A marker in the entry proves the second answer is the cached one, not a new drawing.
    const marker = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><text>cached</text></svg>';
    await cache.cacheSet(key, marker, 60);
    expect(await (await get(url)).text()).toBe(marker);
    await cache.cacheDelete(key);
  });

  it('shows each user only the charts they may see, and is a 404 for a dashboard out of sight', async () => {
    const url = await urlOf(board);
    const reader = await app.createUser({ username: 'dthumb-reader', roles: ['Gamma', 'dthumbs_readers'] });
    const outsider = await app.createUser({ username: 'dthumb-outsider', roles: ['Gamma'] });
    const readerToken = (await app.login(reader.username, reader.password)).accessToken;
    const outsiderToken = (await app.login(outsider.username, outsider.password)).accessToken;

    const seen = await get(url, readerToken);
    expect(seen.status).toBe(200);
    const svg = await seen.text();
    expect(svg).toContain('North');
    expect(svg).toContain('>Sales by region</text>');
    // The payroll chart is an empty box: neither its name (kept in the stored layout) nor its data.
    expect(svg).not.toContain('Secret payroll');
    expect(svg).not.toContain('Zebediah');
    expect(svg.match(/data-component="chart"/g)).toHaveLength(3);

    // Gamma without access to any of its charts does not see the dashboard at all, nor a draft it does not own.
    expect((await get(url, outsiderToken)).status).toBe(404);
    expect((await get(await urlOf(draft), readerToken)).status).toBe(404);
    expect((await get(await urlOf(draft))).status).toBe(200);
    expect((await get(`/api/v1/dashboard/999999/thumbnail/${'0'.repeat(32)}/`)).status).toBe(404);
    expect((await get(`/api/v1/dashboard/${board}/thumbnail/not-hex/`)).status).toBe(404);
    expect((await get(`/api/v1/dashboard/sales-board/thumbnail/${'0'.repeat(32)}/`)).status).toBe(404);
    expect((await app.fetch(url)).status).toBe(401);
  });
});
