/**
 * The chart data API on PostgreSQL, through the real production server (`node server.mjs` on the
 * current build, SQLite metadata in a temp dir), on birth_names at scale 20 (about 1.5M rows) in a
 * bench database of its own, `sightline_bench_examples_s20`: loaded once when missing or
 * incomplete, then kept for the next runs (loading takes a minute; the data never changes).
 *
 * For each of the ten charts of chart-data-queries.ts:
 * (a) uncached: POST /api/v1/chart/data with force=true, from sending the request to the last
 *     byte of the answer, alternated with the same SQL run by the pg client directly (the SQL
 *     the answer's `query` gives, every statement of it, rows fetched); median of RUNS each,
 *     after one warm-up each. The ratio API / driver is the engine's overhead: planning,
 *     execution core, post-processing, the cache write, JSON and HTTP (target at most 1.10).
 * (b) cached: the same request without force, answered from the cache (checked: is_cached);
 *     median of RUNS (target under 10 ms).
 *
 * Requests use node:http without Accept-Encoding (no gzip). Alone: `npx tsx bench/chart-data.ts`
 * (needs a build: npm run build).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { splitStatements } from '../app/lib/sql/split';
import { postgresqlDialect } from '../app/lib/sql/dialects';
import { loadExamples } from '../app/server/examples/load.server';
import { exampleTable } from '../app/server/examples/tables.server';
import { BENCH_CHARTS } from './chart-data-queries';
import { PG } from './psql';
import { stop, timedStart } from './server';
import { median, round } from './stats';

const RUNS = 10;
const SCALE = 20;
const DATABASE = `sightline_bench_examples_s${SCALE}`;
const ADMIN_PASSWORD = 'bench-admin-password';
const UNCACHED_TARGET = 1.1;
const CACHED_TARGET_MS = 10;

export interface ChartDataBenchResult {
  rows: number;
  charts: { name: string; rows: number; apiMs: number; driverMs: number; ratio: number; cachedMs: number }[];
  /** Sum of the API medians over the sum of the driver medians. */
  overallRatio: number;
  worstRatio: number;
  cachedMedianMs: number;
  cachedMaxMs: number;
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

function request(base: string, urlPath: string, token: string, body: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const started = performance.now();
    const req = http.request(
      `${base}${urlPath}`,
      { method: 'POST', headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json', 'Content-Length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function postJson<T>(base: string, urlPath: string, token: string, body: unknown): Promise<T> {
  const answer = await request(base, urlPath, token, body);
  if (answer.status >= 300) throw new Error(`POST ${urlPath} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  return JSON.parse(answer.body) as T;
}

/** The bench database with birth_names at SCALE: created and loaded only when it is not already complete. */
async function ensureBenchData(): Promise<number> {
  const expected = exampleTable('birth_names')!.rowCount(SCALE);
  const admin = new pg.Client({ ...PG, database: 'postgres' });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1;
    if (!exists) await admin.query(`CREATE DATABASE "${DATABASE}"`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ ...PG, database: DATABASE });
  await client.connect();
  try {
    const present = await client.query(`SELECT to_regclass('public.birth_names') IS NOT NULL AS present`);
    const rows = present.rows[0].present ? Number((await client.query('SELECT COUNT(*) AS n FROM birth_names')).rows[0].n) : 0;
    if (rows !== expected) {
      console.log(`bench: loading birth_names at scale ${SCALE} (${expected.toLocaleString('en')} rows) into ${DATABASE}, once ...`);
      await loadExamples({ url: `postgresql://${PG.user}@${PG.host}:${PG.port}/${DATABASE}`, scale: SCALE, tables: ['birth_names'] });
      await client.query('VACUUM ANALYZE birth_names');
    }
  } finally {
    await client.end();
  }
  return expected;
}

interface ChartAnswer {
  result: { query?: string; data?: unknown[]; rowcount?: number; is_cached?: boolean; status?: string; error?: string | null }[];
}

export async function benchChartData(root: string): Promise<ChartDataBenchResult> {
  const rows = await ensureBenchData();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-chart-data-'));
  const env = {
    VAR_DIR: path.join(tmp, 'var'),
    DATABASE_URL: `sqlite:///${path.join(tmp, 'var', 'meta.sqlite')}`,
    LOAD_EXAMPLES: 'false',
    ADMIN_PASSWORD,
  };
  // server.mjs, not scripts/start.mjs: never rebuild here (the caller built, or the user did).
  const server = await timedStart(root, env, 120_000, 'server.mjs');
  const driver = new pg.Client({ ...PG, database: DATABASE });
  await driver.connect();
  try {
    const base = server.baseUrl;
    const { access_token: token } = await postJson<{ access_token: string }>(base, '/api/v1/security/login', '', { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' });
    const database = await postJson<{ id: number }>(base, '/api/v1/database/', token, {
      database_name: 'bench_examples_pg',
      sqlalchemy_uri: `postgresql://${PG.user}@${PG.host}:${PG.port}/${DATABASE}`,
    });
    const dataset = await postJson<{ id: number }>(base, '/api/v1/dataset/', token, { database: database.id, schema: 'public', table_name: 'birth_names' });

    const charts: ChartDataBenchResult['charts'] = [];
    for (const chart of BENCH_CHARTS) {
      const body = (force: boolean) => ({
        datasource: { id: dataset.id, type: 'table' },
        force,
        queries: [chart.query],
        form_data: { datasource: `${dataset.id}__table`, viz_type: chart.viz },
        result_format: 'json',
        result_type: 'full',
      });
      const callApi = async (force: boolean) => {
        const answer = await request(base, '/api/v1/chart/data', token, body(force));
        if (answer.status !== 200) throw new Error(`chart "${chart.name}": /api/v1/chart/data answered ${answer.status}: ${answer.body.slice(0, 500)}`);
        return answer;
      };
      const warm = await callApi(true);
      const first = (JSON.parse(warm.body) as ChartAnswer).result[0];
      if (!first?.query) throw new Error(`chart "${chart.name}": the answer has no query: ${warm.body.slice(0, 300)}`);
      // Every statement of the answer's SQL (a time comparison runs the shifted query too).
      const statements = splitStatements(first.query, postgresqlDialect.flavor).map((s) => s.sql);
      const runDriver = async () => {
        const started = performance.now();
        for (const sql of statements) await driver.query(sql);
        return performance.now() - started;
      };
      await runDriver();
      const apiMs: number[] = [];
      const driverMs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        driverMs.push(await runDriver());
        apiMs.push((await callApi(true)).ms);
      }
      // The forced runs wrote the cache; these are answered from it.
      const cachedMs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const answer = await callApi(false);
        if (!(JSON.parse(answer.body) as ChartAnswer).result.every((r) => r.is_cached)) throw new Error(`chart "${chart.name}": the unforced answer was not cached`);
        cachedMs.push(answer.ms);
      }
      const api = median(apiMs);
      const raw = median(driverMs);
      charts.push({ name: chart.name, rows: first.rowcount ?? first.data?.length ?? 0, apiMs: round(api), driverMs: round(raw), ratio: round(api / raw, 2), cachedMs: round(median(cachedMs)) });
    }
    const sum = (f: (c: ChartDataBenchResult['charts'][number]) => number) => charts.reduce((s, c) => s + f(c), 0);
    return {
      rows,
      charts,
      overallRatio: round(sum((c) => c.apiMs) / sum((c) => c.driverMs), 2),
      worstRatio: Math.max(...charts.map((c) => c.ratio)),
      cachedMedianMs: round(median(charts.map((c) => c.cachedMs))),
      cachedMaxMs: Math.max(...charts.map((c) => c.cachedMs)),
    };
  } finally {
    await driver.end().catch(() => undefined);
    await stop(server.child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function describeChartData(r: ChartDataBenchResult): [string, string][] {
  return [
    ...r.charts.map((c): [string, string] => [
      `chart data "${c.name}" (${c.rows} rows): API / pg driver, uncached`,
      `${c.apiMs} / ${c.driverMs} ms = ${c.ratio.toFixed(2)}, cached ${c.cachedMs} ms`,
    ]),
    [`chart data, 10 charts on ${r.rows.toLocaleString('en')} rows: API / driver overall, worst (target <= ${UNCACHED_TARGET.toFixed(2)})`, `${r.overallRatio.toFixed(2)}, ${r.worstRatio.toFixed(2)}`],
    [`chart data cached answer median / max (target < ${CACHED_TARGET_MS} ms)`, `${r.cachedMedianMs} / ${r.cachedMaxMs} ms`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    console.error('bench: no build: run `npm run build` first');
    process.exit(1);
  }
  benchChartData(root)
    .then((r) => {
      for (const [k, v] of describeChartData(r)) console.log(`${k.padEnd(90)}  ${v}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
