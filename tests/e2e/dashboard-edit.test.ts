/**
 * Editing a dashboard in Chromium (issue 13): `?edit=true&standalone=true` opens the editor without
 * the navigation; a chart dragged out of its row makes a new row, undo and redo step through it,
 * Save stores it and a reload shows it; two editors saving in turn get the overwrite confirmation
 * and nothing is lost; without JavaScript the edit page says layout editing needs it and the
 * properties form still saves.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { getJson } from '../helpers/explore-page';

const session = useE2eSession();
const base = () => session.server.baseUrl;

async function csrf(page: Page): Promise<Record<string, string>> {
  const answer = (await (await page.request.get(`${base()}/api/v1/security/csrf_token/`)).json()) as { result: string };
  return { 'X-CSRFToken': answer.result };
}

async function chartIdNamed(page: Page, name: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:slice_name,opr:eq,value:'${name}')))`);
  const { result } = await getJson<{ result: { id: number }[] }>(page, `${base()}/api/v1/chart/?q=${q}`);
  if (!result[0]) throw new Error(`no example chart named ${name}`);
  return result[0].id;
}

/** A dashboard of its own for each test: one row holding two of the example sales charts. */
async function newDashboard(page: Page, title: string): Promise<{ id: number; first: string; second: string }> {
  const first = 'Total Revenue';
  const second = 'Revenue by Deal Size';
  const ids = [await chartIdNamed(page, first), await chartIdNamed(page, second)];
  const chart = (n: number) => ({ id: `CHART-e2e${n}`, type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-e2e'], meta: { chartId: ids[n], width: 4, height: 40 } });
  const layout = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-e2e'], parents: ['ROOT_ID'], meta: {} },
    HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: title } },
    'ROW-e2e': { id: 'ROW-e2e', type: 'ROW', children: ['CHART-e2e0', 'CHART-e2e1'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
    'CHART-e2e0': chart(0),
    'CHART-e2e1': chart(1),
  };
  const created = await page.request.post(`${base()}/api/v1/dashboard/`, {
    headers: await csrf(page),
    data: { dashboard_title: title, position_json: JSON.stringify(layout), published: true },
  });
  if (!created.ok()) throw new Error(`creating the dashboard answered ${created.status()}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  // A layout names its charts; PUT links them to the dashboard (POST stores the text only).
  const linked = await page.request.put(`${base()}/api/v1/dashboard/${id}`, { headers: await csrf(page), data: { position_json: JSON.stringify(layout) } });
  if (!linked.ok()) throw new Error(`saving the layout answered ${linked.status()}: ${await linked.text()}`);
  return { id, first, second };
}

async function openEditor(page: Page, id: number, query = 'edit=true'): Promise<void> {
  await page.goto(`${base()}/superset/dashboard/${id}/?${query}`);
  await page.getByRole('region', { name: 'Dashboard layout' }).waitFor();
}

/** Rows of the editor's grid (each row is a sortable list named by its component id). */
const editorRows = (page: Page) => page.locator('[data-dnd-container^="ROW-"]');

/** Drags a component by its move handle to a point, as a person does (sortablejs's fallback follows the mouse). */
async function dragTo(page: Page, handleName: string, target: { x: number; y: number }): Promise<void> {
  const handle = page.getByRole('button', { name: handleName });
  const box = await handle.boundingBox();
  if (!box) throw new Error(`${handleName} is not on screen`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 20 });
  await page.mouse.move(target.x, target.y + 2, { steps: 2 });
  await page.mouse.up();
}

async function saveDashboard(page: Page): Promise<void> {
  const saved = page.waitForResponse((r) => /^\/api\/v1\/dashboard\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.getByText('This dashboard was saved successfully.').waitFor();
  await page.waitForURL((url) => !url.search.includes('edit=true'));
}

describe('Dashboards: edit mode', () => {
  it('opens edit mode without the navigation for ?edit=true&standalone=true', async () => {
    const page = await session.openPage();
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const board = await newDashboard(page, `E2E standalone edit ${Date.now()}`);
    await openEditor(page, board.id, 'edit=true&standalone=true');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    await page.getByRole('button', { name: `Move chart ${board.second}` }).waitFor();
  });

  it('drags a chart into a new row, undoes, redoes, saves, and a reload shows the saved layout', async () => {
    const page = await session.openPage();
    await page.setViewportSize({ width: 1400, height: 1100 });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const board = await newDashboard(page, `E2E drag ${Date.now()}`);
    await openEditor(page, board.id);
    await expect.poll(() => editorRows(page).count()).toBe(1);

    // Below the last row: the grid keeps room there for a drop.
    const grid = page.locator('[data-dnd-container="GRID_ID"]');
    const gridBox = (await grid.boundingBox())!;
    await dragTo(page, `Move chart ${board.second}`, { x: gridBox.x + 200, y: gridBox.y + gridBox.height - 12 });
    await expect.poll(() => editorRows(page).count()).toBe(2);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => editorRows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => editorRows(page).count()).toBe(2);

    await saveDashboard(page);
    await page.reload();
    await expect.poll(() => page.locator('[data-component="row"]').count()).toBe(2);
    const rows = page.locator('[data-component="row"]');
    await expect.poll(() => rows.nth(0).locator('[data-component="chart"]').count()).toBe(1);
    await expect.poll(() => rows.nth(1).locator('[data-component="chart"]').count()).toBe(1);
  }, 120_000);

  it('asks the second of two editors to confirm the overwrite, and loses nothing when they cancel', async () => {
    const first = await session.openPage();
    await loginAs(first, base(), 'admin', session.server.adminPassword);
    const board = await newDashboard(first, `E2E overwrite ${Date.now()}`);
    const second = await session.openPage();
    await loginAs(second, base(), 'admin', session.server.adminPassword);
    await openEditor(first, board.id);
    await openEditor(second, board.id);

    // The first editor saves a changed header title; the second has not seen it.
    await first.getByRole('textbox', { name: 'Dashboard title' }).fill('Saved by the first editor');
    await saveDashboard(first);

    await second.getByRole('button', { name: `Delete chart ${board.second}` }).click();
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = second.getByRole('dialog');
    await dialog.getByText('Please confirm the overwrite values.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Still editing, with the edit intact.
    expect(await second.getByRole('button', { name: `Move chart ${board.second}` }).count()).toBe(0);

    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await second.getByRole('dialog').getByText('Please confirm the overwrite values.').waitFor();
    const saved = second.waitForResponse((r) => /^\/api\/v1\/dashboard\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await second.getByRole('dialog').getByRole('button', { name: 'Overwrite' }).click();
    expect((await saved).status()).toBe(200);
    const { result } = await getJson<{ result: { position_json: string } }>(second, `${base()}/api/v1/dashboard/${board.id}`);
    expect(result.position_json).not.toContain('CHART-e2e1');
  }, 120_000);

  it('without JavaScript, says layout editing needs it and saves the properties form', async () => {
    const page = await session.openPage({ javaScriptEnabled: false });
    await loginAs(page, base(), 'admin', session.server.adminPassword);
    const board = await newDashboard(page, `E2E no-JS ${Date.now()}`);
    await page.goto(`${base()}/superset/dashboard/${board.id}/?edit=true`);
    await page.getByText('Layout editing needs JavaScript.', { exact: false }).waitFor();
    const form = page.getByRole('form', { name: 'Dashboard properties' });
    await form.getByLabel('Title', { exact: true }).fill('Renamed without JavaScript');
    await form.getByRole('button', { name: 'Save properties' }).click();
    await page.getByText('This dashboard was saved successfully.').waitFor();
    const { result } = await getJson<{ result: { dashboard_title: string } }>(page, `${base()}/api/v1/dashboard/${board.id}`);
    expect(result.dashboard_title).toBe('Renamed without JavaScript');
  });
});
