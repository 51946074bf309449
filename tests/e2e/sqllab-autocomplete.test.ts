/**
 * The SQL Lab editor's autocomplete and its second run mode, in a real Chromium as the admin on the
 * examples database (SQLite): typing `alias.` offers the columns of the aliased table (loaded for
 * the whole schema through /api/v1/database/<id>/schema_columns/), and Ctrl/Cmd+Shift+Enter runs
 * only the statement under the cursor.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

/** SQL Lab with the examples database chosen and ace loaded, the editor empty and focused. */
async function openEditor(opts: { schemaIndex: boolean }): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  await page.goto(`${session.server.baseUrl}/sqllab/`);
  await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
  await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
  await page.locator(opts.schemaIndex ? '[data-ace-ready="true"][data-autocomplete="ready"]' : '[data-ace-ready="true"]').waitFor();
  // Ace's text input: its accessible name is "SQL editor, Cursor at row N".
  await page.getByRole('textbox', { name: /^SQL editor/ }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  return page;
}

/** The popup's rows as "caption meta" (ace renders the visible rows only; enough here). */
async function popupRows(page: Page): Promise<string[]> {
  const rows = await page.locator('.ace_autocomplete .ace_line').allTextContents();
  return rows.map((r) => r.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

describe('SQL Lab autocomplete', () => {
  it('after alias. offers only the columns of the aliased table, and inserts the one chosen', async () => {
    const page = await openEditor({ schemaIndex: true });
    // Typed key by key, as a user does: live autocomplete opens and narrows on each keystroke.
    await page.keyboard.type('SELECT * FROM energy_usage eu WHERE eu.', { delay: 15 });
    await page.locator('.ace_autocomplete').waitFor();
    // Only the table's columns, in table order: no keyword, table or other column after the dot.
    await expect.poll(() => popupRows(page)).toEqual(['source column', 'target column', 'value column']);

    await page.keyboard.type('tar', { delay: 15 });
    await expect.poll(() => popupRows(page)).toEqual(['target column']);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-ace-ready="true"] .ace_content').innerText()).toContain('WHERE eu.target');
  });

  it('offers the tables of the schema after FROM', async () => {
    const page = await openEditor({ schemaIndex: true });
    await page.keyboard.type('SELECT * FROM energy_u', { delay: 15 });
    await page.locator('.ace_autocomplete').waitFor();
    await expect.poll(() => popupRows(page)).toEqual(['energy_usage table']);
  });
});

describe('Run the statement at the cursor', () => {
  it('Ctrl/Cmd+Shift+Enter runs only the statement under the cursor', async () => {
    const page = await openEditor({ schemaIndex: false });
    await page.keyboard.insertText('SELECT 1 AS a;\nSELECT 2 AS b;');
    // Into the second statement: before its `;`.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    const grid = page.getByRole('grid');
    await grid.waitFor();
    await expect.poll(() => grid.getByRole('columnheader').allInnerTexts()).toEqual(['b']);
    expect(await grid.getByRole('gridcell').allInnerTexts()).toEqual(['2']);
  });
});
