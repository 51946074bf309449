/**
 * Cross-filters in Chromium (issue 14): a click on a bar of the example 'Child Mortality by Region
 * (2014)' bar chart (x-axis region) filters the table 'Most Populated Countries (2014)' on the same
 * dataset to that region; the bar chart marks its selection; the cross-filter shows in the filter
 * bar and removing it (or clicking the bar again) restores the table; a table cell cross-filters
 * the bar chart; the cross-filter scoping dialog saves an exclusion, after which the excluded
 * table is no longer filtered; a failed save shows the spec's toast. Without JavaScript, a
 * cross-filter in `native_filters` filters the table, the server-drawn bars show it, and the
 * chip's remove link reloads the page unfiltered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { getJson } from '../helpers/explore-page';
import { createFilterDashboard, datasetIdOf, selectFilter, type FilterDashboard } from '../helpers/filter-dashboards';

const session = useE2eSession();
const base = () => session.server.baseUrl;

const BARS = 'Child Mortality by Region (2014)';
const TABLE = 'Most Populated Countries (2014)';

async function asAdmin(): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, base(), 'admin', session.server.adminPassword);
  return page;
}

/** The bar chart and the table side by side, with a region filter (the bar and its settings show with native filters). */
async function crossFilterDashboard(page: Page): Promise<FilterDashboard> {
  const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
  return createFilterDashboard(page, base(), [BARS, TABLE], {
    filter_bar_orientation: 'HORIZONTAL',
    native_filter_configuration: [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region')],
  });
}

const figure = (page: Page, name: string) => page.getByRole('figure', { name, exact: true });
const tableRows = (page: Page) => figure(page, TABLE).locator('[data-row-count]');
const chips = (page: Page) => page.getByRole('list', { name: 'Cross-filters' });

/** The page with the bar chart drawn interactively and the table's view loaded. */
async function openInteractive(page: Page, url: string) {
  await page.goto(url);
  await chartDrawn(page);
}

/** The interactive layer of the bar chart marks each finished drawing (it is cleared when the chart is drawn again). */
const interactiveBars = (page: Page) => figure(page, BARS).locator('div[aria-hidden="true"][data-drawn="true"]');

async function chartDrawn(page: Page) {
  await page.waitForLoadState('networkidle');
  await interactiveBars(page).waitFor();
  await figure(page, TABLE).locator('[data-viz="table"]').waitFor();
}

/**
 * Clicks the bar of a region: the horizontal bars start at the category axis, right of their
 * labels, so the point just right of the label's text is on its bar.
 */
async function clickBar(page: Page, region: string) {
  const label = interactiveBars(page).locator('svg text', { hasText: new RegExp(`^${region}$`) });
  const box = await label.boundingBox();
  if (!box) throw new Error(`no axis label ${region}`);
  await page.mouse.click(box.x + box.width + 14, box.y + box.height / 2);
}

/** Waits for the page to show another filter state (a cross-filter applied or removed). */
async function nextState(page: Page, action: () => Promise<void>) {
  const before = page.url();
  const moved = page.waitForURL((url) => url.searchParams.has('native_filters_key') && url.toString() !== before);
  await action();
  await moved;
  await chartDrawn(page);
}

/** The shapes of the interactive bar chart drawn semi-transparent (the bars outside the selection). */
const dimmed = (page: Page) => interactiveBars(page).locator('svg path[opacity="0.3"], svg path[fill-opacity="0.3"]').count();

async function tableRegions(page: Page): Promise<string[]> {
  const cells = await figure(page, TABLE).locator('tbody tr td:nth-child(2)').allInnerTexts();
  return [...new Set(cells.map((c) => c.trim()))];
}

describe('Dashboards: cross-filters', () => {
  it('filters the table by the clicked bar, marks the bar, lists the cross-filter and removes it', async () => {
    const page = await asAdmin();
    const { url } = await crossFilterDashboard(page);
    await openInteractive(page, url);
    const unfiltered = await tableRows(page).innerText();
    expect(unfiltered).toBe('25 rows');
    expect(await chips(page).count()).toBe(0);

    await nextState(page, () => clickBar(page, 'North America'));
    expect(await tableRows(page).innerText()).toBe('3 rows');
    expect(await tableRegions(page)).toEqual(['North America']);
    expect((await figure(page, TABLE).locator('tbody td:first-child').allInnerTexts()).map((t) => t.trim()).sort()).toEqual(['Bermuda', 'Canada', 'United States']);
    expect(await figure(page, BARS).getAttribute('data-cross-filter')).toBe('region=North America');
    // The other six bars are drawn dimmed.
    expect(await dimmed(page)).toBe(6);
    expect((await chips(page).innerText()).replace(/\s+/g, ' ')).toContain(`${BARS}: North America`);

    // The chip's button clears the cross-filter: the table has its rows again.
    await nextState(page, () => chips(page).getByRole('button', { name: `Remove cross-filter ${BARS}` }).click());
    expect(await tableRows(page).innerText()).toBe(unfiltered);
    expect(await figure(page, BARS).getAttribute('data-cross-filter')).toBeNull();
    expect(await dimmed(page)).toBe(0);
    expect(await chips(page).count()).toBe(0);

    // A second click on the selected bar removes it too; a right click still opens the drill menu.
    await nextState(page, () => clickBar(page, 'South Asia'));
    expect(await tableRegions(page)).toEqual(['South Asia']);
    await nextState(page, () => clickBar(page, 'South Asia'));
    expect(await tableRows(page).innerText()).toBe(unfiltered);

    const label = await interactiveBars(page).locator('svg text', { hasText: /^Europe & Central Asia$/ }).boundingBox();
    if (!label) throw new Error('no axis label Europe & Central Asia');
    await page.mouse.click(label.x + label.width + 14, label.y + label.height / 2, { button: 'right' });
    await page.getByRole('menu', { name: 'Drill' }).getByRole('menuitem', { name: 'Drill to detail' }).waitFor();
    expect(await chips(page).count()).toBe(0);
  });

  it('cross-filters the bar chart from a table cell, the cell marked', async () => {
    const page = await asAdmin();
    const { url } = await crossFilterDashboard(page);
    await openInteractive(page, url);
    // The table lists the 25 most populated countries, the most populated first.
    const cell = figure(page, TABLE).getByRole('button', { name: 'China', exact: true });
    await nextState(page, () => cell.click());
    expect(await figure(page, TABLE).getAttribute('data-cross-filter')).toBe('country_name=China');
    expect(await figure(page, TABLE).getByRole('button', { name: 'China', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await figure(page, TABLE).getByRole('button', { name: 'India', exact: true }).getAttribute('aria-pressed')).toBe('false');
    // The bar chart keeps China's region alone.
    const labels = await interactiveBars(page).locator('svg text').allTextContents();
    expect(labels).toContain('East Asia & Pacific');
    expect(labels).not.toContain('South Asia');
    expect((await chips(page).innerText()).replace(/\s+/g, ' ')).toContain(`${TABLE}: China`);
  });

  it('saves a scoping that leaves the table out, and then the bar no longer filters it', async () => {
    const page = await asAdmin();
    const { id, url, charts } = await crossFilterDashboard(page);
    await openInteractive(page, url);

    await page.getByRole('button', { name: 'Filter bar settings' }).click();
    await page.getByRole('menuitem', { name: 'Cross-filtering scoping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-filtering scoping' });
    const tableBox = dialog.getByRole('checkbox', { name: TABLE });
    await tableBox.waitFor();
    expect(await tableBox.isChecked()).toBe(true);
    await tableBox.uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const { result } = await getJson<{ result: { json_metadata: string } }>(page, `${base()}/api/v1/dashboard/${id}`);
    const metadata = JSON.parse(result.json_metadata) as Record<string, { scope?: { excluded: number[] }; [key: string]: unknown }>;
    expect(metadata.global_chart_configuration.scope?.excluded).toEqual([charts[TABLE]]);
    expect(metadata.native_filter_configuration).toHaveLength(1);

    await openInteractive(page, url);
    await nextState(page, () => clickBar(page, 'North America'));
    expect(await figure(page, BARS).getAttribute('data-cross-filter')).toBe('region=North America');
    expect(await tableRows(page).innerText()).toBe('25 rows');
  });

  it('saves a chart’s own scoping: its cross-filters skip the table, the table’s still reach it', async () => {
    const page = await asAdmin();
    const { id, url, charts } = await crossFilterDashboard(page);
    await openInteractive(page, url);

    await page.getByRole('button', { name: 'Filter bar settings' }).click();
    await page.getByRole('menuitem', { name: 'Cross-filtering scoping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-filtering scoping' });
    await dialog.getByRole('navigation').getByRole('button', { name: BARS }).click();
    await dialog.getByRole('checkbox', { name: 'Use the global scoping' }).uncheck();
    await dialog.getByRole('group', { name: `Charts ${BARS} filters` }).getByRole('checkbox', { name: TABLE }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const { result } = await getJson<{ result: { json_metadata: string } }>(page, `${base()}/api/v1/dashboard/${id}`);
    const configuration = (JSON.parse(result.json_metadata) as { chart_configuration: Record<string, { crossFilters: { scope: unknown; chartsInScope: number[] } }> }).chart_configuration;
    expect(configuration[charts[BARS]].crossFilters).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [charts[BARS], charts[TABLE]] }, chartsInScope: [] });
    expect(configuration[charts[TABLE]].crossFilters).toEqual({ scope: 'global', chartsInScope: [charts[BARS]] });

    await openInteractive(page, url);
    await nextState(page, () => clickBar(page, 'North America'));
    expect(await tableRows(page).innerText()).toBe('25 rows');
    await nextState(page, () => figure(page, TABLE).getByRole('button', { name: 'India', exact: true }).click());
    await expect.poll(() => interactiveBars(page).locator('svg text').allTextContents()).not.toContain('North America');
    expect(await interactiveBars(page).locator('svg text').allTextContents()).toContain('South Asia');
  });

  it('shows the danger toast when the scoping cannot be saved', async () => {
    const page = await asAdmin();
    const { id, url } = await crossFilterDashboard(page);
    await page.route(`${base()}/api/v1/dashboard/${id}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }) : route.continue());
    await openInteractive(page, url);
    await page.getByRole('button', { name: 'Filter bar settings' }).click();
    await page.getByRole('menuitem', { name: 'Cross-filtering scoping' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-filtering scoping' });
    await dialog.getByRole('checkbox', { name: TABLE }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Failed to save cross-filter scoping', { exact: true }).waitFor();
    // The dialog stays open with the edits, to try again.
    expect(await dialog.getByRole('checkbox', { name: TABLE }).isChecked()).toBe(false);
  });
});

describe('Dashboards: cross-filters without JavaScript', () => {
  it('draws a cross-filter from the URL, marked on the server-drawn bars, and its chip removes it', async () => {
    const page = await session.openPage({ javaScriptEnabled: false });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const { url, charts } = await crossFilterDashboard(page);
    const rison = `('${charts[BARS]}':(extraFormData:(filters:!((col:region,op:IN,val:!('North America')))),filterState:(value:!('North America'))))`;
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}standalone=0&native_filters=${encodeURIComponent(rison)}`);

    expect(await tableRows(page).innerText()).toBe('3 rows');
    expect(await tableRegions(page)).toEqual(['North America']);
    // The server's SVG marks the selection: the six other bars drawn dimmed.
    expect(await figure(page, BARS).locator('svg path[opacity="0.3"], svg path[fill-opacity="0.3"]').count()).toBe(6);
    expect((await chips(page).innerText()).replace(/\s+/g, ' ')).toContain(`${BARS}: North America`);

    const remove = chips(page).getByRole('link', { name: `Remove cross-filter ${BARS}` });
    await Promise.all([page.waitForURL((next) => !next.searchParams.get('native_filters')?.includes('North America')), remove.click()]);
    expect(new URL(page.url()).searchParams.get('standalone')).toBe('0');
    expect(await tableRows(page).innerText()).toBe('25 rows');
    expect(await figure(page, BARS).locator('svg path[opacity="0.3"], svg path[fill-opacity="0.3"]').count()).toBe(0);
    expect(await chips(page).count()).toBe(0);
  });
});
