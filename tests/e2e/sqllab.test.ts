/**
 * SQL Lab in a real browser, as the admin, on the examples database (SQLite): with JavaScript
 * (the editor: run, errors, tabs persisted across a reload) and without (the plain form, paging,
 * and a query posted from another site that runs only once the user confirms it).
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

/** Types SQL into the editor (ace once it has loaded) and runs it with the Run button. */
async function runSql(page: Page, sql: string) {
  await typeSql(page, sql);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

// The examples database allows async runs: these queries go through the job queue, the polling
// of /api/v1/query/updated_since and the results backend.
describe('SQL Lab with JavaScript', () => {

  it('runs a query and shows its rows; a missing table is named; new columns replace the old', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });

    await runSql(page, 'SELECT * FROM energy_usage');
    const grid = page.getByRole('grid');
    await grid.waitFor();
    const headers = await grid.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['source', 'target', 'value']);
    expect(await grid.getByRole('gridcell').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('row-count').innerText()).toMatch(/^\d+ rows$/);

    await runSql(page, 'SELECT * FROM no_such_table_here');
    const alert = page.locator('main [role="alert"]');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('no_such_table_here');

    await runSql(page, 'SELECT 1 AS one, 2 AS two');
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('grid').getByRole('columnheader').allInnerTexts()).toEqual(['one', 'two']);
    expect(await page.getByRole('grid').getByRole('gridcell').allInnerTexts()).toEqual(['1', '2']);
  });

  it('adds a table from the left bar: its columns with their types, a data preview, and remove', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    await page.getByLabel('Schema', { exact: true }).selectOption('main');
    await page.getByLabel('Add a table').fill('energy');
    await page.getByRole('list', { name: 'Matching tables' }).getByRole('button', { name: 'energy_usage' }).click();
    const tables = page.getByRole('list', { name: 'Tables in this tab' });
    await tables.getByText('target', { exact: true }).waitFor();
    expect(await tables.getByRole('listitem').filter({ hasText: 'value' }).last().innerText()).toMatch(/value\s+(REAL|FLOAT|DOUBLE|NUMERIC)/i);

    await page.getByRole('button', { name: 'Preview energy_usage' }).click();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(['source', 'target', 'value']);
    expect(await grid.getByRole('gridcell').count()).toBeGreaterThan(3);

    await page.getByRole('button', { name: 'Remove energy_usage' }).click();
    await expect.poll(() => tables.getByRole('listitem').count()).toBe(0);
  });

  it('adds and renames a tab; a reload keeps the tabs and their SQL', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab').first().waitFor();
    const before = await page.getByRole('tab').count();
    await page.getByRole('button', { name: 'New tab', exact: true }).click();
    await expect.poll(() => page.getByRole('tab').count()).toBe(before + 1);
    const newest = page.getByRole('tab').last();
    await newest.dblclick();
    const nameInput = page.getByRole('textbox', { name: 'Tab name' });
    await nameInput.fill('Energy flows');
    await nameInput.press('Enter');
    await page.getByRole('tab', { name: 'Energy flows' }).waitFor();
    await runSql(page, 'SELECT source FROM energy_usage');
    await page.getByRole('grid').waitFor();
    // The tab update is debounced: wait until the server holds the new SQL.
    await expect
      .poll(() => page.evaluate(async () => {
        const boot = (await (await fetch('/api/v1/sqllab/')).json()) as { result: { active_tab: { sql: string | null } | null } };
        return boot.result.active_tab?.sql;
      }), { timeout: 15_000 })
      .toBe('SELECT source FROM energy_usage');

    await page.reload();
    const tab = page.getByRole('tab', { name: 'Energy flows' });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-ace-ready="true"]').waitFor();
    await expect.poll(() => page.locator('.ace_content').innerText()).toContain('SELECT source FROM energy_usage');
    expect(await page.getByRole('tab').count()).toBe(before + 1);

    // Closing a tab deletes it on the server: it stays closed after a reload.
    await page.getByRole('button', { name: 'Close Energy flows' }).click();
    await expect.poll(() => page.getByRole('tab').count()).toBe(before);
    await expect
      .poll(() => page.evaluate(async () => {
        const boot = (await (await fetch('/api/v1/sqllab/')).json()) as { result: { tab_state_ids: { label: string }[] } };
        return boot.result.tab_state_ids.map((t) => t.label);
      }))
      .not.toContain('Energy flows');
    await page.reload();
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Energy flows' }).count()).toBe(0);
  });
});

describe('SQL Lab, a query posted with the session but without a CSRF token', () => {
  it('shows a confirmation; Run opens the query in a new editor tab and runs it', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab').first().waitFor();
    const tabsBefore = await page.getByRole('tab').count();
    // A tool's form on this site: a native submission (not Remix's), no csrf_token, no intent.
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/sqllab/';
      for (const [name, value] of [['database_id', '1'], ['sql', 'SELECT 40 + 2 AS answer']]) {
        const input = document.createElement('input');
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    });
    await page.getByRole('heading', { name: 'Run this query?' }).waitFor();
    expect(await page.getByLabel('SQL').inputValue()).toBe('SELECT 40 + 2 AS answer');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // The new tab becomes active once the server has created it; then its query runs.
    await page.getByRole('columnheader', { name: 'answer' }).waitFor();
    const grid = page.getByRole('grid');
    expect(await grid.getByRole('columnheader').allInnerTexts()).toEqual(['answer']);
    expect(await grid.getByRole('gridcell').allInnerTexts()).toEqual(['42']);
    expect(await page.getByRole('tab').count()).toBe(tabsBefore + 1);
  });
});

describe('SQL Lab without JavaScript', () => {
  it('the form runs a query, shows its results and pages through them', async () => {
    const page = await open(false);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByLabel('Database').selectOption({ label: 'examples' });
    await page.getByLabel('Limit').selectOption('1000');
    await page.getByLabel('SQL', { exact: true }).fill('SELECT name, num FROM birth_names ORDER BY name, num');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    expect(await page.locator('thead th').allInnerTexts()).toEqual(['name', 'num']);
    expect(await page.getByTestId('row-count').innerText()).toBe('1000 rows');
    expect(await page.getByTestId('limit-message').innerText()).toBe('The number of rows displayed is limited to 1,000 by the dropdown.');
    expect(await page.locator('tbody tr').count()).toBe(100);
    const firstPage = await page.locator('tbody tr').first().innerText();

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByText('Page 2 of 10').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(100);
    expect(await page.locator('tbody tr').first().innerText()).not.toBe(firstPage);
    // The form keeps the query that produced the results.
    expect(await page.getByLabel('SQL', { exact: true }).inputValue()).toBe('SELECT name, num FROM birth_names ORDER BY name, num');
  });

  it('shows the error of a query on a missing table', async () => {
    const page = await open(false);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByLabel('Database').selectOption({ label: 'examples' });
    await page.getByLabel('SQL', { exact: true }).fill('SELECT * FROM missing_table_xyz');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const alert = page.locator('main [role="alert"]');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('missing_table_xyz');
  });

  it('a query posted without a session (as from another site) is shown, and runs only after the user clicks Run', async () => {
    const page = await open(false);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    const examplesId = await page.getByLabel('Database').locator('option', { hasText: 'examples' }).getAttribute('value');
    // Superset's tools post the key of a dataset (`<dataset id>__table`): make one on the examples
    // (under schema main: the registered example dataset of the same table has no schema).
    const csrf = ((await (await page.request.get(`${session.server.baseUrl}/api/v1/security/csrf_token/`)).json()) as { result: string }).result;
    const dataset = await page.request.post(`${session.server.baseUrl}/api/v1/dataset/`, {
      headers: { 'X-CSRFToken': csrf },
      data: { database: Number(examplesId), schema: 'main', table_name: 'energy_usage' },
    });
    expect(dataset.status()).toBe(201);
    const datasetId = ((await dataset.json()) as { id: number }).id;
    // What a browser sends cross-site: a plain form, no CSRF token, and (SameSite=Lax) no session cookie.
    const posted = await fetch(`${session.server.baseUrl}/sqllab/`, {
      method: 'POST',
      redirect: 'manual',
      // Remix alone would answer a cross-origin document POST with a 500: session.server.mjs lets this entry point take it.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://tools.example.org' },
      body: new URLSearchParams({ datasourceKey: `${datasetId}__table`, sql: 'SELECT COUNT(*) AS n FROM energy_usage', form_data: '{}' }),
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toMatch(/^\/sqllab\/\?confirm=1&/);

    // The browser follows the redirect with its cookie: a confirmation, nothing run.
    await page.goto(`${session.server.baseUrl}${location}`);
    await page.getByRole('heading', { name: 'Run this query?' }).waitFor();
    expect(await page.getByLabel('SQL').inputValue()).toBe('SELECT COUNT(*) AS n FROM energy_usage');
    expect(await page.getByRole('heading', { name: 'Results' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    expect(await page.locator('thead th').allInnerTexts()).toEqual(['n']);
    expect(Number(await page.locator('tbody td').first().innerText())).toBeGreaterThan(0);
  });

  it('a post from elsewhere with a bad CSRF token and an intent is refused', async () => {
    const page = await open(false);
    const response = await page.request.post(`${session.server.baseUrl}/sqllab/?index`, {
      form: { intent: 'run', csrf_token: 'forged', database_id: '1', sql: 'SELECT 1' },
    });
    expect(response.status()).toBe(400);
  });
});
