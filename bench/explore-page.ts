/**
 * Explore on a low-powered machine (issue 12's bench), in Debian's Chromium with the CPU
 * throttled 4x (CDP Emulation.setCPUThrottlingRate):
 * - navigation to the chart's SVG on screen: the bar chart of birth_names (count by gender over
 *   ds) opened by its form data key; the SVG is in the server's HTML, so this is the first paint
 *   that holds it (a MutationObserver injected before the page's own scripts marks the moment the
 *   figure's <svg> is in the DOM, and the next animation frame is when it is painted);
 * - navigation to the interactive chart (ECharts loaded with import() and drawn over the SVG);
 * - the gzip JS the route ships on first load: the entry, root and Explore route modules and their
 *   static imports from the build's asset manifest (what the HTML modulepreloads); the chart
 *   types and ECharts load behind import() and are counted apart.
 * Median of RUNS loads after a warm-up. Alone: `npx tsx bench/explore-page.ts` (after a build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { launchBrowser, loginAs, newPage } from '../tests/helpers/browser';
import { median, round } from './stats';
import { stop, timedStart } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const THROTTLE = 4;
const RUNS = 7;
const START_TIMEOUT_MS = 10 * 60_000;
const PASSWORD = 'bench-admin-password-1';
const EXPLORE_ROUTE = 'routes/explore._index';
export const EXPLORE_JS_BUDGET_KB = 300;

export interface ExploreBenchResult {
  cpuThrottle: number;
  runs: number;
  navigationToSvgMs: number;
  navigationToInteractiveMs: number;
  firstLoadJsGzipKb: number;
  lazyEChartsGzipKb: number;
}

type RouteAssets = { module: string; imports?: string[] };
type AssetsManifest = { entry: RouteAssets; routes: Record<string, RouteAssets> };

const gzipKb = (files: Iterable<string>) => {
  let bytes = 0;
  for (const url of files) bytes += zlib.gzipSync(fs.readFileSync(path.join(root, 'build/client', url)), { level: 9 }).length;
  return bytes / 1024;
};

/** The JS the Explore page's HTML loads (module + static imports of the entry, root and route). */
export async function exploreFirstLoadJs(): Promise<{ firstLoadKb: number; lazyEChartsKb: number }> {
  const server = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as { assets: AssetsManifest };
  const { entry, routes } = server.assets;
  const files = new Set<string>();
  for (const part of [entry, routes.root, routes[EXPLORE_ROUTE]]) {
    if (!part) throw new Error(`bench/explore-page: the build has no ${EXPLORE_ROUTE} route`);
    files.add(part.module);
    for (const file of part.imports ?? []) files.add(file);
  }
  const assets = fs.readdirSync(path.join(root, 'build/client/assets')).filter((f) => f.endsWith('.js'));
  // ECharts is the one big lazy chunk: the file of the 'echarts' package (its name carries it).
  const echarts = assets.filter((f) => /^(echarts|index)-/.test(f) && fs.statSync(path.join(root, 'build/client/assets', f)).size > 500_000).map((f) => `/assets/${f}`);
  return { firstLoadKb: gzipKb(files), lazyEChartsKb: gzipKb(echarts) };
}

/** Marks when the figure's SVG and the interactive layer's SVG first exist, before any page script runs. */
const MARKS = `(() => {
  const marks = {};
  window.__sightlineMarks = marks;
  const check = () => {
    if (!marks.svg && document.querySelector('figure svg')) requestAnimationFrame(() => { marks.svg ??= performance.now(); });
    if (!marks.interactive && document.querySelector('figure div.absolute svg')) requestAnimationFrame(() => { marks.interactive ??= performance.now(); });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

export async function benchExplorePage(): Promise<ExploreBenchResult> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('bench/explore-page: run `npm run build` first');
  const js = await exploreFirstLoadJs();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-explore-'));
  const varDir = path.join(tmp, 'var');
  const examples = process.env.SIGHTLINE_BENCH_EXAMPLES;
  const env: Record<string, string> = {
    VAR_DIR: varDir,
    DATABASE_URL: `sqlite:///${path.join(varDir, 'sightline.sqlite')}`,
    LOAD_EXAMPLES: 'true',
    ADMIN_PASSWORD: PASSWORD,
    ...(examples && fs.existsSync(examples) ? { EXAMPLES_URL: `sqlite:///${path.resolve(examples)}` } : {}),
  };
  const server = await timedStart(root, env, START_TIMEOUT_MS);
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    page.context().setDefaultTimeout(120_000);
    await loginAs(page, server.baseUrl, 'admin', PASSWORD);
    const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
    const datasets = (await (await page.request.get(`${server.baseUrl}/api/v1/dataset/?q=${q}`)).json()) as { result: { id: number }[] };
    const datasetId = datasets.result[0]?.id;
    if (!datasetId) throw new Error('bench/explore-page: no birth_names dataset');
    const formData = { datasource: `${datasetId}__table`, viz_type: 'echarts_timeseries_bar', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: ['count'], groupby: ['gender'], time_range: 'No filter', row_limit: 10000 };
    const csrf = (await (await page.request.get(`${server.baseUrl}/api/v1/security/csrf_token/`)).json()) as { result: string };
    const stored = await page.request.post(`${server.baseUrl}/api/v1/explore/form_data`, {
      headers: { 'X-CSRFToken': csrf.result },
      data: { datasource_id: datasetId, datasource_type: 'table', form_data: JSON.stringify(formData) },
    });
    const { key } = (await stored.json()) as { key: string };
    if (!key) throw new Error(`bench/explore-page: storing the form data answered ${stored.status()}`);
    const url = `${server.baseUrl}/explore/?form_data_key=${key}`;
    await page.addInitScript(MARKS);
    const cdp = await page.context().newCDPSession(page);
    const toSvg: number[] = [];
    const toInteractive: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction('window.__sightlineMarks && window.__sightlineMarks.interactive !== undefined', undefined, { timeout: 120_000 });
      const marks = await page.evaluate<{ svg: number; interactive: number }>('window.__sightlineMarks');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      if (i === 0) continue; // warm-up: the server's first render of the chart and the browser's cache
      toSvg.push(marks.svg);
      toInteractive.push(marks.interactive);
    }
    return {
      cpuThrottle: THROTTLE,
      runs: RUNS,
      navigationToSvgMs: round(median(toSvg), 0),
      navigationToInteractiveMs: round(median(toInteractive), 0),
      firstLoadJsGzipKb: round(js.firstLoadKb, 0),
      lazyEChartsGzipKb: round(js.lazyEChartsKb, 0),
    };
  } finally {
    await browser.close();
    await stop(server.child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function describeExplorePage(r: ExploreBenchResult): [string, string][] {
  return [
    [`Explore: navigation to the chart's SVG painted (CPU ${r.cpuThrottle}x slower, median of ${r.runs})`, `${r.navigationToSvgMs} ms`],
    [`Explore: navigation to the interactive chart (CPU ${r.cpuThrottle}x slower)`, `${r.navigationToInteractiveMs} ms`],
    [`Explore: JS on first load, gzip (budget ${EXPLORE_JS_BUDGET_KB} KB)`, `${r.firstLoadJsGzipKb} KB`],
    ['Explore: ECharts behind import(), gzip', `${r.lazyEChartsGzipKb} KB`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchExplorePage()
    .then((r) => {
      for (const [name, value] of describeExplorePage(r)) console.log(`${name.padEnd(80)} ${value}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    });
}
