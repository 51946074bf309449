/**
 * The native filter configuration modal in Chromium (issue 14): an editor adds a Value filter on
 * region and saves (the bar shows it and it filters), deletes a filter and saves (its effect is
 * gone), restores a deleted filter within its 5 seconds, is taken to the filter in error with its
 * field errors when saving, and cancels edits without saving them. The Column list follows the
 * filter type, and edit mode opens the same modal from its toolbar without its own Save putting
 * the loaded filters back.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, describeViolations, loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { getJson } from '../helpers/explore-page';
import { createFilterDashboard, datasetIdOf, selectFilter } from '../helpers/filter-dashboards';

const session = useE2eSession();
const base = () => session.server.baseUrl;

type StoredDashboard = { result: { json_metadata: string } };

/** A dashboard of the example 'Economies' big number (distinct countries) with these filters. */
async function dashboardWith(page: Page, filters: (datasetId: number) => unknown[]): Promise<number> {
  const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
  const { id } = await createFilterDashboard(page, base(), ['Economies'], {
    filter_bar_orientation: 'HORIZONTAL',
    color_scheme: 'supersetColors',
    native_filter_configuration: filters(datasetId),
  });
  return id;
}

async function storedMetadata(page: Page, id: number): Promise<{ color_scheme?: string; native_filter_configuration?: { id: string; name?: string }[] }> {
  const { result } = await getJson<StoredDashboard>(page, `${base()}/api/v1/dashboard/${id}`);
  return JSON.parse(result.json_metadata) as never;
}

const economiesText = async (page: Page) => (await page.getByRole('figure', { name: 'Economies', exact: true }).innerText()).replace(/\s+/g, ' ');

/** The modal, opened from the bar's settings menu (the page behind it is inert while it is open). */
async function openEditor(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Filter bar settings' }).click();
  await page.getByRole('menuitem', { name: 'Add or edit filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
  await dialog.getByRole('button', { name: 'Add filter' }).waitFor();
  return dialog;
}

const listItem = (dialog: Locator, name: string) => dialog.getByRole('navigation', { name: 'Filters and dividers' }).getByRole('button', { name, exact: true });

async function adminPage(): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, base(), 'admin', session.server.adminPassword);
  return page;
}

describe('Dashboards: native filter configuration', () => {
  it('adds a Value filter on region, saved: the bar shows it and it filters', async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, () => []);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    const dialog = await openEditor(page);

    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Filter name').fill('Region');
    await dialog.getByLabel('Dataset').selectOption({ label: 'wb_health_population' });
    const column = dialog.getByLabel('Column');
    await column.locator('option', { hasText: /^region$/ }).waitFor({ state: 'attached' });
    await column.selectOption('region');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const stored = await storedMetadata(page, id);
    expect(stored.color_scheme).toBe('supersetColors');
    expect(stored.native_filter_configuration).toEqual([expect.objectContaining({ name: 'Region', filterType: 'filter_select', targets: [expect.objectContaining({ column: { name: 'region' } })] })]);

    // The page revalidated: the bar has the filter, and choosing a region filters the chart.
    const bar = page.getByRole('form', { name: 'Filters' });
    const region = bar.getByLabel('Region', { exact: true });
    await region.waitFor();
    expect(await economiesText(page)).toContain('214');
    await region.selectOption('North America');
    await bar.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => economiesText(page), { timeout: 20_000 }).not.toContain('214');
    expect(await economiesText(page)).toContain('3');
  });

  it("offers the column's values as the default value, and the saved default filters the charts", async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region')]);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    expect(await economiesText(page)).toContain('214');
    const dialog = await openEditor(page);

    // The values come from the chart data API: the 7 regions of the examples.
    const defaults = dialog.getByLabel('Default value');
    await defaults.locator('option', { hasText: 'North America' }).waitFor({ state: 'attached' });
    expect(await defaults.locator('option').count()).toBe(7);
    await defaults.selectOption('"North America"');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const [saved] = (await storedMetadata(page, id)).native_filter_configuration as { defaultDataMask?: { filterState?: { value?: unknown } } }[];
    expect(saved.defaultDataMask?.filterState?.value).toEqual(['North America']);
    await expect.poll(() => economiesText(page), { timeout: 20_000 }).not.toContain('214');
    expect(await economiesText(page)).toContain('3');
  });

  it('deletes a filter and saves: its effect is gone', async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region', { defaultValue: ['North America'] })]);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    expect(await economiesText(page)).not.toContain('214');
    const dialog = await openEditor(page);

    await dialog.getByRole('button', { name: 'Remove Region' }).click();
    await dialog.getByRole('button', { name: 'Restore filter Region' }).waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    expect((await storedMetadata(page, id)).native_filter_configuration).toEqual([]);
    await expect.poll(() => economiesText(page), { timeout: 20_000 }).toContain('214');
    expect(await page.getByRole('form', { name: 'Filters' }).getByLabel('Region', { exact: true }).count()).toBe(0);
  });

  it("brings a deleted filter back with 'Restore filter', which lasts 5 seconds", async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [
      selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region'),
      selectFilter('NATIVE_FILTER-country', 'Country', datasetId, 'country_name'),
    ]);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    const dialog = await openEditor(page);

    await dialog.getByRole('button', { name: 'Remove Country' }).click();
    expect(await listItem(dialog, 'Country').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Restore filter Country' }).click();
    await listItem(dialog, 'Country').waitFor();
    expect(await dialog.getByRole('button', { name: /^Restore filter/ }).count()).toBe(0);

    // Unrestored, the deletion is final once its 5 seconds are over.
    await dialog.getByRole('button', { name: 'Remove Region' }).click();
    const restore = dialog.getByRole('button', { name: 'Restore filter Region' });
    await restore.waitFor();
    await restore.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await listItem(dialog, 'Region').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await storedMetadata(page, id)).native_filter_configuration?.map((f) => f.id)).toEqual(['NATIVE_FILTER-country']);
  });

  it('saving with a filter in error shows that filter with its field errors and saves nothing', async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region')]);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    const dialog = await openEditor(page);

    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Filter name').fill('');
    await listItem(dialog, 'Region').click();
    expect(await dialog.getByLabel('Filter name').inputValue()).toBe('Region');

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(await dialog.getByLabel('Filter name').inputValue()).toBe('');
    expect(await dialog.getByText('Dataset is required').count()).toBe(1);
    expect(await dialog.getByText('Column is required').count()).toBe(1);
    expect(await dialog.getByLabel('Filter name').getAttribute('aria-invalid')).toBe('true');
    expect(await listItem(dialog, '[untitled] (has errors)').getAttribute('aria-current')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);
    const violations = await checkA11y(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect((await storedMetadata(page, id)).native_filter_configuration?.map((f) => f.id)).toEqual(['NATIVE_FILTER-region']);
  });

  it('cancel discards the edits, after asking', async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region')]);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    let dialog = await openEditor(page);

    await dialog.getByLabel('Filter name').fill('Area');
    await dialog.getByRole('button', { name: 'Add divider' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('There are unsaved changes. Are you sure you want to cancel?').waitFor();
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect((await storedMetadata(page, id)).native_filter_configuration?.map((f) => f.name)).toEqual(['Region']);
    dialog = await openEditor(page);
    expect(await dialog.getByLabel('Filter name').inputValue()).toBe('Region');
    expect(await listItem(dialog, '[untitled]').count()).toBe(0);
    // Unchanged, Cancel closes at once.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers numeric columns only to a numerical range, clearing a column that does not fit', async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region')]);
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    const dialog = await openEditor(page);
    const column = dialog.getByLabel('Column');
    await column.locator('option', { hasText: /^country_name$/ }).waitFor({ state: 'attached' });
    expect(await column.inputValue()).toBe('region');

    await dialog.getByLabel('Filter type').selectOption({ label: 'Numerical range' });
    expect(await column.inputValue()).toBe('');
    const options = await column.locator('option').allTextContents();
    expect(options).not.toContain('region');
    expect(options).not.toContain('country_name');
    expect(options).toContain('SP_POP_TOTL');

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Column is required').waitFor();
    await dialog.getByLabel('Filter type').selectOption({ label: 'Value' });
    expect(await column.locator('option').allTextContents()).toContain('region');
  });

  it("opens from edit mode's 'Edit filters', and the editor's Save keeps the filters saved there", async () => {
    const page = await adminPage();
    const id = await dashboardWith(page, (datasetId) => [selectFilter('NATIVE_FILTER-region', 'Region', datasetId, 'region')]);
    await page.goto(`${base()}/superset/dashboard/${id}/?edit=true`);
    await page.getByRole('region', { name: 'Dashboard layout' }).waitFor();
    await page.getByRole('toolbar', { name: 'Dashboard editor' }).getByRole('button', { name: 'Edit filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
    await dialog.getByRole('button', { name: 'Add filter' }).waitFor();
    await dialog.getByLabel('Filter name').fill('Area');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await storedMetadata(page, id)).native_filter_configuration?.map((f) => f.name)).toEqual(['Area']);

    // The editor's Save sends its metadata: with the modal's filters, and without asking to overwrite the modal's save.
    await page.getByRole('textbox', { name: 'Dashboard title' }).fill('Filtered economies');
    const saved = page.waitForResponse((r) => /^\/api\/v1\/dashboard\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('This dashboard was saved successfully.').waitFor();
    const stored = await storedMetadata(page, id);
    expect(stored.native_filter_configuration?.map((f) => f.name)).toEqual(['Area']);
    expect(stored.color_scheme).toBe('supersetColors');
  });
});
