/**
 * GET /api/v1/chart/{id}/thumbnail/{digest}/ through the real handler, against a SQLite
 * warehouse: the saved chart drawn on the server as an 800x450 SVG (an ECharts type, and an HTML
 * type inside a foreignObject), served as an inert image; the second answer comes from the cache
 * store; an old digest redirects to the current one; a chart on a dataset the user may not access
 * is a 404, as a missing one is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

type CacheModule = typeof import('../../app/server/cache/cache.server');
type ThumbnailModule = typeof import('../../app/server/charts/thumbnail.server');

let app: AppUnderTest;
let adminToken: string;
let adminId: number;
let cache: CacheModule;
let thumbnails: ThumbnailModule;
let pie: number;
let bigNumber: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-chart-thumbnail-'));
const warehouse = path.join(tmp, 'warehouse.sqlite');

function sqlite(sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(warehouse, (error) => {
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
  return JSON.parse(text) as { id: number };
}

const get = (p: string, token = adminToken) => app.fetch(p, { headers: { Authorization: `Bearer ${token}` }, redirect: 'manual' });

async function urlOf(id: number): Promise<string> {
  return thumbnails.thumbnailUrl((await app.models().Chart.findByPk(id))!);
}

const total = { expressionType: 'SQL', sqlExpression: 'SUM(amount)', label: 'Total amount' };

beforeAll(async () => {
  await sqlite(`
    CREATE TABLE sales (region TEXT, amount REAL);
    INSERT INTO sales VALUES ('North', 10), ('South', 25), ('East', 7), ('North', 3);
  `);
  app = await startApp();
  adminToken = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  adminId = (await app.models().User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
  cache = await app.load<CacheModule>('/app/server/cache/cache.server.ts');
  thumbnails = await app.load<ThumbnailModule>('/app/server/charts/thumbnail.server.ts');
  const m = app.models();
  const database = await m.Database.create({ database_name: 'thumbs', sqlalchemy_uri: `sqlite:///${warehouse}` });
  const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[thumbs].(id:${database.id})` } });
  const readers = await m.Role.create({ name: 'thumbs_readers' });
  await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
  const dataset = (await call(adminToken, 'POST', '/api/v1/dataset/', { database: database.id, schema: 'main', table_name: 'sales' })).id;
  const datasource = `${dataset}__table`;
  const chart = async (name: string, params: Record<string, unknown>) => (await call(adminToken, 'POST', '/api/v1/chart/', {
    slice_name: name, viz_type: params.viz_type, datasource_id: dataset, datasource_type: 'table', params: JSON.stringify({ datasource, ...params }),
  })).id;
  pie = await chart('Sales by region', { viz_type: 'pie', groupby: ['region'], metric: total, row_limit: 100 });
  bigNumber = await chart('Total sales', { viz_type: 'big_number_total', metric: total });
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the thumbnail of a chart', () => {
  it('is the saved chart as an 800x450 SVG, served as an inert image', async () => {
    const url = await urlOf(pie);
    expect(url).toMatch(new RegExp(`^/api/v1/chart/${pie}/thumbnail/[0-9a-f]{32}/$`));
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*width="800" height="450"/);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    for (const region of ['North', 'South', 'East']) expect(svg).toContain(region);
  });

  it('draws an HTML chart type inside a foreignObject', async () => {
    const response = await get(await urlOf(bigNumber));
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(svg).toContain('<foreignObject');
    expect(svg).toContain('xmlns="http://www.w3.org/1999/xhtml"');
    expect(svg).toMatch(/>45</);
  });

  it('is answered from the cache store the second time', async () => {
    const url = await urlOf(pie);
    const digest = url.split('/')[6];
    const first = await (await get(url)).text();
    await cache.flushCacheWrites();
    const key = thumbnails.thumbnailCacheKey(pie, digest, adminId);
    expect(await cache.cacheGet<string>(key)).toBe(first);
    // A marker in the entry proves the second answer is the cached one, not a new drawing.
    const marker = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><text>cached</text></svg>';
    await cache.cacheSet(key, marker, 60);
    expect(await (await get(url)).text()).toBe(marker);
  });

  it('moves with the chart: a saved change gives a new digest, and the old one redirects to it', async () => {
    const before = await urlOf(pie);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(adminToken, 'PUT', `/api/v1/chart/${pie}`, { params: JSON.stringify({ viz_type: 'pie', groupby: ['region'], metric: total, row_limit: 2 }) });
    const after = await urlOf(pie);
    expect(after).not.toBe(before);
    const moved = await get(before);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('Location')).toBe(after);
    expect((await get(after)).status).toBe(200);
  });

  it('is a 404 for a chart of a dataset the user cannot access, or no chart at all', async () => {
    const url = await urlOf(pie);
    const reader = await app.createUser({ username: 'thumb-reader', roles: ['Gamma', 'thumbs_readers'] });
    const outsider = await app.createUser({ username: 'thumb-outsider', roles: ['Gamma'] });
    const readerToken = (await app.login(reader.username, reader.password)).accessToken;
    const outsiderToken = (await app.login(outsider.username, outsider.password)).accessToken;
    expect((await get(url, readerToken)).status).toBe(200);
    expect((await get(url, outsiderToken)).status).toBe(404);
    expect((await get('/api/v1/chart/999999/thumbnail/abc/')).status).toBe(404);
    expect((await get(`/api/v1/chart/${pie}/thumbnail/not-hex/`)).status).toBe(404);
    expect((await app.fetch(url)).status).toBe(401);
  });
});
