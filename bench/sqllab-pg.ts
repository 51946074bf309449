/**
 * SQL Lab against PostgreSQL through the real production server (`node server.mjs` on the current
 * build, SQLite metadata in a temp dir), on a table of 1M rows × 10 columns generated in a
 * PostgreSQL database of its own (created, then dropped):
 *
 * (a) POST /api/v1/sqllab/execute/ (sync) of `SELECT * FROM bench_rows` with queryLimit 100000:
 *     time to the first byte and to the last byte of the answer, and its JSON bytes; median of RUNS
 *     after one warm-up. DISPLAY_MAX_ROW is raised to 100000 so all 100k rows are answered.
 * (b) GET /api/v1/sqllab/export/{client_id}/ of `SELECT * FROM bench_rows` (1M rows, the whole
 *     result whatever the query's limit) against `psql -c "COPY (same query) TO STDOUT WITH CSV"`
 *     into /dev/null, alternated in the same run: rows/s of each and their ratio (target ≥ 80%).
 *
 * Requests go out with plain node:http and no Accept-Encoding, so the server does not gzip: the
 * figures are the server's own work. Alone: `npx tsx bench/sqllab-pg.ts` (needs a build: npm run build).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { BENCH_QUERY } from './engines-stream';
import { PG, timePsqlCopy } from './psql';
import { stop, timedStart } from './server';
import { median, round } from './stats';

const RUNS = 3;
const SELECT_ROWS = 100_000;
const EXPORT_ROWS = 1_000_000;
const ADMIN_PASSWORD = 'bench-admin-password';
const TABLE_SQL = 'SELECT * FROM bench_rows';

export interface SqlLabBenchResult {
  select: { rows: number; ttfbMs: number; lastByteMs: number; jsonBytes: number };
  csv: { rows: number; exportRowsPerSec: number; copyRowsPerSec: number; ratio: number; csvBytes: number };
}

interface Timed {
  status: number;
  firstByteMs: number;
  lastByteMs: number;
  bytes: number;
  body?: Buffer;
}

/** One request, timed from sending to the first and the last body byte. */
function timedRequest(base: string, method: string, urlPath: string, token: string, body?: unknown, keepBody = false): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const started = performance.now();
    const req = http.request(
      `${base}${urlPath}`,
      { method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}) } },
      (res) => {
        let firstByteMs = -1;
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, firstByteMs, lastByteMs: performance.now() - started, bytes, body: keepBody ? Buffer.concat(chunks) : undefined }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function postJson<T>(base: string, urlPath: string, token: string, body: unknown): Promise<T> {
  const answer = await timedRequest(base, 'POST', urlPath, token, body, true);
  const text = answer.body?.toString('utf8') ?? '';
  if (answer.status >= 300) throw new Error(`POST ${urlPath} answered ${answer.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

async function withBenchDatabase<T>(work: (name: string) => Promise<T>): Promise<T> {
  const name = `sightline_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ ...PG, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const client = new pg.Client({ ...PG, database: name });
    await client.connect();
    try {
      await client.query(`CREATE TABLE bench_rows AS ${BENCH_QUERY}`);
      await client.query('VACUUM ANALYZE bench_rows');
    } finally {
      await client.end();
    }
    return await work(name);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

export async function benchSqlLab(root: string): Promise<SqlLabBenchResult> {
  return withBenchDatabase(async (database) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-sqllab-'));
    const env = {
      VAR_DIR: path.join(tmp, 'var'),
      DATABASE_URL: `sqlite:///${path.join(tmp, 'var', 'meta.sqlite')}`,
      LOAD_EXAMPLES: 'false',
      ADMIN_PASSWORD,
      DISPLAY_MAX_ROW: String(SELECT_ROWS),
    };
    // server.mjs, not scripts/start.mjs: never rebuild here (the caller built, or the user did).
    const server = await timedStart(root, env, 120_000, 'server.mjs');
    try {
      const base = server.baseUrl;
      const { access_token: token } = await postJson<{ access_token: string }>(base, '/api/v1/security/login', '', {
        username: 'admin',
        password: ADMIN_PASSWORD,
        provider: 'db',
      });
      const created = await postJson<{ id: number }>(base, '/api/v1/database/', token, {
        database_name: 'bench_pg',
        sqlalchemy_uri: `postgresql://${PG.user}@${PG.host}:${PG.port}/${database}`,
        expose_in_sqllab: true,
        allow_run_async: false,
      });
      const execute = (queryLimit: number, clientId: string, keepBody = false) =>
        timedRequest(base, 'POST', '/api/v1/sqllab/execute/', token, { database_id: created.id, sql: TABLE_SQL, queryLimit, runAsync: false, client_id: clientId }, keepBody);

      // (a) the 100k-row SELECT
      const warm = await execute(SELECT_ROWS, crypto.randomBytes(5).toString('hex'), true);
      const warmBody = JSON.parse(warm.body?.toString('utf8') ?? '{}') as { data?: unknown[] };
      if (warm.status !== 200 || warmBody.data?.length !== SELECT_ROWS) {
        throw new Error(`execute answered ${warm.status} with ${warmBody.data?.length ?? 0} rows: ${warm.body?.toString('utf8').slice(0, 300)}`);
      }
      const selects: Timed[] = [];
      for (let i = 0; i < RUNS; i++) selects.push(await execute(SELECT_ROWS, crypto.randomBytes(5).toString('hex')));

      // (b) the 1M-row CSV download, alternated with psql COPY
      const exportId = crypto.randomBytes(5).toString('hex');
      if ((await execute(10, exportId)).status !== 200) throw new Error('the export query did not run');
      const download = () => timedRequest(base, 'GET', `/api/v1/sqllab/export/${exportId}/`, token);
      const checked = await timedRequest(base, 'GET', `/api/v1/sqllab/export/${exportId}/`, token, undefined, true);
      const records = checked.body ? countLines(checked.body) : 0;
      if (checked.status !== 200 || records !== EXPORT_ROWS + 1) throw new Error(`the export answered ${checked.status} with ${records} lines`);
      await timePsqlCopy(database, TABLE_SQL, 'csv');
      const exportMs: number[] = [];
      const copyMs: number[] = [];
      let csvBytes = 0;
      for (let i = 0; i < RUNS; i++) {
        copyMs.push(await timePsqlCopy(database, TABLE_SQL, 'csv'));
        const got = await download();
        if (got.status !== 200) throw new Error(`the export answered ${got.status}`);
        exportMs.push(got.lastByteMs);
        csvBytes = got.bytes;
      }
      const exportRowsPerSec = EXPORT_ROWS / (median(exportMs) / 1000);
      const copyRowsPerSec = EXPORT_ROWS / (median(copyMs) / 1000);
      return {
        select: {
          rows: SELECT_ROWS,
          ttfbMs: round(median(selects.map((s) => s.firstByteMs))),
          lastByteMs: round(median(selects.map((s) => s.lastByteMs))),
          jsonBytes: selects[0].bytes,
        },
        csv: {
          rows: EXPORT_ROWS,
          exportRowsPerSec: Math.round(exportRowsPerSec),
          copyRowsPerSec: Math.round(copyRowsPerSec),
          ratio: round(exportRowsPerSec / copyRowsPerSec, 2),
          csvBytes,
        },
      };
    } finally {
      await stop(server.child);
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
}

function countLines(body: Buffer): number {
  let n = 0;
  for (let i = body.indexOf(10); i !== -1; i = body.indexOf(10, i + 1)) n++;
  return n;
}

export function describeSqlLab(r: SqlLabBenchResult): [string, string][] {
  const mb = (bytes: number) => `${round(bytes / 1024 / 1024)} MB`;
  return [
    [`SQL Lab execute, ${r.select.rows.toLocaleString('en')} rows from PostgreSQL: first byte (median)`, `${r.select.ttfbMs} ms`],
    ['SQL Lab execute 100k rows: last byte (median)', `${r.select.lastByteMs} ms`],
    ['SQL Lab execute 100k rows: JSON bytes', mb(r.select.jsonBytes)],
    [`CSV export, ${r.csv.rows.toLocaleString('en')} rows (${mb(r.csv.csvBytes)})`, `${r.csv.exportRowsPerSec.toLocaleString('en')} rows/s`],
    ['psql COPY … WITH CSV of the same query', `${r.csv.copyRowsPerSec.toLocaleString('en')} rows/s`],
    ['CSV export / psql COPY (target >= 80%)', `${Math.round(r.csv.ratio * 100)}%`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    console.error('bench: no build: run `npm run build` first');
    process.exit(1);
  }
  benchSqlLab(root)
    .then((r) => {
      for (const [k, v] of describeSqlLab(r)) console.log(`${k.padEnd(72)}  ${v}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
