/**
 * Real Chromium for the e2e tests: Debian's /usr/bin/chromium driven by playwright-core (no
 * downloaded browsers). Each page gets its own context, so cookies never leak between users.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export type NewPageOptions = {
  javaScriptEnabled?: boolean;
  colorScheme?: 'light' | 'dark';
};

/** A page in a fresh context (fresh cookies). Close it with `page.context().close()`. */
export async function newPage(browser: Browser, opts: NewPageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    colorScheme: opts.colorScheme ?? 'light',
    // axe is injected as an inline script: keep that working should the app send a CSP.
    bypassCSP: true,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/**
 * Logs in through the login form, as a person would; works with JavaScript on or off. Resolves
 * once the browser has left /login and the shell shows the user's account menu; throws with the
 * page's error message when it stays on /login.
 */
export async function loginAs(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const alert = page.locator('#login-error');
  await Promise.race([
    page.waitForURL((url) => url.pathname !== '/login'),
    alert.waitFor({ state: 'visible' }),
  ]);
  if (new URL(page.url()).pathname === '/login') {
    const message = (await alert.count()) ? await alert.innerText() : 'no message shown';
    throw new Error(`login as ${username} failed: ${message}`);
  }
  // With JavaScript, Remix updates the URL a moment before React renders the new page: wait for
  // the shell to show who is logged in, not just for the URL.
  await page.getByRole('banner').getByRole('button', { name: `Account menu for ${username}` }).waitFor();
}

export type A11yViolation = {
  id: string;
  impact: 'serious' | 'critical';
  help: string;
  helpUrl: string;
  targets: string[];
};

let axeSource: string | undefined;

/** Runs axe-core on the page; returns only the serious and critical violations. */
export async function checkA11y(page: Page): Promise<A11yViolation[]> {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    type AxeResults = {
      violations: { id: string; impact: string | null; help: string; helpUrl: string; nodes: { target: unknown[] }[] }[];
    };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  return violations.filter((v): v is A11yViolation => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per violation, for assertion messages. */
export function describeViolations(violations: A11yViolation[]): string {
  return violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.targets.join(', ')})`).join('\n');
}
