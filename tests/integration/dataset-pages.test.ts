/**
 * The datasets pages as a browser without JavaScript uses them: plain GETs and form POSTs with the
 * session cookie, through the real Remix handler, against a SQLite warehouse (a temp file). The
 * list's filters and its delete confirmations, the add page's steps, and the editor's confirm
 * step, saves, refusals and 'Sync columns from source'. The e2e test drives the same pages in
 * Chromium, with and without JavaScript.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, cookieFrom, startApp, type AppUnderTest } from '../helpers/app-under-test';

type DbModule = typeof import('../../app/server/db.server');

let app: AppUnderTest;
let admin: { cookie: string; csrfToken: string };
let adminId: number;
let databaseId: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-dataset-pages-'));
const warehouse = path.join(tmp, 'warehouse.sqlite');

function sqlite(sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(warehouse, (error) => {
      if (error) return reject(error);
      db.exec(sql, (e) => db.close(() => (e ? reject(e) : resolve())));
    });
  });
}

const get = (p: string, who = admin) => app.fetch(p, { headers: { Cookie: who.cookie } });

function post(p: string, fields: [string, string][] | Record<string, string>, who = admin) {
  const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
  body.set('csrf_token', who.csrfToken);
  return app.fetch(p, { method: 'POST', body, headers: { Cookie: who.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

/** The page a redirect leads to, with the flash cookie it set: its toasts are in the HTML. */
async function follow(response: Response, who = admin): Promise<string> {
  expect(response.status).toBe(302);
  const cookie = cookieFrom(response, who.cookie);
  return (await app.fetch(response.headers.get('Location')!, { headers: { Cookie: cookie } })).text();
}

/** Every named field of the editor's form as the server rendered it, as a browser would post it (checked boxes only). */
function formFields(html: string): [string, string][] {
  const form = html.slice(html.indexOf('id="dataset-editor"'), html.indexOf('id="dataset-sync-columns"'));
  const out: [string, string][] = [];
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const m of form.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1];
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    if (!name || name === 'csrf_token') continue;
    const type = /type="([^"]*)"/.exec(attrs)?.[1] ?? 'text';
    const value = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
    if (type === 'checkbox' || type === 'radio') {
      if (/\schecked=""/.test(attrs)) out.push([name, type === 'checkbox' && !/value="/.test(attrs) ? 'on' : value]);
    } else out.push([name, value]);
  }
  for (const m of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /name="([^"]*)"/.exec(m[1])?.[1];
    if (name) out.push([name, decode(m[2])]);
  }
  for (const m of form.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = /name="([^"]*)"/.exec(m[1])?.[1];
    if (!name) continue;
    for (const o of m[2].matchAll(/<option([^>]*)>/g)) if (/selected=""/.test(o[1])) out.push([name, decode(/value="([^"]*)"/.exec(o[1])?.[1] ?? '')]);
  }
  return out;
}

const withField = (fields: [string, string][], name: string, value: string): [string, string][] => [...fields.filter(([n]) => n !== name), [name, value]];

async function createDataset(table: string): Promise<number> {
  const response = await post('/dataset/add/', { intent: 'create', database: String(databaseId), schema: 'main', table_name: table });
  expect(response.status, await response.clone().text()).toBe(302);
  return (await app.models().Dataset.findOne({ where: { table_name: table } }))!.id;
}

beforeAll(async () => {
  await sqlite(`
    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, born TEXT, score REAL);
    INSERT INTO people VALUES (1, 'Ann', '2001-02-03', 1.5), (2, 'Bo', '1999-12-31', 2.5);
    CREATE TABLE pets (id INTEGER PRIMARY KEY, owner_id INTEGER);
    CREATE TABLE toys (id INTEGER PRIMARY KEY);
  `);
  app = await startApp();
  admin = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
  adminId = (await app.models().User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
  databaseId = (await app.models().Database.create({ database_name: 'warehouse', sqlalchemy_uri: `sqlite:///${warehouse}` })).id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the add page, step by step without JavaScript', () => {
  it('offers the databases, then the schemas, then the tables; creates the dataset and refuses a second one', async () => {
    const first = await (await get('/dataset/add/')).text();
    expect(first).toContain(`<option value="${databaseId}">warehouse</option>`);
    expect(first).toContain('Show schemas');
    const second = await (await get(`/dataset/add/?database=${databaseId}`)).text();
    expect(second).toContain('<option value="main">main</option>');
    expect(second).toContain('Show tables');
    const third = await (await get(`/dataset/add/?database=${databaseId}&schema=main`)).text();
    for (const table of ['people', 'pets', 'toys']) expect(third).toContain(`<option value="${table}">${table}</option>`);
    // A schema the database does not have is no step at all.
    expect(await (await get(`/dataset/add/?database=${databaseId}&schema=nope`)).text()).not.toContain('name="table_name"');

    const created = await post('/dataset/add/', { intent: 'create', database: String(databaseId), schema: 'main', table_name: 'people' });
    expect(created.headers.get('Location')).toBe('/tablemodelview/list/');
    expect(await follow(created)).toContain('Dataset people was created.');
    const dataset = (await app.models().Dataset.findOne({ where: { table_name: 'people' } }))!;
    expect(await app.models().TableColumn.count({ where: { table_id: dataset.id } })).toBe(4);

    expect(await (await get(`/dataset/add/?database=${databaseId}&schema=main`)).text()).toContain('<option value="people" disabled="">people (has a dataset)</option>');
    const again = await post('/dataset/add/', { intent: 'create', database: String(databaseId), schema: 'main', table_name: 'people' });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain('Dataset people already exists');
    const explore = await post('/dataset/add/', { intent: 'create-explore', database: String(databaseId), schema: 'main', table_name: 'pets' });
    const pets = (await app.models().Dataset.findOne({ where: { table_name: 'pets' } }))!;
    expect(explore.headers.get('Location')).toBe(`/explore/?datasource_type=table&datasource_id=${pets.id}`);
  });

  it('is closed to users without can_write on Dataset', async () => {
    const gamma = await app.createUser({ username: 'gus', roles: ['Gamma'] });
    const theirs = await app.loginWithCookie(gamma.username, gamma.password);
    expect((await get('/dataset/add/', theirs)).status).toBe(403);
    expect(await (await get('/tablemodelview/list/', theirs)).text()).not.toContain('+ Dataset');
  });
});

describe('the list', () => {
  it('filters by search, type, database, schema and owner in the URL, and sorts', async () => {
    await app.models().Dataset.create({ database_id: databaseId, schema: null, table_name: 'virtual_people', sql: 'SELECT id FROM people' });
    const names = async (query: string) => {
      const html = await (await get(`/tablemodelview/list/${query}`)).text();
      return [...html.matchAll(/<th scope="row"[^>]*><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    };
    expect((await names('?sort=name&dir=asc')).filter((n) => ['people', 'pets', 'virtual_people'].includes(n))).toEqual(['people', 'pets', 'virtual_people']);
    expect(await names('?search=virt')).toEqual(['virtual_people']);
    expect(await names('?type=virtual')).toEqual(['virtual_people']);
    expect(await names('?type=physical&sort=name&dir=asc')).toEqual(['people', 'pets']);
    expect(await names('?schema=main&sort=name&dir=desc')).toEqual(['pets', 'people']);
    expect(await names(`?database=${databaseId}&owner=${adminId}&sort=name&dir=asc`)).toEqual(['people', 'pets']);
    expect(await names('?database=999999')).toEqual([]);
    const html = await (await get('/tablemodelview/list/?type=virtual')).text();
    expect(html).toContain('<option value="virtual" selected="">Virtual</option>');
    expect(html).toContain(`<option value="${adminId}">`);
    expect(html).toContain('href="/explore/?datasource_type=table&amp;datasource_id=');
  });

  it('confirms a delete naming the charts and dashboards that use the dataset, then deletes', async () => {
    const id = await createDataset('toys');
    const chart = await app.models().Chart.create({ slice_name: 'Toy count', viz_type: 'table', datasource_id: id, datasource_type: 'table' });
    const dashboard = await app.models().Dashboard.create({ dashboard_title: 'Toy board' });
    const { store } = await app.load<DbModule>('/app/server/db.server.ts');
    await store().sequelize.getQueryInterface().bulkInsert('dashboard_charts', [{ dashboard_id: dashboard.id, chart_id: chart.id }]);

    const confirm = await (await get(`/tablemodelview/list/?search=toy&delete=${id}`)).text();
    expect(confirm).toContain('Delete the dataset toys?');
    expect(confirm).toMatch(/is linked to 1 chart that appear on 1 dashboard/);
    expect(confirm).toContain('<li>Toy count</li>');
    expect(confirm).toContain('<li>Toy board</li>');
    expect(confirm).toContain('href="/tablemodelview/list/?search=toy"');

    const deleted = await post(`/tablemodelview/list/?search=toy&delete=${id}`, { intent: 'delete', id: String(id) });
    expect(deleted.headers.get('Location')).toBe('/tablemodelview/list/?search=toy');
    expect(await follow(deleted)).toContain('Deleted: toys');
    expect(await app.models().Dataset.findByPk(id)).toBeNull();
  });

  it('bulk deletes after a confirmation listing what uses the datasets', async () => {
    const a = (await app.models().Dataset.create({ database_id: databaseId, table_name: 'bulk_a', sql: 'SELECT 1 AS x' })).id;
    const b = (await app.models().Dataset.create({ database_id: databaseId, table_name: 'bulk_b', sql: 'SELECT 2 AS x' })).id;
    await app.models().Chart.create({ slice_name: 'Bulk chart', viz_type: 'table', datasource_id: a, datasource_type: 'table' });
    const asked = await post('/tablemodelview/list/', [['intent', 'bulk-delete'], ['ids', String(a)], ['ids', String(b)]]);
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(html).toContain('Delete these 2 datasets?');
    expect(html).toContain('bulk_a: Bulk chart');
    expect(await app.models().Dataset.count({ where: { id: [a, b] } })).toBe(2);
    const done = await post('/tablemodelview/list/', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(a)], ['ids', String(b)]]);
    expect(done.status).toBe(302);
    expect(await app.models().Dataset.count({ where: { id: [a, b] } })).toBe(0);
    expect((await post('/tablemodelview/list/', { intent: 'bulk-delete' })).status).toBe(400);
  });
});

describe('the editor without JavaScript', () => {
  let id: number;
  beforeAll(async () => {
    id = (await app.models().Dataset.findOne({ where: { table_name: 'people' } }))!.id;
  });

  it('shows every section stacked, the columns, the metrics and one blank row to add with', async () => {
    const html = await (await get(`/dataset/${id}/edit`)).text();
    for (const title of ['Source', 'Columns', 'Calculated columns', 'Metrics', 'Settings']) expect(html).toContain(`>${title}</h2>`);
    expect(html).toContain('value="people"');
    for (const column of ['id', 'name', 'born', 'score']) expect(html).toContain(`aria-label="Label of ${column}"`);
    expect(html).toContain('Sync columns from source');
    expect(html).toContain('New calculated column');
    expect(html).toContain('New metric');
    expect((await get(`/tablemodelview/edit/${id}`)).headers.get('Location')).toBe(`/dataset/${id}/edit`);
    for (const bad of ['abc', '0', '99999999', '1.5']) {
      expect((await get(`/dataset/${bad}/edit`)).status, bad).toBe(404);
      expect((await post(`/dataset/${bad}/edit`, { intent: 'save' })).status, bad).toBe(404);
    }
  });

  it('asks to confirm, then saves labels, settings, a calculated column and a metric', async () => {
    const html = await (await get(`/dataset/${id}/edit`)).text();
    let fields = formFields(html);
    const nameIndex = /name="columns\.(\d+)\.verbose_name"[^>]*aria-label="Label of name"|aria-label="Label of name"[^>]*name="columns\.(\d+)\.verbose_name"/.exec(html);
    expect(nameIndex).not.toBeNull();
    const row = nameIndex![1] ?? nameIndex![2];
    const blankColumn = /name="columns\.(\d+)\.column_name"[^>]*value=""/.exec(html)![1];
    const blankMetric = /name="metrics\.(\d+)\.metric_name"[^>]*value=""/.exec(html)![1];
    fields = withField(fields, `columns.${row}.verbose_name`, 'Full name');
    fields = withField(fields, 'description', 'Everyone we know');
    fields = withField(fields, 'cache_timeout', '300');
    fields = withField(fields, 'warning_markdown', 'Test data only');
    fields = withField(fields, `columns.${blankColumn}.column_name`, 'double_score');
    fields = withField(fields, `columns.${blankColumn}.expression`, 'score * 2');
    fields = withField(fields, `metrics.${blankMetric}.metric_name`, 'total_score');
    fields = withField(fields, `metrics.${blankMetric}.expression`, 'SUM(score)');
    fields = withField(fields, `metrics.${blankMetric}.d3format`, ',.1f');

    const asked = await post(`/dataset/${id}/edit`, [...fields, ['intent', 'save']]);
    expect(asked.status).toBe(200);
    const confirm = await asked.text();
    expect(confirm).toContain('Confirm save');
    expect(confirm).toContain('Are you sure you want to save and apply changes?');
    expect(confirm).toContain('affects all the charts using this dataset');
    expect(confirm).toContain('value="Full name"');
    expect((await app.models().Dataset.findByPk(id))!.description).toBeNull();

    const saved = await post(`/dataset/${id}/edit`, [...formFields(confirm), ['intent', 'confirm-save']]);
    expect(saved.headers.get('Location')).toBe(`/dataset/${id}/edit`);
    const after = await follow(saved);
    expect(after).toContain('The dataset has been saved');
    expect(after).toContain('value="Full name"');
    const stored = (await app.models().Dataset.findByPk(id))!;
    expect(stored).toMatchObject({ description: 'Everyone we know', cache_timeout: 300 });
    expect(JSON.parse(stored.extra!)).toMatchObject({ warning_markdown: 'Test data only' });
    expect(await app.models().TableColumn.findOne({ where: { table_id: id, column_name: 'name' } })).toMatchObject({ verbose_name: 'Full name' });
    expect(await app.models().TableColumn.findOne({ where: { table_id: id, column_name: 'double_score' } })).toMatchObject({ expression: 'score * 2' });
    expect(await app.models().SqlMetric.findOne({ where: { table_id: id, metric_name: 'total_score' } })).toMatchObject({ expression: 'SUM(score)', d3format: ',.1f' });
  });

  it('removes a metric marked for removal', async () => {
    const html = await (await get(`/dataset/${id}/edit`)).text();
    const index = /name="metrics\.(\d+)\.metric_name"[^>]*value="total_score"/.exec(html)![1];
    const saved = await post(`/dataset/${id}/edit`, [...formFields(html), [`metrics.${index}.remove`, 'on'], ['intent', 'confirm-save']]);
    expect(saved.status).toBe(302);
    expect(await app.models().SqlMetric.count({ where: { table_id: id, metric_name: 'total_score' } })).toBe(0);
  });

  it('keeps what was typed and shows the browser-side and the server’s errors', async () => {
    const fields = formFields(await (await get(`/dataset/${id}/edit`)).text());
    const bad = await post(`/dataset/${id}/edit`, [...withField(fields, 'template_params', '{nope'), ['intent', 'save']]);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/<p id="ds-template_params-error"[^>]*>Template parameters are not valid JSON.<\/p>/);
    expect(badHtml).toContain('{nope');

    const dateRow = /name="columns\.(\d+)\.python_date_format"[^>]*aria-label="Datetime format of born"|aria-label="Datetime format of born"[^>]*name="columns\.(\d+)\.python_date_format"/.exec(badHtml)!;
    const refused = await post(`/dataset/${id}/edit`, [...withField(fields, `columns.${dateRow[1] ?? dateRow[2]}.python_date_format`, 'bogus'), ['intent', 'confirm-save']]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('Error saving dataset');
    expect(refusedHtml).toContain('value="bogus"');
  });

  it('syncs the columns from the source', async () => {
    await sqlite('ALTER TABLE people ADD COLUMN nickname TEXT');
    const synced = await post(`/dataset/${id}/edit`, { intent: 'sync-columns' });
    const html = await follow(synced);
    expect(html).toContain('Metadata has been synced');
    expect(html).toContain('New columns added: nickname');
    expect(html).toContain('aria-label="Label of nickname"');
  });

  it('refuses to save a dataset managed externally', async () => {
    const managed = (await app.models().Dataset.findOne({ where: { table_name: 'pets' } }))!.id;
    await app.models().Dataset.update({ is_managed_externally: true }, { where: { id: managed } });
    const html = await (await get(`/dataset/${managed}/edit`)).text();
    expect(html).toContain('This dataset is managed externally, and can&#x27;t be edited in Sightline.');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*name="intent" value="save"[^>]*disabled=""/);
    const refused = await post(`/dataset/${managed}/edit`, [...formFields(html), ['intent', 'confirm-save']]);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Error saving dataset');
  });

  it('lets only owners and admins save: others read it with the owners-only text', async () => {
    const alpha = await app.createUser({ username: 'alf', roles: ['Alpha'] });
    const theirs = await app.loginWithCookie(alpha.username, alpha.password);
    const html = await (await get(`/dataset/${id}/edit`, theirs)).text();
    expect(html).toContain('You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.');
    const list = await (await get('/tablemodelview/list/?search=people', theirs)).text();
    expect(list).not.toContain(`href="/dataset/${id}/edit"`);
    const fields = formFields(await (await get(`/dataset/${id}/edit`)).text());
    const refused = await post(`/dataset/${id}/edit`, [...fields, ['intent', 'confirm-save']], theirs);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('You must be a dataset owner in order to edit.');
  });
});

describe('hostile input', () => {
  const HOSTILE = ["'", '"; DROP TABLE datasets; --', '__proto__', '-1', '0', '1.5', '99999999999999999999999', 'x'.repeat(5000), '%00', '😀', '[]', '{}', 'NaN'];

  it('the list, the add page and the editor answer bad query strings without a 500', async () => {
    const id = (await app.models().Dataset.findOne({ where: { table_name: 'people' } }))!.id;
    for (const value of HOSTILE) {
      const v = encodeURIComponent(value);
      for (const p of [
        ...['page', 'sort', 'dir', 'search', 'owner', 'database', 'schema', 'type', 'delete'].map((k) => `/tablemodelview/list/?${k}=${v}`),
        `/dataset/add/?database=${v}`, `/dataset/add/?database=${databaseId}&schema=${v}`, `/dataset/${id}/edit?tab=${v}`, `/tablemodelview/edit/${v}`,
      ]) {
        const status = (await get(p)).status;
        expect(status, `${p}`).toBeLessThan(500);
      }
    }
  });

  it('the pages’ forms answer hostile fields with 4xx, never a 500', async () => {
    const id = (await app.models().Dataset.findOne({ where: { table_name: 'people' } }))!.id;
    const fields = formFields(await (await get(`/dataset/${id}/edit`)).text());
    for (const value of HOSTILE) {
      const answers = await Promise.all([
        post('/tablemodelview/list/', { intent: 'delete', id: value }),
        post('/tablemodelview/list/', [['intent', 'bulk-delete'], ['ids', value], ['confirmed', 'yes']]),
        post('/tablemodelview/list/', { intent: value }),
        post('/dataset/add/', { intent: 'create', database: value, schema: value, table_name: value }),
        post('/dataset/add/', { intent: 'create', database: String(databaseId), schema: 'main', table_name: value }),
        post(`/dataset/${id}/edit`, { intent: value }),
      ]);
      for (const [i, a] of answers.entries()) expect(a.status, `form ${i} with ${value.slice(0, 20)}`).toBeLessThan(500);
      for (const name of ['cache_timeout', 'offset', 'owners', 'extra', 'template_params', 'main_dttm_col', 'external_url', 'columns.0.id', 'columns.0.type',
        'metrics.0.currency_symbol', 'metrics.0.d3format', 'metrics.0.id', 'columns.77777.column_name']) {
        const a = await post(`/dataset/${id}/edit`, [...withField(fields, name, value), ['intent', 'confirm-save']]);
        expect(a.status, `${name}=${value.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});
