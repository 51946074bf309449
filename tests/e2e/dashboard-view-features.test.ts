/**
 * View-mode features of the dashboard page (issue 13): charts below the fold fetched as they come
 * into view (a lazy frame without JavaScript), the dashboard's CSS, the header menu (auto-refresh,
 * fullscreen, permalink, embed code), and per chart full screen, image and drill to detail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { apiRequest, createTabbedDashboard, type TabbedDashboard } from '../helpers/dashboard-fixtures';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();
let tabbed: TabbedDashboard;
let tall: { id: number; url: string; charts: { id: number; name: string }[] };

beforeAll(async () => {
  const admin = await session.openPage();
  const { baseUrl, adminPassword } = session.server;
  await loginAs(admin, baseUrl, 'admin', adminPassword);
  tabbed = await createTabbedDashboard(admin, baseUrl, 'E2E features dashboard');
  const charts = tabbed.tabs.flatMap((t) => t.charts);
  // One chart per row, 100 units (800 px) each: the third and fourth rows start below the fold.
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: charts.map((c) => `ROW-${c.id}`), parents: ['ROOT_ID'], meta: {} },
  };
  for (const c of charts) {
    layout[`ROW-${c.id}`] = { id: `ROW-${c.id}`, type: 'ROW', children: [`CHART-${c.id}`], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    layout[`CHART-${c.id}`] = { id: `CHART-${c.id}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', `ROW-${c.id}`], meta: { chartId: c.id, width: 12, height: 100, sliceName: c.name } };
  }
  const created = await apiRequest(admin, baseUrl, 'POST', '/api/v1/dashboard/', { dashboard_title: 'E2E tall dashboard', published: true });
  const { id } = (await created.json()) as { id: number };
  const saved = await apiRequest(admin, baseUrl, 'PUT', `/api/v1/dashboard/${id}`, {
    position_json: JSON.stringify(layout),
    css: '.e2e-css-marker { color: rgb(1, 2, 3); } </style><script>window.__pwned = 3</script>',
    json_metadata: JSON.stringify({ refresh_frequency: 10, timed_refresh_immune_slices: [charts[1].id] }),
  });
  expect(saved.status(), await saved.text()).toBe(200);
  tall = { id, url: `${baseUrl}/superset/dashboard/${id}/`, charts };
  await admin.context().close();
});

async function asAdmin(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await session.openPage(options);
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

function chartRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/chart\/\d+/.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}
const idOf = (url: string) => Number(/\/chart\/(\d+)/.exec(url)?.[1]);

describe('dashboard view features', () => {
  it('fetches a chart below the fold only when it is scrolled near, and applies the CSS safely', async () => {
    const page = await asAdmin();
    const requested = chartRequests(page);
    await page.goto(tall.url);
    const [, , third, fourth] = tall.charts;
    await page.getByRole('figure', { name: tall.charts[0].name, exact: true }).locator('div.absolute svg').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.map(idOf)).not.toContain(fourth.id);
    expect(await page.getByRole('figure', { name: fourth.name, exact: true }).getByText('Loading chart…').count()).toBe(1);
    await page.getByRole('figure', { name: fourth.name, exact: true }).scrollIntoViewIfNeeded();
    await page.getByRole('figure', { name: fourth.name, exact: true }).locator('svg:visible').first().waitFor();
    expect(requested.map(idOf)).toContain(fourth.id);
    expect(requested.map(idOf)).toContain(third.id);
    // The CSS applies, and its '</style>' closed nothing.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p class="e2e-css-marker">x</p>'));
    expect(await page.locator('.e2e-css-marker').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 2, 3)');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('without JavaScript, a chart below the fold is a lazy frame of its HTML, and the page refreshes itself', async () => {
    const page = await asAdmin({ javaScriptEnabled: false });
    const response = await page.goto(tall.url);
    expect((await response?.text()) ?? '').toMatch(/<meta http-equiv="refresh" content="10; url=\/superset\/dashboard\/\d+\/"/);
    // The page's own refresh would reload it under the test: the same page with "Don't refresh".
    await page.goto(`${tall.url}?refresh=0`);
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    const fourth = tall.charts[3];
    const frame = page.locator(`iframe[title="${fourth.name}"]`);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('src')).toBe(`/superset/dashboard/${tall.id}/chart/${fourth.id}?format=html`);
    await frame.scrollIntoViewIfNeeded();
    await page.frameLocator(`iframe[title="${fourth.name}"]`).locator('svg').first().waitFor();
    // The no-JS interval form.
    await page.locator('summary[aria-label="More dashboard actions"]').click();
    await page.locator('summary', { hasText: 'Set auto-refresh interval' }).click();
    await page.getByLabel('Refresh frequency').selectOption('1800');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('refresh') === '1800');
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toMatch(/^1800; url=\/superset\/dashboard\/\d+\/\?refresh=1800$/);
  });

  it('refreshes the charts on screen, staggered, leaving the immune chart alone', async () => {
    const page = await asAdmin();
    const requested = chartRequests(page);
    await page.goto(tall.url);
    const [first, immune] = tall.charts;
    await page.getByRole('figure', { name: first.name, exact: true }).locator('div.absolute svg').first().waitFor();
    await expect.poll(() => requested.filter((u) => u.includes('force=true')).map(idOf), { timeout: 25_000 }).toContain(first.id);
    expect(requested.filter((u) => u.includes('force=true')).map(idOf)).not.toContain(immune.id);
    // Set to "Don't refresh" for this visit.
    await page.locator('summary[aria-label="More dashboard actions"]').click();
    await page.getByRole('button', { name: 'Set auto-refresh interval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refresh interval' });
    await dialog.getByLabel('Refresh frequency').selectOption('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers fullscreen, the permalink and the embed code from the header menu', async () => {
    const page = await asAdmin();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(tabbed.url);
    await page.getByRole('figure', { name: tabbed.tabs[0].charts[0].name, exact: true }).locator('div.absolute svg').first().waitFor();
    await page.locator('summary[aria-label="More dashboard actions"]').click();
    expect(await page.getByRole('link', { name: 'Enter fullscreen' }).getAttribute('href')).toMatch(/standalone=1/);
    await page.getByRole('button', { name: 'Copy permalink to clipboard' }).click();
    await page.getByText('Copied to clipboard!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/superset\/dashboard\/p\/[^/]+\/$/);
    await page.locator('summary[aria-label="More dashboard actions"]').click();
    await page.getByRole('button', { name: 'Embed dashboard' }).click();
    const code = page.getByLabel('Embed code');
    expect(await code.inputValue()).toBe(
      `<iframe width="600" height="400" seamless frameBorder="0" scrolling="no" src="${session.server.baseUrl}/superset/dashboard/${tabbed.id}/?standalone=1&height=400"></iframe>`,
    );
    await page.getByLabel('Height').fill('300');
    expect(await code.inputValue()).toContain('height="300"');
    expect(await code.inputValue()).toContain('&height=300"');
    await page.getByRole('dialog', { name: 'Embed dashboard' }).getByRole('button', { name: 'Close' }).click();
    await page.locator('summary[aria-label="More dashboard actions"]').click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as image' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^e2e-features-dashboard-.*\.png$/);
    const { statSync } = await import('node:fs');
    expect(statSync(await file.path()).size).toBeGreaterThan(5000);
  });

  it('shows a chart full screen, drawn at the window size, and leaves it with Escape; opens drill to detail', async () => {
    const page = await asAdmin();
    const requested = chartRequests(page);
    await page.goto(tabbed.url);
    const chart = tabbed.tabs[0].charts[0];
    const figure = page.getByRole('figure', { name: chart.name, exact: true });
    await figure.locator('div.absolute svg').first().waitFor();
    await page.getByLabel(`Options for ${chart.name}`).click();
    await page.getByRole('button', { name: 'View as full screen' }).click();
    const region = page.getByRole('region', { name: `${chart.name}, full screen` });
    await region.waitFor();
    await expect.poll(() => requested.some((u) => idOf(u) === chart.id && /width=\d+&height=\d+/.test(u))).toBe(true);
    const box = await region.boundingBox();
    expect(box?.height).toBeGreaterThan(600);
    await page.keyboard.press('Escape');
    await region.waitFor({ state: 'detached' });

    await page.getByLabel(`Options for ${chart.name}`).click();
    await page.getByRole('button', { name: 'Drill to detail' }).click();
    const drill = page.getByRole('dialog', { name: `Drill to detail: ${chart.name}` });
    await drill.waitFor();
    await drill.getByRole('table').or(drill.getByRole('grid')).first().waitFor({ timeout: 20_000 });
    await drill.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel(`Options for ${chart.name}`).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as image' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
  });
});
