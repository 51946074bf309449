/**
 * Phones: at 390 px wide (an iPhone's CSS width) no page scrolls sideways, with JavaScript or
 * without; the navigation folds into a Menu button; list pages show rows as cards; SQL Lab opens
 * with its left bar closed and its editor using the width.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

export const PHONE = { width: 390, height: 844 };

/** Every page an admin reaches from the navigation and its lists (plus the forms they open). */
const PAGES = [
  '/', '/sqllab/', '/sqllab/history/', '/savedqueryview/list/', '/databaseview/list/', '/databaseview/add',
  '/databaseview/add?engine=sqlite&method=parameters', '/databaseview/add?method=uri', '/tablemodelview/list/', '/chart/list/',
  '/dashboard/list/', '/users/list/', '/users/add', '/roles/list/', '/roles/add', '/rowlevelsecurity/list/', '/settings',
];

async function phone(javaScriptEnabled: boolean): Promise<Page> {
  const page = await session.openPage({ javaScriptEnabled });
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  await page.setViewportSize(PHONE);
  return page;
}

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('no page scrolls sideways at 390 px', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async () => {
      const page = await phone(javaScriptEnabled);
      const wide: string[] = [];
      for (const path of PAGES) {
        await page.goto(`${session.server.baseUrl}${path}`);
        if (javaScriptEnabled && path === '/sqllab/') await page.locator('[data-ace-ready="true"]').waitFor();
        const extra = await sideways(page);
        if (extra > 0) wide.push(`${path}: ${extra} px too wide`);
      }
      expect(wide).toEqual([]);
    }, 120_000);
  }
});

describe('the phone layout', () => {
  it('folds the navigation into a Menu button that opens without JavaScript', async () => {
    const page = await phone(false);
    await page.goto(`${session.server.baseUrl}/`);
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await banner.locator('summary', { hasText: 'Menu' }).click();
    await banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Databases' }).click();
    await page.waitForURL(/\/databaseview\/list/);
  });

  it('shows list rows as cards', async () => {
    const page = await phone(false);
    await page.goto(`${session.server.baseUrl}/databaseview/list/`);
    const row = page.getByRole('row').filter({ hasText: 'examples' }).first();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    expect(await page.getByRole('link', { name: /^Edit examples/ }).isVisible()).toBe(true);
  });

  it('opens SQL Lab with the left bar closed; the toolbar fits; the menu shows it', async () => {
    const page = await phone(true);
    await page.goto(`${session.server.baseUrl}/sqllab/`);
    await page.locator('[data-ace-ready="true"]').waitFor();
    expect(await page.getByRole('complementary', { name: 'Browse tables' }).isVisible()).toBe(false);
    const editor = await page.getByTestId('north-pane').boundingBox();
    expect(editor!.width).toBeGreaterThan(300);
    for (const name of ['Run', 'Stop', 'Save', 'Copy link']) expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'More query actions' }).click();
    await page.getByRole('menuitem', { name: 'Show left bar' }).click();
    await page.getByRole('complementary', { name: 'Browse tables' }).waitFor();
    expect(await sideways(page)).toBe(0);
  });
});
