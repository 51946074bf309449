/**
 * The set-up every end-to-end file shares: one production server and one Chromium for the file,
 * a fresh browser context per page, every context closed after each test, and both stopped at
 * the end. Call at the top level of a test file.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, type NewPageOptions } from './browser';
import { startServer, type RunningServer } from './server-process';

export type E2eSession = {
  /** The running server (set once the file's beforeAll has run). */
  readonly server: RunningServer;
  /** A page in a context of its own, closed after the current test. */
  openPage(options?: NewPageOptions): Promise<Page>;
};

export function useE2eSession(): E2eSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.context().close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('the e2e server is not started yet: use it inside tests or hooks');
      return server;
    },
    async openPage(options: NewPageOptions = {}) {
      if (!browser) throw new Error('the browser is not launched yet: use it inside tests or hooks');
      const page = await newPage(browser, options);
      pages.push(page);
      return page;
    },
  };
}
