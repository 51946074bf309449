/**
 * Home, where the user left off: their recent queries and saved queries link back into SQL Lab,
 * and favourites have their own section; the navigation is not repeated.
 */
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

describe('home', () => {
  it('shows the recent queries, the saved queries and the favourites, each linking to the item', async () => {
    const page = await session.openPage();
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    const base = session.server.baseUrl;
    const csrf = ((await (await page.request.get(`${base}/api/v1/security/csrf_token/`)).json()) as { result: string }).result;
    const headers = { 'X-CSRFToken': csrf };
    const databases = ((await (await page.request.get(`${base}/api/v1/database/`)).json()) as { result: { id: number; database_name: string }[] }).result;
    const examples = databases.find((d) => d.database_name === 'examples')!;
    const label = `Home saved ${Date.now().toString(36)}`;
    const saved = await page.request.post(`${base}/api/v1/saved_query/`, { headers, data: { db_id: examples.id, label, sql: 'SELECT 1 AS home_saved', schema: 'main' } });
    expect(saved.status()).toBe(201);
    const ran = await page.request.post(`${base}/api/v1/sqllab/execute/`, {
      headers, data: { database_id: examples.id, sql: 'SELECT 2 AS home_recent', client_id: `h${Date.now().toString(36)}`.slice(0, 11), runAsync: false, schema: 'main' },
    });
    expect(ran.ok()).toBe(true);

    await page.goto(`${base}/`);
    const recent = page.getByRole('region', { name: 'Recent queries' });
    await recent.getByRole('link', { name: 'SELECT 2 AS home_recent' }).first().waitFor();
    const savedSection = page.getByRole('region', { name: 'Saved queries' });
    await savedSection.getByRole('link', { name: label }).click();
    await page.waitForURL(/savedQueryId=\d+/);
    await page.goto(`${base}/`);
    expect(await page.getByRole('region', { name: 'Favourites' }).count()).toBe(1);
    // The navigation lives in the header only.
    expect(await page.getByRole('main').getByRole('link', { name: 'Databases', exact: true }).count()).toBe(0);
  });
});
