/**
 * SQL Lab after a reload, and an async query's results in real Chromium as the admin on the
 * examples database (registered async): a quick query is answered by execute itself; a longer one
 * is followed over the event stream (no updated_since polling); a reload fetches the tab's latest
 * results again by key and shows them; without JavaScript the server renders them.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { typeSql } from '../helpers/sqllab-page';

const session = useE2eSession();
const WORDS_SQL = "SELECT 'alpha' AS word, 1 AS n UNION ALL SELECT 'beta', 2 UNION ALL SELECT 'gamma', 3";
/**
 * Seconds of SQLite work, several times what outlasts execute's 400 ms inline window: at 3,000,000
 * rows a fast CI machine answered inline (200) and failed the test. On a loaded machine it takes
 * much longer, hence the generous waits below.
 */
const SLOW_SQL = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) SELECT count(*) AS counted FROM c';

async function open(javaScriptEnabled = true): Promise<Page> {
  const page = await session.openPage({ javaScriptEnabled });
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

async function openEditor(page: Page) {
  await page.goto(`${session.server.baseUrl}/sqllab/`);
  await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
  await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
}

/** Requests the page made whose URL contains `part`. */
function recorder(page: Page, part: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(part)) seen.push(r);
  });
  return seen;
}

const gridCells = (page: Page) => page.getByRole('grid').getByRole('gridcell').allInnerTexts();

describe('SQL Lab: async results and reloads', () => {
  it('answers a quick async query inline, shows the results again after a reload, and renders them without JavaScript', async () => {
    const page = await open();
    await openEditor(page);
    await typeSql(page, WORDS_SQL);
    const stored = page.waitForResponse((r) => /\/tabstateview\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('latest_query_id'));
    const executed = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    expect((await executed).status()).toBe(200); // inline: not 202
    await page.getByRole('grid').waitFor();
    expect(await gridCells(page)).toEqual(['alpha', '1', 'beta', '2', 'gamma', '3']);
    expect((await stored).status()).toBe(200);

    const results = recorder(page, '/api/v1/sqllab/results/');
    await page.reload();
    await page.getByRole('grid').waitFor();
    expect(await gridCells(page)).toEqual(['alpha', '1', 'beta', '2', 'gamma', '3']);
    expect(await page.getByTestId('row-count').innerText()).toMatch(/^3 rows/);
    expect(results.length).toBe(1);
    expect(decodeURIComponent(results[0].url())).toMatch(/q=\(key:'?[0-9a-f-]{36}'?/);

    const plain = await open(false);
    await plain.goto(`${session.server.baseUrl}/sqllab/`);
    const text = await plain.locator('main').innerText();
    for (const cell of ['alpha', 'beta', 'gamma']) expect(text).toContain(cell);
  });

  it('follows a longer async query over its event stream, with no polling, to its results', async () => {
    const page = await open();
    await openEditor(page);
    const streams = recorder(page, '/api/v1/sqllab/events/');
    const polls = recorder(page, '/api/v1/query/updated_since');
    await typeSql(page, SLOW_SQL);
    const executed = page.waitForResponse((r) => r.url().includes('/api/v1/sqllab/execute/'));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    expect((await executed).status()).toBe(202);
    await page.getByRole('grid').waitFor({ timeout: 90_000 });
    expect(await gridCells(page)).toEqual(['20000000']);
    expect(streams.length).toBe(1);
    expect(polls.length).toBe(0);
  }, 120_000);
});
