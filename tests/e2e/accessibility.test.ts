/**
 * axe on every page an admin reaches, in the light and the dark theme (the system's, emulated),
 * with JavaScript and without: no serious or critical violation. SQL Lab is also checked with
 * results on screen, and the database form with a failed connection test.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, describeViolations, loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { typeSql } from '../helpers/sqllab-page';

const session = useE2eSession();

const PAGES = [
  '/', '/sqllab/', '/sqllab/history/', '/savedqueryview/list/', '/databaseview/list/', '/databaseview/add',
  '/databaseview/add?engine=sqlite&method=parameters', '/databaseview/add?method=uri', '/tablemodelview/list/', '/chart/list/',
  '/dashboard/list/', '/users/list/', '/users/add', '/roles/list/', '/roles/add', '/rowlevelsecurity/list/', '/settings',
];

/**
 * "Without JavaScript" here is the server's HTML with none of the app's scripts loaded (so it
 * never hydrates and forms post natively): axe itself is a script, which a context with
 * JavaScript disabled would not run. Only <noscript> content differs, and it is plain links and forms.
 */
async function open(javaScriptEnabled: boolean, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await session.openPage({ colorScheme });
  if (!javaScriptEnabled) await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

async function violationsOn(page: Page, label: string): Promise<string[]> {
  const found = await checkA11y(page);
  return found.length ? [`${label}:\n${describeViolations(found)}`] : [];
}

describe('axe finds no serious or critical violations', () => {
  for (const javaScriptEnabled of [true, false]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`on every page, ${colorScheme} theme, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        const page = await open(javaScriptEnabled, colorScheme);
        const problems: string[] = [];
        for (const path of PAGES) {
          await page.goto(`${session.server.baseUrl}${path}`);
          if (javaScriptEnabled && path === '/sqllab/') await page.locator('[data-ace-ready="true"]').waitFor();
          problems.push(...(await violationsOn(page, path)));
        }
        expect(problems, problems.join('\n\n')).toEqual([]);
      }, 180_000);

      it(`SQL Lab with results, ${colorScheme} theme, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
        const page = await open(javaScriptEnabled, colorScheme);
        await page.goto(`${session.server.baseUrl}/sqllab/`);
        await page.getByLabel('Database', { exact: true }).selectOption({ label: 'examples' });
        if (javaScriptEnabled) {
          await typeSql(page, 'SELECT name, num, ds FROM birth_names LIMIT 50');
          await page.getByRole('button', { name: 'Run', exact: true }).click();
          await page.getByRole('grid').waitFor();
        } else {
          await page.getByLabel('SQL', { exact: true }).fill('SELECT name, num, ds FROM birth_names LIMIT 50');
          await page.getByRole('button', { name: 'Run', exact: true }).click();
          await page.getByRole('heading', { name: 'Results' }).waitFor();
        }
        const problems = await violationsOn(page, 'SQL Lab with results');
        expect(problems, problems.join('\n\n')).toEqual([]);
      });
    }
  }
});

describe('the database form when the connection fails', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`shows the engine's message in the form and asks before saving, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const page = await session.openPage({ javaScriptEnabled });
      await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
      await page.goto(`${session.server.baseUrl}/databaseview/add?engine=postgresql&method=parameters`);
      const name = `Unreachable ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now().toString(36)}`;
      await page.getByLabel(/^Display name/).fill(name);
      // Nothing listens on port 1: the engine refuses the connection.
      await page.getByLabel(/^Host/).fill('127.0.0.1');
      await page.getByLabel(/^Port/).fill('1');
      await page.getByLabel(/^Database name/).fill('nowhere');
      await page.getByLabel(/^Username/).fill('nobody');
      await page.getByRole('button', { name: 'Test connection' }).click();
      const form = page.getByRole('form');
      await form.getByRole('alert').filter({ hasText: 'ERROR:' }).waitFor();
      if (javaScriptEnabled) expect(await checkA11y(page)).toEqual([]);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole('dialog', { name: 'Save a database that does not connect?' });
        await dialog.getByText('ERROR:').waitFor();
        await dialog.getByRole('button', { name: 'Save anyway' }).click();
      } else {
        await form.getByRole('alert').filter({ hasText: 'the database was not saved' }).waitFor();
        await page.getByRole('button', { name: 'Save anyway' }).click();
      }
      await page.waitForURL(/\/databaseview\/list\//);
      await page.getByRole('rowheader', { name }).waitFor();
    });
  }
});
