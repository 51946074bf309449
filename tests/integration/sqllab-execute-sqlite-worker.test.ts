/**
 * `npm run worker` beside a web process that runs no worker, on the default SQLite metadata store:
 * the worker process finds the async query the web process accepted (in the shared SQLite file)
 * and runs it. Its own process, started with tsx as `npm run worker` would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../helpers/app-under-test';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

describe('a separate worker on the SQLite metadata store', () => {
  let s: SqlLabApp;
  let child: ChildProcess | null = null;
  let workerPid = 0;
  let output = '';
  const warehouse = tempSqliteFile();
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-sqlite-worker-'));

  beforeAll(async () => {
    fs.writeFileSync(warehouse.file, '');
    s = await startSqlLabApp({ worker: false });
  }, 180_000);
  afterAll(async () => {
    if (workerPid) {
      try {
        process.kill(workerPid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    child?.kill('SIGKILL');
    await s?.close();
    warehouse.remove();
    fs.rmSync(varDir, { recursive: true, force: true });
  });

  it('runs an async query accepted by the web process', async () => {
    const db = await s.addDatabase({ database_name: 'wh', sqlalchemy_uri: `sqlite:///${warehouse.file}`, allow_run_async: true });
    const id = clientId();
    const accepted = await s.execute<{ query: Json }>({ database_id: db.id, sql: 'SELECT 6 * 7 AS answer', client_id: id, runAsync: true });
    expect(accepted.status).toBe(202);

    child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/worker.ts'], {
      env: { ...process.env, DATABASE_URL: s.app.databaseUrl, VAR_DIR: varDir, SECRET_KEY: TEST_SECRET_KEY, LOAD_EXAMPLES: 'false', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    workerPid = Number((await waitFor('the worker to start', async () => /starting \(pid (\d+)\)/.exec(output), 60_000))[1]);

    const record = await waitFor('the worker to run it', async () => {
      const q = await s.app.models().Query.findOne({ where: { client_id: id } });
      return q?.status === 'success' ? q : null;
    }, 30_000);
    expect(JSON.parse(record.extra_json ?? '{}').worker).toBe(`${os.hostname()}:${workerPid}`);
    const results = await s.call<{ data: Json[] }>('GET', `/api/v1/sqllab/results/?q=(key:'${record.results_key}')`);
    expect(results.body.data).toEqual([{ answer: 42 }]);
  }, 120_000);
});
