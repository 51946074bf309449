/**
 * SQL Lab's results grid at 100k rows, in Debian's Chromium on a 4x-throttled CPU (CDP
 * Emulation.setCPUThrottlingRate): the time from clicking Run to the first rows painted, then
 * frame times (requestAnimationFrame deltas) while the grid is scrolled programmatically, down
 * and across, for a few seconds. Starts the built production server with a fresh VAR_DIR; the
 * 100k rows come from a recursive CTE on the examples database (SQLite), so no data is needed.
 *
 * Alone: `npx tsx bench/sqllab-grid.ts` (SIGHTLINE_BENCH_EXAMPLES=/abs/examples.sqlite reuses
 * an examples file instead of generating one at start-up).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../tests/helpers/browser';
import { median, percentile, round } from './stats';
import { stop, timedStart } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const ROWS = 100_000;
const THROTTLE = 4;
const SCROLL_MS = 4_000;
const START_TIMEOUT_MS = 10 * 60_000;
const PASSWORD = 'bench-admin-password-1';

export const GRID_QUERY = `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${ROWS})
SELECT n AS id, n * 92233720368 AS big, 'row number ' || n AS label, CASE WHEN n % 7 = 0 THEN NULL ELSE n * 1.5 END AS half,
  date('2020-01-01', '+' || (n % 1000) || ' days') AS day, n % 13 AS bucket, upper(hex(n)) AS code, n % 2 = 0 AS even
FROM seq`;

export interface GridBenchResult {
  rows: number;
  cpuThrottle: number;
  runToFirstRowsMs: number;
  /** A fling: 600 px (20 rows) a frame, so every row in view is new every frame. */
  fling: ScrollFigures;
  /** A fast wheel: 100 px (about 3 rows) a frame. */
  wheel: ScrollFigures;
}

export interface ScrollFigures {
  frames: number;
  frameMedianMs: number;
  frameP95Ms: number;
  framesOver50msPct: number;
}

function scrollFigures(deltas: number[]): ScrollFigures {
  return {
    frames: deltas.length,
    frameMedianMs: round(median(deltas)),
    frameP95Ms: round(percentile(deltas, 95)),
    framesOver50msPct: round((100 * deltas.filter((d) => d > 50).length) / deltas.length),
  };
}

async function typeSql(page: Page, sql: string) {
  await page.locator('[data-ace-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByRole('textbox', { name: /^SQL editor/ }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}

// The in-page scripts are plain text: tsx compiles this file with esbuild's keepNames, whose
// `__name` helper does not exist in the page, so functions written here would not run there.

/** Clicks Run and resolves once a result cell is in the DOM and a frame has painted it. */
const RUN_TO_FIRST_ROWS = `new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Run');
  if (!button) return reject(new Error('no Run button'));
  const started = performance.now();
  button.click();
  const check = () => {
    if (document.querySelector('[data-testid="results-scroller"] [role="gridcell"]')) requestAnimationFrame(() => resolve(performance.now() - started));
    else requestAnimationFrame(check);
  };
  check();
})`;

/** Scrolls down (about 20 rows a frame, a fling of the wheel) and a little across every frame, answering frame-to-frame times. */
const scrollScript = (ms: number, px: number) => `new Promise((resolve, reject) => {
  const scroller = document.querySelector('[data-testid="results-scroller"]');
  if (!scroller) return reject(new Error('no results grid'));
  const deltas = [];
  requestAnimationFrame((t0) => {
    let last = t0;
    const step = (now) => {
      deltas.push(now - last);
      last = now;
      scroller.scrollTop += ${px};
      scroller.scrollLeft = (scroller.scrollLeft + 40) % Math.max(1, scroller.scrollWidth - scroller.clientWidth);
      if (now - t0 < ${ms}) requestAnimationFrame(step);
      else resolve(deltas);
    };
    requestAnimationFrame(step);
  });
})`;

const runToFirstRows = (page: Page) => page.evaluate<number>(RUN_TO_FIRST_ROWS);
const scrollFrames = (page: Page, ms: number, px: number) => page.evaluate<number[]>(scrollScript(ms, px));

export async function benchResultsGrid(): Promise<GridBenchResult> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('bench/sqllab-grid: run `npm run build` first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-grid-'));
  const varDir = path.join(tmp, 'var');
  const examples = process.env.SIGHTLINE_BENCH_EXAMPLES;
  const env: Record<string, string> = {
    VAR_DIR: varDir,
    DATABASE_URL: `sqlite:///${path.join(varDir, 'sightline.sqlite')}`,
    LOAD_EXAMPLES: 'true',
    ADMIN_PASSWORD: PASSWORD,
    // All 100k rows reach the browser: the display cap is what the grid is measured against.
    SQL_MAX_ROW: String(ROWS),
    DISPLAY_MAX_ROW: String(ROWS),
    SQLLAB_DEFAULT_LIMIT: String(ROWS),
    ...(examples && fs.existsSync(examples) ? { EXAMPLES_URL: `sqlite:///${path.resolve(examples)}` } : {}),
  };
  const server = await timedStart(root, env, START_TIMEOUT_MS);
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    page.context().setDefaultTimeout(120_000);
    await loginAs(page, server.baseUrl, 'admin', PASSWORD);
    await page.goto(`${server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    await typeSql(page, GRID_QUERY);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const runToFirstRowsMs = await runToFirstRows(page);
    const shown = (await page.getByTestId('row-count').innerText()).replace(/\D/g, '');
    if (Number(shown) !== ROWS) throw new Error(`bench/sqllab-grid: the grid holds ${shown} rows, not ${ROWS}`);
    const fling = scrollFigures(await scrollFrames(page, SCROLL_MS, 600));
    await page.getByTestId('results-scroller').evaluate((el) => (el.scrollTop = 0));
    const wheel = scrollFigures(await scrollFrames(page, SCROLL_MS, 100));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      rows: ROWS,
      cpuThrottle: THROTTLE,
      runToFirstRowsMs: round(runToFirstRowsMs, 0),
      fling,
      wheel,
    };
  } finally {
    await browser.close();
    await stop(server.child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchResultsGrid()
    .then((r) => {
      console.log(`SQL Lab results grid, ${r.rows.toLocaleString('en')} rows, CPU throttled ${r.cpuThrottle}x`);
      console.log(`  Run to first rows painted   ${r.runToFirstRowsMs} ms`);
      for (const [name, f] of [['fling (600 px a frame)', r.fling], ['wheel (100 px a frame)', r.wheel]] as const) {
        console.log(`  ${name}: ${f.frames} frames in ${SCROLL_MS / 1000} s, median / p95 ${f.frameMedianMs} / ${f.frameP95Ms} ms, ${f.framesOver50msPct}% over 50 ms`);
      }
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
