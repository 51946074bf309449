/**
 * Async SQL Lab across processes, with PostgreSQL as the metadata store (a fresh database, and a
 * fresh warehouse database, both dropped afterwards): the app under test runs no worker; a query
 * it accepts waits in pg-boss's queue (durable: in the metadata database) until a separate
 * `scripts/worker.ts` process, started later, runs it. A stop sent to the app reaches the
 * statement running in the worker through the engine's cancel; a worker killed mid-query leaves
 * the query to the sweeper, which times it out and cancels the orphaned statement.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../helpers/app-under-test';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

// These tests follow the queued path: no inline answer for quick async queries (sqllab/execute.server.ts).
process.env.SQLLAB_INLINE_WAIT_MS = '0';

const up = await serviceAvailable('postgresql');

type SweeperModule = typeof import('../../app/server/sqllab/sweeper.server');
type QueryDict = Json & { id: string; state: string; resultsKey: string | null };

interface Worker {
  child: ChildProcess;
  /** The worker's own process (tsx runs it as a child of the launcher). */
  pid: number;
  output: () => string;
}

describe.skipIf(!up)('SQL Lab async with pg-boss and a separate worker process', () => {
  let meta: TempDatabase;
  let warehouse: TempDatabase;
  let s: SqlLabApp;
  let db: { id: number; database_name: string };
  let admin: pg.Client;
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-worker-'));
  const workers: Worker[] = [];

  function startWorker(): Promise<Worker> {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/worker.ts', '--concurrency', '2'], {
      env: { ...process.env, DATABASE_URL: meta.url, VAR_DIR: varDir, SECRET_KEY: TEST_SECRET_KEY, LOAD_EXAMPLES: 'false', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return waitFor(
      'the worker to start',
      async () => {
        const pid = /starting \(pid (\d+)\)/.exec(text)?.[1];
        if (!pid || !text.includes('running background jobs (pg-boss')) return null;
        const worker = { child, pid: Number(pid), output: () => text };
        workers.push(worker);
        return worker;
      },
      60_000,
    );
  }

  const record = (id: string) => s.app.models().Query.findOne({ where: { client_id: id } });
  const sleepers = async () => {
    const { rows } = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query ILIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()",
      [warehouse.name],
    );
    return Number(rows[0].n);
  };
  const state = async (id: string) => {
    const polled = await s.call<{ result: QueryDict[] }>('GET', '/api/v1/query/updated_since?q=(last_updated_ms:0)');
    return polled.body.result.find((q) => q.id === id);
  };

  beforeAll(async () => {
    meta = await createTempPostgresDatabase('sightline_test_meta');
    warehouse = await createTempPostgresDatabase('sightline_test_wh');
    admin = new pg.Client({ connectionString: warehouse.url });
    await admin.connect();
    s = await startSqlLabApp({ databaseUrl: meta.url, worker: false });
    db = await s.addDatabase({ database_name: 'pg_async', sqlalchemy_uri: warehouse.url, allow_run_async: true });
  }, 180_000);
  afterAll(async () => {
    for (const w of workers) {
      try {
        process.kill(w.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      w.child.kill('SIGKILL');
    }
    await admin?.end();
    await s?.close();
    await meta?.drop();
    await warehouse?.drop();
    fs.rmSync(varDir, { recursive: true, force: true });
  });

  it('queues the query durably while no worker runs; a worker started later runs it', async () => {
    const id = clientId();
    const accepted = await s.execute<{ query: QueryDict }>({ database_id: db.id, sql: 'SELECT 41 + 1 AS answer', client_id: id, runAsync: true });
    expect(accepted.status, accepted.text).toBe(202);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await record(id))?.status).toBe('pending');
    const metaClient = new pg.Client({ connectionString: meta.url });
    await metaClient.connect();
    const queued = await metaClient.query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sqllab-run-query' AND state = 'created'");
    await metaClient.end();
    expect(queued.rows[0].n).toBe(1);

    const worker = await startWorker();
    const done = await waitFor('the worker to run the query', async () => {
      const q = await state(id);
      return q?.state === 'success' ? q : null;
    }, 30_000);
    const results = await s.call<{ data: Json[] }>('GET', `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')`);
    expect(results.body.data).toEqual([{ answer: 42 }]);
    const ranBy = JSON.parse((await record(id))?.extra_json ?? '{}') as { worker?: string };
    expect(ranBy.worker).toBe(`${os.hostname()}:${worker.pid}`);
    expect(worker.pid).not.toBe(process.pid);
  }, 120_000);

  it('stops a statement running in the worker from the web process (cancel by key)', async () => {
    const id = clientId();
    expect((await s.execute({ database_id: db.id, sql: 'SELECT pg_sleep(30)', client_id: id, runAsync: true })).status).toBe(202);
    await waitFor('the sleep to run in the worker', async () => (await sleepers()) === 1 && Boolean((await record(id))?.cancel_key), 20_000, 50);
    expect((await s.call('POST', '/api/v1/query/stop', { client_id: id })).body).toEqual({ result: 'OK' });
    await waitFor('pg_stat_activity to drop the sleep', async () => (await sleepers()) === 0, 1_000, 25);
    expect((await state(id))?.state).toBe('stopped');
  }, 60_000);

  it('sweeps a query whose worker was killed to timed_out, and cancels the orphaned statement', async () => {
    const id = clientId();
    expect((await s.execute({ database_id: db.id, sql: 'SELECT pg_sleep(30)', client_id: id, runAsync: true })).status).toBe(202);
    await waitFor('the sleep to run in the worker', async () => (await sleepers()) === 1 && Boolean((await record(id))?.cancel_key), 20_000, 50);
    for (const w of workers) process.kill(w.pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await record(id))?.status).toBe('running');
    const sweeper = await s.app.load<SweeperModule>('/app/server/sqllab/sweeper.server.ts');
    const report = await sweeper.sweepQueries({ staleAfterMs: 1_000 });
    expect(report.stale).toBe(1);
    const q = await record(id);
    expect(q?.status).toBe('timed_out');
    expect(JSON.parse(q?.errors ?? '[]')[0].error_type).toBe('ASYNC_WORKERS_ERROR');
    expect((await state(id))?.state).toBe('timed_out');
    await waitFor('the orphaned statement to be cancelled', async () => (await sleepers()) === 0, 2_000, 25);

    // Work goes on with a new worker.
    await startWorker();
    const next = clientId();
    expect((await s.execute({ database_id: db.id, sql: 'SELECT 1 AS again', client_id: next, runAsync: true })).status).toBe(202);
    await waitFor('a new worker to run the next query', async () => (await state(next))?.state === 'success', 30_000);
  }, 120_000);
});
