/**
 * npm run bench: start-up and page-render timings of the production server, PostgreSQL streaming,
 * SQL Lab on PostgreSQL (execute, CSV export) and the chart data API. See bench/README.md
 * for what each figure means. Prints a table and writes bench/results.json.
 *
 * `npm run bench -- <name> …` runs only the named browser benches (ALONE below) on the current
 * build, prints their figures and leaves results.json as it is.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../scripts/build-freshness.mjs';
import { benchAutocomplete } from './autocomplete';
import { benchChartData, describeChartData } from './chart-data';
import { benchStreaming } from './engines-stream';
import { benchDashboardFilters, describeDashboardFilters } from './dashboard-filters';
import { benchDashboardPage, describeDashboardPage } from './dashboard-page';
import { benchExplorePage, describeExplorePage } from './explore-page';
import { benchVizRender, describeVizRender } from './viz-render';
import { benchResultsGrid } from './sqllab-grid';
import { benchSqlLabAsync, describeSqlLabAsync } from './sqllab-async';
import { benchSqlLab, describeSqlLab } from './sqllab-pg';
import { median, percentile, round } from './stats';
import { stop, timedStart } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const COLD_TIMEOUT_MS = 15 * 60_000;
const WARM_TIMEOUT_MS = 2 * 60_000;
const WARMUP_REQUESTS = 5;
const MEASURED_REQUESTS = 50;

// Build now, outside the clock, so the cold start measures a first start with the build present.
function ensureBuild() {
  if (!buildIsStale(root)) return;
  console.log('bench: the build is missing or stale; building first (not timed) ...');
  const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('bench: the build failed');
}

function rebuiltDuringStart(output: string): boolean {
  return output.includes('building the app');
}

async function timeLogin(baseUrl: string): Promise<number[]> {
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/login`);
    await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET /login answered ${res.status}`);
    return ms;
  };
  for (let i = 0; i < WARMUP_REQUESTS; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < MEASURED_REQUESTS; i++) samples.push(await once());
  return samples;
}

/** The benches `npm run bench -- <name>` runs alone: each starts a server of its own. */
const ALONE: Record<string, () => Promise<[string, string][]>> = {
  'dashboard-filters': async () => describeDashboardFilters(await benchDashboardFilters()),
  'dashboard-page': async () => describeDashboardPage(await benchDashboardPage()),
  'explore-page': async () => describeExplorePage(await benchExplorePage()),
};

function printTable(title: string, rows: [string, string][]) {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  console.log(`${'measure'.padEnd(width)}  value`);
  console.log(`${'-'.repeat(width)}  ${'-'.repeat(16)}`);
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}

async function runAlone(names: string[]) {
  const unknown = names.filter((name) => !ALONE[name]);
  if (unknown.length) throw new Error(`bench: no bench named ${unknown.join(', ')}; alone: ${Object.keys(ALONE).join(', ')}`);
  const rows: [string, string][] = [];
  for (const name of names) {
    console.log(`bench: ${name} ...`);
    rows.push(...(await ALONE[name]()));
  }
  printTable(`Sightline bench (${names.join(', ')})  ${new Date().toISOString()}  node ${process.version}`, rows);
}

async function main() {
  ensureBuild();
  const only = process.argv.slice(2);
  if (only.length) return runAlone(only);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-'));
  const varDir = path.join(tmp, 'var');
  // EXAMPLES_URL unset: the examples warehouse goes to VAR_DIR and is generated from scratch.
  const env = {
    VAR_DIR: varDir,
    DATABASE_URL: `sqlite:///${path.join(varDir, 'sightline.sqlite')}`,
    LOAD_EXAMPLES: 'true',
  };
  try {
    console.log('bench: cold start (fresh VAR_DIR, examples generated) ...');
    const cold = await timedStart(root, env, COLD_TIMEOUT_MS);
    await stop(cold.child);
    if (rebuiltDuringStart(cold.output())) throw new Error('scripts/start.mjs rebuilt the app during the cold start; rerun');

    console.log('bench: warm start (same VAR_DIR) ...');
    const warm = await timedStart(root, env, WARM_TIMEOUT_MS);
    let samples: number[];
    try {
      if (rebuiltDuringStart(warm.output())) throw new Error('scripts/start.mjs rebuilt the app during the warm start; rerun');
      console.log(`bench: GET /login x ${WARMUP_REQUESTS} warm-up + ${MEASURED_REQUESTS} measured ...`);
      samples = await timeLogin(warm.baseUrl);
    } finally {
      await stop(warm.child);
    }

    console.log('bench: streaming 1M rows x 10 columns from PostgreSQL vs psql COPY ...');
    const streaming = await benchStreaming();

    console.log('bench: SQL Lab on PostgreSQL: 100k-row execute, 1M-row CSV export vs psql COPY ...');
    const sqllab = await benchSqlLab(root);

    console.log('bench: chart data API on PostgreSQL, birth_names at scale 20, vs the pg driver ...');
    const chartData = await benchChartData(root);

    console.log('bench: server rendering of each chart type ...');
    const vizRender = await benchVizRender();

    console.log('bench: autocomplete over a schema of 100k columns ...');
    const autocomplete = await benchAutocomplete();

    console.log('bench: SQL Lab results grid, 100k rows, CPU throttled 4x in Chromium ...');
    // The examples warehouse the cold start generated: the grid's server need not generate it again.
    process.env.SIGHTLINE_BENCH_EXAMPLES ??= path.join(varDir, 'examples.sqlite');
    const grid = await benchResultsGrid();
    const sqllabAsync = await benchSqlLabAsync();

    console.log('bench: Explore, navigation to the chart on a 4x-throttled CPU, and its first-load JS ...');
    const explorePage = await benchExplorePage();

    console.log('bench: a dashboard of 12 charts on PostgreSQL at scale 10, CPU throttled 4x, and 50 concurrent viewers ...');
    const dashboardPage = await benchDashboardPage();

    console.log('bench: the world health dashboard with 4 native filters, CPU throttled 4x: first draw, requests, Apply ...');
    const dashboardFilters = await benchDashboardFilters();

    const results = {
      streaming,
      sqllab,
      chartData,
      vizRender,
      autocomplete,
      grid,
      sqllabAsync,
      explorePage,
      dashboardPage,
      dashboardFilters,
      loadAverage: os.loadavg().map((l) => round(l, 2)),
      date: new Date().toISOString(),
      commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || null,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
      coldStartMs: round(cold.ms, 0),
      warmStartMs: round(warm.ms, 0),
      login: {
        warmup: WARMUP_REQUESTS,
        requests: MEASURED_REQUESTS,
        medianMs: round(median(samples)),
        p95Ms: round(percentile(samples, 95)),
        minMs: round(Math.min(...samples)),
        maxMs: round(Math.max(...samples)),
      },
    };

    const rows: [string, string][] = [
      ['cold start to /health 200 (first start, examples generated)', `${results.coldStartMs} ms`],
      ['warm start to /health 200 (second start, same VAR_DIR)', `${results.warmStartMs} ms`],
      [`GET /login median (${MEASURED_REQUESTS} sequential, after ${WARMUP_REQUESTS} warm-up)`, `${results.login.medianMs} ms`],
      [`GET /login p95`, `${results.login.p95Ms} ms`],
      [`GET /login min / max`, `${results.login.minMs} / ${results.login.maxMs} ms`],
      ['PostgreSQL 1M rows through the execution core', `${Math.round(streaming.rowsPerSec).toLocaleString('en')} rows/s`],
      ['psql COPY of the same query', `${Math.round(streaming.copyRowsPerSec).toLocaleString('en')} rows/s`],
      ['execution core / COPY (target >= 50%)', `${Math.round(streaming.ratio * 100)}%`],
      ['streaming peak RSS / RSS growth (target < 100 MB)', `${Math.round(streaming.peakRssMb)} / ${Math.round(streaming.rssGrowthMb)} MB`],
      ...describeSqlLab(sqllab),
      ...describeChartData(chartData),
      ...describeVizRender(vizRender),
      ...describeExplorePage(explorePage),
      ...describeDashboardPage(dashboardPage),
      ...describeDashboardFilters(dashboardFilters),
      [`autocomplete, ${autocomplete.columns.toLocaleString('en')} columns: index build`, `${Math.round(autocomplete.buildMs)} ms`],
      [`autocomplete per keystroke median / p95 / max (target p95 < ${autocomplete.targetP95Ms} ms)`, `${autocomplete.medianMs} / ${autocomplete.p95Ms} / ${autocomplete.maxMs} ms`],
      ['autocomplete after a 200-statement script, median / p95 / max', `${autocomplete.inScript.medianMs} / ${autocomplete.inScript.p95Ms} / ${autocomplete.inScript.maxMs} ms`],
      [`results grid ${grid.rows.toLocaleString('en')} rows, ${grid.cpuThrottle}x CPU throttle: Run to first rows`, `${grid.runToFirstRowsMs} ms`],
      ['results grid fling (600 px a frame): frame median / p95, frames over 50 ms', `${grid.fling.frameMedianMs} / ${grid.fling.frameP95Ms} ms, ${grid.fling.framesOver50msPct}%`],
      ['results grid wheel (100 px a frame): frame median / p95, frames over 50 ms', `${grid.wheel.frameMedianMs} / ${grid.wheel.frameP95Ms} ms, ${grid.wheel.framesOver50msPct}%`],
      ...describeSqlLabAsync(sqllabAsync),
      ['load average at the end (1 / 5 / 15 min; 2 cores: above ~0.5 the figures are disturbed)', results.loadAverage.join(' / ')],
    ];
    printTable(`Sightline bench  ${results.date}  node ${results.node}  ${results.cpus}`, rows);

    fs.writeFileSync(path.join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(process.cwd(), path.join(here, 'results.json'))}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
