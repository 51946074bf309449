/**
 * Sharing a query: the editor's "Copy link" puts a permalink on the clipboard, and opening it
 * (here in another user's browser context) opens the query in a new tab with its SQL; a link
 * made by an older client through the key-value store (`/sqllab/?id=`) opens the same way.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { editorText, typeSql } from '../helpers/sqllab-page';

const session = useE2eSession();

async function open(): Promise<Page> {
  const page = await session.openPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.baseUrl });
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

describe('sharing a query', () => {
  it('copies a permalink that opens the query in a new tab', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab', { name: /Untitled Query \d+/ }).first().waitFor();
    await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
    const sql = 'SELECT source, value FROM energy_usage WHERE value > 10';
    await typeSql(page, sql);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link Copied!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/sqllab\/p\/[\w-]+$/);

    const other = await open();
    await other.goto(new URL(link, session.server.baseUrl).toString());
    await other.waitForURL((url) => url.pathname === '/sqllab/');
    await expect.poll(() => editorText(other), { timeout: 15_000 }).toBe(sql);
    await expect.poll(() => other.getByLabel('Database', { exact: true }).inputValue()).not.toBe('');
  });

  it('opens a query stored through /kv/store/ by /sqllab/?id=', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.getByRole('tab').first().waitFor();
    const sql = 'SELECT COUNT(*) AS n FROM long_lat';
    const id = await page.evaluate(async (text) => {
      const token = ((await (await fetch('/api/v1/security/csrf_token/')).json()) as { result: string }).result;
      const databases = (await (await fetch('/api/v1/database/')).json()) as { result: { id: number; database_name: string }[] };
      const dbId = databases.result.find((d) => d.database_name === 'examples')?.id;
      const body = new URLSearchParams({ data: JSON.stringify({ name: 'Shared count', dbId, schema: null, autorun: false, sql: text, templateParams: null }) });
      const res = await fetch('/kv/store/', { method: 'POST', headers: { 'X-CSRFToken': token }, body });
      return ((await res.json()) as { id: string }).id;
    }, sql);
    expect(id).toBeTruthy();
    await page.goto(`${session.server.baseUrl}/sqllab/?id=${id}`);
    await page.getByRole('tab', { name: 'Shared count' }).waitFor();
    await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(sql);
  });
});
