/**
 * SQL Lab's small queries on an async database against the same on a sync one (issue 10): in
 * Chromium (no throttling), from the click on Run to the first rows painted, for `SELECT 1` and a
 * 1,000-row query, on the examples database (registered with allow_run_async, so the query goes
 * through the job queue) and on a second registration of the same SQLite file without it (run in
 * the request). Alternated, median of 10 each after a warm-up each. Target: async / sync ≤ 1.2
 * (a quick async query is answered inline by execute, not found by a poll).
 * Each run's SQL names its result column after the run, so the first rows painted are that run's.
 *
 * Alone: `npx tsx bench/sqllab-async.ts` after a build (SIGHTLINE_BENCH_EXAMPLES=/abs/examples.sqlite
 * reuses an examples file instead of generating one at start-up).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../tests/helpers/browser';
import { median, round } from './stats';
import { stop, timedStart } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const RUNS = 10;
const START_TIMEOUT_MS = 10 * 60_000;
const PASSWORD = 'bench-admin-password-1';
const SYNC_NAME = 'examples (sync)';

const QUERIES = {
  'SELECT 1': (mark: string) => `SELECT 1 AS ${mark}`,
  '1,000 rows': (mark: string) => `SELECT name AS ${mark}, gender, state, ds, num FROM birth_names LIMIT 1000`,
} as const;
type QueryName = keyof typeof QUERIES;

export interface AsyncBenchFigures {
  asyncMedianMs: number;
  syncMedianMs: number;
  ratio: number;
}
export type AsyncBenchResult = Record<QueryName, AsyncBenchFigures> & { runs: number };

async function typeSql(page: Page, sql: string) {
  await page.locator('[data-ace-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByRole('textbox', { name: /^SQL editor/ }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}

// Plain text, as in sqllab-grid.ts: tsx's `__name` helper does not exist in the page.
/** Clicks Run; resolves once a cell of the column named `mark` has been painted. */
const runToFirstRows = (mark: string) => `new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Run');
  if (!button) return reject(new Error('no Run button'));
  const started = performance.now();
  button.click();
  const check = () => {
    const header = [...document.querySelectorAll('[role="columnheader"]')].some((h) => h.textContent.trim() === ${JSON.stringify(mark)});
    if (header && document.querySelector('[data-testid="results-scroller"] [role="gridcell"]')) requestAnimationFrame(() => resolve(performance.now() - started));
    else if (performance.now() - started > 60000) reject(new Error('no rows within 60 s'));
    else requestAnimationFrame(check);
  };
  check();
})`;

async function apiLogin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db', refresh: false }),
  });
  if (res.status !== 200) throw new Error(`bench/sqllab-async: login answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The examples file registered a second time, without async, so both runs read the same data. */
async function registerSyncCopy(base: string, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const list = (await (await fetch(`${base}/api/v1/database/?q=(page_size:100)`, { headers })).json()) as { result: { id: number; database_name: string }[] };
  const examples = list.result.find((d) => d.database_name === 'examples');
  if (!examples) throw new Error('bench/sqllab-async: no examples database');
  const detail = (await (await fetch(`${base}/api/v1/database/${examples.id}`, { headers })).json()) as { result: { sqlalchemy_uri: string; allow_run_async: boolean } };
  if (!detail.result.allow_run_async) throw new Error('bench/sqllab-async: the examples database is not registered async');
  const created = await fetch(`${base}/api/v1/database/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ database_name: SYNC_NAME, sqlalchemy_uri: detail.result.sqlalchemy_uri, expose_in_sqllab: true, allow_run_async: false }),
  });
  if (created.status !== 201) throw new Error(`bench/sqllab-async: registering the sync copy answered ${created.status}: ${await created.text()}`);
}

async function timedRun(page: Page, database: string, sql: (mark: string) => string, mark: string): Promise<number> {
  await page.getByLabel('Database', { exact: true }).selectOption({ label: database });
  await typeSql(page, sql(mark));
  return page.evaluate<number>(runToFirstRows(mark));
}

export async function benchSqlLabAsync(): Promise<AsyncBenchResult> {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('bench/sqllab-async: run `npm run build` first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-async-'));
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
    await registerSyncCopy(server.baseUrl, await apiLogin(server.baseUrl));
    const page = await newPage(browser);
    page.context().setDefaultTimeout(60_000);
    await loginAs(page, server.baseUrl, 'admin', PASSWORD);
    await page.goto(`${server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
    const result = { runs: RUNS } as AsyncBenchResult;
    let run = 0;
    for (const [name, sql] of Object.entries(QUERIES) as [QueryName, (mark: string) => string][]) {
      const samples: Record<'async' | 'sync', number[]> = { async: [], sync: [] };
      for (let i = -1; i < RUNS; i++) {
        for (const kind of ['async', 'sync'] as const) {
          const ms = await timedRun(page, kind === 'async' ? 'examples' : SYNC_NAME, sql, `run_${++run}`);
          if (i >= 0) samples[kind].push(ms); // i = -1: the warm-up
        }
      }
      const asyncMedianMs = round(median(samples.async), 0);
      const syncMedianMs = round(median(samples.sync), 0);
      result[name] = { asyncMedianMs, syncMedianMs, ratio: round(median(samples.async) / median(samples.sync), 2) };
    }
    return result;
  } finally {
    await browser.close();
    await stop(server.child);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function describeSqlLabAsync(r: AsyncBenchResult): [string, string][] {
  return (Object.keys(QUERIES) as QueryName[]).map((name) => [
    `SQL Lab Run to first rows, ${name}: async / sync examples, median of ${r.runs} (target ratio <= 1.2)`,
    `${r[name].asyncMedianMs} / ${r[name].syncMedianMs} ms (${r[name].ratio}x)`,
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchSqlLabAsync()
    .then((r) => {
      for (const [k, v] of describeSqlLabAsync(r)) console.log(`${k}  ${v}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
