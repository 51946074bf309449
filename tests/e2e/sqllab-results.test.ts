/**
 * SQL Lab's results and what hangs off them, in real Chromium as the admin on the examples
 * database: search within results, the CSV download (its file), saving a dataset and landing on
 * Explore; the saved queries page (find, copy link, open by link, and the whole page without
 * JavaScript); and opening a past query from the history page in a new editor tab.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { editorText, typeSql } from '../helpers/sqllab-page';

const session = useE2eSession();
const WORDS_SQL = "SELECT 'alpha' AS word, 1 AS n UNION ALL SELECT 'beta', 2 UNION ALL SELECT 'gamma', 3";

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

async function runSql(page: Page, sql: string) {
  await typeSql(page, sql);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('grid').waitFor();
}


describe('SQL Lab results', () => {
  it('scrolls a long result: the rows in view are the right ones, at the top, the middle and the end', async () => {
    const page = await open();
    await openEditor(page);
    await runSql(page, 'WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 1000) SELECT n, n * n AS square FROM seq');
    expect(await page.getByTestId('row-count').innerText()).toBe('1,000 rows');
    const grid = page.getByRole('grid');
    // Only a pool of rows is in the DOM, however many rows the result has.
    expect(await grid.getByRole('row').count()).toBeLessThan(60);
    const rowText = (rowIndex: number) => grid.locator(`[role="row"][aria-rowindex="${rowIndex}"]`).innerText().then((t) => t.split(/\s+/).join(' '));
    expect(await rowText(2)).toBe('1 1');

    await page.getByTestId('results-scroller').evaluate((el) => (el.scrollTop = 500 * 30));
    await expect.poll(() => rowText(502).catch(() => '')).toBe('501 251001');
    await page.getByTestId('results-scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => rowText(1001).catch(() => '')).toBe('1000 1000000');
    expect(await grid.locator('[role="row"][aria-rowindex="2"]').count()).toBe(0);
  });

  it('searches the results, downloads the CSV, and saves a dataset that opens in Explore', async () => {
    const page = await open();
    await openEditor(page);
    await runSql(page, WORDS_SQL);
    expect(await page.getByTestId('row-count').innerText()).toBe('3 rows');

    await page.getByLabel('Search results').fill('bet');
    await expect.poll(() => page.getByTestId('search-count').innerText().catch(() => '')).toBe('1 of 3 rows match');
    expect(await page.getByRole('grid').getByRole('gridcell').allInnerTexts()).toEqual(['beta', '2']);
    await page.getByLabel('Search results').fill('');
    await expect.poll(() => page.getByRole('grid').getByRole('gridcell').count()).toBe(6);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.trim().split(/\r?\n/)).toEqual(['word,n', 'alpha,1', 'beta,2', 'gamma,3']);

    await page.getByRole('button', { name: 'Save dataset' }).click();
    const name = page.getByLabel('Dataset name');
    expect(await name.inputValue()).toMatch(/^Untitled Query \d+ \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    await name.fill('e2e words');
    await page.getByRole('button', { name: 'Save & Explore' }).click();
    await page.waitForURL(/\/explore\/\?datasource_type=table&datasource_id=\d+/);
    // Explore opens on the new virtual dataset: its columns are listed beside the chart's controls.
    await page.getByRole('heading', { name: 'e2e words' }).waitFor();
    const columns = page.getByRole('list', { name: 'Columns' });
    await expect.poll(() => columns.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/\bword\b/), expect.stringMatching(/\bn\b/)]);

    // The same name again: the dialog stays open with the server's reason, and the spec's toast.
    await openEditor(page);
    await runSql(page, 'SELECT 1 AS one');
    await page.getByRole('button', { name: 'Save dataset' }).click();
    await page.getByLabel('Dataset name').fill('e2e words');
    await page.getByRole('button', { name: 'Save & Explore' }).click();
    await page.getByText('An error occurred while creating the data source: Dataset e2e words already exists').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sqllab/');
  });

  it('finds a saved query on the saved queries page, copies its link and opens it in a new tab', async () => {
    const page = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.baseUrl });
    await openEditor(page);
    await runSql(page, WORDS_SQL);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('E2E saved words');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your query was saved').waitFor();

    await page.goto(`${session.server.baseUrl}/savedqueryview/list/`);
    await page.getByLabel('Search saved queries').fill('saved words');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E saved words' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Copied to clipboard!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${session.server.baseUrl}/sqllab/\\?savedQueryId=\\d+$`));

    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab').first().waitFor();
    const tabsBefore = await page.getByRole('tab').count();
    await page.goto(link);
    await expect.poll(() => page.getByRole('tab').count()).toBe(tabsBefore + 1);
    await page.getByRole('tab', { name: 'E2E saved words', selected: true }).waitFor();
    await page.locator('[data-ace-ready="true"]').waitFor();
    await expect.poll(() => editorText(page)).toContain("SELECT 'alpha' AS word");
  });

  it('opens a past query from the history page in a new editor tab', async () => {
    const page = await open();
    await openEditor(page);
    const stamp = `history-${Date.now()}`;
    const marker = `SELECT '${stamp}' AS marker`;
    await runSql(page, marker);
    const tabsBefore = await page.getByRole('tab').count();

    await page.goto(`${session.server.baseUrl}/sqllab/history/`);
    await page.getByLabel('Search in SQL').fill(stamp);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: stamp });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: /Open in SQL Lab/ }).click();
    await page.waitForURL(/\/sqllab\//);
    await expect.poll(() => page.getByRole('tab').count()).toBe(tabsBefore + 1);
    await page.locator('[data-ace-ready="true"]').waitFor();
    await expect.poll(() => editorText(page)).toContain(stamp);
  });
});

describe('the saved queries page without JavaScript', () => {
  it('saves, searches, sorts, deletes one and bulk deletes with plain forms', async () => {
    const page = await open(false);
    for (const label of ['NoJS one', 'NoJS two', 'NoJS three']) {
      await page.goto(`${session.server.baseUrl}/sqllab/`);
      await page.locator('summary', { hasText: 'Save query' }).click();
      await page.getByLabel('Name', { exact: true }).fill(label);
      await page.getByRole('button', { name: 'Save query' }).click();
      await page.waitForURL(/savedQueryId=\d+/);
    }
    await page.goto(`${session.server.baseUrl}/savedqueryview/list/`);
    await page.getByLabel('Search saved queries').fill('NoJS');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=NoJS/);
    await page.getByRole('link', { name: /^Name/ }).click();
    await page.waitForURL(/sort=label/);
    const names = () => page.getByRole('rowheader').allInnerTexts();
    expect((await names()).map((n) => n.trim())).toEqual(['NoJS one', 'NoJS three', 'NoJS two']);

    await page.locator('summary', { hasText: 'Delete NoJS two' }).click();
    await page.getByRole('button', { name: 'Yes, delete NoJS two' }).click();
    await page.getByText('Deleted: NoJS two').waitFor();
    expect(new URL(page.url()).search).toContain('search=NoJS');
    expect((await names()).map((n) => n.trim())).toEqual(['NoJS one', 'NoJS three']);

    await page.getByLabel('Select NoJS one').check();
    await page.getByLabel('Select NoJS three').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('heading', { name: 'Delete these 2 saved queries?' }).waitFor();
    await page.getByRole('button', { name: 'Yes, delete all 2' }).click();
    await page.getByText('Deleted 2 saved queries').waitFor();
    await page.getByText('No saved queries match “NoJS”.').waitFor();
  });
});
