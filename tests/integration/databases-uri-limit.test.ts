/**
 * A database's stored URI fits its column (VARCHAR 1024) or the save is a 400 naming the field:
 * on a PostgreSQL metadata store an over-long value is a database error, so a URI built from long
 * parameters, or a typed one that the password mask lengthens, answered 500 (found by the route
 * fuzz). SQLite ignores the declared size, so these run on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

const pgUp = await serviceAvailable('postgresql');

describe.skipIf(!pgUp)('the stored URI on a PostgreSQL metadata store', () => {
  let s: SqlLabApp;
  let store: TempDatabase;
  const parameters = (query: Record<string, string>) => ({ host: '127.0.0.1', port: 5432, database: 'warehouse', username: 'reader', query });

  beforeAll(async () => {
    store = await createTempPostgresDatabase('sightline_test_urilimit');
    s = await startSqlLabApp({ databaseUrl: store.url });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await store?.drop();
  });

  it('refuses parameters whose URI is longer than 1024 characters, on create and on edit', async () => {
    const long = { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: parameters({ application_name: 'x'.repeat(1100) }) };
    const created = await s.call('POST', '/api/v1/database/', { database_name: 'long parameters', ...long });
    expect(created.status, created.text).toBe(400);
    expect(created.body).toEqual({ message: { parameters: [expect.stringMatching(/1024 characters/)] } });

    const fine = await s.call('POST', '/api/v1/database/', { database_name: 'short parameters', ...long, parameters: parameters({ application_name: 'x' }) });
    expect(fine.status, fine.text).toBe(201);
    const edited = await s.call('PUT', `/api/v1/database/${fine.body.id as number}`, long);
    expect(edited.status, edited.text).toBe(400);
    expect(edited.body).toEqual({ message: { parameters: [expect.stringMatching(/1024 characters/)] } });
  });

  it('refuses a typed URI the password mask would lengthen past the column', async () => {
    // 1024 characters typed, with a one-character password that is stored as the ten-character mask.
    const head = 'postgresql://reader:p@127.0.0.1:5432/warehouse?application_name=';
    const uri = head + 'x'.repeat(1024 - head.length);
    const answer = await s.call('POST', '/api/v1/database/', { database_name: 'masked long', sqlalchemy_uri: uri });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toEqual({ message: { sqlalchemy_uri: [expect.stringMatching(/1024 characters/)] } });
  });
});
