/**
 * The legacy filter box (`filter_box`) on the dashboard page in Chromium (issue 14): a box on
 * wb_health_population's region beside the example 'Economies' big number (distinct countries).
 * Without JavaScript the box is a GET form: choosing North America and pressing Apply reloads the
 * page with the other chart filtered (214 → 3) and the choice kept in the box. With JavaScript and
 * instant filtering (the default) the change alone reloads the page filtered; without it, Apply is
 * disabled until a choice changes and then applies it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { apiRequest } from '../helpers/dashboard-fixtures';
import { useE2eSession } from '../helpers/e2e-session';
import { createFilterDashboard, datasetIdOf } from '../helpers/filter-dashboards';

const session = useE2eSession();
const base = () => session.server.baseUrl;

/** A dashboard of a region filter box (created through the chart API) and 'Economies'. */
async function filterBoxDashboard(page: Page, instantFiltering = true): Promise<{ id: number; box: string }> {
  const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
  const box = `E2E region box ${Date.now()}`;
  const formData = { viz_type: 'filter_box', datasource: `${datasetId}__table`, filter_configs: [{ column: 'region', label: 'Region' }], date_filter: false, time_range: 'No filter', instant_filtering: instantFiltering };
  const created = await apiRequest(page, base(), 'POST', '/api/v1/chart/', {
    slice_name: box, viz_type: 'filter_box', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(formData),
  });
  if (created.status() !== 201) throw new Error(`creating the filter box answered ${created.status()}: ${await created.text()}`);
  const { id } = await createFilterDashboard(page, base(), [box, 'Economies'], {});
  return { id, box };
}

describe('Dashboards: the legacy filter box', () => {
  it('filters the other charts through its GET form without JavaScript', async () => {
    const page = await session.openPage({ javaScriptEnabled: false });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const { id } = await filterBoxDashboard(page);
    await page.goto(`${base()}/superset/dashboard/${id}/`);

    const form = page.getByRole('form', { name: 'Filter box' });
    const region = form.getByLabel('Region', { exact: true });
    const economies = page.getByRole('figure', { name: 'Economies', exact: true });
    expect(await economies.innerText()).toContain('214');
    expect(await region.locator('option').allInnerTexts()).toContain('North America');

    await region.selectOption('North America');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/filter_box\.\d+\.region=North\+America/);

    await expect.poll(async () => (await economies.innerText()).replace(/\s+/g, ' ')).not.toContain('214');
    expect(await economies.innerText()).toContain('3');
    // The box keeps the choice and is not filtered by it: every region is still offered.
    expect(await region.locator('option:checked').allInnerTexts()).toEqual(['North America']);
    expect(await region.locator('option').count()).toBe(7);
  });

  it('applies a change at once with JavaScript (instant filtering), with no Apply button', async () => {
    const page = await session.openPage({ javaScriptEnabled: true });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const { id } = await filterBoxDashboard(page);
    await page.goto(`${base()}/superset/dashboard/${id}/`);

    const form = page.getByRole('form', { name: 'Filter box' });
    const economies = page.getByRole('figure', { name: 'Economies', exact: true });
    await expect.poll(() => form.getByPlaceholder('Type or Select [Region]').isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    expect(await economies.innerText()).toContain('214');

    await form.getByLabel('Region', { exact: true }).selectOption('North America');
    await page.waitForURL(/filter_box\.\d+\.region=North\+America/);
    await expect.poll(async () => (await economies.innerText()).replace(/\s+/g, ' ')).not.toContain('214');
    expect(await economies.innerText()).toContain('3');
  });

  it('waits for Apply when instant filtering is off: disabled until a choice changes', async () => {
    const page = await session.openPage({ javaScriptEnabled: true });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const { id } = await filterBoxDashboard(page, false);
    await page.goto(`${base()}/superset/dashboard/${id}/`);

    const form = page.getByRole('form', { name: 'Filter box' });
    const apply = form.getByRole('button', { name: 'Apply' });
    const economies = page.getByRole('figure', { name: 'Economies', exact: true });
    await expect.poll(() => apply.isDisabled()).toBe(true);

    await form.getByLabel('Region', { exact: true }).selectOption('North America');
    await expect.poll(() => apply.isEnabled()).toBe(true);
    expect(page.url()).not.toContain('filter_box.');
    expect(await economies.innerText()).toContain('214');

    await apply.click();
    await page.waitForURL(/filter_box\.\d+\.region=North\+America/);
    await expect.poll(async () => (await economies.innerText()).replace(/\s+/g, ' ')).not.toContain('214');
    expect(await economies.innerText()).toContain('3');
  });
});
