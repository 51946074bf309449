/**
 * The dashboard page in view mode, in Chromium on the examples (issue 13): a dashboard with two
 * top-level tabs built through the API (tests/helpers/dashboard-fixtures.ts). Only the active
 * tab's charts are drawn, the other tab's are not asked for until it opens; without JavaScript
 * every visible chart is an SVG; markdown's raw HTML stays text; `standalone` hides the
 * navigation; a Gamma user's `?edit=true` is the plain dashboard and the API refuses their PUT;
 * a permalink to the second tab opens on it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { apiRequest, createTabbedDashboard, createUser, roleIdOf, type FixtureTab, type TabbedDashboard } from '../helpers/dashboard-fixtures';
import { useE2eSession } from '../helpers/e2e-session';
import { DASHBOARD_JS_BUDGET_KB, dashboardFirstLoadJsKb } from '../../bench/dashboard-page';

const session = useE2eSession();
const gamma = { username: 'dashboard_gamma', password: 'gamma-pass-123', roles: ['Gamma'] };
let dashboard: TabbedDashboard;

beforeAll(async () => {
  const admin = await session.openPage();
  const { baseUrl, adminPassword } = session.server;
  await loginAs(admin, baseUrl, 'admin', adminPassword);
  dashboard = await createTabbedDashboard(admin, baseUrl, 'E2E tabbed dashboard');
  await createUser(admin, baseUrl, gamma);
  // Role-based access: members of Gamma may see this published dashboard (they own none of it).
  const gammaRole = await roleIdOf(admin, baseUrl, 'Gamma');
  const shared = await apiRequest(admin, baseUrl, 'PUT', `/api/v1/dashboard/${dashboard.id}`, { roles: [gammaRole] });
  expect(shared.status(), await shared.text()).toBe(200);
  await admin.context().close();
});

async function asAdmin(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await session.openPage(options);
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

const tabsNav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard tabs' });
const chartFigure = (page: Page, name: string) => page.getByRole('figure', { name, exact: true });

/** Each chart of the tab is a figure named by its title holding an SVG. */
async function expectChartsDrawn(page: Page, tab: FixtureTab) {
  for (const chart of tab.charts) await chartFigure(page, chart.name).locator('svg:visible').first().waitFor();
}

/** Hydrated: ChartFrame mounts the interactive layer over each server SVG only once React has taken over. */
async function waitForInteractive(page: Page, tab: FixtureTab) {
  for (const chart of tab.charts) await chartFigure(page, chart.name).locator('div.absolute svg').first().waitFor();
}

/** The chart ids of every request whose path names a chart (`…/chart/{id}`), in order. */
function recordChartRequests(page: Page): number[] {
  const ids: number[] = [];
  page.on('request', (request) => {
    const match = /\/chart\/(\d+)(?:[/?]|$)/.exec(new URL(request.url()).pathname);
    if (match) ids.push(Number(match[1]));
  });
  return ids;
}

describe('dashboard view mode', () => {
  it("draws the active tab's charts and fetches the other tab's only when it opens", async () => {
    const page = await asAdmin();
    const requested = recordChartRequests(page);
    const [overview, details] = dashboard.tabs;
    const response = await page.goto(dashboard.url);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: dashboard.title }).waitFor();
    await expect.poll(() => tabsNav(page).getByRole('link', { name: overview.name }).getAttribute('aria-current')).toBe('page');
    await expectChartsDrawn(page, overview);
    for (const chart of details.charts) expect(await chartFigure(page, chart.name).count(), `${chart.name} is not on the page yet`).toBe(0);
    await waitForInteractive(page, overview);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((id) => details.charts.some((c) => c.id === id)), 'requests for the Details charts before the tab opens').toEqual([]);

    await tabsNav(page).getByRole('link', { name: details.name }).click();
    await expect.poll(() => tabsNav(page).getByRole('link', { name: details.name }).getAttribute('aria-current')).toBe('page');
    await expectChartsDrawn(page, details);
    for (const chart of details.charts) expect(requested, `a request for ${chart.name} once its tab opened`).toContain(chart.id);
    expect(new URL(page.url()).searchParams.getAll('tab')).toContain(details.id);
    for (const chart of overview.charts) expect(await chartFigure(page, chart.name).count()).toBe(0);
  });

  it('shows every visible chart as SVG without JavaScript, and another tab through its link', async () => {
    const page = await asAdmin({ javaScriptEnabled: false });
    const [overview, details] = dashboard.tabs;
    await page.goto(dashboard.url);
    await expectChartsDrawn(page, overview);
    await tabsNav(page).getByRole('link', { name: details.name }).click();
    await page.waitForURL((url) => url.searchParams.getAll('tab').includes(details.id));
    await expect.poll(() => tabsNav(page).getByRole('link', { name: details.name }).getAttribute('aria-current')).toBe('page');
    await expectChartsDrawn(page, details);
  });

  it("keeps markdown's script tag and <img onerror> inert, shown as text", async () => {
    const page = await asAdmin();
    await page.goto(dashboard.url);
    await waitForInteractive(page, dashboard.tabs[0]);
    const markdown = page.locator('[data-component="markdown"]');
    await markdown.getByRole('heading', { name: 'Notes' }).waitFor();
    await markdown.getByText('<script>window.__pwned = 1</script>', { exact: true }).waitFor();
    await markdown.getByText('<img src="x" onerror="window.__pwned = 2">', { exact: true }).waitFor();
    expect(await markdown.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('hides the navigation with ?standalone=1 and keeps the charts', async () => {
    const page = await asAdmin();
    await page.goto(dashboard.url);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${dashboard.url}?standalone=1`);
    await expectChartsDrawn(page, dashboard.tabs[0]);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  it('shows a Gamma user the dashboard without edit mode for ?edit=true, and the API answers their PUT with 403', async () => {
    const page = await session.openPage();
    await loginAs(page, session.server.baseUrl, gamma.username, gamma.password);
    const response = await page.goto(`${dashboard.url}?edit=true`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: dashboard.title }).waitFor();
    await tabsNav(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('link', { name: 'Edit dashboard' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
    expect(await page.getByText('Layout editing needs JavaScript').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);

    const put = await apiRequest(page, session.server.baseUrl, 'PUT', `/api/v1/dashboard/${dashboard.id}`, { dashboard_title: 'Taken over' });
    expect(put.status()).toBe(403);
  });

  it('opens a permalink to the second tab on that tab, its charts drawn', async () => {
    const page = await asAdmin();
    const details = dashboard.tabs[1];
    const created = await apiRequest(page, session.server.baseUrl, 'POST', `/api/v1/dashboard/${dashboard.id}/permalink`, { activeTabs: [details.id] });
    expect(created.status(), await created.text()).toBe(201);
    const { key, url } = (await created.json()) as { key: string; url: string };
    expect(url).toContain(key);
    const response = await page.goto(new URL(url, session.server.baseUrl).href);
    expect(response?.status()).toBe(200);
    await expect.poll(() => tabsNav(page).getByRole('link', { name: details.name }).getAttribute('aria-current')).toBe('page');
    await expectChartsDrawn(page, details);
    for (const chart of dashboard.tabs[0].charts) expect(await chartFigure(page, chart.name).count()).toBe(0);
  });

  it("keeps the server's table and big numbers through hydration while their views load, and then runs them", async () => {
    const page = await asAdmin();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The example World Bank dashboard: a table and big numbers among its ECharts charts.
    await page.goto(`${session.server.baseUrl}/superset/dashboard/world_health/`);
    const table = chartFigure(page, 'Most Populated Countries (2014)');
    const total = chartFigure(page, 'Economies');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await total.innerText()).toContain('214');
    // Hydrated: the ECharts layers are up; the HTML views are still (or again) there.
    await chartFigure(page, 'Life Expectancy by Region').locator('div.absolute svg').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await total.innerText()).toContain('214');
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  });

  it('ships at most the budget of JS on first load; ECharts, the HTML views and the editor come later', async () => {
    // The built page's own scripts (entry, root, route and their static imports), gzip: not a timing.
    expect(await dashboardFirstLoadJsKb()).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_KB);
  });
});
