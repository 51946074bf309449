/**
 * Native filters on the dashboard page in Chromium (issue 14, first part): without JavaScript the
 * filter bar is a GET form; choosing a region and pressing Apply reloads the page with the
 * server-drawn charts filtered, and the child country filter offers only that region's countries.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { datasetIdOf, getJson } from '../helpers/explore-page';

const session = useE2eSession();
const base = () => session.server.baseUrl;

async function csrf(page: Page): Promise<Record<string, string>> {
  const answer = (await (await page.request.get(`${base()}/api/v1/security/csrf_token/`)).json()) as { result: string };
  return { 'X-CSRFToken': answer.result };
}

async function chartIdNamed(page: Page, name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:slice_name,opr:eq,value:'${name.replace(/'/g, "!'")}')))`);
  const { result } = await getJson<{ result: { id: number }[] }>(page, `${base()}/api/v1/chart/?q=${q}`);
  if (!result[0]) throw new Error(`no example chart named ${name}`);
  return result[0].id;
}

const filter = (id: string, name: string, datasetId: number, column: string, parents: string[] = []) => ({
  id, name, type: 'NATIVE_FILTER', filterType: 'filter_select', description: '',
  targets: [{ datasetId, column: { name: column } }],
  controlValues: { multiSelect: true, enableEmptyFilter: false },
  defaultDataMask: {}, cascadeParentIds: parents, scope: { rootPath: ['ROOT_ID'], excluded: [] },
});

/** A dashboard of the example 'Economies' big number (distinct countries) with region and country filters. */
async function filteredDashboard(page: Page): Promise<number> {
  const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
  const chartId = await chartIdNamed(page, 'Economies');
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-nf'], parents: ['ROOT_ID'], meta: {} },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: 'Filtered' } },
    'ROW-nf': { id: 'ROW-nf', type: 'ROW', children: ['CHART-nf'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'CHART-nf': { id: 'CHART-nf', type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-nf'], meta: { chartId, width: 4, height: 30 } },
  };
  const metadata = {
    filter_bar_orientation: 'HORIZONTAL',
    native_filter_configuration: [
      filter('NATIVE_FILTER-region', 'Region', datasetId, 'region'),
      filter('NATIVE_FILTER-country', 'Country', datasetId, 'country_name', ['NATIVE_FILTER-region']),
    ],
  };
  const created = await page.request.post(`${base()}/api/v1/dashboard/`, { headers: await csrf(page), data: { dashboard_title: `E2E filters ${Date.now()}`, published: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const saved = await page.request.put(`${base()}/api/v1/dashboard/${id}`, {
    headers: await csrf(page),
    data: { position_json: JSON.stringify(layout), json_metadata: JSON.stringify(metadata) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return id;
}

describe('Dashboards: native filters without JavaScript', () => {
  it('filters the SVG charts through the GET form, and narrows the child filter to the chosen region', async () => {
    const page = await session.openPage({ javaScriptEnabled: false });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const id = await filteredDashboard(page);
    await page.goto(`${base()}/superset/dashboard/${id}/`);

    const bar = page.getByRole('form', { name: 'Filters' });
    const region = bar.getByLabel('Region', { exact: true });
    const country = bar.getByLabel('Country', { exact: true });
    const economies = page.getByRole('figure', { name: 'Economies', exact: true });
    expect(await economies.innerText()).toContain('214');
    expect(await country.locator('option').first().innerText()).toBe('214 options');

    await region.selectOption('North America');
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/nf\.NATIVE_FILTER-region=North\+America/);

    await expect.poll(async () => (await economies.innerText()).replace(/\s+/g, ' ')).not.toContain('214');
    expect(await economies.innerText()).toContain('3');
    expect(await country.locator('option').first().innerText()).toBe('3 options');
    expect((await country.locator('option').allInnerTexts()).slice(1).sort()).toEqual(['Bermuda', 'Canada', 'United States']);
    expect(await region.locator('option:checked').allInnerTexts()).toEqual(['North America']);
  });
});
