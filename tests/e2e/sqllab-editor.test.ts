/**
 * The SQL Lab editor's own features in a real browser, as the admin, on the examples database
 * (SQLite): template parameters, autorun, CREATE TABLE AS with "Query in a new tab", the cost
 * estimate (PostgreSQL, and SQLite which has none), a posted query confirmed with JavaScript that
 * runs exactly once, pane sizes across a reload, and tabs kept in the browser (backend persistence
 * off) with their note, then migrated once the same install turns persistence on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { editorText, typeSql } from '../helpers/sqllab-page';
import { startServer } from '../helpers/server-process';

const session = useE2eSession();
const LOCAL_KEY = 'sightline.sqllab.v1';

async function open(baseUrl = session.server.baseUrl): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, baseUrl, 'admin', session.server.adminPassword);
  return page;
}

/** A bearer-token API client (no CSRF token needed) for setting the test up. */
async function api(baseUrl = session.server.baseUrl) {
  const login = await fetch(`${baseUrl}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: session.server.adminPassword, provider: 'db' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return async <T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { Authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

async function examplesId(call: Awaited<ReturnType<typeof api>>): Promise<number> {
  const list = await call<{ result: { id: number; database_name: string }[] }>('GET', '/api/v1/database/?q=(page_size:100)');
  const found = list.body.result.find((d) => d.database_name === 'examples');
  if (!found) throw new Error('no examples database');
  return found.id;
}

async function openEditor(page: Page, baseUrl = session.server.baseUrl) {
  await page.goto(`${baseUrl}/sqllab/`);
  await page.getByRole('tab').first().waitFor();
  await page.locator('[data-ace-ready="true"]').waitFor();
}

/** Adds a tab and waits until it is the active one (the server creates it first). */
async function newTab(page: Page) {
  const before = await page.getByRole('tab').count();
  await page.getByRole('button', { name: 'New tab', exact: true }).click();
  await expect.poll(() => page.getByRole('tab').count()).toBe(before + 1);
  await expect.poll(() => page.getByRole('tab').last().getAttribute('aria-selected')).toBe('true');
  await page.locator('[data-ace-ready="true"]').waitFor();
}

const run = (page: Page) => page.getByRole('button', { name: 'Run', exact: true }).click();

/** The active tab as the server holds it (the bootstrap), once its debounced update has landed. */
function serverActiveTab(page: Page) {
  return page.evaluate(async () => {
    const boot = (await (await fetch('/api/v1/sqllab/')).json()) as { result: { active_tab: { sql: string | null; autorun: boolean; template_params: string | null } | null } };
    return boot.result.active_tab;
  });
}

describe('SQL Lab editor features', () => {
  it('template parameters: refused while not a JSON object, then used by the run', async () => {
    const page = await open();
    await openEditor(page);
    await newTab(page);
    await page.getByRole('button', { name: 'More query actions' }).click();
    await page.getByRole('menuitem', { name: 'Parameters', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Template parameters' });
    const field = dialog.getByLabel('Parameters (JSON)');
    await field.fill('[1, 2]');
    expect(await dialog.getByRole('alert').innerText()).toBe('The template parameters must be a JSON object, like {"country": "FR"}.');
    expect(await dialog.getByRole('button', { name: 'Save parameters' }).isDisabled()).toBe(true);
    await field.fill('{"n": 41}');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save parameters' }).click();
    await page.getByRole('button', { name: 'More query actions' }).click();
    await page.getByRole('menuitem', { name: 'Parameters (1)' }).waitFor();
    await page.keyboard.press('Escape');

    await typeSql(page, 'SELECT {{ n }} + 1 AS answer');
    await run(page);
    await page.getByRole('columnheader', { name: 'answer' }).waitFor();
    expect(await page.getByRole('grid').getByRole('gridcell').allInnerTexts()).toEqual(['42']);
    await expect.poll(async () => (await serverActiveTab(page))?.template_params, { timeout: 15_000 }).toBe('{"n": 41}');
  });

  it('autorun: a tab with autorun on runs its query when the page loads again', async () => {
    const page = await open();
    await openEditor(page);
    await newTab(page);
    await typeSql(page, 'SELECT 7 AS seven');
    await page.getByRole('button', { name: 'More query actions' }).click();
    await page.getByRole('menuitem', { name: 'Turn autorun on' }).click();
    await expect.poll(async () => {
      const tab = await serverActiveTab(page);
      return tab && [tab.sql, tab.autorun];
    }, { timeout: 15_000 }).toEqual(['SELECT 7 AS seven', true]);
    expect(await page.getByRole('grid').count()).toBe(0);

    await page.reload();
    // Nobody clicks Run: the results come from autorun.
    await page.getByRole('columnheader', { name: 'seven' }).waitFor();
    expect(await page.getByRole('grid').getByRole('gridcell').allInnerTexts()).toEqual(['7']);
    await page.getByRole('button', { name: 'More query actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Turn autorun off' }).count()).toBe(1);
  });

  it('CREATE TABLE AS into a named table, then "Query in a new tab" queries it', async () => {
    const call = await api();
    const id = await examplesId(call);
    expect((await call('PUT', `/api/v1/database/${id}`, { allow_ctas: true })).status).toBe(200);
    const table = `ctas_e2e_${Date.now().toString(36)}`;
    try {
      const page = await open();
      await openEditor(page);
      await newTab(page);
      await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
      await typeSql(page, 'SELECT name, num FROM birth_names ORDER BY name, num LIMIT 3');
      await page.getByRole('button', { name: 'More ways to run' }).click();
      expect(await page.getByRole('menuitem', { name: 'Run as CREATE VIEW AS' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Run as CREATE TABLE AS' }).click();
      await page.getByRole('dialog').getByLabel('Table name').fill(table);
      await page.getByRole('button', { name: 'Create table' }).click();

      const created = page.getByRole('status').filter({ hasText: 'was created' });
      await created.waitFor({ timeout: 30_000 });
      expect(await created.innerText()).toMatch(new RegExp(`Table (\\w+\\.)?${table} was created\\.`));
      const tabsBefore = await page.getByRole('tab').count();
      await created.getByRole('button', { name: 'Query in a new tab' }).click();
      await expect.poll(() => page.getByRole('tab').count()).toBe(tabsBefore + 1);
      await expect.poll(() => editorText(page)).toMatch(new RegExp(`^SELECT \\* FROM (\\w+\\.)?${table}$`));
      await run(page);
      await page.getByRole('grid').waitFor();
      expect(await page.getByRole('grid').getByRole('columnheader').allInnerTexts()).toEqual(['name', 'num']);
      expect(await page.getByTestId('row-count').innerText()).toBe('3 rows');
    } finally {
      // The examples file is shared by the e2e files: leave it as it was.
      await call('PUT', `/api/v1/database/${id}`, { allow_ctas: false, allow_dml: true });
      await call('POST', '/api/v1/sqllab/execute/', { database_id: id, sql: `DROP TABLE IF EXISTS ${table}`, runAsync: false });
      await call('PUT', `/api/v1/database/${id}`, { allow_dml: false });
    }
  });

  it('estimate cost: the figures on PostgreSQL; the engine\'s refusal on SQLite', async () => {
    const call = await api();
    const pg = await call<{ id: number }>('POST', '/api/v1/database/', {
      database_name: 'estimate-pg', sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:5432/postgres', expose_in_sqllab: true,
      extra: JSON.stringify({ cost_estimate_enabled: true }),
    });
    expect(pg.status).toBe(201);
    // The examples database is registered with cost_estimate_enabled on (app/server/bootstrap.server.ts).
    try {
      const page = await open();
      await openEditor(page);
      await newTab(page);
      await page.getByLabel('Database', { exact: true }).selectOption({ label: 'estimate-pg' });
      await typeSql(page, 'SELECT * FROM generate_series(1, 1000) AS g');
      await page.getByRole('button', { name: 'More query actions' }).click();
      await page.getByRole('menuitem', { name: 'Estimate cost' }).click();
      const dialog = page.getByRole('dialog', { name: 'Query cost estimate' });
      await dialog.getByRole('rowheader', { name: 'Total cost' }).waitFor();
      expect(await dialog.getByRole('rowheader').allInnerTexts()).toEqual(['Startup cost', 'Total cost', 'Rows']);
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
      await page.getByRole('button', { name: 'More query actions' }).click();
      await page.getByRole('menuitem', { name: 'Estimate cost' }).click();
      await dialog.getByRole('alert').waitFor();
      expect(await dialog.getByRole('alert').innerText()).toContain('does not support cost estimation');
    } finally {
      await call('DELETE', `/api/v1/database/${pg.body.id}`);
    }
  });

  it('a posted query confirmed with JavaScript on runs exactly once', async () => {
    const page = await open();
    await openEditor(page);
    const sql = `SELECT 4242 AS once_${Date.now().toString(36)}`;
    await page.evaluate((text) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/sqllab/';
      for (const [name, value] of [['database_id', '1'], ['sql', text]]) {
        const input = document.createElement('input');
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, sql);
    await page.getByRole('heading', { name: 'Run this query?' }).waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('grid').getByRole('gridcell').allInnerTexts()).toEqual(['4242']);
    // Reloading must not run it again either.
    await page.reload();
    await page.getByRole('tab').first().waitFor();

    const call = await api();
    const queries = await call<{ result: { sql: string }[] }>('GET', '/api/v1/query/?q=(order_column:changed_on,order_direction:desc,page_size:100)');
    expect(queries.status).toBe(200);
    expect(queries.body.result.filter((q) => q.sql === sql)).toHaveLength(1);
  });

  it('keys: Alt+T opens a tab, Ctrl+Shift+F formats, Ctrl+Shift+Enter and the Run menu run the statement at the cursor, Ctrl+E stops', async () => {
    const page = await open();
    await openEditor(page);
    await newTab(page);
    const before = await page.getByRole('tab').count();
    // Outside the editor (the page's own binding) ...
    await page.getByRole('toolbar', { name: 'Query actions' }).getByRole('button', { name: 'Copy link' }).focus();
    await page.keyboard.press('Alt+T');
    await expect.poll(() => page.getByRole('tab').count()).toBe(before + 1);
    await page.locator('[data-ace-ready="true"]').waitFor();

    await typeSql(page, 'select 1 as a from birth_names limit 1');
    await page.keyboard.press('ControlOrMeta+Shift+F');
    await expect.poll(() => editorText(page)).toContain('\n');

    await typeSql(page, 'SELECT 1 AS first_one;\nSELECT 2 AS second_one');
    // The cursor is at the end, in the second statement.
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await page.getByRole('columnheader', { name: 'second_one' }).waitFor();
    expect(await page.getByRole('grid').getByRole('columnheader').allInnerTexts()).toEqual(['second_one']);

    await page.keyboard.press('ControlOrMeta+Home');
    await page.getByRole('button', { name: 'More ways to run' }).click();
    await page.getByRole('menuitem', { name: 'Run current statement' }).click();
    await page.getByRole('columnheader', { name: 'first_one' }).waitFor();

    // Ctrl+Enter runs, Ctrl+E stops (a count that would take minutes).
    await typeSql(page, 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT max(x) AS top FROM c');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await page.keyboard.press('ControlOrMeta+E');
    await page.getByText('The query was stopped.').waitFor();
    expect(await page.getByRole('columnheader', { name: 'top' }).count()).toBe(0);
  });

  it('schedules a saved query', async () => {
    const page = await open();
    await openEditor(page);
    await newTab(page);
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    const label = `Nightly ${Date.now().toString(36)}`;
    await typeSql(page, 'SELECT COUNT(*) AS n FROM birth_names');
    await page.getByRole('button', { name: 'More query actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Schedule query' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(label);
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'More query actions' }).click();
    await page.getByRole('menuitem', { name: 'Schedule query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule query' });
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    expect(await dialog.getByText('Name the table the results go to.').count()).toBe(1);
    await dialog.getByLabel('Output table name').fill('births_nightly');
    await dialog.getByLabel('Start date').fill('2027-01-01');
    await dialog.getByLabel('Runs').selectOption({ label: 'On a cron schedule' });
    await dialog.getByLabel('Cron expression').fill('0 2 * * *');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('Your query has been scheduled. To see details of your query, navigate to Saved queries').waitFor();

    const call = await api();
    // The saved query and, beside it, the scheduled copy with its schedule.
    const saved = await call<{ result: { id: number; label: string }[] }>('GET', '/api/v1/saved_query/?q=(page_size:100)');
    const extras: unknown[] = [];
    for (const q of saved.body.result.filter((r) => r.label === label)) {
      const shown = await call<{ result: { extra_json: string | null } }>('GET', `/api/v1/saved_query/${q.id}`);
      if (shown.body.result.extra_json) extras.push(JSON.parse(shown.body.result.extra_json));
    }
    expect(extras).toEqual([{ schedule_info: { output_table: 'births_nightly', start_date: '2027-01-01', schedule_interval: '0 2 * * *' } }]);
  });

  it('the pane sizes move with the keyboard and survive a reload', async () => {
    const page = await open();
    await openEditor(page);
    await newTab(page);
    const handle = page.getByRole('separator', { name: 'Resize the editor and results panes' });
    expect(await handle.getAttribute('aria-valuenow')).toBe('50');
    await handle.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await handle.getAttribute('aria-valuenow')).toBe('58');
    const north = await page.getByTestId('north-pane').boundingBox();
    const box = await page.getByTestId('sqllab-panes').boundingBox();
    expect(Math.abs((north?.height ?? 0) + 6 - (box?.height ?? 0) * 0.58)).toBeLessThan(2);
    // The editor fills its pane.
    const editor = await page.locator('[data-ace-ready="true"]').boundingBox();
    expect(Math.abs((editor?.height ?? 0) - (north?.height ?? 0))).toBeLessThan(2);
    // Let the new tab reach the server (it is the active tab the reload opens).
    await expect.poll(async () => (await serverActiveTab(page)) !== null, { timeout: 15_000 }).toBe(true);

    await page.reload();
    await page.getByRole('tab').first().waitFor();
    expect(await page.getByRole('separator', { name: 'Resize the editor and results panes' }).getAttribute('aria-valuenow')).toBe('58');
  });
});

describe('tabs kept in the browser, then migrated to the server', () => {
  it('shows the note in new local tabs; once persistence is on, the tab and its query move to the server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-migrate-'));
    const metadata = `sqlite:///${path.join(dir, 'metadata.sqlite')}`;
    let saved = '';
    let clientId = '';
    const local = await startServer({ env: { DATABASE_URL: metadata, SQLLAB_BACKEND_PERSISTENCE: 'false' } });
    try {
      const page = await open(local.baseUrl);
      await openEditor(page, local.baseUrl);
      await expect.poll(() => editorText(page)).toContain('-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.');
      await page.getByRole('tab').first().dblclick();
      await page.getByRole('textbox', { name: 'Tab name' }).fill('Kept locally');
      await page.keyboard.press('Enter');
      await typeSql(page, "SELECT 'local' AS origin");
      await run(page);
      await page.getByRole('columnheader', { name: 'origin' }).waitFor();
      await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key) ?? '', LOCAL_KEY)).toContain('"state":"success"');
      saved = await page.evaluate((key) => window.localStorage.getItem(key) ?? '', LOCAL_KEY);
      const state = JSON.parse(saved) as { tabs: { name: string; sql: string }[]; queries: Record<string, { id: string; sql: string }> };
      expect(state.tabs.map((t) => [t.name, t.sql])).toEqual([['Kept locally', "SELECT 'local' AS origin"]]);
      clientId = Object.values(state.queries).find((q) => q.sql === "SELECT 'local' AS origin")?.id ?? '';
      expect(clientId).not.toBe('');
      // The tabs survive a reload from the browser's storage alone.
      await page.reload();
      await page.getByRole('tab', { name: 'Kept locally' }).waitFor();
      await page.getByRole('columnheader', { name: 'origin' }).waitFor();
    } finally {
      await local.stop();
    }

    // The same install (same metadata database) with backend persistence on, the default.
    const persisted = await startServer({ env: { DATABASE_URL: metadata } });
    try {
      const page = await open(persisted.baseUrl);
      // localStorage is per origin: carry over what the browser kept (a new port is a new origin).
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LOCAL_KEY, saved] as const);
      await openEditor(page, persisted.baseUrl);
      await page.getByRole('tab', { name: 'Kept locally' }).waitFor();
      await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), LOCAL_KEY)).toBeNull();
      const boot = await page.evaluate(async () => (await (await fetch('/api/v1/sqllab/')).json()) as {
        result: { tab_state_ids: { id: number; label: string }[]; queries: Record<string, { sqlEditorId: string | null }> };
      });
      const tab = boot.result.tab_state_ids.find((t) => t.label === 'Kept locally');
      expect(tab).toBeDefined();
      expect(boot.result.queries[clientId]?.sqlEditorId).toBe(String(tab?.id));
      const stored = await page.evaluate(async (id) => (await (await fetch(`/tabstateview/${id}`)).json()) as { sql: string }, tab?.id);
      expect(stored.sql).toBe("SELECT 'local' AS origin");
    } finally {
      await persisted.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
