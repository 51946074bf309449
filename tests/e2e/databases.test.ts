/**
 * Connecting a database through the UI in real Chromium: the admin adds a PostgreSQL database
 * with connection parameters, tests it ('Connection looks good!'), saves it, finds it in the list,
 * edits it and sees a wrong password refused ('ERROR: …'). The same add flow without JavaScript;
 * and axe finds no serious or critical violations on the add page, in tabs and stacked.
 *
 * The password flow needs a server that asks for passwords, so it runs on a scratch cluster; the
 * no-JavaScript flow uses this machine's PostgreSQL. With CI=true an unreachable server fails.
 */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations, loginAs, type NewPageOptions } from '../helpers/browser';
import { createTempPostgresDatabase, mustHaveServices, postgresReachable, type TempDatabase } from '../helpers/databases';
import { startPasswordPostgres, type PasswordPostgres } from '../helpers/scratch-postgres';
import { useE2eSession } from '../helpers/e2e-session';

const up = await postgresReachable();
if (!up && mustHaveServices) throw new Error('PostgreSQL is not reachable on 127.0.0.1 and CI=true: failing instead of skipping');

const session = useE2eSession();

async function open(opts: NewPageOptions = {}): Promise<Page> {
  const page = await session.openPage(opts);
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const form = (page: Page) => page.getByRole('form', { name: /New database|Edit / });

/** With JavaScript the sections become tabs once React has hydrated: wait for them before typing. */
async function waitForTabs(page: Page) {
  await page.getByRole('tab', { name: 'Connection' }).waitFor();
}

describe.skipIf(!up)('with JavaScript', () => {
  let scratch: PasswordPostgres;
  beforeAll(async () => {
    scratch = await startPasswordPostgres();
  });
  afterAll(() => scratch?.stop());

  it('adds a PostgreSQL database with parameters, tests it, saves it, edits it, and reports a wrong password', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/databaseview/list/`);
    await page.getByRole('link', { name: '+ Database' }).click();
    await page.waitForURL((url) => url.pathname === '/databaseview/add');
    await page.getByRole('navigation', { name: 'Database engine' }).getByRole('link', { name: 'PostgreSQL' }).click();
    await waitForTabs(page);

    await page.getByLabel('Display name').fill('Scratch PG');
    await page.getByLabel('Host').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(scratch.port));
    await page.getByLabel('Database name').fill('postgres');
    await page.getByLabel('Username').fill('postgres');
    await page.getByLabel('Password').fill(scratch.password);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Connection looks good!').waitFor();
    // A fetcher ran the test: the page and what was typed stay.
    expect(pathOf(page)).toBe('/databaseview/add');
    expect(await page.getByLabel('Password').inputValue()).toBe(scratch.password);

    // The other tabs' fields stay in the form while hidden.
    await page.getByRole('tab', { name: 'Performance' }).click();
    await page.getByLabel('Chart cache timeout (seconds)').fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/databaseview/list/');
    await page.getByText('Database "Scratch PG" was saved.').waitFor();
    const row = page.getByRole('row', { name: /Scratch PG/ });
    await row.waitFor();

    await row.getByRole('link', { name: 'Edit Scratch PG' }).click();
    await page.waitForURL((url) => /^\/databaseview\/\d+\/edit$/.test(url.pathname));
    await waitForTabs(page);
    expect(await page.getByLabel('Password').inputValue()).toBe('XXXXXXXXXX');
    await page.getByRole('tab', { name: 'Performance' }).click();
    expect(await page.getByLabel('Chart cache timeout (seconds)').inputValue()).toBe('120');
    await page.getByRole('tab', { name: 'Connection' }).click();
    // The mask stands for the stored password.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Connection looks good!').waitFor();

    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'ERROR:' });
    await error.waitFor();
    expect(await error.innerText()).toMatch(/ERROR: The password provided for username "postgres" is incorrect/);

    await page.getByLabel('Password').fill('XXXXXXXXXX');
    await page.getByLabel('Display name').fill('Scratch PG edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/databaseview/list/');
    await page.getByRole('row', { name: /Scratch PG edited/ }).waitFor();
  });

  it('keeps what was typed before the page hydrated when the sections become tabs', async () => {
    const page = await open();
    // Hold the app's scripts until the fields are filled, as a slow phone would.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/.*\.js$/, async (route) => { await released; await route.continue(); });
    await page.goto(`${session.server.baseUrl}/databaseview/add?engine=postgresql&method=parameters`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/^Display name/).fill('Typed before hydration');
    await page.getByLabel(/^Host/).fill('db.example.com');
    expect(await page.getByRole('tab').count()).toBe(0);
    release();
    await waitForTabs(page);
    await expect.poll(() => page.getByLabel(/^Display name/).inputValue()).toBe('Typed before hydration');
    expect(await page.getByLabel(/^Host/).inputValue()).toBe('db.example.com');
  });

  it('shows field errors under the fields, on their tab', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/databaseview/add?engine=postgresql&method=parameters`);
    await waitForTabs(page);
    await page.getByLabel('Display name').fill('Incomplete');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByLabel('Extra (JSON)').fill('{not json');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please fix the fields marked below.').waitFor();
    expect(pathOf(page)).toBe('/databaseview/add');
    // Every problem comes back at once; the first tab with one opens.
    expect(await page.getByRole('tab', { name: 'Connection' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#db-parameters-host-error').innerText()).toBe('This is a required field');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    expect(await page.locator('#db-extra-error').innerText()).toMatch(/^Extra is not valid JSON/);
    expect(await page.getByLabel('Extra (JSON)').getAttribute('aria-invalid')).toBe('true');
  });
});

describe.skipIf(!up)('without JavaScript', () => {
  let db: TempDatabase;
  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_e2e_db');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE TABLE things (id int PRIMARY KEY)');
    await client.end();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('adds a PostgreSQL database: all sections on one page, test, save, listed', async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(`${session.server.baseUrl}/databaseview/list/`);
    await page.getByRole('link', { name: '+ Database' }).click();
    await page.getByRole('navigation', { name: 'Database engine' }).getByRole('link', { name: 'PostgreSQL' }).click();
    for (const title of ['Connection', 'Performance', 'Security', 'Advanced']) await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);

    await page.getByLabel('Display name').fill('Plain PG');
    await page.getByLabel('Host').fill('127.0.0.1');
    await page.getByLabel('Database name').fill(db.name);
    await page.getByLabel('Username').fill('postgres');
    await page.getByLabel('Allow DML').check();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Connection looks good!' }).waitFor();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Plain PG');
    expect(await page.getByLabel('Allow DML').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/databaseview/list/');
    await page.getByRole('row', { name: /Plain PG/ }).waitFor();
  });
});

describe('accessibility (axe: no serious or critical violations)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the add page in tabs, ${colorScheme}`, async () => {
      const page = await open({ colorScheme });
      await page.goto(`${session.server.baseUrl}/databaseview/add?engine=postgresql&method=parameters`);
      await waitForTabs(page);
      const violations = await checkA11y(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  }

  it('the add page as the server renders it (sections stacked, as without JavaScript)', async () => {
    // axe itself needs JavaScript: keep it on, but block the app's scripts so the page never hydrates.
    const page = await open();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${session.server.baseUrl}/databaseview/add?engine=postgresql&method=parameters`);
    await form(page).waitFor();
    await page.getByRole('heading', { name: 'Advanced', level: 2 }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    const violations = await checkA11y(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('the list page with its row actions', async () => {
    const page = await open();
    await page.goto(`${session.server.baseUrl}/databaseview/list/`);
    await page.getByRole('link', { name: '+ Database' }).waitFor();
    const violations = await checkA11y(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
