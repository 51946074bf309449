/**
 * `GET /api/v1/database/<id>/schema_columns/` against real engines: a SQLite file, a fresh
 * PostgreSQL database and a fresh MariaDB database, through the app's real request handler with
 * its own temp metadata store. Every table's and view's columns come back in one answer, in table
 * then column order, behind the same permission and database-access checks as the table list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { apiClient, type Json } from '../helpers/database-api';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, mariadbAdmin, serviceAvailable } from '../helpers/engine-fixtures';

type IntrospectModule = typeof import('../../app/server/engines/introspect.server');
type Answer = { count: number; result: { table: string; columns: { name: string; type: string }[] }[]; schema: string; truncated: boolean; backend: string };

const pgUp = await serviceAvailable('postgresql');
const mariaUp = await serviceAvailable('mariadb');

let app: AppUnderTest;
const tokens: Record<string, string> = {};
const admin = () => apiClient(app, () => tokens.admin);
const q = (value: unknown) => `?q=${encodeRisonUri(value)}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-schema-columns-'));
const sqliteFile = path.join(tmp, 'warehouse.sqlite');

function sqliteExec(sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(sqliteFile);
    db.exec(sql, (error) => db.close(() => (error ? reject(error) : resolve())));
  });
}

async function create(body: Json): Promise<number> {
  const answer = await admin().post('/api/v1/database/', body);
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: number }).id;
}

const columnsByTable = (answer: Answer) => Object.fromEntries(answer.result.map((t) => [t.table, t.columns.map((c) => c.name)]));

beforeAll(async () => {
  app = await startApp();
  tokens.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const gamma = await app.createUser({ username: 'gus', roles: ['Gamma'] });
  tokens.gamma = (await app.login(gamma.username, gamma.password)).accessToken;
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('SQLite', () => {
  let id: number;

  beforeAll(async () => {
    await sqliteExec(`
      CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id integer NOT NULL, amount NUMERIC(10, 2));
      CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, "Created At" TIMESTAMP);
      CREATE VIEW big_orders AS SELECT id, amount FROM orders WHERE amount > 100;
      CREATE TABLE scratch (x INTEGER);
      CREATE VIEW broken AS SELECT x FROM scratch;
      DROP TABLE scratch;`);
    id = await create({ database_name: 'sqlite warehouse', sqlalchemy_uri: `sqlite:///${sqliteFile}` });
  });

  it('answers every table and view with its columns and types, in order, leaving out a broken view', async () => {
    const answer = await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: 'main' })}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 3, schema: 'main', truncated: false, backend: 'sqlite' });
    expect(answer.body.result).toEqual([
      { table: 'big_orders', columns: [{ name: 'id', type: 'INTEGER' }, { name: 'amount', type: 'NUMERIC(10, 2)' }] },
      { table: 'customers', columns: [{ name: 'id', type: 'INTEGER' }, { name: 'name', type: 'TEXT' }, { name: 'Created At', type: 'TIMESTAMP' }] },
      { table: 'orders', columns: [{ name: 'id', type: 'INTEGER' }, { name: 'customer_id', type: 'INTEGER' }, { name: 'amount', type: 'NUMERIC(10, 2)' }] },
    ]);
    // Without a schema: the engine's default one, which for SQLite is main.
    const byDefault = await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/`);
    expect(byDefault.body.schema).toBe('main');
    expect(byDefault.body.result).toEqual(answer.body.result);
    expect((await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: 'nope' })}`)).body).toMatchObject({ count: 0, result: [] });
  });

  it('caps the columns and says when it cut the list', async () => {
    const introspect = await app.load<IntrospectModule>('/app/server/engines/introspect.server.ts');
    const cut = await introspect.listSchemaColumns({ databaseId: 'cap-test', uri: `sqlite:///${sqliteFile}` }, 'main', 4);
    expect(cut.truncated).toBe(true);
    expect(cut.tables.map((t) => [t.table, t.columns.length])).toEqual([['big_orders', 2], ['customers', 2]]);
    expect((await introspect.listSchemaColumns({ databaseId: 'cap-test', uri: `sqlite:///${sqliteFile}` }, 'main', 8)).truncated).toBe(false);
  });

  it('refuses what the table list refuses: bad input, other methods, unknown ids, users without access', async () => {
    const bad = await admin().get<{ message: string }>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: '' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('schema_name');
    expect((await admin().get(`/api/v1/database/${id}/schema_columns/${q({ schema_name: 1 })}`)).status).toBe(400);
    expect((await admin().post(`/api/v1/database/${id}/schema_columns/`, {})).status).toBe(405);
    expect((await admin().get('/api/v1/database/999999/schema_columns/')).status).toBe(404);
    const gamma = await apiClient(app, () => tokens.gamma).get<{ message: string }>(`/api/v1/database/${id}/schema_columns/`);
    expect(gamma.status).toBe(403);
    expect(gamma.body.message).toContain('database_access');
  });

  it('caches for table_cache_timeout, force reads through, and an edit drops the entry', async () => {
    const extra = JSON.stringify({ metadata_cache_timeout: { table_cache_timeout: 600 } });
    expect((await admin().put(`/api/v1/database/${id}`, { extra })).status).toBe(200);
    const path1 = `/api/v1/database/${id}/schema_columns/${q({ schema_name: 'main' })}`;
    expect(columnsByTable((await admin().get<Answer>(path1)).body)).not.toHaveProperty('fresh');
    await sqliteExec('CREATE TABLE fresh (a INTEGER, b TEXT)');
    expect(columnsByTable((await admin().get<Answer>(path1)).body)).not.toHaveProperty('fresh');
    const forced = await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: 'main', force: true })}`);
    expect(columnsByTable(forced.body).fresh).toEqual(['a', 'b']);
    expect(await app.models().CacheEntry.findByPk(`db:${id}:schema_columns:main`)).not.toBeNull();
    expect((await admin().put(`/api/v1/database/${id}`, { allow_dml: false })).status).toBe(200);
    expect(await app.models().CacheEntry.findByPk(`db:${id}:schema_columns:main`)).toBeNull();
  });
});

describe.skipIf(!pgUp)('PostgreSQL', () => {
  let db: TempDatabase;
  let id: number;

  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_schema_columns');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`
      CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, gone int, "Email" varchar(200));
      ALTER TABLE customers DROP COLUMN gone;
      CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customers (id), amount numeric(10, 2), placed_at timestamptz);
      CREATE VIEW recent_orders AS SELECT id, placed_at FROM orders;
      CREATE MATERIALIZED VIEW totals AS SELECT customer_id, sum(amount) AS total FROM orders GROUP BY customer_id;
      CREATE SCHEMA sales;
      CREATE TABLE sales.deals (id int PRIMARY KEY, value bigint);`);
    await client.end();
    id = await create({ database_name: 'pg warehouse', sqlalchemy_uri: db.url });
  }, 120_000);

  afterAll(async () => {
    if (id) await admin().del(`/api/v1/database/${id}`);
    await db?.drop();
  });

  it('answers tables, views and materialized views of the schema, without dropped columns', async () => {
    const answer = await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: 'public' })}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 4, schema: 'public', truncated: false, backend: 'postgresql' });
    expect(columnsByTable(answer.body)).toEqual({
      customers: ['id', 'name', 'Email'],
      orders: ['id', 'customer_id', 'amount', 'placed_at'],
      recent_orders: ['id', 'placed_at'],
      totals: ['customer_id', 'total'],
    });
    const orders = answer.body.result.find((t) => t.table === 'orders');
    expect(orders?.columns.map((c) => c.type)).toEqual(['INTEGER', 'INTEGER', 'NUMERIC(10,2)', 'TIMESTAMP WITH TIME ZONE']);
    // The default schema is public; another schema answers its own tables only.
    expect((await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/`)).body.schema).toBe('public');
    const sales = await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: 'sales' })}`);
    expect(sales.body.result).toEqual([{ table: 'deals', columns: [{ name: 'id', type: 'INTEGER' }, { name: 'value', type: 'BIGINT' }] }]);
  });
});

describe.skipIf(!mariaUp)('MariaDB', () => {
  let db: TempDatabase;
  let id: number;

  beforeAll(async () => {
    db = await createTempMariaDatabase('sightline_test_schema_columns');
    const c = await mariadbAdmin(db.name);
    await c.query(`
      CREATE TABLE authors (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL);
      CREATE TABLE books (id INT PRIMARY KEY, author_id INT NOT NULL, title VARCHAR(200), price DECIMAL(8, 2));
      CREATE VIEW cheap_books AS SELECT id, title FROM books WHERE price < 10;`);
    await c.end();
    id = await create({ database_name: 'maria warehouse', sqlalchemy_uri: db.url });
  }, 120_000);

  afterAll(async () => {
    if (id) await admin().del(`/api/v1/database/${id}`);
    await db?.drop();
  });

  it('answers every table and view of the database (a MySQL schema), in order', async () => {
    const answer = await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/${q({ schema_name: db.name })}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ count: 3, schema: db.name, truncated: false, backend: 'mysql' });
    expect(columnsByTable(answer.body)).toEqual({ authors: ['id', 'name'], books: ['id', 'author_id', 'title', 'price'], cheap_books: ['id', 'title'] });
    const books = answer.body.result.find((t) => t.table === 'books');
    expect(books?.columns.find((c) => c.name === 'price')?.type).toBe('DECIMAL(8,2)');
    expect(books?.columns.find((c) => c.name === 'title')?.type).toBe('VARCHAR(200)');
    // The URI's database is the default schema.
    expect((await admin().get<Answer>(`/api/v1/database/${id}/schema_columns/`)).body.schema).toBe(db.name);
  });
});
