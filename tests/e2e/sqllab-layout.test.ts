/**
 * SQL Lab's layout and details in a real Chromium, as the admin on the examples database: the
 * server renders the editor's own layout (tabs, left bar, editor, results) and hydration upgrades
 * it in place, keeping what was typed; the window is split between editor and results; the
 * keyboard can leave ace; the font stays monospace; the schema and tables come without asking;
 * tab names stay unique; results say rows and limits as Superset does. Without JavaScript the
 * Save query form saves the textarea's SQL.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { typeSql } from '../helpers/sqllab-page';

const session = useE2eSession();

async function open(javaScriptEnabled = true): Promise<Page> {
  const page = await session.openPage({ javaScriptEnabled });
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

/** SQL Lab once hydrated, on a new tab of its own with the examples database. */
async function openEditor(): Promise<Page> {
  const page = await open();
  await page.goto(`${session.server.baseUrl}/sqllab/`);
  await page.getByRole('button', { name: 'New tab', exact: true }).click();
  await page.locator('[data-ace-ready="true"]').waitFor();
  await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
  return page;
}

async function runSql(page: Page, sql: string) {
  await typeSql(page, sql);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('grid').waitFor();
}

describe('one layout from the first byte', () => {
  it('the server renders tabs, left bar, editor and results panes; hydration keeps what was typed', async () => {
    const page = await open();
    // Hold the page's scripts so the server's HTML is what the user types into.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${session.server.baseUrl}/sqllab/`, { waitUntil: 'domcontentloaded' });
    expect(await page.getByRole('tablist', { name: 'Query tabs' }).count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'Browse tables' }).count()).toBe(1);
    expect(await page.getByRole('toolbar', { name: 'Query actions' }).count()).toBe(1);
    expect(await page.getByTestId('north-pane').count()).toBe(1);
    expect(await page.getByTestId('south-pane').count()).toBe(1);
    const box = await page.getByTestId('north-pane').boundingBox();
    await page.getByLabel('SQL', { exact: true }).fill('SELECT 7 AS typed_before_hydration');
    release();
    await page.locator('[data-ace-ready="true"]').waitFor();
    await expect.poll(() => page.locator('.ace_content').innerText()).toContain('SELECT 7 AS typed_before_hydration');
    // In place: the editor pane starts where the server put it.
    const after = await page.getByTestId('north-pane').boundingBox();
    expect(Math.abs((after?.x ?? 0) - (box?.x ?? 0))).toBeLessThan(4);
    expect(Math.abs((after?.y ?? 0) - (box?.y ?? 0))).toBeLessThan(4);
  });

  it('editor and results share the window; the page itself does not scroll', async () => {
    const page = await openEditor();
    await runSql(page, 'SELECT name, num FROM birth_names');
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, view: window.innerHeight }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.view);
    const north = await page.getByTestId('north-pane').boundingBox();
    expect(north!.height).toBeGreaterThan(200);
    for (const name of ['Run', 'Stop', 'Save', 'Copy link']) expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'More query actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Format SQL' }).count()).toBe(1);
  });
});

describe('the editor', () => {
  it('Tab indents; Escape then Tab leaves the editor', async () => {
    const page = await openEditor();
    const input = page.getByRole('textbox', { name: /^SQL editor/ });
    await input.focus();
    await page.keyboard.press('Tab');
    const inEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest('.ace_editor')));
    expect(await inEditor()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    // Back in, Tab indents again.
    await input.focus();
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true);
  });

  it('keeps ace\'s classes: the font is monospace, in both themes', async () => {
    const page = await openEditor();
    await typeSql(page, 'SELECT 1');
    const font = await page.locator('[data-ace-ready="true"] .ace_editor').evaluate((el) => getComputedStyle(el).fontFamily);
    expect(font).toMatch(/monospace|Mono|Menlo|Consolas|Monaco/i);
    expect(await page.locator('.ace_editor.ace-sightline-light').count()).toBe(1);
  });

  it('chooses the schema of a database that has one, and lists its tables before any search', async () => {
    const page = await openEditor();
    await expect.poll(() => page.getByLabel('Schema', { exact: true }).inputValue()).toBe('main');
    const list = page.getByRole('list', { name: 'Matching tables' });
    await list.waitFor();
    expect(await list.getByRole('button', { name: 'birth_names', exact: true }).count()).toBe(1);
  });

  it('Alt+T twice gives two tabs with names of their own', async () => {
    const page = await openEditor();
    await page.getByRole('textbox', { name: /^SQL editor/ }).focus();
    await page.keyboard.press('Alt+t');
    await page.keyboard.press('Alt+t');
    await expect.poll(async () => {
      const names = (await page.getByRole('tab').allInnerTexts()).map((n) => n.trim());
      return names.length === new Set(names).size && names.length >= 3;
    }).toBe(true);
  });

  it('says "1 row", words the limit as Superset does, right-aligns numbers, shows dates by type', async () => {
    const page = await openEditor();
    await runSql(page, 'SELECT 1 AS n');
    await expect.poll(() => page.getByTestId('row-count').innerText()).toBe('1 row');

    await runSql(page, 'SELECT name, num, ds FROM birth_names ORDER BY ds LIMIT 5');
    await expect.poll(() => page.getByTestId('row-count').innerText()).toBe('5 rows');
    expect(await page.getByTestId('limit-message').innerText()).toBe('The number of rows displayed is limited to 5 by the query');
    const num = page.getByRole('gridcell').nth(1);
    expect(await num.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
    expect(await page.getByRole('gridcell').nth(2).innerText()).toMatch(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/);
  });
});

describe('SQL Lab without JavaScript', () => {
  it('renders the same layout; Save query saves the SQL in the textarea', async () => {
    const page = await open(false);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    expect(await page.getByRole('tablist', { name: 'Query tabs' }).count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'Browse tables' }).count()).toBe(1);
    await page.getByLabel('Database').selectOption({ label: 'examples' });
    const sql = `SELECT 'saved from the textarea ${Date.now()}' AS what`;
    await page.getByLabel('SQL', { exact: true }).fill(sql);
    await page.locator('summary', { hasText: 'Save query' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Typed, not run');
    await page.getByRole('button', { name: 'Save query' }).click();
    await page.waitForURL(/savedQueryId=(\d+)/);
    const id = new URL(page.url()).searchParams.get('savedQueryId');
    const saved = await page.request.get(`${session.server.baseUrl}/api/v1/saved_query/${id}`);
    expect(((await saved.json()) as { result: { sql: string } }).result.sql).toBe(sql);
  });

  it('the results box scrolls and is reachable by keyboard', async () => {
    const page = await open(false);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByLabel('Database').selectOption({ label: 'examples' });
    await page.getByLabel('SQL', { exact: true }).fill('SELECT name, num FROM birth_names');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const box = page.getByRole('region', { name: 'Result rows' });
    await box.waitFor();
    expect(await box.getAttribute('tabindex')).toBe('0');
  });
});
