/**
 * SQL Lab against a real MariaDB warehouse (127.0.0.1:3306 as root, a fresh database per run,
 * dropped afterwards): sync and async runs, stopping a running SLEEP(30) (gone from the process
 * list), CTAS and CVAS (and their refusals), DML rules and the CSV export. With CI=true an
 * unreachable server fails the run instead of skipping.
 */
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempDatabase } from '../helpers/databases';
import { createTempMariaDatabase, mariadbAdmin, serviceAvailable } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

// These tests follow the queued path: no inline answer for quick async queries (sqllab/execute.server.ts).
process.env.SQLLAB_INLINE_WAIT_MS = '0';

const up = await serviceAvailable('mariadb');

type QueryDict = Json & { id: string; state: string; resultsKey: string | null; tempSchema: string | null; tempTable: string | null };
type ExecBody = Json & { status: string; data: Json[]; query: QueryDict };
type ErrorsBody = { errors: { message: string; error_type: string; extra: Json }[] };

describe.skipIf(!up)('SQL Lab on MariaDB', () => {
  let warehouse: TempDatabase;
  let s: SqlLabApp;
  let db: { id: number; database_name: string };
  let strict: { id: number; database_name: string };
  let admin: mysql.Connection;

  beforeAll(async () => {
    warehouse = await createTempMariaDatabase('sightline_test_sqllab');
    admin = await mariadbAdmin(warehouse.name);
    await admin.query(`
      CREATE TABLE orders (id INT PRIMARY KEY, amount BIGINT UNSIGNED, label VARCHAR(50));
      INSERT INTO orders VALUES (1, 18446744073709551615, 'max'), (2, 9007199254740993, 'beyond'), (3, 7, 'small');`);
    s = await startSqlLabApp();
    db = await s.addDatabase({ database_name: 'maria', sqlalchemy_uri: warehouse.url, allow_run_async: true, allow_ctas: true, allow_cvas: true, allow_dml: true });
    strict = await s.addDatabase({ database_name: 'maria_strict', sqlalchemy_uri: warehouse.url });
  }, 180_000);
  afterAll(async () => {
    await admin?.end();
    await s?.close();
    await warehouse?.drop();
  });

  const sleepers = async () => {
    const [rows] = await admin.query<mysql.RowDataPacket[]>(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND = 'Query' AND INFO LIKE '%SLEEP(30)%' AND ID <> CONNECTION_ID()",
      [warehouse.name],
    );
    return Number(rows[0].n);
  };

  it('runs a query, unsigned 64-bit integers exact', async () => {
    const answer = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT id, amount, label FROM orders ORDER BY id', queryLimit: 2 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain('"amount":18446744073709551615');
    expect(answer.text).toContain('"amount":9007199254740993');
    expect(answer.body.query).toMatchObject({ rows: 2, limitingFactor: 'DROPDOWN', state: 'success' });
  });

  it('runs async and serves the results by key', async () => {
    const id = clientId();
    expect((await s.execute({ database_id: db.id, sql: 'SELECT label FROM orders ORDER BY id', client_id: id, runAsync: true })).status).toBe(202);
    const done = await waitFor('success', async () => {
      const polled = await s.call<{ result: QueryDict[] }>('GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)');
      return polled.body.result.find((q) => q.id === id && q.state === 'success');
    });
    const results = await s.call<ExecBody>('GET', `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')`);
    expect(results.body.data.map((r) => r.label)).toEqual(['max', 'beyond', 'small']);
  });

  it('stops a running SLEEP(30): state stopped, and the server no longer runs it', async () => {
    const id = clientId();
    expect((await s.execute({ database_id: db.id, sql: 'SELECT SLEEP(30)', client_id: id, runAsync: true })).status).toBe(202);
    await waitFor('the sleep to run', async () => (await sleepers()) === 1, 10_000, 50);
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: id })).body).toEqual({ result: 'OK' });
    await waitFor('the process list to drop the sleep', async () => (await sleepers()) === 0, 1_000, 25);
    const record = await waitFor('the run to end', async () => {
      const q = await s.app.models().Query.findOne({ where: { client_id: id } });
      return q && q.end_time && !q.results_key ? q : null;
    });
    // MariaDB answers a killed SLEEP() with a normal row: the record must still say stopped.
    await new Promise((r) => setTimeout(r, 200));
    await record.reload();
    expect(record.status).toBe('stopped');
    expect(record.results_key).toBeNull();
  });

  it('stops a sync SLEEP(30) from another request', async () => {
    const id = clientId();
    const running = s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT SLEEP(30)', client_id: id });
    await waitFor('the sleep to run', async () => (await sleepers()) === 1, 5_000, 50);
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: id })).status).toBe(200);
    const answer = await running;
    expect(answer.body).toMatchObject({ status: 'stopped', query: { state: 'stopped' } });
    expect(await sleepers()).toBe(0);
  });

  it('creates tables and views with CTAS/CVAS; refuses them when not allowed or not one SELECT', async () => {
    const table = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT id, amount FROM orders WHERE id > 1', select_as_cta: true, tmp_table_name: 'big_ones' });
    expect(table.status, table.text).toBe(200);
    expect(table.body.query).toMatchObject({ ctas: true, tempTable: 'big_ones', tempSchema: warehouse.name });
    const [copied] = await admin.query<mysql.RowDataPacket[]>('SELECT CAST(amount AS CHAR) AS amount FROM big_ones ORDER BY id');
    expect(copied.map((r) => r.amount)).toEqual(['9007199254740993', '7']);
    const view = await s.execute<ExecBody>({ database_id: db.id, sql: "SELECT label FROM orders WHERE label <> 'max'", select_as_cta: true, ctas_method: 'VIEW', tmp_table_name: 'labels_view' });
    expect(view.status, view.text).toBe(200);
    const [views] = await admin.query<mysql.RowDataPacket[]>('SELECT TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?', [warehouse.name]);
    expect(views.map((v) => v.TABLE_NAME)).toEqual(['labels_view']);
    const read = await s.execute<ExecBody>({ database_id: db.id, sql: `SELECT * FROM \`${view.body.query.tempSchema}\`.\`${view.body.query.tempTable}\`` });
    expect(read.body.data).toEqual([{ label: 'beyond' }, { label: 'small' }]);

    const refused = await s.execute<ErrorsBody>({ database_id: strict.id, sql: 'SELECT 1', select_as_cta: true, ctas_method: 'VIEW' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    const multi = await s.execute<ErrorsBody>({ database_id: db.id, sql: 'SELECT 1; SELECT 2', select_as_cta: true });
    expect(multi.body.errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const insert = await s.execute<ErrorsBody>({ database_id: db.id, sql: 'INSERT INTO orders VALUES (9, 1, "x")', select_as_cta: true, ctas_method: 'VIEW' });
    expect(insert.body.errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
  });

  it('refuses DML without allow_dml, runs it with', async () => {
    const refused = await s.execute<ErrorsBody>({ database_id: strict.id, sql: 'DELETE FROM orders' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    const done = await s.execute<ExecBody>({ database_id: db.id, sql: "UPDATE orders SET label = 'seven' WHERE id = 3" });
    expect(done.status, done.text).toBe(200);
    expect(done.body.query.rows).toBe(1);
  });

  it('exports the result as CSV', async () => {
    const run = await s.execute<ExecBody>({ database_id: db.id, sql: 'SELECT id, amount, label FROM orders ORDER BY id', queryLimit: 1 });
    const csv = await s.call('GET', `/api/v1/sqllab/export/${run.body.query.id}/`);
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '')).toBe('id,amount,label\r\n1,18446744073709551615,max\r\n2,9007199254740993,beyond\r\n3,7,seven\r\n');
  });
});
