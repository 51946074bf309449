/**
 * A dashboard of 12 charts with native filters on a low-powered machine (issue 14's bench), in
 * Debian's Chromium with the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate). The dashboard
 * is a copy of the example "World Bank's Data" (twelve charts on wb_health_population, the
 * examples warehouse in SQLite) made with `POST /api/v1/dashboard/world_health/copy/`, with four
 * native filters in its json_metadata: Region (a value filter with a default value), Country
 * (cascading from Region), Population (a numerical range on SP_POP_TOTL) and Year (a time range).
 * A second copy without filters is the reference, drawn by the same server in the same run.
 * - navigation to every chart drawn with the default filter values, against the reference;
 * - the requests that had to finish before the first chart's data was in the browser (the page
 *   draws the charts into its document with the filters applied, so none should), and a check
 *   that the document's charts are drawn with the defaults;
 * - from the click on 'Apply filters' (Region changed) to every chart drawn with the new value,
 *   whichever way the page applies it: a GET form reload, or in place with scripts.
 * Median of RUNS each, after one untimed visit of each page (the chart data cache, the browser's
 * cache). Alone: `npx tsx bench/dashboard-filters.ts` (after a build), or
 * `npm run bench -- dashboard-filters`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page, type Request, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, loginAs } from '../tests/helpers/browser';
import { rangeFilter, selectFilter } from '../tests/helpers/filter-dashboards';
import { api, HTML_TYPES, loadOnce, marksScript, type Marks } from './dashboard-page';
import { stop, timedStart } from './server';
import { median, round } from './stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const THROTTLE = 4;
const RUNS = 7;
const APPLY_RUNS = 5;
const START_TIMEOUT_MS = 10 * 60_000;
const PASSWORD = 'bench-admin-password-1';
const EXAMPLE_SLUG = 'world_health';
/**
 * Tall enough that the whole dashboard (four rows of 400 px, two headers, the title bar) is on
 * screen: every chart is drawn without scrolling, and a chart the server left to the browser
 * would be fetched at once (they are fetched as they come near the viewport).
 */
const VIEWPORT = { width: 1280, height: 2000 };
const FILTER = {
  region: 'NATIVE_FILTER-bench-region',
  country: 'NATIVE_FILTER-bench-country',
  population: 'NATIVE_FILTER-bench-population',
  year: 'NATIVE_FILTER-bench-year',
} as const;
/** Region's default, and the value Apply changes it to (58 and 8 economies). */
const DEFAULT_REGION = 'Europe & Central Asia';
const APPLIED_REGION = 'South Asia';
const ECONOMIES = 'Economies';

export interface DashboardFiltersBenchResult {
  cpuThrottle: number;
  runs: number;
  applyRuns: number;
  charts: number;
  filters: number;
  viewport: string;
  /** (1) navigation to every chart drawn, with the filters' defaults; and the same dashboard without filters. */
  navigationToChartsMs: number;
  referenceToChartsMs: number;
  ratio: number;
  navigationToInteractiveMs: number;
  referenceToInteractiveMs: number;
  /** The documents' first byte (the server's render: charts, and the filters' options and bounds alongside) and last byte. */
  responseStartMs: number;
  referenceResponseStartMs: number;
  responseEndMs: number;
  referenceResponseEndMs: number;
  /** Charts the filtered page fetched itself (left by the server to the browser). */
  browserFetchedCharts: number;
  /** (2) requests finished before the first chart's data reached the browser, and what brought it. */
  requestsBeforeFirstChartData: number;
  firstChartDataFrom: string;
  /** The fetch/XHR requests the filtered page made until interactive (filter values, chart data, filter state: none expected), by path. */
  dataRequests: string[];
  /** Charts the filtered document holds drawn, and how many of them differ from the reference's (the defaults applied). */
  documentChartsDrawn: number;
  documentChartsFiltered: number;
  /** The Economies big number in the filtered document, and the Country filter's option count there (both the default region's). */
  documentEconomies: string;
  documentCountryOptions: string;
  /** (3) the click on 'Apply filters' to every chart drawn with the new value. */
  applyToChartsMs: number;
  /** The same to every chart's new server drawing in the DOM (with a reload, the same moment but for the frame). */
  applyToDataMs: number;
  applyMode: 'GET form reload' | 'in place (no reload)' | 'mixed';
  loadAverage: [number, number];
}

/** A Time range (filter_time) native filter as Superset stores it: no column, it sets the charts' time range. */
function timeRangeFilter(id: string, name: string) {
  return {
    id, name, type: 'NATIVE_FILTER', filterType: 'filter_time', description: '', targets: [{}],
    controlValues: { enableEmptyFilter: false }, defaultDataMask: {}, cascadeParentIds: [], scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
}

type Copies = { filtered: number; reference: number; chartTypes: string[] };

/** Two copies of the example dashboard through the API: one with the four native filters, one without (the reference). */
async function createDashboards(base: string): Promise<Copies> {
  const { access_token: token } = await api<{ access_token: string }>(base, 'POST', '/api/v1/security/login', '', { username: 'admin', password: PASSWORD, provider: 'db' });
  const example = await api<{ result: { json_metadata: string | null } }>(base, 'GET', `/api/v1/dashboard/${EXAMPLE_SLUG}`, token);
  const charts = await api<{ result: { viz_type: string }[] }>(base, 'GET', `/api/v1/dashboard/${EXAMPLE_SLUG}/charts`, token);
  const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:wb_health_population)))');
  const datasets = await api<{ result: { id: number }[] }>(base, 'GET', `/api/v1/dataset/?q=${q}`, token);
  const datasetId = datasets.result[0]?.id;
  if (!datasetId) throw new Error('bench/dashboard-filters: no wb_health_population dataset');
  const metadata = JSON.parse(example.result.json_metadata || '{}') as Record<string, unknown>;
  const filters = [
    selectFilter(FILTER.region, 'Region', datasetId, 'region', { defaultValue: [DEFAULT_REGION] }),
    selectFilter(FILTER.country, 'Country', datasetId, 'country_name', { parents: [FILTER.region] }),
    rangeFilter(FILTER.population, 'Population', datasetId, 'SP_POP_TOTL'),
    timeRangeFilter(FILTER.year, 'Year'),
  ];
  const copy = async (title: string, extra: Record<string, unknown>) =>
    (await api<{ result: { id: number } }>(base, 'POST', `/api/v1/dashboard/${EXAMPLE_SLUG}/copy/`, token, {
      dashboard_title: title, json_metadata: JSON.stringify({ ...metadata, ...extra }),
    })).result.id;
  return {
    filtered: await copy('Bench: world health, 4 native filters', { native_filter_configuration: filters }),
    reference: await copy('Bench: world health, no filters', { native_filter_configuration: [] }),
    chartTypes: charts.result.map((c) => c.viz_type),
  };
}

/**
 * In every document: `__benchDrawings()` answers each chart's drawing as painted (by chart id;
 * null while it has none), and `__benchArm(before)` starts watching for every chart's drawing to
 * differ from `before`. The click that follows is the start; the end is the animation frame after
 * the DOM held every new drawing. The state lives in sessionStorage, so a GET form reload carries
 * it into the next document (times are epoch-based: performance.timeOrigin + now()).
 *
 * A drawing: an ECharts chart's server SVG while it shows, then the interactive layer ECharts drew
 * over it (the SVG is hidden, not removed, once ECharts drew); an HTML chart's view. Its text
 * (labels, legends, numbers) tells one filter value's drawing from another's.
 */
const APPLY_SCRIPT = `(() => {
  const KEY = 'sightline-bench-apply';
  const now = () => performance.timeOrigin + performance.now();
  let state = null;
  try { state = JSON.parse(sessionStorage.getItem(KEY) || 'null'); } catch { state = null; }
  const save = () => sessionStorage.setItem(KEY, JSON.stringify(state));
  // painted: what shows; else the server's drawing, shown or not (the data the page holds).
  const drawingOf = (holder, painted) => {
    const figure = holder.querySelector('figure:not([aria-busy="true"])');
    if (!figure) return null;
    const kids = [...figure.children];
    const svgLayer = kids.find((k) => k.firstElementChild && k.firstElementChild.tagName.toLowerCase() === 'svg' && !k.classList.contains('absolute'));
    if (svgLayer) {
      if (!painted || !svgLayer.classList.contains('invisible')) return svgLayer.textContent;
      const live = kids.find((k) => k.classList.contains('absolute'));
      return live && live.querySelector('svg') ? live.textContent : null;
    }
    return figure.querySelector('svg, table, .header-line') ? figure.textContent : null;
  };
  const drawings = (painted) => {
    const out = {};
    for (const holder of document.querySelectorAll('[data-component="chart"]')) out[holder.dataset.chartId] = drawingOf(holder, painted);
    return out;
  };
  window.__benchDrawings = () => drawings(true);
  window.__benchApply = () => state;
  window.__benchArm = () => {
    const before = drawings(true);
    state = { before, beforeData: drawings(false), charts: Object.keys(before).length };
    save();
    return before;
  };
  addEventListener('click', () => {
    if (state && !state.clickAt) { state.clickAt = now(); state.clickOrigin = performance.timeOrigin; save(); }
  }, true);
  const changed = (holders, painted) => {
    const before = painted ? state.before : state.beforeData;
    for (const holder of holders) {
      const drawing = drawingOf(holder, painted);
      if (drawing === null || drawing === before[holder.dataset.chartId]) return false;
    }
    return true;
  };
  let pending = false;
  const check = () => {
    if (!state || !state.clickAt || state.doneAt || pending) return;
    const holders = document.querySelectorAll('[data-component="chart"]');
    if (holders.length < state.charts) return;
    if (!state.dataAt && changed(holders, false)) { state.dataAt = now(); save(); }
    if (!changed(holders, true)) return;
    pending = true;
    requestAnimationFrame(() => { state.doneAt = now(); state.doneOrigin = performance.timeOrigin; save(); });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
})()`;

type ApplyState = {
  before: Record<string, string | null>;
  charts: number;
  clickAt?: number;
  clickOrigin?: number;
  /** Every chart's server drawing in the DOM is the new one (shown, or under ECharts' layer still showing the old). */
  dataAt?: number;
  /** The animation frame after every chart showed its new drawing. */
  doneAt?: number;
  doneOrigin?: number;
};

/** Polls the page until `expression` is truthy, across navigations (a GET form reload destroys the context waitForFunction runs in). */
async function pollPage<T>(page: Page, expression: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const value = await page.evaluate<T>(expression);
      if (value) return value;
    } catch {
      // a navigation between two polls: the next document answers
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`bench/dashboard-filters: timed out waiting for ${expression}`);
}

async function throttled<T>(cdp: CDPSession, run: () => Promise<T>): Promise<T> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  try {
    return await run();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

const bigNumberOf = (page: Page) => page.evaluate<string>(`(() => {
  const figure = [...document.querySelectorAll('figure')].find((f) => f.getAttribute('aria-label') === ${JSON.stringify(ECONOMIES)});
  return figure?.querySelector('.header-line')?.textContent?.trim() ?? '';
})()`);
const countryOptionsOf = (page: Page) => page.evaluate<string>(`document.getElementById('nf-${FILTER.country}')?.options[0]?.textContent?.trim() ?? ''`);

/**
 * The documents as the server sent them (scripts off, so nothing redraws them): every chart drawn,
 * each filtered chart's drawing different from the reference's, and the Economies big number
 * equal to the Country filter's option count (both narrowed by the default region).
 */
async function checkDocuments(context: BrowserContext, filteredUrl: string, referenceUrl: string) {
  const browser = context.browser()!;
  const plain = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false, storageState: await context.storageState() });
  try {
    const page = await plain.newPage();
    await page.addInitScript(APPLY_SCRIPT);
    const drawingsAt = async (url: string) => {
      await page.goto(url);
      return page.evaluate<Record<string, string | null>>('window.__benchDrawings()');
    };
    const reference = await drawingsAt(referenceUrl);
    const referenceEconomies = await bigNumberOf(page);
    const filtered = await drawingsAt(filteredUrl);
    const region = await page.evaluate<string[]>(`[...document.getElementById('nf-${FILTER.region}')?.selectedOptions ?? []].map((o) => o.value)`);
    const drawn = Object.values(filtered).filter((d) => d !== null).length;
    const differing = Object.entries(filtered).filter(([id, d]) => d !== null && d !== reference[id]).length;
    const economies = await bigNumberOf(page);
    const countryOptions = await countryOptionsOf(page);
    if (region.join() !== DEFAULT_REGION) throw new Error(`bench/dashboard-filters: the document's Region filter holds ${JSON.stringify(region)}, not its default`);
    if (countryOptions !== `${economies} options` || economies === referenceEconomies) {
      throw new Error(`bench/dashboard-filters: the document's Economies reads ${economies} (${referenceEconomies} unfiltered) and Country offers ${countryOptions}: the default region did not reach the charts`);
    }
    return { drawn, differing, economies, countryOptions };
  } finally {
    await plain.close();
  }
}

/** Every request of one load until interactive, in the order the browser reported them. */
async function requestsOfOneLoad(page: Page, url: string, dashboardId: number) {
  const events: { kind: 'response' | 'finished'; url: string; type: string }[] = [];
  const onResponse = (response: Response) => events.push({ kind: 'response', url: response.url(), type: response.request().resourceType() });
  const onFinished = (request: Request) => events.push({ kind: 'finished', url: request.url(), type: request.resourceType() });
  page.on('response', onResponse);
  page.on('requestfinished', onFinished);
  try {
    await loadOnce(page, url);
  } finally {
    page.off('response', onResponse);
    page.off('requestfinished', onFinished);
  }
  const chartRoute = new RegExp(`/superset/dashboard/${dashboardId}/chart/\\d+`);
  const isChartData = (u: string) => chartRoute.test(u) || u.includes('/api/v1/chart/data');
  const pageDocument = (e: (typeof events)[number]) => e.type === 'document' && e.url.startsWith(url);
  return { events, isChartData, pageDocument };
}

export async function benchDashboardFilters(): Promise<DashboardFiltersBenchResult> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('bench/dashboard-filters: run `npm run build` first');
  const loadBefore = os.loadavg()[0];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-filters-'));
  const varDir = path.join(tmp, 'var');
  const examples = process.env.SIGHTLINE_BENCH_EXAMPLES;
  const env: Record<string, string> = {
    VAR_DIR: varDir,
    DATABASE_URL: `sqlite:///${path.join(varDir, 'sightline.sqlite')}`,
    LOAD_EXAMPLES: 'true',
    ADMIN_PASSWORD: PASSWORD,
    ...(examples && fs.existsSync(examples) ? { EXAMPLES_URL: `sqlite:///${path.resolve(examples)}` } : {}),
  };
  // server.mjs, not scripts/start.mjs: never rebuild here (the caller built, or the user did).
  const server = await timedStart(root, env, START_TIMEOUT_MS, 'server.mjs');
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const copies = await createDashboards(server.baseUrl);
    const filteredUrl = `${server.baseUrl}/superset/dashboard/${copies.filtered}/`;
    const referenceUrl = `${server.baseUrl}/superset/dashboard/${copies.reference}/`;
    const charts = copies.chartTypes.length;
    const echartsCharts = copies.chartTypes.filter((t) => !HTML_TYPES.has(t)).length;

    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
    context.setDefaultTimeout(120_000);
    await context.addInitScript(marksScript(charts, echartsCharts));
    await context.addInitScript(APPLY_SCRIPT);
    const page = await context.newPage();
    await loginAs(page, server.baseUrl, 'admin', PASSWORD);
    const cdp = await context.newCDPSession(page);

    // Untimed first visits (caches warm); the filtered one records its requests, in order.
    await loadOnce(page, referenceUrl);
    const { events, isChartData, pageDocument } = await requestsOfOneLoad(page, filteredUrl, copies.filtered);
    const served = await checkDocuments(context, filteredUrl, referenceUrl);
    // The document brings the first chart data when it holds drawn charts (checked above); else the first chart request.
    const first = served.drawn > 0
      ? events.findIndex((e) => e.kind === 'response' && pageDocument(e))
      : events.findIndex((e) => e.kind === 'response' && isChartData(e.url));
    if (first < 0) throw new Error('bench/dashboard-filters: no chart data reached the browser');
    const requestsBefore = events.slice(0, first).filter((e) => e.kind === 'finished').length;
    const browserFetchedCharts = new Set(events.filter((e) => e.kind === 'finished' && isChartData(e.url)).map((e) => e.url)).size;
    const dataRequests = events.filter((e) => e.kind === 'finished' && (e.type === 'fetch' || e.type === 'xhr')).map((e) => new URL(e.url).pathname);

    // (1) the filtered dashboard and its reference, alternated.
    const filtered: Marks[] = [];
    const reference: Marks[] = [];
    for (let i = 0; i < RUNS; i++) {
      filtered.push(await throttled(cdp, () => loadOnce(page, filteredUrl)));
      reference.push(await throttled(cdp, () => loadOnce(page, referenceUrl)));
    }

    // (3) Apply, in a tab of its own: with scripts the page may keep the tab's last filter state and
    // reuse it on the next visit, so each run starts from the default written in the address.
    const applyPage = await context.newPage();
    const applyCdp = await context.newCDPSession(applyPage);
    const startUrl = `${filteredUrl}?nf=1&nf.${encodeURIComponent(FILTER.region)}=${encodeURIComponent(DEFAULT_REGION)}`;
    const applied: number[] = [];
    const appliedData: number[] = [];
    const modes = new Set<string>();
    // The first run is not timed: the server's first drawing of the new region's charts.
    for (let i = 0; i <= APPLY_RUNS; i++) {
      await loadOnce(applyPage, startUrl);
      const economiesBefore = await bigNumberOf(applyPage);
      await applyPage.getByLabel('Region', { exact: true }).selectOption(APPLIED_REGION);
      const state = await throttled(applyCdp, async () => {
        const before = await applyPage.evaluate<Record<string, string | null>>('window.__benchArm()');
        const missing = Object.entries(before).filter(([, d]) => d === null).map(([id]) => id);
        if (Object.keys(before).length !== charts || missing.length) throw new Error(`bench/dashboard-filters: charts not drawn before Apply: ${missing.join(', ')}`);
        await applyPage.getByRole('button', { name: 'Apply filters' }).click({ noWaitAfter: true });
        return pollPage<ApplyState>(applyPage, '(() => { const s = window.__benchApply && window.__benchApply(); return s && s.doneAt ? s : null; })()');
      });
      await applyPage.evaluate(`sessionStorage.removeItem('sightline-bench-apply')`);
      const { before } = state;
      // The new drawings once the page has settled must all differ from the old ones (the SVG and ECharts' layer may word a chart differently).
      await pollPage(applyPage, `(() => { const m = window.__sightlineMarks; return m && m.interactive !== undefined; })()`);
      const after = await pollPage<Record<string, string | null>>(applyPage, `(() => {
        const d = window.__benchDrawings();
        const before = ${JSON.stringify(before)};
        return Object.keys(before).every((id) => d[id] !== null && d[id] !== before[id]) ? d : null;
      })()`, 30_000);
      const economiesAfter = await bigNumberOf(applyPage);
      if (!after || economiesAfter === economiesBefore || (await countryOptionsOf(applyPage)) !== `${economiesAfter} options`) {
        throw new Error(`bench/dashboard-filters: after Apply, Economies reads ${economiesAfter} (before ${economiesBefore}): the new region did not reach the charts`);
      }
      if (i === 0) continue;
      applied.push(state.doneAt! - state.clickAt!);
      appliedData.push((state.dataAt ?? state.doneAt!) - state.clickAt!);
      modes.add(state.doneOrigin === state.clickOrigin ? 'in place (no reload)' : 'GET form reload');
    }
    await context.close();

    const drawn = median(filtered.map((m) => m.drawn!));
    const referenceDrawn = median(reference.map((m) => m.drawn!));
    return {
      cpuThrottle: THROTTLE,
      runs: RUNS,
      applyRuns: APPLY_RUNS,
      charts,
      filters: 4,
      viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
      navigationToChartsMs: round(drawn, 0),
      referenceToChartsMs: round(referenceDrawn, 0),
      ratio: round(drawn / referenceDrawn, 2),
      navigationToInteractiveMs: round(median(filtered.map((m) => m.interactive!)), 0),
      referenceToInteractiveMs: round(median(reference.map((m) => m.interactive!)), 0),
      responseStartMs: round(median(filtered.map((m) => m.responseStart)), 0),
      referenceResponseStartMs: round(median(reference.map((m) => m.responseStart)), 0),
      responseEndMs: round(median(filtered.map((m) => m.responseEnd)), 0),
      referenceResponseEndMs: round(median(reference.map((m) => m.responseEnd)), 0),
      browserFetchedCharts,
      requestsBeforeFirstChartData: requestsBefore,
      firstChartDataFrom: served.drawn > 0 ? `the document (${served.drawn} of ${charts} charts drawn in it)` : 'a chart request',
      dataRequests,
      documentChartsDrawn: served.drawn,
      documentChartsFiltered: served.differing,
      documentEconomies: served.economies,
      documentCountryOptions: served.countryOptions,
      applyToChartsMs: round(median(applied), 0),
      applyToDataMs: round(median(appliedData), 0),
      applyMode: modes.size === 1 ? ([...modes][0] as DashboardFiltersBenchResult['applyMode']) : 'mixed',
      loadAverage: [round(loadBefore, 2), round(os.loadavg()[0], 2)],
    };
  } finally {
    await browser.close();
    await stop(server.child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function describeDashboardFilters(r: DashboardFiltersBenchResult): [string, string][] {
  return [
    [`Dashboard filters (${r.charts} charts, ${r.filters} native filters, one cascading; CPU ${r.cpuThrottle}x slower, median of ${r.runs}, viewport ${r.viewport}): navigation to every chart drawn with the defaults`, `${r.navigationToChartsMs} ms`],
    ['Dashboard filters: the same dashboard without filters, to every chart drawn / ratio', `${r.referenceToChartsMs} ms / ${r.ratio.toFixed(2)}`],
    ['Dashboard filters: navigation to every ECharts chart interactive, with filters / without', `${r.navigationToInteractiveMs} / ${r.referenceToInteractiveMs} ms`],
    ['Dashboard filters: the document\'s first / last byte, with filters / without', `${r.responseStartMs} / ${r.responseEndMs} ms, ${r.referenceResponseStartMs} / ${r.referenceResponseEndMs} ms`],
    ['Dashboard filters: requests finished before the first chart data was in the browser', `${r.requestsBeforeFirstChartData} (first chart data: ${r.firstChartDataFrom})`],
    ['Dashboard filters: fetch/XHR requests of the page until interactive (filter values, chart data …) / charts fetched', `${r.dataRequests.length}${r.dataRequests.length ? ` (${[...new Set(r.dataRequests)].slice(0, 3).join(', ')})` : ''} / ${r.browserFetchedCharts}`],
    ['Dashboard filters: the document drawn with the defaults (charts differing from the unfiltered; Economies; Country options)', `${r.documentChartsFiltered} of ${r.documentChartsDrawn}; ${r.documentEconomies}; ${r.documentCountryOptions}`],
    [`Dashboard filters: click on 'Apply filters' (Region changed) to every chart updated, ${r.applyMode} (median of ${r.applyRuns})`, `${r.applyToChartsMs} ms`],
    ['Dashboard filters: click on \'Apply filters\' to every chart\'s new drawing in the DOM (shown or not)', `${r.applyToDataMs} ms`],
    ['Dashboard filters: 1-minute load average before / after (2 cores: above ~0.5 the figures are disturbed)', r.loadAverage.join(' / ')],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchDashboardFilters()
    .then((r) => {
      for (const [name, value] of describeDashboardFilters(r)) console.log(`${name.padEnd(120)} ${value}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    });
}
