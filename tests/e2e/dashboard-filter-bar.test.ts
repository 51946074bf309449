/**
 * The native filter bar with JavaScript in Chromium (issue 14): Apply changes the charts without a
 * page reload (the mask is stored as a filter state and its key put in the URL), cascades narrow
 * the children's options, defaults and 'first item' apply at load, Clear all waits for Apply, the
 * `native_filters_key` address opens the same state and the back button the earlier one, instant
 * mode draws each chart once per change, and the numerical range's three display modes filter.
 */
import type { Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { apiRequest } from '../helpers/dashboard-fixtures';
import { getJson } from '../helpers/explore-page';
import { useE2eSession } from '../helpers/e2e-session';
import { createFilterDashboard, datasetIdOf, rangeFilter, selectFilter, type FilterDashboard } from '../helpers/filter-dashboards';

const session = useE2eSession();
const base = () => session.server.baseUrl;

const REGION = 'NATIVE_FILTER-region';
const COUNTRY = 'NATIVE_FILTER-country';

async function asAdmin(): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, base(), 'admin', session.server.adminPassword);
  return page;
}

const bar = (page: Page) => page.getByRole('form', { name: 'Filters' });
const field = (page: Page, name: string) => bar(page).getByLabel(name, { exact: true });
const figure = (page: Page, name: string) => page.getByRole('figure', { name, exact: true });

/** The number a big number chart shows (its figure's text, digits only). */
async function bigNumber(page: Page, name: string): Promise<number> {
  const text = (await figure(page, name).innerText()).replace(/[\s,]/g, '');
  const match = /\d+/.exec(text);
  if (!match) throw new Error(`no number in ${name}: ${text}`);
  return Number(match[0]);
}

/** The page once hydrated (its bar can collapse only then) and settled. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await figure(page, 'Economies').locator('[data-viz]').first().waitFor();
  // Only the hydrated bar can collapse.
  await page.getByRole('button', { name: 'Collapse filters' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** A marker on the window: it survives client navigations, not a page load. */
const setMarker = (page: Page) => page.evaluate(() => { (window as unknown as { __noReload: number }).__noReload = 1; });
const marker = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload);

async function applyAndWait(page: Page) {
  const before = page.url();
  const key = page.waitForURL((url) => url.searchParams.has('native_filters_key') && url.toString() !== before);
  await bar(page).getByRole('button', { name: 'Apply filters' }).click();
  await key;
  await expect.poll(() => bar(page).getAttribute('aria-busy')).toBeNull();
  await page.waitForLoadState('networkidle');
}

const checked = (page: Page, name: string) => field(page, name).locator('option:checked').allInnerTexts();

async function regionDashboard(page: Page, metadata: Record<string, unknown>, charts: readonly string[] = ['Economies']): Promise<FilterDashboard> {
  return createFilterDashboard(page, base(), charts, metadata);
}

describe('Dashboards: the filter bar with JavaScript', () => {
  it('narrows a chart by a Value filter on region without reloading the page, and cascades to the child country filter', async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const dashboard = await regionDashboard(page, {
      native_filter_configuration: [
        selectFilter(REGION, 'Region', datasetId, 'region'),
        selectFilter(COUNTRY, 'Country', datasetId, 'country_name', { parents: [REGION] }),
        selectFilter('NATIVE_FILTER-any', 'Any country', datasetId, 'country_name'),
      ],
    });
    await openHydrated(page, dashboard.url);
    const unfiltered = await bigNumber(page, 'Economies');
    expect(unfiltered).toBe(214);
    expect(await field(page, 'Country').locator('option').first().innerText()).toBe('214 options');
    await setMarker(page);

    await field(page, 'Region').selectOption('North America');
    await applyAndWait(page);

    expect(await marker(page), 'the page was not reloaded').toBe(1);
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(3);
    const filtered = await bigNumber(page, 'Economies');
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(unfiltered);
    expect(await checked(page, 'Region')).toEqual(['North America']);
    expect(await field(page, 'Country').locator('option').first().innerText()).toBe('3 options');
    expect((await field(page, 'Country').locator('option').allInnerTexts()).slice(1).sort()).toEqual(['Bermuda', 'Canada', 'United States']);
    // The filter without a parent still offers every country.
    expect(await field(page, 'Any country').locator('option').first().innerText()).toBe('214 options');
    expect(new URL(page.url()).searchParams.get('nf')).toBeNull();
  });

  it('narrows a child by both of its parents', async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const dashboard = await regionDashboard(page, {
      native_filter_configuration: [
        selectFilter(REGION, 'Region', datasetId, 'region'),
        selectFilter('NATIVE_FILTER-code', 'Code', datasetId, 'country_code'),
        selectFilter(COUNTRY, 'Country', datasetId, 'country_name', { parents: [REGION, 'NATIVE_FILTER-code'] }),
      ],
    });
    await openHydrated(page, dashboard.url);
    await field(page, 'Region').selectOption('North America');
    await applyAndWait(page);
    expect((await field(page, 'Country').locator('option').allInnerTexts()).slice(1).sort()).toEqual(['Bermuda', 'Canada', 'United States']);

    // CAN and USA are in North America, FRA is not; Bermuda (BMU) is not among the codes.
    await field(page, 'Code').selectOption(['CAN', 'USA', 'FRA']);
    await applyAndWait(page);
    expect(await field(page, 'Country').locator('option').first().innerText()).toBe('2 options');
    expect((await field(page, 'Country').locator('option').allInnerTexts()).slice(1).sort()).toEqual(['Canada', 'United States']);
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(2);
  });

  it("applies a 'first item' default at load, and a default value that survives a reload", async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const first = await regionDashboard(page, {
      native_filter_configuration: [selectFilter(REGION, 'Region', datasetId, 'region', { firstItem: true, multiSelect: false })],
    });
    await openHydrated(page, first.url);
    const options = (await field(page, 'Region').locator('option').allInnerTexts()).slice(1);
    expect(options.length).toBe(7);
    expect(await checked(page, 'Region')).toEqual([options[0]]);
    const count = await bigNumber(page, 'Economies');
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(214);

    const withDefault = await regionDashboard(page, {
      native_filter_configuration: [selectFilter(REGION, 'Region', datasetId, 'region', { defaultValue: ['North America'] })],
    });
    await openHydrated(page, withDefault.url);
    expect(await checked(page, 'Region')).toEqual(['North America']);
    expect(await bigNumber(page, 'Economies')).toBe(3);
    await page.reload();
    await figure(page, 'Economies').locator('[data-viz]').first().waitFor();
    expect(await checked(page, 'Region')).toEqual(['North America']);
    expect(await bigNumber(page, 'Economies')).toBe(3);
  });

  it('clears all without a request until Apply, which then clears the charts', async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const dashboard = await regionDashboard(page, {
      native_filter_configuration: [selectFilter(REGION, 'Region', datasetId, 'region', { defaultValue: ['North America'] })],
    });
    await openHydrated(page, dashboard.url);
    expect(await bigNumber(page, 'Economies')).toBe(3);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await bar(page).getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => checked(page, 'Region')).toEqual([]);
    // Give a request every chance to leave (a round trip through the page's own event loop) before saying none did.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await page.waitForLoadState('networkidle');
    expect(requests.map((request) => request.url())).toEqual([]);
    expect(await bigNumber(page, 'Economies')).toBe(3);

    await applyAndWait(page);
    expect(requests.some((request) => request.method() === 'POST' && request.url().endsWith(`/api/v1/dashboard/${dashboard.id}/filter_state`))).toBe(true);
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(214);
    expect(await checked(page, 'Region')).toEqual([]);
  });

  it('opens the same state from a native_filters_key address, and the back button restores the earlier state', async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const dashboard = await regionDashboard(page, {
      native_filter_configuration: [selectFilter(REGION, 'Region', datasetId, 'region')],
    });
    await openHydrated(page, dashboard.url);
    await field(page, 'Region').selectOption('North America');
    await applyAndWait(page);
    const firstUrl = page.url();
    const firstKey = new URL(firstUrl).searchParams.get('native_filters_key');
    expect(firstKey).toBeTruthy();
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(3);

    // A new tab of the same session, opened on that address.
    const other = await page.context().newPage();
    await openHydrated(other, firstUrl);
    expect(await checked(other, 'Region')).toEqual(['North America']);
    expect(await bigNumber(other, 'Economies')).toBe(3);
    await other.close();

    await setMarker(page);
    await field(page, 'Region').selectOption(['North America', 'Europe & Central Asia']);
    await applyAndWait(page);
    const secondKey = new URL(page.url()).searchParams.get('native_filters_key');
    expect(secondKey).not.toBe(firstKey);
    const both = await bigNumber(page, 'Economies');
    expect(both).toBeGreaterThan(3);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('native_filters_key') === firstKey);
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(3);
    expect(await checked(page, 'Region')).toEqual(['North America']);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('native_filters_key'));
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(214);
    expect(await checked(page, 'Region')).toEqual([]);
    expect(await marker(page), 'the back button did not reload the page').toBe(1);
    await page.goForward();
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(3);
  });

  it('reuses the tab\'s filter state on a fresh visit of the dashboard in the same tab', async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const dashboard = await regionDashboard(page, {
      native_filter_configuration: [selectFilter(REGION, 'Region', datasetId, 'region')],
    });
    await openHydrated(page, dashboard.url);
    await field(page, 'Region').selectOption('North America');
    await applyAndWait(page);
    const key = new URL(page.url()).searchParams.get('native_filters_key');

    await page.goto(`${base()}/dashboard/list/`);
    await page.goto(dashboard.url);
    await page.waitForURL((url) => url.searchParams.get('native_filters_key') === key);
    await expect.poll(() => bigNumber(page, 'Economies')).toBe(3);
    expect(await checked(page, 'Region')).toEqual(['North America']);
  });
});

const ROUTE = 'routes/superset.dashboard.$idOrSlug';

/** Makes every chart of the dashboard this many grid units tall, so the lower rows fall below the server's fold. */
async function tallCharts(page: Page, dashboard: FilterDashboard, units: number) {
  const { result } = await getJson<{ result: { position_json: string } }>(page, `${base()}/api/v1/dashboard/${dashboard.id}`);
  const layout = JSON.parse(result.position_json) as Record<string, { type?: string; meta?: { height?: number } }>;
  for (const item of Object.values(layout)) if (item.type === 'CHART' && item.meta) item.meta.height = units;
  const saved = await apiRequest(page, base(), 'PUT', `/api/v1/dashboard/${dashboard.id}`, { position_json: JSON.stringify(layout) });
  if (saved.status() !== 200) throw new Error(`saving the layout answered ${saved.status()}: ${await saved.text()}`);
}

/**
 * Per chart id, how many times it was drawn: in a loader answer's `rendered` (read from the Remix
 * router in the page: single fetch answers are a turbo stream) or by the chart route.
 */
async function recordDrawings(page: Page, dashboardId: number) {
  const fetched = new Map<number, number>();
  const chartUrls: URL[] = [];
  let filterStates = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname === `/api/v1/dashboard/${dashboardId}/filter_state`) filterStates += 1;
    if (url.pathname.startsWith(`/superset/dashboard/${dashboardId}/chart/`)) chartUrls.push(url);
  });
  page.on('response', (response: Response) => {
    const chart = new RegExp(`^/superset/dashboard/${dashboardId}/chart/(\\d+)$`).exec(new URL(response.url()).pathname);
    if (chart && response.status() === 200) fetched.set(Number(chart[1]), (fetched.get(Number(chart[1])) ?? 0) + 1);
  });
  type Router = { state: { loaderData: Record<string, { rendered?: Record<string, unknown> } | undefined> }; subscribe: (fn: (state: Router['state']) => void) => void };
  type Recorded = { __answers: number; __drawn: Record<string, number>; __remixRouter: Router };
  await page.evaluate((route) => {
    const w = window as unknown as Recorded;
    w.__answers = 0;
    w.__drawn = {};
    let last = w.__remixRouter.state.loaderData[route];
    w.__remixRouter.subscribe((state) => {
      const data = state.loaderData[route];
      if (!data || data === last) return;
      last = data;
      w.__answers += 1;
      for (const id of Object.keys(data.rendered ?? {})) w.__drawn[id] = (w.__drawn[id] ?? 0) + 1;
    });
  }, ROUTE);
  return {
    /** Per chart: drawings since the last reset. */
    drawn: async () => {
      const inPage = await page.evaluate(() => (window as unknown as Recorded).__drawn);
      const all = new Map(fetched);
      for (const [id, count] of Object.entries(inPage)) all.set(Number(id), (all.get(Number(id)) ?? 0) + count);
      return all;
    },
    /** The chart route's addresses since the last reset. */
    chartUrls: () => [...chartUrls],
    counts: async () => ({ loaderAnswers: await page.evaluate(() => (window as unknown as Recorded).__answers), filterStates }),
    reset: async () => {
      fetched.clear();
      chartUrls.length = 0;
      filterStates = 0;
      await page.evaluate(() => {
        const w = window as unknown as Recorded;
        w.__answers = 0;
        w.__drawn = {};
      });
    },
  };
}

describe('Dashboards: instant filters', () => {
  it('draws every chart exactly once per change, with no Apply button; a number applies when left, not per keystroke', async () => {
    const page = await asAdmin();
    const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
    const names = [
      'Economies', "World's Population", 'Population Growth', 'Life Expectancy by Region', 'Fertility Rate by Region',
      'Child Mortality by Region (2014)', 'Population by Region (2014)', 'Most Populated Countries (2014)', 'Health Indicators by Region (2014)',
      'Life Expectancy by Region and Year', 'Population by Region and Country (2014)', 'Population and Life Expectancy',
    ];
    const dashboard = await regionDashboard(page, {
      native_filters_instant: true,
      native_filter_configuration: [
        selectFilter(REGION, 'Region', datasetId, 'region'),
        rangeFilter('NATIVE_FILTER-pop', 'Population', datasetId, 'SP_POP_TOTL', 'input'),
      ],
    }, names);
    await tallCharts(page, dashboard, 100);
    const ids = Object.values(dashboard.charts);
    await openHydrated(page, dashboard.url);
    const record = await recordDrawings(page, dashboard.id);
    expect(await bar(page).getByRole('button', { name: 'Apply filters' }).count()).toBe(0);

    /** Scrolls through the page so every chart below the fold is asked for, then waits for each to be drawn. */
    const drawAll = async () => {
      for (const name of names) {
        // A chart not drawn yet is a busy placeholder ('Loading chart…'), replaced by the drawing (so scroll again while waiting).
        await expect.poll(async () => {
          await figure(page, name).scrollIntoViewIfNeeded().catch(() => undefined);
          return figure(page, name).getAttribute('aria-busy');
        }).not.toBe('true');
      }
      await page.waitForLoadState('networkidle');
    };
    await drawAll();
    await page.evaluate(() => window.scrollTo(0, 0));
    await record.reset();

    const change = async (act: () => Promise<unknown>) => {
      const url = page.url();
      await act();
      await page.waitForURL((next) => next.toString() !== url && next.searchParams.has('native_filters_key'));
      await page.waitForLoadState('networkidle');
      await drawAll();
      await page.evaluate(() => window.scrollTo(0, 0));
    };

    await change(() => field(page, 'Region').selectOption('North America'));
    expect(await record.counts()).toEqual({ loaderAnswers: 1, filterStates: 1 });
    const drawn = await record.drawn();
    for (const id of ids) expect(drawn.get(id), `drawings of chart ${id} for one change`).toBe(1);
    expect(await bigNumber(page, 'Economies')).toBe(3);
    // The charts below the fold came from the chart route, asked for with the page's filter state.
    const key = new URL(page.url()).searchParams.get('native_filters_key');
    expect(record.chartUrls().length).toBeGreaterThan(0);
    for (const url of record.chartUrls()) expect(url.searchParams.get('native_filters_key')).toBe(key);

    await record.reset();
    await change(async () => {
      const min = bar(page).getByLabel('Population minimum', { exact: true });
      await min.click();
      await min.pressSequentially('10000000');
      await min.blur();
    });
    expect(await record.counts()).toEqual({ loaderAnswers: 1, filterStates: 1 });
    const drawnAgain = await record.drawn();
    for (const id of ids) expect(drawnAgain.get(id), `drawings of chart ${id} for one change`).toBe(1);
    const big = await bigNumber(page, 'Economies');
    expect(big).toBeGreaterThan(0);
    expect(big).toBeLessThanOrEqual(3);
  });
});

describe('Dashboards: numerical range display modes', () => {
  for (const display of ['input', 'slider', 'slider-and-input'] as const) {
    it(`draws and filters with the '${display}' display`, async () => {
      const page = await asAdmin();
      const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
      const dashboard = await regionDashboard(page, {
        native_filter_configuration: [rangeFilter('NATIVE_FILTER-pop', 'Population', datasetId, 'SP_POP_TOTL', display)],
      });
      await openHydrated(page, dashboard.url);
      const group = bar(page).getByRole('group', { name: 'Population' });
      const sliders = group.locator('input[type="range"]');
      const inputs = group.locator('input[type="number"]');
      expect(await sliders.count()).toBe(display === 'input' ? 0 : 2);
      expect(await inputs.count()).toBe(display === 'slider' ? 0 : 2);
      const before = await bigNumber(page, 'Economies');

      if (display === 'slider') {
        // The minimum slider moved to its end: only the most populated economy's rows remain at or above it.
        const min = group.getByRole('slider', { name: 'Population minimum slider' });
        await min.focus();
        await min.press('End');
        expect(await group.locator('input[type="hidden"][name="nf.NATIVE_FILTER-pop.min"]').getAttribute('value')).not.toBe('');
      } else {
        await group.getByLabel('Population minimum', { exact: true }).fill('100000000');
      }
      await applyAndWait(page);
      const url = new URL(page.url());
      expect(url.searchParams.has('native_filters_key')).toBe(true);
      await expect.poll(() => bigNumber(page, 'Economies')).toBeLessThan(before);
      expect(await bigNumber(page, 'Economies')).toBeGreaterThan(0);
    });
  }
});
