/**
 * Datasets from SQL Lab through the real Remix handler, on a SQLite warehouse: POST
 * /api/v1/dataset/ (virtual, with its columns learnt by running the SQL; physical), validation
 * (400 with field messages), permissions (can_write on Dataset, database access), the duplicate
 * 422, SQL errors in the engine envelope, GET /api/v1/dataset/{id} with a column selection,
 * get_or_create, and the Explore page's loader.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '~/lib/rison';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type Column = { column_name: string; type: string | null; type_generic: number | null; is_dttm: boolean };
type Created = { id: number; result: Json & { columns: Column[] } };
type Shown = { id: number; result: Json & { columns: Column[]; database: Json; sql: string | null; select_star: string } };
type Errors = { errors: { message: string; error_type: string; extra: Json }[] };
type FieldMessages = { message: Record<string, string[]> };

describe('datasets API', () => {
  let s: SqlLabApp;
  let file: ReturnType<typeof tempSqliteFile>;
  let db: { id: number; database_name: string };
  let other: { id: number; database_name: string };

  beforeAll(async () => {
    s = await startSqlLabApp({ worker: false });
    file = tempSqliteFile();
    fs.writeFileSync(file.file, '');
    const uri = `sqlite:///${file.file}`;
    db = await s.addDatabase({ database_name: 'shop', sqlalchemy_uri: uri, allow_dml: true });
    other = await s.addDatabase({ database_name: 'private', sqlalchemy_uri: uri });
    const setup = await s.execute({
      database_id: db.id,
      sql: `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL, placed_at TIMESTAMP);
            INSERT INTO orders VALUES (1, 'Ada', 10.5, '2024-01-02 10:00:00'), (2, 'Bob', 3, '2024-02-03 11:00:00')`,
    });
    expect(setup.status, setup.text).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  const virtual = (fields: Json = {}) => ({ database: db.id, schema: null, sql: 'SELECT customer, SUM(amount) AS total FROM orders GROUP BY customer', table_name: 'totals', ...fields });

  it('creates a virtual dataset, keeps its SQL unrendered, and stores the columns the SQL returns', async () => {
    const sql = "SELECT id, customer, amount FROM orders WHERE customer != '{{ nobody }}'";
    const created = await s.call<Created>('POST', '/api/v1/dataset/', { ...virtual({ table_name: 'orders_view', sql }), is_managed_externally: false, external_url: null });
    expect(created.status, created.text).toBe(201);
    expect(created.body.result).toMatchObject({ database: db.id, table_name: 'orders_view', sql });
    expect(created.body.result.columns.map((c) => c.column_name)).toEqual(['id', 'customer', 'amount']);

    const shown = await s.call<Shown>('GET', `/api/v1/dataset/${created.body.id}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.result).toMatchObject({ table_name: 'orders_view', kind: 'virtual', sql, database: { id: db.id, database_name: 'shop' } });
    expect(shown.body.result.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([['id', 0, false], ['customer', 1, false], ['amount', 0, false]]);
    expect(shown.body.result.select_star).toContain(sql);

    const picked = await s.call<{ result: Json }>('GET', `/api/v1/dataset/${created.body.id}?q=${encodeRisonUri({ columns: ['name', 'schema', 'database.id', 'select_star'] })}`);
    expect(picked.status, picked.text).toBe(200);
    expect(Object.keys(picked.body.result).sort()).toEqual(['database', 'name', 'schema', 'select_star']);
    expect(picked.body.result.database).toEqual({ id: db.id });

    const listed = await s.call<{ result: Json[] }>('GET', `/api/v1/dataset/?q=${encodeRisonUri({ filters: [{ col: 'table_name', opr: 'eq', value: 'orders_view' }] })}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.result.map((d) => d.id)).toEqual([created.body.id]);
  });

  it('refuses bad input with field messages (400)', async () => {
    const missing = await s.call<FieldMessages>('POST', '/api/v1/dataset/', { sql: 'SELECT 1' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatchObject({ database: ['Missing data for required field.'], table_name: ['Missing data for required field.'] });
    const wrong = await s.call<FieldMessages>('POST', '/api/v1/dataset/', { ...virtual(), table_name: '', external_url: 'not a url', surprise: 1 });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.message).sort()).toEqual(['external_url', 'surprise', 'table_name']);
    const noDb = await s.call<FieldMessages>('POST', '/api/v1/dataset/', virtual({ database: 999_999 }));
    expect(noDb.status).toBe(422);
    expect(noDb.body.message).toEqual({ database: ['Database does not exist'] });
  });

  it('refuses a second dataset of the same name in the same database and schema (422)', async () => {
    const first = await s.call<Created>('POST', '/api/v1/dataset/', virtual({ table_name: 'twice' }));
    expect(first.status, first.text).toBe(201);
    const second = await s.call<FieldMessages>('POST', '/api/v1/dataset/', virtual({ table_name: 'twice', sql: 'SELECT 1 AS one' }));
    expect(second.status).toBe(422);
    expect(second.body.message).toEqual({ table: ['Dataset twice already exists'] });
  });

  it('answers SQL errors in the engine envelope and creates nothing', async () => {
    const missing = await s.call<Errors>('POST', '/api/v1/dataset/', virtual({ table_name: 'broken', sql: 'SELECT * FROM no_such_table' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(missing.body.errors[0].message).toContain('no_such_table');
    const dml = await s.call<Errors>('POST', '/api/v1/dataset/', virtual({ table_name: 'dml', sql: 'DELETE FROM orders' }));
    expect(dml.status).toBe(422);
    expect(dml.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    const two = await s.call<Errors>('POST', '/api/v1/dataset/', virtual({ table_name: 'two', sql: 'SELECT 1; SELECT 2' }));
    expect(two.status).toBe(400);
    expect(two.body.errors[0].message).toContain('Only single queries supported');
    expect(await s.app.models().Dataset.count({ where: { table_name: ['broken', 'dml', 'two'] } })).toBe(0);
    const count = await s.execute<{ data: Json[] }>({ database_id: db.id, sql: 'SELECT COUNT(*) AS n FROM orders' });
    expect(count.body.data[0]).toEqual({ n: 2 });
  });

  it('needs can_write on Dataset and access to the database', async () => {
    const reader = await s.userWith('reader', [s.databaseAccess(db)], ['sql_lab', 'Gamma']);
    const refused = await s.call<{ message: string }>('POST', '/api/v1/dataset/', virtual({ table_name: 'by_reader' }), reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('can_write on Dataset');

    const writer = await s.userWith('writer', [['can_write', 'Dataset'], s.databaseAccess(db)], ['sql_lab', 'Gamma']);
    const made = await s.call<Created>('POST', '/api/v1/dataset/', virtual({ table_name: 'by_writer' }), writer.token);
    expect(made.status, made.text).toBe(201);
    const elsewhere = await s.call<{ message: string }>('POST', '/api/v1/dataset/', virtual({ database: other.id, table_name: 'by_writer' }), writer.token);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toContain('private');

    // The dataset lives in `private`: someone with access only to `shop` cannot read it.
    const adminMade = await s.call<Created>('POST', '/api/v1/dataset/', virtual({ database: other.id, table_name: 'secret' }));
    expect(adminMade.status, adminMade.text).toBe(201);
    expect((await s.call('GET', `/api/v1/dataset/${adminMade.body.id}`, undefined, writer.token)).status).toBe(403);
    expect((await s.call('GET', `/api/v1/dataset/${made.body.id}`, undefined, writer.token)).status).toBe(200);
    expect((await s.call('GET', '/api/v1/dataset/999999')).status).toBe(404);
    expect((await s.app.fetch('/api/v1/dataset/', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(401);
  });

  it('get_or_create finds a table’s dataset or makes a physical one with the table’s columns', async () => {
    const made = await s.call<{ result: { table_id: number } }>('POST', '/api/v1/dataset/get_or_create/', { database_id: db.id, table_name: 'orders' });
    expect(made.status, made.text).toBe(200);
    const again = await s.call<{ result: { table_id: number } }>('POST', '/api/v1/dataset/get_or_create/', { database_id: db.id, table_name: 'orders' });
    expect(again.body.result.table_id).toBe(made.body.result.table_id);
    const shown = await s.call<Shown>('GET', `/api/v1/dataset/${made.body.result.table_id}`);
    expect(shown.body.result).toMatchObject({ kind: 'physical', sql: null });
    expect(shown.body.result.columns.map((c) => [c.column_name, c.is_dttm])).toEqual([['id', false], ['customer', false], ['amount', false], ['placed_at', true]]);
    const missing = await s.call<FieldMessages>('POST', '/api/v1/dataset/get_or_create/', { database_id: db.id, table_name: 'nope' });
    expect(missing.status).toBe(422);
    expect(missing.body.message.table[0]).toContain('Table [nope] could not be found');
    expect((await s.call('POST', '/api/v1/dataset/get_or_create/', { table_name: 'orders' })).status).toBe(400);
  });

  it("the Explore page loads a dataset the user may see; a missing one gets the spec's alert", async () => {
    const created = await s.call<Created>('POST', '/api/v1/dataset/', virtual({ table_name: 'for_explore' }));
    const { cookie } = await s.app.loginWithCookie('admin', 'admin-password-for-tests');
    const page = await s.app.fetch(`/explore/?datasource_type=table&datasource_id=${created.body.id}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('for_explore');
    expect(html).toMatch(/>total<\/span>/);
    const missing = await s.app.fetch('/explore/?datasource_type=table&datasource_id=999999', { headers: { Cookie: cookie } });
    expect(missing.status).toBe(200);
    expect(await missing.text()).toContain('The dataset linked to this chart may have been deleted.');
    const malformed = await s.app.fetch('/explore/?datasource_type=table&datasource_id=abc', { headers: { Cookie: cookie } });
    expect(await malformed.text()).toContain('The URL is missing the dataset_id or slice_id parameters.');
  });

  it('SQL Lab opens a dataset by its datasource key, and a posted query lands on the key’s database', async () => {
    type PageModule = typeof import('../../app/routes/sqllab._index/page.server');
    const page = await s.app.load<PageModule>('/app/routes/sqllab._index/page.server.ts');
    const created = await s.call<Created>('POST', '/api/v1/dataset/', virtual({ table_name: 'for_sqllab' }));
    const { cookie } = await s.app.loginWithCookie('admin', 'admin-password-for-tests');
    const load = (query: string) => page.loadSqlLabPage(new Request(`http://localhost/sqllab/${query}`, { headers: { Cookie: cookie } }));

    const opened = await load(`?datasourceKey=${created.body.id}__table`);
    expect(opened.openError).toBeNull();
    expect(opened.requested).toMatchObject({ name: 'for_sqllab', sql: virtual().sql, dbId: db.id });
    expect((await load('?datasourceKey=999999__table')).openError).toBe("The datasource couldn't be loaded");

    // Posted by another site's form (no session cookie): carried to a confirmation on the key's database.
    const form = new URLSearchParams({ datasourceKey: `${created.body.id}__table`, sql: 'SELECT COUNT(*) FROM orders', form_data: '{}' });
    const posted = await page.sqlLabPageAction(new Request('http://localhost/sqllab/', { method: 'POST', body: form }));
    expect(posted).toBeInstanceOf(Response);
    const location = (posted as Response).headers.get('Location') ?? '';
    expect(location).toContain(`datasourceKey=${created.body.id}__table`);
    const confirm = await load(location.replace(/^\/sqllab\//, ''));
    expect(confirm.confirm).toEqual({ sql: 'SELECT COUNT(*) FROM orders', dbId: db.id, schema: null });
  });
});
