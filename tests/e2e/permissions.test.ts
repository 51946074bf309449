/**
 * What a role can open: an admin creates users through the admin UI (/users/add); a Gamma user
 * sees Charts and Dashboards but neither the SQL Lab link nor the page (403); adding the sql_lab
 * role brings SQL Lab back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();

const open = (): Promise<Page> => session.openPage();

type NewUser = { username: string; password: string; roles: string[] };

/** Fills /users/add as the admin and submits it; fails with the page's text when the form stays. */
async function createUserThroughUi(admin: Page, user: NewUser) {
  const response = await admin.goto(`${session.server.baseUrl}/users/add`);
  expect(response?.status(), 'GET /users/add').toBe(200);
  const form = admin.locator('form', { has: admin.locator('[name="confirm_password"]') });
  await form.locator('[name="username"]').fill(user.username);
  await form.locator('[name="first_name"]').fill('Test');
  await form.locator('[name="last_name"]').fill(user.username);
  await form.locator('[name="email"]').fill(`${user.username}@example.com`);
  await form.locator('[name="password"]').fill(user.password);
  await form.locator('[name="confirm_password"]').fill(user.password);
  // Exactly these roles: the form may pre-check a default one.
  for (const role of user.roles) {
    expect(await form.locator(`input[name="roles"][value="${role}"]`).count(), `a roles checkbox for ${role}`).toBe(1);
  }
  for (const box of await form.locator('input[type="checkbox"][name="roles"]').all()) {
    await box.setChecked(user.roles.includes((await box.getAttribute('value')) ?? ''));
  }
  await form.getByRole('button', { name: 'Create user' }).click();
  try {
    await admin.waitForURL((url) => url.pathname !== '/users/add');
  } catch {
    throw new Error(`creating ${user.username} did not leave /users/add; the page says:\n${await admin.locator('main').innerText()}`);
  }
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLabels = async (page: Page) => (await mainNav(page).getByRole('link').allInnerTexts()).map((t) => t.trim());

describe('SQL Lab access follows the roles', () => {
  const gamma: NewUser = { username: 'gamma_user', password: 'gamma-pass-123', roles: ['Gamma'] };
  const sqlLab: NewUser = { username: 'sqllab_user', password: 'sqllab-pass-123', roles: ['sql_lab', 'Gamma'] };

  beforeAll(async () => {
    const admin = await session.openPage();
    try {
      await loginAs(admin, session.server.baseUrl, 'admin', session.server.adminPassword);
      await createUserThroughUi(admin, gamma);
      await createUserThroughUi(admin, sqlLab);
    } finally {
      await admin.context().close();
    }
  });

  it('the admin sees SQL Lab in the navigation', async () => {
    const page = await open();
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    expect(await navLabels(page)).toContain('SQL Lab');
  });

  it('a Gamma user sees Charts and Dashboards, not SQL Lab, and gets 403 from /sqllab/', async () => {
    const page = await open();
    await loginAs(page, session.server.baseUrl, gamma.username, gamma.password);
    const labels = await navLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['Charts', 'Dashboards']));
    expect(labels).not.toContain('SQL Lab');
    expect(await page.getByRole('main').getByRole('link', { name: 'SQL Lab' }).count()).toBe(0);

    const response = await page.goto(`${session.server.baseUrl}/sqllab/`);
    expect(response?.status()).toBe(403);
  });

  it('a user with sql_lab and Gamma sees SQL Lab and can open it', async () => {
    const page = await open();
    await loginAs(page, session.server.baseUrl, sqlLab.username, sqlLab.password);
    const labels = await navLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['SQL Lab', 'Charts', 'Dashboards']));

    const response = await page.goto(`${session.server.baseUrl}/sqllab/`);
    expect(response?.status()).toBe(200);
  });
});
