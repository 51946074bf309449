/**
 * A dashboard of 12 charts on a low-powered machine (issue 13's bench), in Debian's Chromium with
 * the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate), on the PostgreSQL examples at scale 10
 * (birth_names and wb_health_population in a bench database of their own,
 * `sightline_bench_examples_s10`, loaded once and kept, as bench/chart-data.ts keeps its own):
 * - navigation to every chart drawn (the SVG of an ECharts chart, the table or figure of an HTML
 *   chart type), against the same page's HTML saved once and answered by the browser itself
 *   (page.route), loaded the same way: the browser's own limit, so the ratio is what the server
 *   adds (target at most 1.5);
 * - navigation to hydrated (React has taken over: the first interactive chart layer is mounted)
 *   and to interactive (every ECharts chart drawn by ECharts over its SVG);
 * - the gzip JS the route ships on first load (entry, root, route module and their static imports
 *   from the build's asset manifest: what the HTML modulepreloads; budget 150 KB), and every
 *   script the first visit fetched until interactive (with import()ed chunks), gzip;
 * - 50 concurrent viewers with a warm cache: plain fetch loops with the session cookie for about
 *   10 s, each view the page and the chart requests the page made itself (charts the server left
 *   to the browser), p50 / p95.
 * Warm cache throughout: one visit before the timed loads (chart data cache, browser cache).
 * Median of RUNS loads each, the real page and the saved HTML alternated. Alone:
 * `npx tsx bench/dashboard-page.ts` (after a build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { chromium, type Page, type Response } from 'playwright-core';
import { loadExamples } from '../app/server/examples/load.server';
import { exampleTable } from '../app/server/examples/tables.server';
import { CHROMIUM_ARGS, CHROMIUM_PATH, loginAs } from '../tests/helpers/browser';
import { PG } from './psql';
import { stop, timedStart } from './server';
import { median, percentile, round } from './stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const SCALE = 10;
const DATABASE = `sightline_bench_examples_s${SCALE}`;
const TABLES = ['birth_names', 'wb_health_population'];
const THROTTLE = 4;
const RUNS = 7;
const VIEWERS = 50;
const LOAD_MS = 10_000;
const PASSWORD = 'bench-admin-password-1';
const DASHBOARD_ROUTE = 'routes/superset.dashboard.$idOrSlug';
/** Tall enough that the 3 rows of charts are all on screen (the figure is "every chart drawn"). */
const VIEWPORT = { width: 1280, height: 1200 };
/** Chart height in grid units (8 px): 3 rows of 288 px fit the viewport with the header. */
const CHART_HEIGHT = 36;
export const DASHBOARD_JS_BUDGET_KB = 150;
export const DASHBOARD_RATIO_TARGET = 1.5;

export interface DashboardBenchResult {
  cpuThrottle: number;
  runs: number;
  charts: number;
  /** Charts the page fetched itself after load (left by the server to the browser). */
  browserFetchedCharts: number;
  navigationToChartsMs: number;
  savedHtmlToChartsMs: number;
  /** The real page's document: first byte (the server's render) and last byte. */
  responseStartMs: number;
  responseEndMs: number;
  /** The document in bytes, as served (not compressed). */
  htmlBytes: number;
  ratio: number;
  navigationToHydratedMs: number;
  navigationToInteractiveMs: number;
  firstLoadJsGzipKb: number;
  jsUntilInteractiveGzipKb: number;
  load: {
    viewers: number;
    seconds: number;
    /** Views started (every one asked for the page); `views` are those that got every answer. */
    viewsStarted: number;
    views: number;
    viewsPerSec: number;
    /** Percentiles of the requests that answered 200 (null: none did). */
    pageP50Ms: number | null;
    pageP95Ms: number | null;
    chartRequests: number;
    chartP50Ms: number | null;
    chartP95Ms: number | null;
    viewP50Ms: number | null;
    viewP95Ms: number | null;
    errors: number;
    /** Up to 3 distinct failures (a status or an error message), to say what went wrong. */
    errorSamples: string[];
  };
  singleViewerPageMedianMs: number;
  /** The server process's CPU time (user + system) during the load test over the views it served: what a view costs, whatever else runs. */
  serverCpuMsPerView: number | null;
  /** 1-minute load average before and after: on this 2-core machine, above ~0.5 the figures are disturbed. */
  loadAverage: [number, number];
}

type RouteAssets = { module: string; imports?: string[] };
type AssetsManifest = { entry: RouteAssets; routes: Record<string, RouteAssets> };

const gzipBytes = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

/** The JS the dashboard page's HTML loads: module + static imports of the entry, root and route. */
export async function dashboardFirstLoadJsKb(): Promise<number> {
  const server = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as { assets: AssetsManifest };
  const { entry, routes } = server.assets;
  const files = new Set<string>();
  for (const part of [entry, routes.root, routes[DASHBOARD_ROUTE]]) {
    if (!part) throw new Error(`bench/dashboard-page: the build has no ${DASHBOARD_ROUTE} route`);
    files.add(part.module);
    for (const file of part.imports ?? []) files.add(file);
  }
  let bytes = 0;
  for (const url of files) bytes += gzipBytes(fs.readFileSync(path.join(root, 'build/client', url)));
  return bytes / 1024;
}

/** The bench database with the tables at SCALE: created and loaded only when a table is missing or incomplete. */
async function ensureBenchData(): Promise<void> {
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
    const missing: string[] = [];
    for (const table of TABLES) {
      const expected = exampleTable(table)!.rowCount(SCALE);
      const present = (await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [`public.${table}`])).rows[0].present;
      const rows = present ? Number((await client.query(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0].n) : 0;
      if (rows !== expected) missing.push(table);
    }
    if (missing.length) {
      console.log(`bench: loading ${missing.join(', ')} at scale ${SCALE} into ${DATABASE}, once ...`);
      await loadExamples({ url: `postgresql://${PG.user}@${PG.host}:${PG.port}/${DATABASE}`, scale: SCALE, tables: missing });
      for (const table of missing) await client.query(`VACUUM ANALYZE ${table}`);
    }
  } finally {
    await client.end();
  }
}

const sum = (column: string) => ({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: column }, label: `SUM(${column})`, hasCustomLabel: false });
const avg = (column: string) => ({ expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: column }, label: `AVG(${column})`, hasCustomLabel: false });
const allTime = (column: string) => [{ clause: 'WHERE', subject: column, operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' }];

type ChartSpec = { name: string; table: 'birth_names' | 'wb_health_population'; formData: Record<string, unknown> };

/** Twelve charts of mixed types, as the frontend saves them (adhoc metrics: a new dataset has only `count`). */
const CHARTS: ChartSpec[] = [
  { name: 'Births', table: 'birth_names', formData: { viz_type: 'big_number_total', metric: sum('num'), adhoc_filters: allTime('ds') } },
  { name: 'Births by gender', table: 'birth_names', formData: { viz_type: 'echarts_timeseries_line', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sum('num')], groupby: ['gender'], adhoc_filters: allTime('ds'), row_limit: 10000 } },
  { name: 'Births per year', table: 'birth_names', formData: { viz_type: 'echarts_timeseries_bar', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sum('num')], groupby: [], adhoc_filters: allTime('ds'), row_limit: 10000 } },
  { name: 'Births by state', table: 'birth_names', formData: { viz_type: 'pie', groupby: ['state'], metric: sum('num'), adhoc_filters: allTime('ds'), row_limit: 10 } },
  { name: 'Top names', table: 'birth_names', formData: { viz_type: 'table', query_mode: 'aggregate', groupby: ['name'], metrics: [sum('num')], adhoc_filters: allTime('ds'), row_limit: 10, order_desc: true } },
  { name: 'State by gender', table: 'birth_names', formData: { viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: ['gender'], metrics: [sum('num')], adhoc_filters: allTime('ds'), row_limit: 10000 } },
  { name: 'Gender and state', table: 'birth_names', formData: { viz_type: 'treemap_v2', groupby: ['gender', 'state'], metric: sum('num'), adhoc_filters: allTime('ds'), row_limit: 10000 } },
  { name: 'State × gender heatmap', table: 'birth_names', formData: { viz_type: 'heatmap_v2', x_axis: 'state', groupby: 'gender', metric: sum('num'), adhoc_filters: allTime('ds'), row_limit: 10000, sort_x_axis: 'alpha_asc', sort_y_axis: 'alpha_asc', normalize_across: 'heatmap' } },
  { name: 'Population by region', table: 'wb_health_population', formData: { viz_type: 'echarts_area', x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [sum('SP_POP_TOTL')], groupby: ['region'], adhoc_filters: allTime('year'), row_limit: 10000, stack: 'Stack' } },
  { name: 'Life expectancy by region', table: 'wb_health_population', formData: { viz_type: 'echarts_timeseries_line', x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [avg('SP_DYN_LE00_IN')], groupby: ['region'], adhoc_filters: allTime('year'), row_limit: 10000 } },
  { name: 'World population', table: 'wb_health_population', formData: { viz_type: 'big_number', x_axis: 'year', time_grain_sqla: 'P1Y', metric: sum('SP_POP_TOTL'), adhoc_filters: allTime('year') } },
  { name: 'Fertility by region', table: 'wb_health_population', formData: { viz_type: 'echarts_timeseries_scatter', x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [avg('SP_DYN_TFRT_IN')], groupby: ['region'], adhoc_filters: allTime('year'), row_limit: 10000 } },
];

/** The chart types drawn as HTML (no SVG): the rest are ECharts and get an interactive layer. */
export const HTML_TYPES = new Set(['table', 'pivot_table_v2', 'big_number_total', 'big_number']);

/** Superset's position_json: a header, then 3 rows of 4 charts (width 3 of 12). */
function layoutOf(title: string, chartIds: { id: number; name: string }[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], meta: { text: title } },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [] as string[], parents: ['ROOT_ID'] },
  };
  for (let row = 0; row < 3; row++) {
    const rowId = `ROW-bench-${row}`;
    (layout.GRID_ID as { children: string[] }).children.push(rowId);
    const children = chartIds.slice(row * 4, row * 4 + 4).map(({ id, name }) => {
      const componentId = `CHART-bench-${id}`;
      layout[componentId] = { id: componentId, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', rowId], meta: { chartId: id, width: 3, height: CHART_HEIGHT, sliceName: name } };
      return componentId;
    });
    layout[rowId] = { id: rowId, type: 'ROW', children, parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
  }
  return layout;
}

export async function api<T>(base: string, method: string, urlPath: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`bench/dashboard-page: ${method} ${urlPath} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** The database, its two datasets, the 12 charts and the dashboard, through the API. Answers the dashboard's id. */
async function createDashboard(base: string): Promise<number> {
  const { access_token: token } = await api<{ access_token: string }>(base, 'POST', '/api/v1/security/login', '', { username: 'admin', password: PASSWORD, provider: 'db' });
  const database = await api<{ id: number }>(base, 'POST', '/api/v1/database/', token, {
    database_name: 'bench_examples_pg_s10',
    sqlalchemy_uri: `postgresql://${PG.user}@${PG.host}:${PG.port}/${DATABASE}`,
  });
  const datasets: Record<string, number> = {};
  for (const table of TABLES) {
    datasets[table] = (await api<{ id: number }>(base, 'POST', '/api/v1/dataset/', token, { database: database.id, schema: 'public', table_name: table })).id;
  }
  const charts: { id: number; name: string }[] = [];
  for (const chart of CHARTS) {
    const datasetId = datasets[chart.table];
    const params = { ...chart.formData, datasource: `${datasetId}__table` };
    const created = await api<{ id: number }>(base, 'POST', '/api/v1/chart/', token, {
      slice_name: chart.name, viz_type: chart.formData.viz_type, datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params),
    });
    charts.push({ id: created.id, name: chart.name });
  }
  const title = 'Bench: births and world health';
  const dashboard = await api<{ id: number }>(base, 'POST', '/api/v1/dashboard/', token, { dashboard_title: title, published: true });
  await api(base, 'PUT', `/api/v1/dashboard/${dashboard.id}`, token, { position_json: JSON.stringify(layoutOf(title, charts)) });
  return dashboard.id;
}

/**
 * Marks, from before any page script: every chart drawn (its figure holds an SVG, a table or a
 * big number, and is not a placeholder), hydrated (the first interactive layer exists: ChartFrame
 * mounts it in the effect after hydration) and interactive (every ECharts chart drawn by ECharts).
 * Each mark is the animation frame after the DOM had it: when it is painted.
 */
export const marksScript = (charts: number, echartsCharts: number) => `(() => {
  const marks = {};
  window.__sightlineMarks = marks;
  const at = (name) => requestAnimationFrame(() => { marks[name] ??= performance.now(); });
  const check = () => {
    if (!marks.drawn && !marks.drawnPending) {
      let drawn = 0;
      for (const holder of document.querySelectorAll('[data-component="chart"]')) {
        if (holder.querySelector('figure:not([aria-busy="true"]) :is(svg, table, .header-line)')) drawn++;
      }
      if (drawn >= ${charts}) { marks.drawnPending = true; at('drawn'); }
    }
    if (!marks.hydrated && document.querySelector('figure div.absolute')) at('hydrated');
    if (!marks.interactive && document.querySelectorAll('figure div.absolute svg').length >= ${echartsCharts}) at('interactive');
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
})()`;

export type Marks = { drawn?: number; hydrated?: number; interactive?: number; responseStart: number; responseEnd: number };

/**
 * One load, waited until every chart is interactive. It starts from a blank page: a navigation away
 * from a page still busy on a throttled CPU waits for it, which would count against this one.
 */
export async function loadOnce(page: Page, url: string): Promise<Marks> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction('window.__sightlineMarks && window.__sightlineMarks.interactive !== undefined', undefined, { timeout: 120_000 });
  // The document's first and last byte, from the navigation's own timing.
  return page.evaluate<Marks>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { ...window.__sightlineMarks, responseStart: nav.responseStart, responseEnd: nav.responseEnd };
  })()`);
}

type LoadFigures = DashboardBenchResult['load'];

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of 10 ms); null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** VIEWERS loops of fetch for LOAD_MS: each view the page, then the charts the page fetches itself, at once. */
async function loadTest(pageUrl: string, chartUrls: string[], cookie: string): Promise<LoadFigures> {
  const pageMs: number[] = [];
  const chartMs: number[] = [];
  const viewMs: number[] = [];
  let errors = 0;
  let started = 0;
  const errorSamples = new Set<string>();
  const failed = (what: string) => {
    errors++;
    if (errorSamples.size < 3) errorSamples.add(what);
  };
  /** One request; its time goes into `into` when it answered 200. Answers whether it did. */
  const timed = async (url: string, into: number[]): Promise<boolean> => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) {
      failed(`HTTP ${res.status}`);
      return false;
    }
    into.push(ms);
    return true;
  };
  const begin = performance.now();
  const deadline = begin + LOAD_MS;
  const viewer = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      started++;
      try {
        // A view counts when the page and every chart request answered 200.
        if (!(await timed(pageUrl, pageMs))) continue;
        const charts = await Promise.all(chartUrls.map((url) => timed(url, chartMs)));
        if (charts.every(Boolean)) viewMs.push(performance.now() - t0);
      } catch (error) {
        failed(error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: VIEWERS }, viewer));
  const seconds = (performance.now() - begin) / 1000;
  const pct = (samples: number[], p: number) => (samples.length ? round(percentile(samples, p), 0) : null);
  return {
    viewers: VIEWERS,
    seconds: round(seconds, 1),
    viewsStarted: started,
    views: viewMs.length,
    viewsPerSec: round(viewMs.length / seconds, 1),
    pageP50Ms: pct(pageMs, 50),
    pageP95Ms: pct(pageMs, 95),
    chartRequests: chartMs.length,
    chartP50Ms: pct(chartMs, 50),
    chartP95Ms: pct(chartMs, 95),
    viewP50Ms: pct(viewMs, 50),
    viewP95Ms: pct(viewMs, 95),
    errors,
    errorSamples: [...errorSamples],
  };
}

export async function benchDashboardPage(): Promise<DashboardBenchResult> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('bench/dashboard-page: run `npm run build` first');
  const loadBefore = os.loadavg()[0];
  const firstLoadJsKb = await dashboardFirstLoadJsKb();
  await ensureBenchData();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-dashboard-'));
  const env = {
    VAR_DIR: path.join(tmp, 'var'),
    DATABASE_URL: `sqlite:///${path.join(tmp, 'var', 'meta.sqlite')}`,
    LOAD_EXAMPLES: 'false',
    ADMIN_PASSWORD: PASSWORD,
  };
  // server.mjs, not scripts/start.mjs: never rebuild here (the caller built, or the user did).
  const server = await timedStart(root, env, 120_000, 'server.mjs');
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const dashboardId = await createDashboard(server.baseUrl);
    const url = `${server.baseUrl}/superset/dashboard/${dashboardId}/`;
    const echartsCharts = CHARTS.filter((c) => !HTML_TYPES.has(String(c.formData.viz_type))).length;

    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
    context.setDefaultTimeout(120_000);
    const page = await context.newPage();
    await loginAs(page, server.baseUrl, 'admin', PASSWORD);
    await page.addInitScript(marksScript(CHARTS.length, echartsCharts));
    const cdp = await context.newCDPSession(page);

    // The first visit, not timed: the chart data cache and the browser's cache get warm. It records
    // the chart requests the page makes itself and every script it fetches until interactive.
    const chartUrls = new Set<string>();
    const scripts = new Map<string, Promise<number>>();
    const onResponse = (response: Response) => {
      const request = response.request();
      if (/\/superset\/dashboard\/[^/]+\/chart\/\d+/.test(request.url())) chartUrls.add(request.url());
      if (request.resourceType() === 'script' && response.ok()) scripts.set(request.url(), response.body().then(gzipBytes, () => 0));
    };
    page.on('response', onResponse);
    await loadOnce(page, url);
    page.off('response', onResponse);
    const jsUntilInteractiveKb = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0) / 1024;
    const html = await (await page.request.get(url)).text();
    if (!html.includes('data-component="chart"')) throw new Error('bench/dashboard-page: the saved page has no chart');

    const real: Marks[] = [];
    const saved: Marks[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const variant of ['real', 'saved'] as const) {
        if (variant === 'saved') await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
        try {
          const marks = await loadOnce(page, url);
          (variant === 'real' ? real : saved).push(marks);
        } finally {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          if (variant === 'saved') await page.unroute(url);
        }
      }
    }
    const cookie = (await context.cookies(server.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    await context.close();

    // One viewer, for scale: the page alone, sequentially.
    const single: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { Cookie: cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`bench/dashboard-page: GET ${url} answered ${res.status}`);
      if (i >= 5) single.push(performance.now() - t0);
    }
    const cpuBefore = cpuMsOf(server.child.pid);
    const load = await loadTest(url, [...chartUrls], cookie);
    const cpuAfter = cpuMsOf(server.child.pid);
    if (load.errors > 0) {
      // What the server said about the failures: its last error lines.
      const lines = server.output().split('\n').filter((line) => /error|exception|timeout/i.test(line));
      console.log(`bench/dashboard-page: ${load.errors} failed requests under load; the server's last error lines:\n${lines.slice(-8).join('\n')}`);
    }

    const drawn = median(real.map((m) => m.drawn!));
    const savedDrawn = median(saved.map((m) => m.drawn!));
    return {
      cpuThrottle: THROTTLE,
      runs: RUNS,
      charts: CHARTS.length,
      browserFetchedCharts: chartUrls.size,
      navigationToChartsMs: round(drawn, 0),
      savedHtmlToChartsMs: round(savedDrawn, 0),
      responseStartMs: round(median(real.map((m) => m.responseStart)), 0),
      responseEndMs: round(median(real.map((m) => m.responseEnd)), 0),
      htmlBytes: Buffer.byteLength(html),
      ratio: round(drawn / savedDrawn, 2),
      navigationToHydratedMs: round(median(real.map((m) => m.hydrated!)), 0),
      navigationToInteractiveMs: round(median(real.map((m) => m.interactive!)), 0),
      firstLoadJsGzipKb: round(firstLoadJsKb, 0),
      jsUntilInteractiveGzipKb: round(jsUntilInteractiveKb, 0),
      load,
      singleViewerPageMedianMs: round(median(single), 1),
      serverCpuMsPerView: cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / load.viewsStarted, 0),
      loadAverage: [round(loadBefore, 2), round(os.loadavg()[0], 2)],
    };
  } finally {
    await browser.close();
    await stop(server.child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function describeDashboardPage(r: DashboardBenchResult): [string, string][] {
  const l = r.load;
  return [
    [`Dashboard (${r.charts} charts, PostgreSQL scale ${SCALE}, CPU ${r.cpuThrottle}x slower, median of ${r.runs}): navigation to every chart drawn`, `${r.navigationToChartsMs} ms`],
    ['Dashboard: the same page\'s HTML saved and served by the browser, to every chart drawn', `${r.savedHtmlToChartsMs} ms`],
    [`Dashboard: page / saved HTML (target <= ${DASHBOARD_RATIO_TARGET})`, r.ratio.toFixed(2)],
    [`Dashboard: the page's first / last byte (its HTML: ${Math.round(r.htmlBytes / 1024)} KB)`, `${r.responseStartMs} / ${r.responseEndMs} ms`],
    ['Dashboard: navigation to hydrated / to every ECharts chart interactive', `${r.navigationToHydratedMs} / ${r.navigationToInteractiveMs} ms`],
    [`Dashboard: JS on first load, gzip (budget ${DASHBOARD_JS_BUDGET_KB} KB) / all JS fetched until interactive`, `${r.firstLoadJsGzipKb} / ${r.jsUntilInteractiveGzipKb} KB`],
    ['Dashboard: charts the browser fetched after load (left by the server)', `${r.browserFetchedCharts}`],
    ['Dashboard: one viewer, the page, median', `${r.singleViewerPageMedianMs} ms`],
    [`Dashboard: ${l.viewers} concurrent viewers, ${l.seconds} s: views (of started), views/s, errors`, `${l.views} (of ${l.viewsStarted}), ${l.viewsPerSec}/s, ${l.errors}${l.errorSamples.length ? ` (${l.errorSamples.join('; ')})` : ''}`],
    [`Dashboard: ${l.viewers} viewers, the page p50 / p95`, `${l.pageP50Ms ?? 'n/a'} / ${l.pageP95Ms ?? 'n/a'} ms`],
    [`Dashboard: ${l.viewers} viewers, chart requests p50 / p95 (${l.chartRequests} requests)`, r.browserFetchedCharts === 0 ? 'none (every chart in the HTML)' : `${l.chartP50Ms ?? 'n/a'} / ${l.chartP95Ms ?? 'n/a'} ms`],
    [`Dashboard: ${l.viewers} viewers, a whole view (page + its chart requests) p50 / p95`, `${l.viewP50Ms ?? 'n/a'} / ${l.viewP95Ms ?? 'n/a'} ms`],
    ['Dashboard: server CPU time per view under load (user + system)', r.serverCpuMsPerView === null ? 'n/a' : `${r.serverCpuMsPerView} ms`],
    ['Dashboard: 1-minute load average before / after (2 cores: above ~0.5 the figures are disturbed)', r.loadAverage.join(' / ')],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchDashboardPage()
    .then((r) => {
      for (const [name, value] of describeDashboardPage(r)) console.log(`${name.padEnd(110)} ${value}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    });
}
