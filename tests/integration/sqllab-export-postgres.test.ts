/**
 * SQL Lab's CSV export from a real PostgreSQL warehouse, through the COPY protocol (a fresh
 * database per run, dropped afterwards): the whole result beyond the display limit, the header,
 * quoting and formula escaping of the generic export, exact big integers, NULL, PostgreSQL's own
 * text for the other values, an error answer for a failing query, 403 without can_csv, 422 for
 * a query that writes, and a client that goes away cancelling the statement on the server.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

const up = await serviceAvailable('postgresql');

type ExecBody = Json & { status: string; data: Json[]; query: { id: string } };
type ErrorsBody = { errors: { message: string; error_type: string }[] };

const FIXTURE = `
  CREATE TABLE people (id int PRIMARY KEY, big bigint, exact numeric(40, 0), name text, note text, flag boolean, seen timestamptz);
  INSERT INTO people VALUES
    (1, 9007199254740993, 12345678901234567890123456789012345678, 'Ada', 'a, "quoted" note', true, '2024-03-14 15:37:42.123+02'),
    (2, -9007199254740993, 1, 'Bob', '=1+2', false, NULL),
    (3, NULL, NULL, 'Cy', E'multi\\nline', NULL, NULL),
    (4, 42, 2, '-12.5', '+cmd|x', true, NULL);
  CREATE TABLE many AS SELECT g AS n, 'row ' || g AS label FROM generate_series(1, 5000) g;`;

describe.skipIf(!up)('SQL Lab CSV export on PostgreSQL (COPY)', () => {
  let warehouse: TempDatabase;
  let s: SqlLabApp;
  let db: { id: number; database_name: string };
  let admin: pg.Client;

  beforeAll(async () => {
    warehouse = await createTempPostgresDatabase('sightline_test_export');
    admin = new pg.Client({ connectionString: warehouse.url });
    await admin.connect();
    await admin.query(FIXTURE);
    s = await startSqlLabApp();
    db = await s.addDatabase({ database_name: 'pg_export', sqlalchemy_uri: warehouse.url });
  }, 180_000);
  afterAll(async () => {
    await admin?.end();
    await s?.close();
    await warehouse?.drop();
  });

  const run = async (sql: string, queryLimit?: number) => {
    const answer = await s.execute<ExecBody>({ database_id: db.id, sql, ...(queryLimit ? { queryLimit } : {}) });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  const download = (clientId: string, init: RequestInit = {}) =>
    s.app.fetch(`/api/v1/sqllab/export/${clientId}/`, { ...init, headers: { Authorization: `Bearer ${s.adminToken}` } });
  const lines = async (response: Response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return bytes.subarray(3).toString('utf8').split('\r\n');
  };
  /** Backends of the warehouse running a COPY (the export's statement). */
  const copies = async () => {
    const { rows } = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE 'COPY (%' AND pid <> pg_backend_pid()",
      [warehouse.name],
    );
    return Number(rows[0].n);
  };

  it('exports every row beyond the display limit, with the generic header, quoting, formulas escaped and big integers exact', async () => {
    const shown = await run('SELECT n, label, n AS "n", label AS "a,b" FROM many ORDER BY n', 10);
    expect(shown.data).toHaveLength(10);
    const response = await download(shown.query.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const all = await lines(response);
    expect(all[0]).toBe('n,label,n__1,"a,b"');
    expect(all).toHaveLength(5002); // header, 5000 rows, '' after the last CRLF
    expect(all[5000]).toBe('5000,row 5000,5000,row 5000');

    const people = await run('SELECT id, big, exact, name, note, flag, seen FROM people ORDER BY id');
    const csv = await lines(await download(people.query.id));
    expect(csv).toEqual([
      'id,big,exact,name,note,flag,seen',
      // PostgreSQL's own text for booleans and timestamps (in UTC): see export.server.ts.
      '1,9007199254740993,12345678901234567890123456789012345678,Ada,"a, ""quoted"" note",t,2024-03-14 13:37:42.123+00',
      "2,-9007199254740993,1,Bob,'=1+2,f,",
      '3,,,Cy,"multi\nline",,',
      "4,42,2,-12.5,'+cmd\\|x,t,",
      '',
    ]);
  });

  it('answers an error with a status when the query fails on export, and keeps serving', async () => {
    // The display run reads two rows (its limit, and one to prove it); the export reaches n = 3.
    const shown = await run('SELECT n, 10 / (3 - n) AS ratio FROM many WHERE n < 10', 1);
    const failing = await download(shown.query.id);
    expect(failing.status).toBe(400);
    expect(((await failing.json()) as ErrorsBody).errors[0].message).toMatch(/division by zero/);

    await admin.query('CREATE TABLE soon_gone AS SELECT 1 AS x');
    const gone = await run('SELECT x FROM soon_gone');
    await admin.query('DROP TABLE soon_gone');
    const missing = await download(gone.query.id);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorsBody).errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');

    // Statements COPY does not take still export, through the rows.
    const show = await run('SHOW DateStyle');
    expect(await lines(await download(show.query.id))).toEqual(['DateStyle', '"ISO, MDY"', '']);
  });

  it('refuses without can_csv (403) and refuses a query that writes (422)', async () => {
    const noCsv = await s.userWith('no_csv_pg', [s.databaseAccess(db), ['can_execute_sql_query', 'SQLLab']], []);
    const own = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT 1 AS x' }, noCsv.token);
    expect(own.status, own.text).toBe(200);
    expect((await s.call('GET', `/api/v1/sqllab/export/${own.body.query.id}/`, undefined, noCsv.token)).status).toBe(403);

    const writer = await s.addDatabase({ database_name: 'pg_export_rw', sqlalchemy_uri: warehouse.url, allow_dml: true });
    const update = await s.execute<ExecBody>({ database_id: writer.id, sql: "UPDATE people SET name = name || '!' WHERE id = 1 RETURNING id" });
    expect(update.status, update.text).toBe(200);
    const refused = await s.call<{ message: string }>('GET', `/api/v1/sqllab/export/${update.body.query.id}/`);
    expect(refused.status).toBe(422);
    expect((await admin.query('SELECT name FROM people WHERE id = 1')).rows[0].name).toBe('Ada!');
  });

  it('cancels the statement on the server when the client goes away, before or during the download', async () => {
    // The display run stops before the sleeping row; the export runs on to it.
    const sleepy = await run('SELECT n, CASE WHEN n = 50 THEN pg_sleep(30) END AS pause FROM many WHERE n <= 60', 3);
    const early = new AbortController();
    const pending = download(sleepy.query.id, { signal: early.signal }).catch((error: unknown) => error);
    await waitFor('the COPY to run', async () => (await copies()) === 1, 10_000, 50);
    early.abort();
    await waitFor('pg_stat_activity to drop the COPY', async () => (await copies()) === 0, 2_000, 25);
    await pending;

    // Enough rows before the sleep that the server sends them: the answer has started.
    const wide = await run("SELECT n, repeat('x', 1000) AS pad, CASE WHEN n = 1000 THEN pg_sleep(30) END AS pause FROM many WHERE n <= 1100", 3);
    const started = await download(wide.query.id);
    expect(started.status).toBe(200);
    const reader = (started.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    await waitFor('the COPY to run', async () => (await copies()) === 1, 10_000, 50);
    await reader.cancel();
    await waitFor('pg_stat_activity to drop the COPY', async () => (await copies()) === 0, 2_000, 25);

    // The pool is healthy afterwards.
    const after = await run('SELECT n FROM many WHERE n <= 3 ORDER BY n');
    expect(await lines(await download(after.query.id))).toEqual(['n', '1', '2', '3', '']);
  });
});
