/**
 * Native filters on the dashboard page in Chromium (issue 14, first part): without JavaScript the
 * filter bar is a GET form; choosing a region and pressing Apply reloads the page with the
 * server-drawn charts filtered, and the child country filter offers only that region's countries.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { createFilterDashboard, datasetIdOf, selectFilter } from '../helpers/filter-dashboards';

const session = useE2eSession();
const base = () => session.server.baseUrl;

/** A dashboard of the example 'Economies' big number (distinct countries) with region and country filters. */
async function filteredDashboard(page: Page): Promise<number> {
  const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
  const { id } = await createFilterDashboard(page, base(), ['Economies'], {
    filter_bar_orientation: 'HORIZONTAL',
    native_filter_configuration: [
      selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region'),
      selectFilter('NATIVE_FILTER-country', 'Country', datasetId, 'country_name', { parents: ['NATIVE_FILTER-region'] }),
    ],
  });
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
