/**
 * The database pages as a browser without JavaScript uses them: plain GETs and form POSTs with
 * the session cookie, through the real Remix handler, against the SQLite engine (a temp file)
 * and, when it is up, this machine's PostgreSQL. The e2e test drives the same pages in Chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';

const pgUp = await serviceAvailable('postgresql');

let app: AppUnderTest;
let session: { cookie: string; csrfToken: string };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-dbpages-'));
const sqliteFile = path.join(tmp, 'warehouse.sqlite');

const page = (p: string) => app.fetch(p, { headers: { Cookie: session.cookie } });

function post(p: string, fields: Record<string, string>) {
  const body = new URLSearchParams({ csrf_token: session.csrfToken, ...fields });
  return app.fetch(p, { method: 'POST', body, headers: { Cookie: session.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

/** The fields a browser submits from the form as it is first rendered (checked boxes as "on"). */
const SETTINGS = { expose_in_sqllab: 'on', allows_virtual_table_explore: 'on', cache_timeout: '', schema_cache_timeout: '', table_cache_timeout: '', force_ctas_schema: '',
  schemas_allowed_for_file_upload: '', engine_params: '', extra: '' };

beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(sqliteFile, (error) => (error ? reject(error) : db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)', () => db.close(() => resolve()))));
  });
  app = await startApp();
  session = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('add page without JavaScript', () => {
  it('offers the engines, then renders all four sections stacked with labelled fields', async () => {
    const picker = await (await page('/databaseview/add')).text();
    expect(picker).toContain('href="/databaseview/add?engine=postgresql&amp;method=parameters"');
    const html = await (await page('/databaseview/add?engine=postgresql&method=parameters')).text();
    for (const title of ['Connection', 'Performance', 'Security', 'Advanced']) expect(html).toMatch(new RegExp(`<h2 id="section-${title.toLowerCase()}"[^>]*>${title}</h2>`));
    for (const name of ['parameters.host', 'parameters.port', 'parameters.password', 'cache_timeout', 'allow_dml', 'extra', 'engine_params']) {
      const id = `db-${name.replace('.', '-')}`;
      expect(html, name).toContain(`name="${name}"`);
      expect(html, name).toContain(`for="${id}"`);
    }
    expect(html).toContain('value="5432"');
    const sqlite = await (await page('/databaseview/add?engine=sqlite&method=parameters')).text();
    expect(sqlite).toContain('name="parameters.database"');
    expect(sqlite).not.toContain('name="parameters.host"');
  });

  it('keeps what was typed and says which fields are required, with status 400', async () => {
    const response = await post('/databaseview/add?engine=postgresql&method=parameters', {
      ...SETTINGS, intent: 'save', engine: 'postgresql', connect_with: 'parameters', database_name: 'kept name',
      'parameters.host': '', 'parameters.port': '5432', 'parameters.database': '', 'parameters.username': 'bob', 'parameters.password': 'typed-secret', 'parameters.query': '',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="kept name"');
    expect(html).toContain('value="bob"');
    for (const field of ['host', 'database']) expect(html).toMatch(new RegExp(`<p id="db-parameters-${field}-error"[^>]*>This is a required field</p>`));
    expect(html).not.toContain('db-parameters-username-error');
    expect(html).not.toContain('typed-secret');
    expect(html).toContain('the password you typed is not sent back');
  });

  it('tests a SQLite connection, saves it, lists it with Edit and Delete, and edits it', async () => {
    const fields = { ...SETTINGS, engine: 'sqlite', connect_with: 'parameters', database_name: 'files', 'parameters.database': sqliteFile, 'parameters.query': '' };
    const tested = await post('/databaseview/add?engine=sqlite&method=parameters', { ...fields, intent: 'test-connection' });
    expect(tested.status).toBe(200);
    const testedHtml = await tested.text();
    expect(testedHtml).toContain('Connection looks good!');
    expect(testedHtml).toContain(`value="${sqliteFile}"`);
    const broken = await post('/databaseview/add?engine=sqlite&method=parameters', { ...fields, 'parameters.database': path.join(tmp, 'missing.sqlite'), intent: 'test-connection' });
    expect(broken.status).toBe(422);
    expect(await broken.text()).toMatch(/ERROR: Unable to open the SQLite database/);

    const saved = await post('/databaseview/add?engine=sqlite&method=parameters', { ...fields, intent: 'save', allow_dml: 'on', cache_timeout: '60' });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('Location')).toBe('/databaseview/list/');
    const record = await app.models().Database.findOne({ where: { database_name: 'files' } });
    expect(record).toMatchObject({ sqlalchemy_uri: `sqlite:///${sqliteFile}`, allow_dml: true, cache_timeout: 60 });
    const list = await (await page('/databaseview/list/')).text();
    expect(list).toContain('+ Database');
    expect(list).toContain(`href="/databaseview/${record!.id}/edit"`);

    const edit = await (await page(`/databaseview/${record!.id}/edit`)).text();
    expect(edit).toContain('value="files"');
    const renamed = await post(`/databaseview/${record!.id}/edit`, { ...fields, intent: 'save', database_name: 'files renamed', schema_cache_timeout: 'soon' });
    expect(renamed.status).toBe(400);
    expect(await renamed.text()).toContain('The schema cache timeout must be a whole number of seconds.');
    expect((await post(`/databaseview/${record!.id}/edit`, { ...fields, intent: 'save', database_name: 'files renamed' })).status).toBe(302);
    expect((await app.models().Database.findByPk(record!.id))!.database_name).toBe('files renamed');
  });

  it('refuses to delete while a dataset uses the database, naming it; deletes once it is gone', async () => {
    const record = await app.models().Database.create({ database_name: 'in use', sqlalchemy_uri: `sqlite:///${sqliteFile}` });
    const dataset = await app.models().Dataset.create({ database_id: record.id, schema: 'main', table_name: 't' });
    const refused = await post('/databaseview/list/', { intent: 'delete', id: String(record.id) });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('Cannot delete a database that has datasets attached: main.t.');
    const fromEdit = await post(`/databaseview/${record.id}/edit`, { intent: 'delete' });
    expect(fromEdit.status).toBe(422);
    await dataset.destroy();
    const deleted = await post(`/databaseview/${record.id}/edit`, { intent: 'delete' });
    expect(deleted.status).toBe(302);
    expect(await app.models().Database.findByPk(record.id)).toBeNull();
    expect((await page(`/databaseview/${record.id}/edit`)).status).toBe(404);
  });

  it('is closed to users without can_write on Database', async () => {
    const gamma = await app.createUser({ username: 'gail', roles: ['Gamma'] });
    const theirs = await app.loginWithCookie(gamma.username, gamma.password);
    expect((await app.fetch('/databaseview/add', { headers: { Cookie: theirs.cookie } })).status).toBe(403);
    const list = await (await app.fetch('/databaseview/list/', { headers: { Cookie: theirs.cookie } })).text();
    expect(list).not.toContain('+ Database');
  });
});

describe.skipIf(!pgUp)('PostgreSQL through the form', () => {
  let db: TempDatabase;
  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_dbpages');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('saves parameters with a password, shows the mask on edit, and keeps the password when the mask is saved', async () => {
    const fields = {
      ...SETTINGS, engine: 'postgresql', connect_with: 'parameters', database_name: 'pg form', 'parameters.host': '127.0.0.1', 'parameters.port': '5432',
      'parameters.database': db.name, 'parameters.username': 'postgres', 'parameters.password': 's3cret-pw', 'parameters.query': 'application_name=sightline-form',
    };
    expect((await post('/databaseview/add?engine=postgresql&method=parameters', { ...fields, intent: 'save' })).status).toBe(302);
    const record = (await app.models().Database.findOne({ where: { database_name: 'pg form' } }))!;
    expect(record.sqlalchemy_uri).toBe(`postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/${db.name}?application_name=sightline-form`);
    const edit = await (await page(`/databaseview/${record.id}/edit`)).text();
    expect(edit).toContain('value="XXXXXXXXXX"');
    expect(edit).not.toContain('s3cret-pw');
    expect((await post(`/databaseview/${record.id}/edit`, { ...fields, 'parameters.password': 'XXXXXXXXXX', intent: 'save' })).status).toBe(302);
    const { decryptSecret } = await app.load<typeof import('../../app/server/databases/secrets.server')>('/app/server/databases/secrets.server.ts');
    expect(decryptSecret((await app.models().Database.findByPk(record.id))!.encrypted_password!)).toBe('s3cret-pw');
  });
});
