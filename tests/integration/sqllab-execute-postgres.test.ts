/**
 * SQL Lab against a real PostgreSQL warehouse (a fresh database per run, dropped afterwards), with
 * the default SQLite metadata store and the in-process worker: big integers exact in the JSON
 * text, sync and async runs, the SQL Lab timeout, stopping a running pg_sleep (gone from
 * pg_stat_activity within a second), CTAS and CVAS, the cost estimate, and the CSV export.
 * With CI=true an unreachable server fails the run instead of skipping.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

// These tests follow the queued path: no inline answer for quick async queries (sqllab/execute.server.ts).
process.env.SQLLAB_INLINE_WAIT_MS = '0';

const up = await serviceAvailable('postgresql');

type QueryDict = Json & { id: string; state: string; resultsKey: string | null; tempSchema: string | null; tempTable: string | null };
type ExecBody = Json & { status: string; data: Json[]; columns: Json[]; query: QueryDict; query_id: number };
type ErrorsBody = { errors: { message: string; error_type: string; extra: Json }[] };

const FIXTURE = `
  CREATE TABLE big_numbers (id int PRIMARY KEY, big bigint, exact numeric(40, 0), happened timestamptz);
  INSERT INTO big_numbers VALUES
    (1, 9007199254740993, 12345678901234567890123456789012345678, '2024-03-14 15:37:42.123+00'),
    (2, -9007199254740993, 1, NULL),
    (3, 42, 2, '2024-01-01 00:00:00+00');
  CREATE SCHEMA scratch;`;

describe.skipIf(!up)('SQL Lab on PostgreSQL', () => {
  let warehouse: TempDatabase;
  let s: SqlLabApp;
  let db: { id: number; database_name: string };
  let forced: { id: number; database_name: string };
  let admin: pg.Client;

  beforeAll(async () => {
    process.env.SQLLAB_TIMEOUT_SECONDS = '4';
    warehouse = await createTempPostgresDatabase('sightline_test_sqllab');
    admin = new pg.Client({ connectionString: warehouse.url });
    await admin.connect();
    await admin.query(FIXTURE);
    s = await startSqlLabApp();
    const extra = JSON.stringify({ cost_estimate_enabled: true });
    db = await s.addDatabase({ database_name: 'pg', sqlalchemy_uri: warehouse.url, allow_run_async: true, allow_ctas: true, allow_cvas: true, extra });
    forced = await s.addDatabase({ database_name: 'pg_forced', sqlalchemy_uri: warehouse.url, allow_ctas: true, allow_cvas: true, force_ctas_schema: 'scratch' });
  }, 180_000);
  afterAll(async () => {
    await admin?.end();
    await s?.close();
    await warehouse?.drop();
  });

  const sleepers = async () => {
    const { rows } = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query ILIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()",
      [warehouse.name],
    );
    return Number(rows[0].n);
  };

  it('keeps integers beyond 2^53 exact in the JSON text, sync and from the results backend', async () => {
    const answer = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT id, big, exact, happened FROM big_numbers ORDER BY id' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain('"big":9007199254740993');
    expect(answer.text).toContain('"big":-9007199254740993');
    expect(answer.text).toContain('"exact":12345678901234567890123456789012345678');
    expect(answer.body.data[0]).toMatchObject({ big: 9007199254740993n, happened: '2024-03-14T15:37:42.123Z' });
    expect(answer.body.columns.map((c) => [c.name, c.type_generic, c.is_dttm])).toEqual([
      ['id', 0, false], ['big', 0, false], ['exact', 0, false], ['happened', 2, true],
    ]);
    const stored = await s.call('GET', `/api/v1/sqllab/results/?q=(key:'${answer.body.query.resultsKey}')`);
    expect(stored.text).toContain('"big":9007199254740993');
  });

  it('runs async: 202 pending, polled to success, results by key with exact integers', async () => {
    const id = clientId();
    const accepted = await s.execute<{ query: QueryDict }>({ database_id: db.id, sql: 'SELECT big FROM big_numbers WHERE id = 1', client_id: id, runAsync: true });
    expect(accepted.status).toBe(202);
    expect(accepted.body.query.state).toBe('pending');
    const done = await waitFor('success', async () => {
      const polled = await s.call<{ result: QueryDict[] }>('GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)');
      return polled.body.result.find((q) => q.id === id && q.state === 'success');
    });
    const results = await s.call('GET', `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')`);
    expect(results.text).toContain('[{"big":9007199254740993}]');
  });

  it('times a sync query out after SQLLAB_TIMEOUT_SECONDS (408, timed_out)', async () => {
    const id = clientId();
    const started = Date.now();
    const answer = await s.execute<ErrorsBody>({ database_id: db.id, sql: 'SELECT pg_sleep(30)', client_id: id });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer.status).toBe(408);
    expect(answer.body.errors[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
    expect((await s.app.models().Query.findOne({ where: { client_id: id } }))?.status).toBe('timed_out');
    await waitFor('the backend to stop', async () => (await sleepers()) === 0, 3_000);
  });

  it('stops a running async pg_sleep(30): state stopped, gone from pg_stat_activity within a second', async () => {
    const id = clientId();
    const accepted = await s.execute({ database_id: db.id, sql: 'SELECT pg_sleep(30)', client_id: id, runAsync: true });
    expect(accepted.status).toBe(202);
    await waitFor('the sleep to run', async () => (await sleepers()) === 1, 10_000, 50);
    const stopped = await s.call('POST', '/api/v1/query/stop', { client_id: id });
    expect(stopped.body).toEqual({ result: 'OK' });
    const at = Date.now();
    await waitFor('pg_stat_activity to drop the sleep', async () => (await sleepers()) === 0, 1_000, 25);
    expect(Date.now() - at).toBeLessThan(1_000);
    const record = await waitFor('the run to end', async () => {
      const q = await s.app.models().Query.findOne({ where: { client_id: id } });
      return q && q.end_time ? q : null;
    });
    expect(record.status).toBe('stopped');
    const polled = await s.call<{ result: QueryDict[] }>('GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)');
    expect(polled.body.result.find((q) => q.id === id)?.state).toBe('stopped');
  });

  it('stops a running sync query from another request: the execute call answers status stopped', async () => {
    const id = clientId();
    const running = s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT pg_sleep(30)', client_id: id });
    await waitFor('the sleep to run', async () => (await sleepers()) === 1, 3_000, 50);
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: id })).status).toBe(200);
    const answer = await running;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'stopped', data: [], query: { id, state: 'stopped' } });
    await waitFor('pg_stat_activity to drop the sleep', async () => (await sleepers()) === 0, 1_000, 25);
  });

  it('creates a table (CTAS) and a view (CVAS), in the query’s schema or force_ctas_schema', async () => {
    const table = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT id, big FROM big_numbers WHERE id < 3', select_as_cta: true, ctas_method: 'TABLE', tmp_table_name: 'ctas_out', schema: 'public' });
    expect(table.status, table.text).toBe(200);
    expect(table.body.query).toMatchObject({ ctas: true, tempTable: 'ctas_out', tempSchema: 'public', state: 'success' });
    const { rows } = await admin.query('SELECT big::text FROM public.ctas_out ORDER BY id');
    expect(rows).toEqual([{ big: '9007199254740993' }, { big: '-9007199254740993' }]);
    const newTab = await s.execute<ExecBody>({ database_id: db.id, sql: `SELECT * FROM ${table.body.query.tempSchema}.${table.body.query.tempTable}` });
    expect(newTab.body.data).toHaveLength(2);

    const view = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT id FROM big_numbers', select_as_cta: true, ctas_method: 'VIEW' });
    expect(view.status, view.text).toBe(200);
    expect(view.body.query.tempTable).toMatch(/^tmp_\d+_table_[0-9a-f]{10}$/);
    const views = await admin.query('SELECT table_schema FROM information_schema.views WHERE table_name = $1', [view.body.query.tempTable]);
    expect(views.rows).toEqual([{ table_schema: 'public' }]);

    const forcedTable = await s.execute<ExecBody>({ database_id: forced.id, sql: 'SELECT 1 AS one', select_as_cta: true, schema: 'public', tmp_table_name: 'forced_out' });
    expect(forcedTable.body.query).toMatchObject({ tempSchema: 'scratch', tempTable: 'forced_out' });
    expect((await admin.query('SELECT one FROM scratch.forced_out')).rows).toEqual([{ one: 1 }]);

    const multi = await s.execute<ErrorsBody>({ database_id: db.id, sql: 'SELECT 1; SELECT 2', select_as_cta: true, ctas_method: 'VIEW' });
    expect(multi.body.errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    const dml = await s.execute<ErrorsBody>({ database_id: db.id, sql: 'DELETE FROM big_numbers', select_as_cta: true });
    expect(dml.status).toBe(422);
    expect(dml.body.errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    expect((await admin.query('SELECT count(*)::int AS n FROM big_numbers')).rows[0].n).toBe(3);
  });

  it('estimates the cost when the database allows it, 400 otherwise', async () => {
    const estimate = await s.call<{ result: Record<string, number>[] }>('POST', '/api/v1/sqllab/estimate/', {
      database_id: db.id,
      schema: 'public',
      sql: 'SELECT * FROM big_numbers WHERE id = {{ pid }}',
      template_params: { pid: 1 },
    });
    expect(estimate.status, estimate.text).toBe(200);
    expect(estimate.body.result).toHaveLength(1);
    expect(Object.keys(estimate.body.result[0])).toEqual(['Startup cost', 'Total cost', 'Rows']);
    expect(estimate.body.result[0]['Total cost']).toBeGreaterThan(0);
    const disabled = await s.call<{ message: string }>('POST', '/api/v1/sqllab/estimate/', { database_id: forced.id, sql: 'SELECT 1', template_params: {} });
    expect(disabled.status).toBe(400);
    expect(disabled.body.message).toMatch(/cost_estimate_enabled/);
    const broken = await s.call<ErrorsBody>('POST', '/api/v1/sqllab/estimate/', { database_id: db.id, sql: 'SELECT * FROM nowhere' });
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('exports every row as CSV, big integers exact, beyond the query’s limit', async () => {
    await admin.query('CREATE TABLE many AS SELECT g AS n FROM generate_series(1, 5000) g');
    const run = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT n FROM many ORDER BY n', queryLimit: 10 });
    expect(run.body.data).toHaveLength(10);
    const csv = await s.call('GET', `/api/v1/sqllab/export/${run.body.query.id}/`);
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(5001);
    expect(lines[5000]).toBe('5000');
    const bigRun = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT big, exact FROM big_numbers ORDER BY id' });
    const bigCsv = await s.call('GET', `/api/v1/sqllab/export/${bigRun.body.query.id}`);
    expect(bigCsv.text).toContain('9007199254740993,12345678901234567890123456789012345678\r\n-9007199254740993,1\r\n');
    // Re-run at export time: a table dropped since is an error answer, not a broken download.
    await admin.query('DROP TABLE many');
    const gone = await s.call<ErrorsBody>('GET', `/api/v1/sqllab/export/${run.body.query.id}/`);
    expect(gone.status).toBe(400);
    expect(gone.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });
});
