/**
 * Filter sets and the filter bar's settings in Chromium (issue 14): with JavaScript a set is saved
 * from the data mask in force, applied (as a stored filter state), updated and deleted from the
 * panel under the bar; without it a set applies through its GET form (`native_filters=`); and the
 * bar switched to horizontal in its settings menu stays horizontal after a reload. A viewer may
 * apply shared sets and keep sets of their own; the settings menu is the editors'.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { apiRequest, createUser, roleIdOf } from '../helpers/dashboard-fixtures';
import { useE2eSession } from '../helpers/e2e-session';
import { getJson } from '../helpers/explore-page';
import { createFilterDashboard, datasetIdOf, selectFilter } from '../helpers/filter-dashboards';

const session = useE2eSession();
const base = () => session.server.baseUrl;
const REGION = 'NATIVE_FILTER-region';

type SetRow = { id: number; name: string; owner_type: string; params: { dataMask?: Record<string, { filterState?: { value?: unknown } }> } };

/** A dashboard of the example 'Economies' big number (distinct countries) with a region filter. */
async function regionDashboard(page: Page, metadata: Record<string, unknown> = {}): Promise<number> {
  const datasetId = await datasetIdOf(page, base(), 'wb_health_population');
  const { id } = await createFilterDashboard(page, base(), ['Economies'], {
    native_filter_configuration: [selectFilter(REGION, 'Region', datasetId, 'region')],
    ...metadata,
  });
  return id;
}

/** The page with the region filter set to these regions through the bar's form fields (none: every filter cleared). */
const withRegions = (id: number, ...regions: string[]) =>
  `${base()}/superset/dashboard/${id}/?${new URLSearchParams([['nf', '1'], ...regions.map((r) => [`nf.${REGION}`, r])]).toString()}`;

const economiesText = async (page: Page) => (await page.getByRole('figure', { name: 'Economies', exact: true }).innerText()).replace(/\s+/g, ' ');

async function setsOf(page: Page, id: number): Promise<SetRow[]> {
  return (await getJson<{ result: SetRow[] }>(page, `${base()}/api/v1/dashboard/${id}/filtersets`)).result;
}

/** A set shared on the dashboard (owner_type Dashboard) choosing North America. */
async function sharedAmericas(page: Page, id: number): Promise<void> {
  const mask = { [REGION]: { id: REGION, extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['North America'] }] }, filterState: { value: ['North America'] }, ownState: {} } };
  const created = await apiRequest(page, base(), 'POST', `/api/v1/dashboard/${id}/filtersets`, {
    name: 'Americas', owner_type: 'Dashboard', owner_id: id, json_metadata: JSON.stringify({ name: 'Americas', nativeFilters: {}, dataMask: mask }),
  });
  expect(created.status(), await created.text()).toBe(201);
}

describe('Dashboards: filter sets', () => {
  it('saves the filters in force as a set, applies, updates and deletes it', async () => {
    const page = await session.openPage();
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const id = await regionDashboard(page);
    const panel = page.getByRole('region', { name: 'Filter sets' });

    // Save North America as a set.
    await page.goto(withRegions(id, 'North America'));
    await panel.getByRole('button', { name: 'Create new filter set' }).click();
    await panel.getByLabel('Filter set name').fill('Americas');
    await panel.getByRole('button', { name: 'Save' }).click();
    const item = panel.getByRole('listitem').filter({ hasText: 'Americas' });
    await item.waitFor();
    // It is what is in force: the panel marks it.
    expect(await item.getAttribute('aria-current')).toBe('true');
    const [saved] = await setsOf(page, id);
    expect(saved.name).toBe('Americas');
    expect(saved.params.dataMask?.[REGION]?.filterState?.value).toEqual(['North America']);

    // Apply it on the unfiltered page: the charts narrow, through a stored filter state.
    await page.goto(withRegions(id));
    await panel.getByRole('button', { name: 'Create new filter set' }).waitFor();
    expect(await economiesText(page)).toContain('214');
    expect(await item.getAttribute('aria-current')).toBeNull();
    await item.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/native_filters_key=/);
    await expect.poll(() => economiesText(page)).not.toContain('214');
    expect(await economiesText(page)).toContain('3');
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');

    // Update it with South Asia.
    await page.goto(withRegions(id, 'South Asia'));
    await item.getByRole('button', { name: 'Update' }).waitFor();
    expect(await item.getAttribute('aria-current')).toBeNull();
    await item.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
    expect((await setsOf(page, id))[0].params.dataMask?.[REGION]?.filterState?.value).toEqual(['South Asia']);

    // Delete it, after the confirmation.
    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete filter set' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
    expect(await setsOf(page, id)).toEqual([]);
    expect(await panel.innerText()).toContain('No filter sets');
  });

  it('applies a set without JavaScript through its form', async () => {
    const page = await session.openPage({ javaScriptEnabled: false });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const id = await regionDashboard(page);
    await sharedAmericas(page, id);

    await page.goto(`${base()}/superset/dashboard/${id}/`);
    expect(await economiesText(page)).toContain('214');
    const item = page.getByRole('region', { name: 'Filter sets' }).getByRole('listitem').filter({ hasText: 'Americas' });
    expect(await item.getAttribute('aria-current')).toBeNull();
    await item.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/native_filters=/);
    expect(await economiesText(page)).not.toContain('214');
    expect(await economiesText(page)).toContain('3');
    expect(await item.getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('form', { name: 'Filters' }).getByLabel('Region', { exact: true }).locator('option:checked').allInnerTexts()).toEqual(['North America']);
  });
});

describe('Dashboards: the filter bar settings menu', () => {
  it('puts the bar on top, and it stays there after a reload', async () => {
    const page = await session.openPage();
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const id = await regionDashboard(page, { color_scheme: 'supersetColors' });
    await page.goto(`${base()}/superset/dashboard/${id}/`);
    const bar = page.getByRole('form', { name: 'Filters' });
    expect(await bar.getAttribute('data-orientation')).toBe('VERTICAL');

    await page.getByRole('button', { name: 'Filter bar settings' }).click();
    await page.getByRole('menuitem', { name: /Horizontal \(Top\)/ }).click();
    await expect.poll(() => bar.getAttribute('data-orientation')).toBe('HORIZONTAL');

    await page.reload();
    expect(await bar.getAttribute('data-orientation')).toBe('HORIZONTAL');
    // The rest of the metadata was kept.
    const { result } = await getJson<{ result: { json_metadata: string } }>(page, `${base()}/api/v1/dashboard/${id}`);
    const metadata = JSON.parse(result.json_metadata) as Record<string, unknown>;
    expect(metadata.filter_bar_orientation).toBe('HORIZONTAL');
    expect(metadata.color_scheme).toBe('supersetColors');
    expect(Array.isArray(metadata.native_filter_configuration)).toBe(true);

    // The menu marks the orientation in force.
    await page.getByRole('button', { name: 'Filter bar settings' }).click();
    expect(await page.getByRole('menuitem', { name: /Horizontal \(Top\)/ }).innerText()).toContain('✓');
    expect(await page.getByRole('menuitem', { name: /Vertical \(Left\)/ }).innerText()).not.toContain('✓');
  });
});

describe('Dashboards: filter sets for a viewer', () => {
  it('lets a viewer apply the shared sets and save, change and delete only their own; the settings menu is the editors\'', async () => {
    const admin = await session.openPage();
    await loginAs(admin, base(), 'admin', session.server.adminPassword);
    const id = await regionDashboard(admin);
    await sharedAmericas(admin, id);
    const viewer = { username: `sets_gamma_${Date.now()}`, password: 'gamma-pass-123', roles: ['Gamma'] };
    await createUser(admin, base(), viewer);
    const shared = await apiRequest(admin, base(), 'PUT', `/api/v1/dashboard/${id}`, { roles: [await roleIdOf(admin, base(), 'Gamma')] });
    expect(shared.status(), await shared.text()).toBe(200);

    const page = await session.openPage();
    await loginAs(page, base(), viewer.username, viewer.password);
    await page.goto(withRegions(id, 'South Asia'));
    const panel = page.getByRole('region', { name: 'Filter sets' });
    await panel.getByRole('button', { name: 'Create new filter set' }).waitFor();
    const americas = panel.getByRole('listitem').filter({ hasText: 'Americas' });
    expect(await americas.getByRole('button').allInnerTexts()).toEqual(['Apply']);
    expect(await page.getByRole('button', { name: 'Filter bar settings' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Create new filter set' }).click();
    await panel.getByLabel('Filter set name').fill('Mine');
    await panel.getByRole('button', { name: 'Save' }).click();
    const mine = panel.getByRole('listitem').filter({ hasText: 'Mine' });
    await mine.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await mine.getByRole('button').allInnerTexts()).toEqual(['Apply', 'Update', 'Delete']);
    const saved = (await setsOf(page, id)).find((set) => set.name === 'Mine');
    expect(saved?.owner_type).toBe('User');
    await admin.context().close();
  });
});
