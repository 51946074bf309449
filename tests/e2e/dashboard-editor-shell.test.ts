/**
 * The dashboard editor in Chromium (issue 13): undo and redo by button and key, adding a chart from
 * the side panel (drawn at its box), save, the overwrite confirmation, publish, save as, delete,
 * discard, a keyboard resize redrawing the chart, a drag from the panel, the live CSS preview and a
 * new slug from the properties dialog.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from '../helpers/browser';
import { apiRequest, createTabbedDashboard, type TabbedDashboard } from '../helpers/dashboard-fixtures';
import { datasetIdOf } from '../helpers/explore-page';
import { useE2eSession } from '../helpers/e2e-session';

const session = useE2eSession();
let dashboard: TabbedDashboard;
let extra: { id: number; name: string };

beforeAll(async () => {
  const admin = await session.openPage();
  const { baseUrl, adminPassword } = session.server;
  await loginAs(admin, baseUrl, 'admin', adminPassword);
  dashboard = await createTabbedDashboard(admin, baseUrl, 'Editor shell dashboard');
  const births = await datasetIdOf(admin, baseUrl, 'birth_names');
  const params = JSON.stringify({ viz_type: 'pie', groupby: ['gender'], metric: { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'SUM(num)' }, adhoc_filters: [], row_limit: 10, datasource: `${births}__table` });
  const r = await apiRequest(admin, baseUrl, 'POST', '/api/v1/chart/', { slice_name: 'Zebra gender pie', viz_type: 'pie', datasource_id: births, datasource_type: 'table', params });
  extra = { id: ((await r.json()) as { id: number }).id, name: 'Zebra gender pie' };
  await admin.context().close();
});

async function asAdmin(): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Dashboard editor' });

describe('editor shell', () => {
  it('undoes, redoes, adds a chart and saves', async () => {
    const page = await asAdmin();
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    const undo = page.getByRole('button', { name: 'Undo' });
    const redo = page.getByRole('button', { name: 'Redo' });
    expect(await undo.isDisabled()).toBe(true);
    expect(await redo.isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Layout elements' }).click();
    await page.getByRole('button', { name: 'Add Divider' }).click();
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    expect(await undo.isDisabled()).toBe(false);
    await undo.click();
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    expect(await redo.isDisabled()).toBe(false);
    await redo.click();
    await page.getByText('Unsaved changes').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    await page.keyboard.press('Control+Shift+Z');
    await page.getByText('Unsaved changes').waitFor();

    await page.getByRole('tab', { name: 'Charts' }).click();
    await page.getByLabel('Filter your charts').fill('Zebra');
    const add = page.getByRole('button', { name: `Add ${extra.name} to the dashboard` });
    await add.waitFor();
    const chartRequest = page.waitForRequest((r) => r.url().includes(`/chart/${extra.id}?`));
    await add.click();
    const url = new URL((await chartRequest).url());
    expect(url.searchParams.get('width')).toBe('384');
    await page.getByRole('list', { name: 'Saved charts' }).getByRole('listitem').filter({ hasText: extra.name }).getByText('Added').waitFor();
    await page.getByRole('figure', { name: extra.name }).locator('svg:visible').first().waitFor();

    await page.getByLabel('Dashboard title').fill('Editor shell renamed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    await page.waitForURL((u) => !u.search.includes('edit=true'));
    await page.getByRole('heading', { level: 1, name: 'Editor shell renamed' }).waitFor();
  });

  it('asks before overwriting another save, keeps edits on cancel', async () => {
    const page = await asAdmin();
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    await page.getByLabel('Dashboard title').fill('Mine');
    await new Promise((r) => setTimeout(r, 1100));
    const other = await apiRequest(page, session.server.baseUrl, 'PUT', `/api/v1/dashboard/${dashboard.id}`, { css: '.other { color: red }' });
    expect(other.status()).toBe(200);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm the overwrite values.' });
    await dialog.waitFor();
    expect(await dialog.getByRole('rowheader', { name: 'CSS' }).count()).toBe(1);
    expect(await dialog.getByRole('rowheader', { name: 'Title' }).count()).toBe(1);
    expect(await dialog.getByRole('rowheader', { name: 'Layout' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Dashboard title').inputValue()).toBe('Mine');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Mine' }).waitFor();
  });

  it('publishes, saves as and deletes', async () => {
    const page = await asAdmin();
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    await toolbar(page).getByRole('button', { name: 'Published' }).click();
    await page.getByText('This dashboard is now hidden').waitFor();
    await toolbar(page).getByRole('button', { name: 'Draft' }).click();
    await page.getByText('This dashboard is now published').waitFor();
    // Publishing is not someone else's save.
    await page.getByLabel('Dashboard title').fill('Published then saved');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    await page.waitForURL((u) => !u.search.includes('edit=true'));

    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    await page.getByRole('button', { name: 'More dashboard actions' }).click();
    await page.getByRole('menuitem', { name: 'Save as' }).click();
    const saveAs = page.getByRole('dialog', { name: 'Save dashboard as' });
    await saveAs.getByLabel('New dashboard title').fill('A copy');
    await saveAs.getByLabel('Also copy (duplicate) charts').check();
    await saveAs.getByRole('button', { name: 'Save as' }).click();
    await page.getByRole('heading', { level: 1, name: 'A copy' }).waitFor();
    const copyUrl = page.url();

    await page.goto(`${copyUrl}?edit=true`);
    await toolbar(page).waitFor();
    await page.getByRole('button', { name: 'More dashboard actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete dashboard?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/list/');
    await page.getByText('Deleted: A copy').waitFor();
  });

  it('confirms a discard with unsaved changes and warns of a refused step', async () => {
    const page = await asAdmin();
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    await page.getByLabel('Dashboard title').fill('Not kept');
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((u) => !u.search.includes('edit=true'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).not.toContain('Not kept');
    expect(await page.getByRole('toolbar', { name: 'Dashboard editor' }).count()).toBe(0);
  });

  it('redraws a resized chart and drags a chart in from the panel', async () => {
    const page = await asAdmin();
    const requests: string[] = [];
    page.on('request', (r) => { if (/\/chart\/\d+\?/.test(r.url())) requests.push(new URL(r.url()).pathname + new URL(r.url()).search); });
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    const handle = page.getByRole('button', { name: /^Resize/ }).first();
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    // One column narrower: the chart is drawn again at its new width.
    await expect.poll(() => requests.filter((r) => r.includes('width=')).length).toBeGreaterThan(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

    // a chart created now, dragged from the panel into the Overview tab
    const births = await datasetIdOf(page, session.server.baseUrl, 'birth_names');
    const params = JSON.stringify({ viz_type: 'pie', groupby: ['state'], metric: { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' }, label: 'SUM(num)' }, adhoc_filters: [], row_limit: 5, datasource: `${births}__table` });
    await apiRequest(page, session.server.baseUrl, 'POST', '/api/v1/chart/', { slice_name: 'Yak dragged pie', viz_type: 'pie', datasource_id: births, datasource_type: 'table', params });
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    await page.getByLabel('Filter your charts').fill('Yak');
    const item = page.getByRole('list', { name: 'Saved charts' }).getByRole('listitem').filter({ hasText: 'Yak dragged pie' });
    await item.getByRole('button', { name: 'Add Yak dragged pie to the dashboard' }).waitFor();
    await page.waitForTimeout(600);
    const from = (await item.boundingBox())!;
    const target = page.getByRole('figure', { name: 'Births per year' }).first();
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 15);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(from.x + 20 + ((to.x + 30 - from.x - 20) * i) / 20, from.y + 15 + ((to.y + to.height + 10 - from.y - 15) * i) / 20);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Move chart Yak dragged pie' }).waitFor();
    await page.getByText('Unsaved changes').waitFor();
  });

  it('previews CSS live and saves a new slug', async () => {
    const page = await asAdmin();
    await page.goto(`${dashboard.url}?edit=true`);
    await toolbar(page).waitFor();
    await page.getByRole('button', { name: 'Edit CSS' }).click();
    const css = page.getByLabel('Dashboard CSS');
    await css.fill('h1 { color: rgb(1, 2, 3) } </style><b id="evil">x</b>');
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('rgb(1, 2, 3)')))).toBe(true);
    expect(await page.locator('#evil').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit properties' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dashboard properties' });
    await dialog.getByLabel('URL slug').fill('editor-shell-slug');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    await page.waitForURL((u) => u.pathname === '/superset/dashboard/editor-shell-slug/');
  });
});
