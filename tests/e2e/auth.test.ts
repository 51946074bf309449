/**
 * Logging in and out in a real browser, with JavaScript and without, plus an axe check of the
 * login page and of the home page in the light and the dark theme.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, describeViolations, loginAs, type NewPageOptions } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const INVALID = 'Invalid username or password.';

const session = useE2eSession();

const open = (opts: NewPageOptions = {}): Promise<Page> => session.openPage(opts);

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Collects the browser console, to explain a navigation that never happened. */
function recordConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  return lines;
}

async function expectToReach(page: Page, pathname: string, consoleLines: string[]) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
  } catch {
    throw new Error(`still at ${page.url()} instead of ${pathname}. Browser console:\n${consoleLines.join('\n') || '(empty)'}`);
  }
}
const accountMenu = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('button', { name: `Account menu for ${username}` });

async function submitLogin(page: Page, username: string, password: string) {
  await page.goto(`${session.server.baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('with JavaScript', () => {
  it('logs the admin in, shows the username in the shell, and logs out through the account menu', async () => {
    const page = await open();
    const browserConsole = recordConsole(page);
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    expect(pathOf(page)).toBe('/');
    const menu = accountMenu(page, 'admin');
    await menu.waitFor();
    expect(await menu.innerText()).toContain('admin');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectToReach(page, '/login', browserConsole);
    await accountMenu(page, 'admin').waitFor({ state: 'detached' });

    // The session is gone: a protected page sends us back to the login page.
    await page.goto(`${session.server.baseUrl}/settings`);
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/settings');
  });

  it('logs out with the keyboard alone (menu button, End, Enter)', async () => {
    const page = await open();
    const browserConsole = recordConsole(page);
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    await accountMenu(page, 'admin').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('End');
    const active = await page.evaluate(() => {
      const menu = document.querySelector('[role="menu"]');
      const id = menu?.getAttribute('aria-activedescendant');
      return (id ? document.getElementById(id) : document.activeElement)?.textContent?.trim() ?? null;
    });
    expect(active).toBe('Log out');
    await page.keyboard.press('Enter');
    await expectToReach(page, '/login', browserConsole);
  });

  it('says exactly "Invalid username or password." for a wrong password, and stays on /login', async () => {
    const page = await open();
    await submitLogin(page, 'admin', 'not-the-password');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(INVALID);
    expect(pathOf(page)).toBe('/login');
    expect(await accountMenu(page, 'admin').count()).toBe(0);
  });

  it('says the same for an unknown user, so usernames cannot be probed', async () => {
    const page = await open();
    await submitLogin(page, 'nobody-by-this-name', 'whatever-password');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(INVALID);
  });
});

describe('without JavaScript', () => {
  it('logs in with a plain form post and lands on the home page', async () => {
    const page = await open({ javaScriptEnabled: false });
    await submitLogin(page, 'admin', session.server.adminPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await accountMenu(page, 'admin').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/^Welcome/);
    // The account menu cannot open without JavaScript: a plain logout form stands in for it.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${session.server.baseUrl}/`);
    expect(pathOf(page)).toBe('/login');
  });

  it('shows the error message rendered by the server, with status 401', async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(`${session.server.baseUrl}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/login' && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Log in' }).click(),
    ]);
    expect(response.status()).toBe(401);
    await page.waitForLoadState('load');
    const alert = page.getByRole('main').getByRole('alert');
    expect((await alert.innerText()).trim()).toBe(INVALID);
    expect(pathOf(page)).toBe('/login');
  });
});

describe('accessibility (axe: no serious or critical violations)', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`/login with the system in ${colorScheme} mode`, async () => {
      const page = await open({ colorScheme });
      await page.goto(`${session.server.baseUrl}/login`);
      // Logged out, the theme is "system": the page must follow the emulated OS preference.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(isDark(background)).toBe(colorScheme === 'dark');
      const violations = await checkA11y(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    });
  }

  it('the home page after login, in the light and then the dark theme (header toggle), then back to system (settings)', async () => {
    const page = await open({ colorScheme: 'light' });
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    const htmlClass = () => page.evaluate(() => document.documentElement.className);

    // A fresh user starts on "system"; the toggle cycles system → light → dark.
    await page.getByRole('banner').getByRole('button', { name: /switch to light theme/i }).click();
    await expect.poll(htmlClass).toMatch(/\blight\b/);
    expect(pathOf(page)).toBe('/');
    let violations = await checkA11y(page);
    expect(violations, `light theme:\n${describeViolations(violations)}`).toEqual([]);

    await page.getByRole('banner').getByRole('button', { name: /switch to dark theme/i }).click();
    await expect.poll(htmlClass).toMatch(/\bdark\b/);
    expect(pathOf(page)).toBe('/');
    expect(isDark(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBe(true);
    violations = await checkA11y(page);
    expect(violations, `dark theme:\n${describeViolations(violations)}`).toEqual([]);

    // The settings page's Theme select saves the same preference.
    await page.goto(`${session.server.baseUrl}/settings`);
    await page.getByLabel('Colour theme').selectOption('system');
    await page.getByRole('button', { name: 'Save theme' }).click();
    await expect.poll(htmlClass).toMatch(/\bsystem\b/);
    await page.reload();
    expect(await page.getByLabel('Colour theme').inputValue()).toBe('system');
  });
});

/** True for a background darker than mid-grey, from a computed `rgb(...)`/`oklch(...)` colour. */
function isDark(cssColor: string): boolean {
  const rgb = /rgba?\((\d+(?:\.\d+)?)[ ,]+(\d+(?:\.\d+)?)[ ,]+(\d+(?:\.\d+)?)/.exec(cssColor);
  if (rgb) {
    const [r, g, b] = rgb.slice(1, 4).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
  }
  const oklch = /oklch\(([\d.]+)(%?)/.exec(cssColor);
  if (oklch) {
    const lightness = Number(oklch[1]) / (oklch[2] ? 100 : 1);
    return lightness < 0.5;
  }
  throw new Error(`cannot tell whether ${cssColor} is dark`);
}
