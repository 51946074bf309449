/**
 * Results at the speed of the engine across processes, with PostgreSQL as the metadata store:
 * the app under test runs no worker; a separate `scripts/worker.ts` process runs the async
 * queries. The job reaches the worker and the finished state reaches the app through the
 * metadata database (NOTIFY), not through memory: a quick query is still answered inline (the
 * worker's own poll, 0.5 s, and the app's fallback poll, 2 s, are both longer than the window),
 * and a longer one's state changes arrive over the event stream the app serves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../helpers/app-under-test';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

const up = await serviceAvailable('postgresql');

type QueryDict = Json & { id: string; state: string; rows: number | null; resultsKey: string | null; endDttm: number | null };

function queryEvents(text: string): QueryDict[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: query\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as QueryDict);
}

describe.skipIf(!up)('SQL Lab events across processes (PostgreSQL metadata, a separate worker)', () => {
  let meta: TempDatabase;
  let warehouse: TempDatabase;
  let s: SqlLabApp;
  let db: { id: number; database_name: string };
  let worker: { child: ChildProcess; pid: number } | null = null;
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-events-'));

  beforeAll(async () => {
    meta = await createTempPostgresDatabase('sightline_test_meta');
    warehouse = await createTempPostgresDatabase('sightline_test_wh');
    s = await startSqlLabApp({ databaseUrl: meta.url, worker: false });
    db = await s.addDatabase({ database_name: 'pg_async', sqlalchemy_uri: warehouse.url, allow_run_async: true });
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/worker.ts', '--concurrency', '2'], {
      env: { ...process.env, DATABASE_URL: meta.url, VAR_DIR: varDir, SECRET_KEY: TEST_SECRET_KEY, LOAD_EXAMPLES: 'false', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    worker = await waitFor(
      'the worker to start',
      async () => {
        const pid = /starting \(pid (\d+)\)/.exec(text)?.[1];
        return pid && text.includes('running background jobs (pg-boss') ? { child, pid: Number(pid) } : null;
      },
      60_000,
    );
    // The first job makes pg-boss and both processes' signal channels ready: not the figure tested.
    await s.execute({ database_id: db.id, sql: 'SELECT 0', client_id: clientId(), runAsync: true });
    await new Promise((r) => setTimeout(r, 1_000));
  }, 180_000);
  afterAll(async () => {
    if (worker) {
      try {
        process.kill(worker.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      worker.child.kill('SIGKILL');
    }
    await s?.close();
    await meta?.drop();
    await warehouse?.drop();
    fs.rmSync(varDir, { recursive: true, force: true });
  });

  it('answers quick queries run by the other process inline', async () => {
    for (let i = 1; i <= 3; i++) {
      const id = clientId();
      const answer = await s.execute<{ data: Json[]; query: QueryDict }>({ database_id: db.id, sql: `SELECT ${i} AS n`, client_id: id, runAsync: true });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data).toEqual([{ n: i }]);
      const record = await s.app.models().Query.findOne({ where: { client_id: id } });
      expect(JSON.parse(record?.extra_json ?? '{}').worker).toBe(`${os.hostname()}:${worker?.pid}`);
    }
  });

  it('streams a longer query’s state from the worker process to its finished state', async () => {
    const id = clientId();
    const accepted = await s.execute<{ query: QueryDict }>({ database_id: db.id, sql: 'SELECT pg_sleep(1.5), 7 AS n', client_id: id, runAsync: true });
    expect(accepted.status, accepted.text).toBe(202);
    const response = await s.app.fetch(`/api/v1/sqllab/events/?client_id=${id}`, { headers: { Authorization: `Bearer ${s.adminToken}` } });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const arrived = Date.now();
    const events = queryEvents(text);
    expect(events[0].state).toBe('running');
    const last = events.at(-1)!;
    expect(last).toMatchObject({ id, state: 'success', rows: 1 });
    // Pushed by the worker's NOTIFY, well before the fallback poll (2 s) would have found it.
    expect(arrived - (last.endDttm ?? 0)).toBeLessThan(1_000);
    const results = await s.call<{ data: Json[] }>('GET', `/api/v1/sqllab/results/?q=(key:'${last.resultsKey}')`);
    expect(results.body.data).toEqual([{ pg_sleep: '', n: 7 }]);
  }, 30_000);
});
