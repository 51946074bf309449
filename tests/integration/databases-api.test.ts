/**
 * The Database entity through `/api/v1/database/*`, against real engines on this machine: a fresh
 * PostgreSQL database (trusting 127.0.0.1), a scratch PostgreSQL cluster that asks for passwords
 * (the only way to see a wrong password refused), a fresh MariaDB database, and a SQLite examples
 * file. The app runs in-process with its own temp metadata store (tests/helpers/app-under-test.ts).
 * With CI=true an unreachable PostgreSQL or MariaDB fails the run instead of skipping.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { loadExamples } from '../../app/server/examples/load.server';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { apiClient, onlyError, type Json } from '../helpers/database-api';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, mariadbAdmin, serviceAvailable, startScratchPostgres, type ScratchPostgres } from '../helpers/engine-fixtures';

const pgUp = await serviceAvailable('postgresql');
const mariaUp = await serviceAvailable('mariadb');

const PG_FIXTURE = `
  CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, email varchar(200));
  CREATE INDEX customers_name_idx ON customers (name);
  CREATE TABLE orders (
    id int CONSTRAINT orders_pk PRIMARY KEY,
    customer_id int NOT NULL CONSTRAINT orders_customer_fk REFERENCES customers (id),
    amount numeric(10, 2) DEFAULT 0);
  CREATE TABLE events (id int, happened date NOT NULL) PARTITION BY RANGE (happened);
  CREATE SCHEMA sales;
  CREATE TABLE sales.deals (id int PRIMARY KEY);`;

const MARIA_FIXTURE = `
  CREATE TABLE authors (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, INDEX authors_name_idx (name));
  CREATE TABLE books (id INT PRIMARY KEY, author_id INT NOT NULL, title VARCHAR(200),
    CONSTRAINT books_author_fk FOREIGN KEY (author_id) REFERENCES authors (id));`;

let app: AppUnderTest;
const tokens: Record<string, string> = {};
const as = (who: string) => apiClient(app, () => tokens[who]);
const admin = () => as('admin');
const q = (value: unknown) => `?q=${encodeRisonUri(value)}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-dbapi-'));
const examplesFile = path.join(tmp, 'examples.sqlite');
let examplesId: number;

async function create(body: Json): Promise<number> {
  const answer = await admin().post('/api/v1/database/', body);
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: number }).id;
}

beforeAll(async () => {
  app = await startApp();
  tokens.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const gamma = await app.createUser({ username: 'gina', roles: ['Gamma'] });
  tokens.gamma = (await app.login(gamma.username, gamma.password)).accessToken;
  await loadExamples({ url: `sqlite:///${examplesFile}`, tables: ['energy_usage'] });
  examplesId = await create({ database_name: 'examples file', sqlalchemy_uri: `sqlite:///${examplesFile}`, expose_in_sqllab: true });
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the generic endpoints still answer for database', () => {
  it('_info, related and the list, with and without the trailing slash', async () => {
    for (const p of ['/api/v1/database/_info', '/api/v1/database/_info/']) {
      const info = await admin().get<{ permissions: string[] }>(`${p}${q({ keys: ['permissions'] })}`);
      expect(info.status, p).toBe(200);
      expect(info.body.permissions).toContain('can_write');
    }
    const related = await admin().get<{ count: number; result: { text: string }[] }>('/api/v1/database/related/created_by');
    expect(related.status).toBe(200);
    expect(related.body.result.map((r) => r.text)).toContain('Admin User');
    const list = await admin().get<{ result: { database_name: string }[] }>('/api/v1/database/');
    expect(list.status).toBe(200);
    expect(list.body.result.map((r) => r.database_name)).toContain('examples file');
  });

  it('answers 404 {message} for unknown ids, never a 500', async () => {
    for (const p of ['/api/v1/database/999999', '/api/v1/database/999999/', '/api/v1/database/abc', '/api/v1/database/999999/schemas/',
      '/api/v1/database/0/tables/?q=(schema_name:main)', '/api/v1/database/999999/table/t/s/', '/api/v1/database/999999/related_objects/']) {
      const answer = await admin().get(p);
      expect(answer.status, p).toBe(404);
      expect(typeof answer.body.message, p).toBe('string');
    }
    expect((await admin().put('/api/v1/database/999999', { allow_dml: true })).status).toBe(404);
    expect((await admin().del('/api/v1/database/999999')).status).toBe(404);
  });
});

describe('available engines', () => {
  it('lists each engine with its parameters schema and URI placeholder', async () => {
    const answer = await admin().get<{ databases: Json[] }>('/api/v1/database/available/');
    expect(answer.status).toBe(200);
    const byEngine = Object.fromEntries(answer.body.databases.map((d) => [d.engine, d]));
    expect(Object.keys(byEngine).sort()).toEqual(['mysql', 'postgresql', 'sqlite']);
    expect(byEngine.postgresql).toMatchObject({ name: 'PostgreSQL', preferred: true, engine_information: { supports_file_upload: true } });
    const parameters = byEngine.postgresql.parameters as { properties: Record<string, Json>; required: string[] };
    expect(parameters.required).toEqual(['host', 'database', 'username']);
    expect(parameters.properties.password).toMatchObject({ writeOnly: true });
    expect(String(byEngine.sqlite.sqlalchemy_uri_placeholder)).toMatch(/^sqlite:\/\//);
  });
});

describe('settings validation', () => {
  it('refuses unknown URI schemes, naming the supported ones', async () => {
    const answer = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', { database_name: 'x', sqlalchemy_uri: 'oracle://u:p@h/db' });
    expect(answer.status).toBe(400);
    expect(answer.body.message.sqlalchemy_uri[0]).toMatch(/"oracle:\/\/" is not supported.*PostgreSQL \(postgresql:\/\/, postgres:\/\/\)/);
  });

  it('requires a name and checks extra as a JSON object of known keys', async () => {
    const noName = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', { sqlalchemy_uri: 'sqlite://' });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.message)).toContain('database_name');
    const badJson = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', { database_name: 'y', sqlalchemy_uri: 'sqlite://', extra: '{oops' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message.extra[0]).toMatch(/not valid JSON/);
    const unknownKey = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', {
      database_name: 'y', sqlalchemy_uri: 'sqlite://', extra: JSON.stringify({ schema_cache_timout: 5 }),
    });
    expect(unknownKey.status).toBe(400);
    expect(Object.values(unknownKey.body.message).flat().join(' ')).toMatch(/Unknown key "schema_cache_timout"/);
    const badTimeout = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', {
      database_name: 'y', sqlalchemy_uri: 'sqlite://', extra: JSON.stringify({ metadata_cache_timeout: { schema_cache_timeout: -5 } }),
    });
    expect(badTimeout.status).toBe(400);
    expect(badTimeout.body.message['extra.metadata_cache_timeout.schema_cache_timeout']).toBeDefined();
  });

  it('refuses a duplicate name with 422, and the metadata store itself as a SQLite database', async () => {
    const duplicate = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', { database_name: 'examples file', sqlalchemy_uri: 'sqlite://' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message.database_name).toEqual(['A database with the same name already exists.']);
    const metaFile = app.databaseUrl.replace(/^sqlite:/, '');
    const meta = await admin().post<{ message: Record<string, string[]> }>('/api/v1/database/', { database_name: 'meta', sqlalchemy_uri: `sqlite:///${metaFile}` });
    expect(meta.status).toBe(422);
    expect(meta.body.message.sqlalchemy_uri[0]).toMatch(/metadata store/);
  });
});

describe('SQLite examples', () => {
  it('browses schemas, tables, metadata and select star', async () => {
    expect((await admin().get(`/api/v1/database/${examplesId}/schemas/`)).body).toEqual({ result: ['main'] });
    const tables = await admin().get<{ count: number; result: Json[] }>(`/api/v1/database/${examplesId}/tables/${q({ schema_name: 'main', force: false })}`);
    expect(tables.body.result).toContainEqual({ value: 'energy_usage', type: 'table', extra: null });
    expect(tables.body.count).toBe(tables.body.result.length);
    const meta = await admin().get<{ name: string; columns: { name: string }[]; selectStar: string }>(`/api/v1/database/${examplesId}/table/energy_usage/main/`);
    expect(meta.status).toBe(200);
    expect(meta.body.columns.map((c) => c.name)).toEqual(['source', 'target', 'value']);
    const star = await admin().get<{ result: string }>(`/api/v1/database/${examplesId}/select_star/energy_usage/`);
    expect(star.body.result).toMatch(/^SELECT "source",\s+"target",\s+"value"\nFROM "?main"?\."energy_usage"\nLIMIT 100$/);
    const missing = await admin().get(`/api/v1/database/${examplesId}/table/nope/main/`);
    expect(missing.status).toBe(404);
    expect(onlyError(missing).error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect((await admin().get(`/api/v1/database/${examplesId}/tables/`)).status).toBe(400);
  });
});

describe('permissions', () => {
  it('a Gamma user may read the list but neither write nor look inside a database without database_access', async () => {
    const gamma = as('gamma');
    expect((await gamma.get('/api/v1/database/')).status).toBe(200);
    expect((await gamma.post('/api/v1/database/', { database_name: 'g', sqlalchemy_uri: 'sqlite://' })).status).toBe(403);
    expect((await gamma.put(`/api/v1/database/${examplesId}`, { allow_dml: true })).status).toBe(403);
    expect((await gamma.del(`/api/v1/database/${examplesId}`)).status).toBe(403);
    expect((await gamma.post('/api/v1/database/test_connection/', { sqlalchemy_uri: 'sqlite://' })).status).toBe(403);
    expect((await gamma.post('/api/v1/database/validate_parameters/', { engine: 'sqlite', parameters: {} })).status).toBe(403);
    const schemas = await gamma.get(`/api/v1/database/${examplesId}/schemas/`);
    expect(schemas.status).toBe(403);
    expect(schemas.body.message).toContain(`database_access on [examples file].(id:${examplesId})`);
    expect((await gamma.get(`/api/v1/database/${examplesId}`)).status).toBe(403);
    expect((await gamma.get(`/api/v1/database/${examplesId}/select_star/energy_usage/`)).status).toBe(403);
  });

  it('granting the database_access permission created with the database opens it, and only it', async () => {
    const m = app.models();
    const permission = await m.Permission.findOne({ where: { permission_name: 'database_access', view_name: `[examples file].(id:${examplesId})` } });
    expect(permission).not.toBeNull();
    const role = await m.Role.create({ name: 'examples_reader' });
    await (role as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([permission!.id]);
    const user = await app.createUser({ username: 'rita', roles: ['Gamma', 'examples_reader'] });
    tokens.rita = (await app.login(user.username, user.password)).accessToken;
    expect((await as('rita').get(`/api/v1/database/${examplesId}/schemas/`)).body).toEqual({ result: ['main'] });
    const other = await create({ database_name: 'memory', sqlalchemy_uri: 'sqlite://' });
    expect((await as('rita').get(`/api/v1/database/${other}/schemas/`)).status).toBe(403);
    expect((await admin().del(`/api/v1/database/${other}`)).status).toBe(200);
  });
});

describe.skipIf(!pgUp)('PostgreSQL', () => {
  let db: TempDatabase;
  let id: number;
  let scratch: ScratchPostgres;

  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_dbapi');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(PG_FIXTURE);
    await client.end();
    id = await create({ database_name: 'pg warehouse', sqlalchemy_uri: db.url });
    scratch = await startScratchPostgres();
  }, 120_000);

  afterAll(async () => {
    if (id) await admin().del(`/api/v1/database/${id}`);
    await db?.drop();
    scratch?.stop();
  });

  it('lists schemas and tables, and describes keys, indexes, select star and partitions', async () => {
    const schemas = await admin().get<{ result: string[] }>(`/api/v1/database/${id}/schemas/${q({ force: true })}`);
    expect(schemas.body.result).toEqual(expect.arrayContaining(['public', 'sales']));
    const tables = await admin().get<{ result: { value: string }[] }>(`/api/v1/database/${id}/tables/${q({ schema_name: 'public' })}`);
    expect(tables.body.result.map((t) => t.value)).toEqual(['customers', 'events', 'orders']);
    type Key = { column_names: string[]; name: string; type: string; referred_table?: string; referred_columns?: string[] };
    type Meta = { columns: { name: string; type: string; longType: string; keys: Key[] }[]; primaryKey: Key; foreignKeys: Key[]; indexes: Key[]; selectStar: string };
    const orders = await admin().get<Meta>(`/api/v1/database/${id}/table/orders/public/`);
    expect(orders.status).toBe(200);
    expect(orders.body.primaryKey).toMatchObject({ column_names: ['id'], name: 'orders_pk', type: 'pk' });
    expect(orders.body.foreignKeys).toEqual([expect.objectContaining({ column_names: ['customer_id'], referred_table: 'customers', referred_columns: ['id'], type: 'fk' })]);
    const amount = orders.body.columns.find((c) => c.name === 'amount')!;
    expect(amount).toMatchObject({ type: 'NUMERIC', longType: 'NUMERIC(10,2)' });
    expect(orders.body.columns.find((c) => c.name === 'customer_id')!.keys.map((k) => k.type)).toEqual(['fk']);
    const customers = await admin().get<Meta>(`/api/v1/database/${id}/table_metadata/?name=customers&schema=public`);
    expect(customers.body.indexes).toEqual([expect.objectContaining({ name: 'customers_name_idx', column_names: ['name'], type: 'index' })]);
    const star = await admin().get<{ result: string }>(`/api/v1/database/${id}/select_star/orders/public/`);
    expect(star.body.result).toBe('SELECT "id",\n       "customer_id",\n       "amount"\nFROM "public"."orders"\nLIMIT 100');
    expect((await admin().get<{ result: string }>(`/api/v1/database/${id}/select_star/deals/sales/`)).body.result).toContain('FROM "sales"."deals"');
    expect((await admin().get<{ result: string }>(`/api/v1/database/${id}/select_star/deals/`)).status).toBe(404);
    expect((await admin().get(`/api/v1/database/${id}/table_extra/events/public/`)).body).toEqual({ partitions: { cols: ['happened'], strategy: 'range' } });
    expect((await admin().get(`/api/v1/database/${id}/table_extra/orders/public/`)).body).toEqual({});
  });

  it('caches schemas for schema_cache_timeout, and force reads through', async () => {
    const extra = JSON.stringify({ metadata_cache_timeout: { schema_cache_timeout: 600 } });
    expect((await admin().put(`/api/v1/database/${id}`, { extra })).status).toBe(200);
    const first = await admin().get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`);
    expect(first.body.result).not.toContain('fresh');
    expect(await app.models().CacheEntry.findByPk(`db:${id}:schemas`)).not.toBeNull();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE SCHEMA fresh');
    await client.end();
    expect((await admin().get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`)).body.result).not.toContain('fresh');
    expect((await admin().get<{ result: string[] }>(`/api/v1/database/${id}/schemas/${q({ force: true })}`)).body.result).toContain('fresh');
    // An edit drops the cached lists.
    expect((await admin().put(`/api/v1/database/${id}`, { allow_dml: false })).status).toBe(200);
    expect(await app.models().CacheEntry.findByPk(`db:${id}:schemas`)).toBeNull();
  });

  it('stores a password encrypted, shows the mask, keeps it on a masked PUT, and uses a new wrong one', async () => {
    const uri = `postgresql://postgres:${encodeURIComponent(scratch.password)}@127.0.0.1:${scratch.port}/postgres`;
    const secretId = await create({ database_name: 'pg secret', sqlalchemy_uri: uri });
    const shown = await admin().get<{ result: Json & { parameters: Json } }>(`/api/v1/database/${secretId}`);
    expect(shown.body.result.sqlalchemy_uri).toBe(`postgresql://postgres:XXXXXXXXXX@127.0.0.1:${scratch.port}/postgres`);
    expect(shown.body.result.parameters).toMatchObject({ host: '127.0.0.1', port: scratch.port, username: 'postgres', password: 'XXXXXXXXXX' });
    expect(JSON.stringify(shown.body)).not.toContain(scratch.password);
    // The row as the metadata store holds it, read with plain SQL.
    const [row] = await app.models().Database.sequelize!.query<{ sqlalchemy_uri: string; encrypted_password: string }>(
      'SELECT * FROM databases WHERE id = :id', { replacements: { id: secretId }, type: QueryTypes.SELECT },
    );
    expect(JSON.stringify(row)).not.toContain(scratch.password);
    expect(row.sqlalchemy_uri).toBe(`postgresql://postgres:XXXXXXXXXX@127.0.0.1:${scratch.port}/postgres`);
    expect(row.encrypted_password).toMatch(/^v1:/);

    expect((await admin().get(`/api/v1/database/${secretId}/schemas/`)).status).toBe(200);
    const masked = await admin().put(`/api/v1/database/${secretId}`, { sqlalchemy_uri: shown.body.result.sqlalchemy_uri, allow_dml: true });
    expect(masked.status).toBe(200);
    expect((await admin().get(`/api/v1/database/${secretId}/schemas/`)).status).toBe(200);
    expect((await admin().post('/api/v1/database/test_connection/', { database_name: 'pg secret', sqlalchemy_uri: shown.body.result.sqlalchemy_uri })).body).toEqual({ message: 'OK' });
    // The mask is only honoured for the server the password was saved for.
    const moved = await admin().put<{ message: Record<string, string[]> }>(`/api/v1/database/${secretId}`, { sqlalchemy_uri: `postgresql://postgres:XXXXXXXXXX@localhost:${scratch.port}/postgres` });
    expect(moved.status).toBe(400);
    expect(moved.body.message.sqlalchemy_uri[0]).toMatch(/Enter the password again/);

    expect((await admin().put(`/api/v1/database/${secretId}`, { sqlalchemy_uri: `postgresql://postgres:wrong@127.0.0.1:${scratch.port}/postgres` })).status).toBe(200);
    const refused = await admin().get(`/api/v1/database/${secretId}/schemas/`);
    expect(refused.status).toBe(422);
    const error = onlyError(refused);
    expect(error.error_type).toBe('CONNECTION_INVALID_PASSWORD_ERROR');
    expect(error.extra.engine_name).toBe('PostgreSQL');
    expect(JSON.stringify(refused.body)).not.toMatch(/wrong|at .*\.ts:\d+/);
    expect((await admin().del(`/api/v1/database/${secretId}`)).status).toBe(200);
  }, 60_000);

  it('tests connections: good, wrong password, closed port, unknown host, unknown database', async () => {
    const test = (sqlalchemy_uri: string) => admin().post('/api/v1/database/test_connection/', { sqlalchemy_uri });
    const good = await test(db.url);
    expect(good).toEqual({ status: 200, body: { message: 'OK' } });
    const cases: [string, string][] = [
      [`postgresql://postgres:wrong@127.0.0.1:${scratch.port}/postgres`, 'CONNECTION_INVALID_PASSWORD_ERROR'],
      ['postgresql://postgres@127.0.0.1:1/postgres', 'CONNECTION_PORT_CLOSED_ERROR'],
      ['postgresql://postgres@no-such-host.invalid:5432/postgres', 'CONNECTION_INVALID_HOSTNAME_ERROR'],
      ['postgresql://postgres@127.0.0.1:5432/no_such_database_here', 'CONNECTION_UNKNOWN_DATABASE_ERROR'],
    ];
    for (const [uri, type] of cases) {
      const answer = await test(uri);
      expect(answer.status, uri).toBe(422);
      const error = onlyError(answer);
      expect(error.error_type, uri).toBe(type);
      expect(error.extra.issue_codes!.length, uri).toBeGreaterThan(0);
    }
    const byParameters = await admin().post('/api/v1/database/test_connection/', {
      engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: '127.0.0.1', port: 5432, database: db.name, username: 'postgres' },
    });
    expect(byParameters.body).toEqual({ message: 'OK' });
  }, 60_000);

  it('validates parameters: the missing ones in one error, then the connection', async () => {
    const missing = await admin().post('/api/v1/database/validate_parameters/', { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { port: 5432 } });
    expect(missing.status).toBe(422);
    const error = onlyError(missing);
    expect(error).toMatchObject({ error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR', extra: { missing: ['host', 'database', 'username'] } });
    const badHost = await admin().post('/api/v1/database/validate_parameters/', {
      engine: 'postgresql', parameters: { host: 'no-such-host.invalid', port: 5432, database: 'x', username: 'postgres' },
    });
    expect(onlyError(badHost)).toMatchObject({ error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR', extra: { invalid: ['host'] } });
    const badPort = await admin().post('/api/v1/database/validate_parameters/', { engine: 'postgresql', parameters: { host: 'h', port: 'abc', database: 'x', username: 'u' } });
    expect(onlyError(badPort)).toMatchObject({ error_type: 'CONNECTION_INVALID_PORT_ERROR', extra: { invalid: ['port'] } });
    const good = await admin().post('/api/v1/database/validate_parameters/', {
      engine: 'postgresql', parameters: { host: '127.0.0.1', port: '5432', database: db.name, username: 'postgres', query: 'application_name=sightline-test' },
    });
    expect(good).toEqual({ status: 200, body: { message: 'OK' } });
  });

  it('creates from parameters, and refuses to delete while a dataset uses the database', async () => {
    const created = await admin().post<{ id: number; result: Json }>('/api/v1/database/', {
      database_name: 'pg by parameters', engine: 'postgresql', configuration_method: 'dynamic_form',
      parameters: { host: '127.0.0.1', port: 5432, database: db.name, username: 'postgres', password: 'not-needed', query: { sslmode: 'disable' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.result.sqlalchemy_uri).toBe(`postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/${db.name}?sslmode=disable`);
    const dbId = created.body.id;
    const dataset = await app.models().Dataset.create({ database_id: dbId, schema: 'public', table_name: 'orders' });
    const refused = await admin().del(`/api/v1/database/${dbId}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Cannot delete a database that has datasets attached: public.orders. Delete those datasets first.');
    const related = await admin().get<{ datasets: { count: number } }>(`/api/v1/database/${dbId}/related_objects/`);
    expect(related.body).toMatchObject({ charts: { count: 0, result: [] }, dashboards: { count: 0, result: [] }, datasets: { count: 1 } });
    await dataset.destroy();
    expect(await admin().del(`/api/v1/database/${dbId}`)).toEqual({ status: 200, body: { message: 'OK' } });
    expect((await admin().get(`/api/v1/database/${dbId}`)).status).toBe(404);
    expect(await app.models().Permission.findOne({ where: { view_name: `[pg by parameters].(id:${dbId})` } })).toBeNull();
  });

  it('renames the database_access permission with the database', async () => {
    expect((await admin().put(`/api/v1/database/${id}`, { database_name: 'pg renamed' })).status).toBe(200);
    const m = app.models();
    expect(await m.Permission.findOne({ where: { view_name: `[pg renamed].(id:${id})` } })).not.toBeNull();
    expect(await m.Permission.findOne({ where: { view_name: `[pg warehouse].(id:${id})` } })).toBeNull();
  });
});

describe.skipIf(!mariaUp)('MariaDB', () => {
  let db: TempDatabase;
  let id: number;

  beforeAll(async () => {
    db = await createTempMariaDatabase('sightline_test_dbapi');
    const c = await mariadbAdmin(db.name);
    await c.query(MARIA_FIXTURE);
    await c.end();
    id = await create({ database_name: 'maria', sqlalchemy_uri: db.url });
  });

  afterAll(async () => {
    if (id) await admin().del(`/api/v1/database/${id}`);
    await db?.drop();
  });

  it('browses tables with primary key, foreign key and index; select star defaults to the URI database', async () => {
    const schemas = await admin().get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`);
    expect(schemas.body.result).toContain(db.name);
    const tables = await admin().get<{ result: { value: string }[] }>(`/api/v1/database/${id}/tables/${q({ schema_name: db.name })}`);
    expect(tables.body.result.map((t) => t.value)).toEqual(['authors', 'books']);
    type Meta = { primaryKey: { column_names: string[] }; foreignKeys: { column_names: string[]; referred_table: string }[]; indexes: { name: string }[] };
    const books = await admin().get<Meta>(`/api/v1/database/${id}/table/books/${db.name}/`);
    expect(books.body.primaryKey.column_names).toEqual(['id']);
    expect(books.body.foreignKeys).toEqual([expect.objectContaining({ column_names: ['author_id'], referred_table: 'authors' })]);
    const authors = await admin().get<Meta>(`/api/v1/database/${id}/table_metadata/?name=authors`);
    expect(authors.body.indexes.map((i) => i.name)).toContain('authors_name_idx');
    expect((await admin().get<{ result: string }>(`/api/v1/database/${id}/select_star/books/`)).body.result).toContain(`FROM \`${db.name}\`.\`books\``);
  });

  it('reports a wrong password and an unknown database with their error types', async () => {
    const test = (sqlalchemy_uri: string) => admin().post('/api/v1/database/test_connection/', { sqlalchemy_uri });
    expect((await test(db.url)).body).toEqual({ message: 'OK' });
    expect(onlyError(await test('mysql://root:wrong-password@127.0.0.1:3306/')).error_type).toBe('CONNECTION_ACCESS_DENIED_ERROR');
    expect(onlyError(await test('mysql://root@127.0.0.1:3306/sightline_no_such_db')).error_type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });
});
