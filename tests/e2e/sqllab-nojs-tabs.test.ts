/**
 * SQL Lab's tabs without JavaScript: the server-rendered tab bar opens tabs and switches between
 * them as form posts (the tab state is the server's), each tab showing its own SQL and latest
 * results; what was typed in the tab left behind is kept with it; Enter in a field still runs.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

async function openPlain(): Promise<Page> {
  const page = await session.openPage({ javaScriptEnabled: false });
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  await page.goto(`${session.server.baseUrl}/sqllab/`);
  return page;
}

const tabNames = async (page: Page) => (await page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab').allInnerTexts()).map((t) => t.trim());
const selectedTab = (page: Page) => page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { selected: true }).innerText();
const sqlText = (page: Page) => page.getByLabel('SQL', { exact: true }).inputValue();

describe('SQL Lab tabs without JavaScript', () => {
  it('opens a tab, switches between tabs, and shows each tab\'s SQL and latest results', async () => {
    const page = await openPlain();
    expect(await tabNames(page)).toEqual(['Untitled Query 1']);

    // Tab 1: run a query in it.
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    await page.getByLabel('SQL', { exact: true }).fill("SELECT 'first tab' AS which");
    await page.getByRole('button', { name: 'New tab' }).click();
    await page.waitForURL(/\/sqllab\/$/);
    expect(await tabNames(page)).toEqual(['Untitled Query 1', 'Untitled Query 2']);
    expect(await selectedTab(page)).toBe('Untitled Query 2');
    expect(await page.getByLabel('Database', { exact: true }).locator('option:checked').innerText()).toBe('examples');

    // Tab 2: run a query, Enter in the schema field runs it (not a tab button).
    await page.getByLabel('SQL', { exact: true }).fill("SELECT 'second tab' AS which");
    await page.getByLabel('Schema', { exact: true }).press('Enter');
    await page.getByRole('region', { name: 'Result rows' }).waitFor();
    expect(await page.getByRole('region', { name: 'Result rows' }).innerText()).toContain('second tab');

    // Back to tab 1: its SQL as typed, kept when the new tab was opened.
    await page.getByRole('tab', { name: 'Untitled Query 1' }).click();
    await page.waitForURL(/\/sqllab\/$/);
    expect(await selectedTab(page)).toBe('Untitled Query 1');
    expect(await sqlText(page)).toBe("SELECT 'first tab' AS which");
    // Run it here, then edit without running: the edit is kept when switching away.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('region', { name: 'Result rows' }).waitFor();
    await page.getByLabel('SQL', { exact: true }).fill("SELECT 'first tab, edited' AS which");

    // Tab 2 again: its SQL and its latest results.
    await page.getByRole('tab', { name: 'Untitled Query 2' }).click();
    await page.waitForURL(/\/sqllab\/$/);
    expect(await selectedTab(page)).toBe('Untitled Query 2');
    expect(await sqlText(page)).toBe("SELECT 'second tab' AS which");
    expect(await page.getByRole('region', { name: 'Result rows' }).innerText()).toContain('second tab');

    // And tab 1 once more: the edit, with the results of its last run.
    await page.getByRole('tab', { name: 'Untitled Query 1' }).click();
    await page.waitForURL(/\/sqllab\/$/);
    expect(await sqlText(page)).toBe("SELECT 'first tab, edited' AS which");
    const rows = await page.getByRole('region', { name: 'Result rows' }).innerText();
    expect(rows).toContain('first tab');
    expect(rows).not.toContain('second tab');

    // The server holds the same: the active tab is the one shown.
    const tabs = (await (await page.request.get(`${session.server.baseUrl}/api/v1/sqllab/`)).json()) as { result: { active_tab: { label: string } } };
    expect(tabs.result.active_tab.label).toBe('Untitled Query 1');
  });

  it('another user\'s tab cannot be activated: the page says so', async () => {
    const page = await openPlain();
    const html = await page.evaluate(() => document.querySelector('form[aria-label="Run a query"]')?.outerHTML ?? '');
    expect(html).toContain('name="tab_id"');
    // A forged switch to a tab id that is not the admin's.
    const response = await page.request.post(`${session.server.baseUrl}/sqllab/?index&tab=999999`, {
      form: { intent: 'switch-tab', csrf_token: await page.locator('input[name="csrf_token"]').first().inputValue() },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('There is no tab with id 999999');
  });
});
