/**
 * What SQL Lab shows survives hydration and reloads. What the user does in the server-rendered
 * page before React hydrates it (a slow CPU, a slow network) is kept: the page's scripts are held
 * until the user has acted, then released, and the hydrated editor must show what was chosen, not
 * what the server rendered. A tab's table previews come back after a reload, with their rows.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

/** A bearer-token API client (no CSRF token needed) for setting the test up. */
async function api() {
  const base = session.server.baseUrl;
  const login = await fetch(`${base}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: session.server.adminPassword, provider: 'db' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return async <T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { Authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

/** SQL Lab as the server renders it, its scripts held until `release` is called. */
async function openHeld(): Promise<{ page: Page; release: () => void }> {
  const page = await session.openPage();
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${session.server.baseUrl}/sqllab/`, { waitUntil: 'domcontentloaded' });
  return { page, release };
}

describe('hydration keeps what was chosen before it', () => {
  it('the database chosen in the server-rendered select stays chosen once hydrated', async () => {
    const call = await api();
    // A second database, listed after "examples": the server's select starts on examples.
    const other = await call<{ id: number }>('POST', '/api/v1/database/', {
      database_name: 'warehouse-pg', sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:5432/postgres', expose_in_sqllab: true,
    });
    expect(other.status).toBe(201);
    try {
      const { page, release } = await openHeld();
      const select = page.getByLabel('Database', { exact: true });
      expect(await select.locator('option:checked').innerText()).toBe('examples');
      await select.selectOption({ label: 'warehouse-pg' });
      release();
      await page.locator('[data-ace-ready="true"]').waitFor();
      // The hydrated editor's own select, on the tab it opened with.
      await expect.poll(() => page.getByRole('tab', { selected: true }).count()).toBe(1);
      await page.waitForTimeout(500);
      expect(await page.getByLabel('Database', { exact: true }).locator('option:checked').innerText()).toBe('warehouse-pg');
      expect(await page.getByLabel('Database', { exact: true }).inputValue()).toBe(String(other.body.id));
    } finally {
      await call('DELETE', `/api/v1/database/${other.body.id}`);
    }
  });

  it('on a tab kept on the server, the database chosen before hydration wins over the tab\'s, and the tab\'s schema goes with its old database', async () => {
    const call = await api();
    const other = await call<{ id: number }>('POST', '/api/v1/database/', {
      database_name: 'warehouse-pg-2', sqlalchemy_uri: 'postgresql://postgres@127.0.0.1:5432/postgres', expose_in_sqllab: true,
    });
    expect(other.status).toBe(201);
    const examples = (await call<{ result: { id: number; database_name: string }[] }>('GET', '/api/v1/database/?q=(page_size:100)')).body.result.find((d) => d.database_name === 'examples');
    const tab = await call<{ id: number }>('POST', '/tabstateview/', { queryEditor: { name: 'Kept tab', dbId: examples?.id, schema: 'main', sql: 'SELECT 1' } });
    expect(tab.status).toBe(200);
    try {
      const { page, release } = await openHeld();
      const select = page.getByLabel('Database', { exact: true });
      expect(await select.locator('option:checked').innerText()).toBe('examples');
      await select.selectOption({ label: 'warehouse-pg-2' });
      release();
      await page.locator('[data-ace-ready="true"]').waitFor();
      await expect.poll(() => page.getByRole('tab', { selected: true }).innerText()).toBe('Kept tab');
      await page.waitForTimeout(500);
      expect(await page.getByLabel('Database', { exact: true }).inputValue()).toBe(String(other.body.id));
      // "main" was the examples database's: PostgreSQL's default schema takes its place.
      await expect.poll(() => page.getByLabel('Schema', { exact: true }).inputValue()).toBe('public');
      // And it is what the server keeps for the tab.
      await expect.poll(async () => (await call<{ database_id: number; schema: string }>('GET', `/tabstateview/${tab.body.id}`)).body).toMatchObject({ database_id: other.body.id, schema: 'public' });
    } finally {
      await call('DELETE', `/tabstateview/${tab.body.id}`);
      await call('DELETE', `/api/v1/database/${other.body.id}`);
    }
  });
});

describe('after a reload', () => {
  it('the active tab\'s table previews come back in their own results tabs, with their rows', async () => {
    const page = await session.openPage();
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.locator('[data-ace-ready="true"]').waitFor();
    const tabs = page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab');
    const count = await tabs.count();
    await page.getByRole('button', { name: 'New tab', exact: true }).click();
    await expect.poll(() => tabs.count()).toBe(count + 1);
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    await expect.poll(() => page.getByLabel('Schema', { exact: true }).inputValue()).toBe('main');
    const stored = page.waitForResponse((r) => new URL(r.url()).pathname === '/tableschemaview/' && r.request().method() === 'POST');
    await page.getByLabel('Add a table').fill('energy');
    await page.getByRole('list', { name: 'Matching tables' }).getByRole('button', { name: 'energy_usage' }).click();
    const preview = page.getByRole('tab', { name: 'Preview: energy_usage' });
    await preview.click();
    await page.getByRole('grid').waitFor();
    const before = await page.getByRole('grid').getByRole('columnheader').allInnerTexts();
    expect(before).toEqual(['source', 'target', 'value']);
    expect((await stored).status()).toBe(200);

    await page.reload();
    await page.locator('[data-ace-ready="true"]').waitFor();
    // The left bar has the table again, and the results pane its preview tab.
    await page.getByRole('list', { name: 'Tables in this tab' }).getByText('energy_usage').waitFor();
    await page.getByRole('tab', { name: 'Preview: energy_usage' }).click();
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('grid').getByRole('columnheader').allInnerTexts()).toEqual(before);
    expect((await page.getByRole('grid').getByRole('gridcell').allInnerTexts()).length).toBeGreaterThan(0);
  });
});
