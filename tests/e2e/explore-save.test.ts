/**
 * Saving and sharing in Explore, in Chromium with JavaScript: save as then overwrite leaves exactly
 * one chart; saving into a dashboard typed by name creates it, and the same name next time finds
 * it; View query shows the SQL; a permalink reopens the same state; Run in SQL Lab opens the SQL.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { datasetIdOf, exploreUrlFor, getJson, waitForPanels } from '../helpers/explore-page';
import { editorText } from '../helpers/sqllab-page';

const session = useE2eSession();
const base = () => session.server.baseUrl;

async function openPie(): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, base(), 'admin', session.server.adminPassword);
  const id = await datasetIdOf(page, base(), 'birth_names');
  await page.goto(await exploreUrlFor(page, base(), id, { viz_type: 'pie', metric: 'count', groupby: ['gender'], time_range: 'No filter', row_limit: 100 }));
  await waitForPanels(page);
  return page;
}

async function chartsNamed(page: Page, name: string): Promise<{ id: number; slice_name: string }[]> {
  const q = encodeURIComponent(`(filters:!((col:slice_name,opr:eq,value:'${name}')))`);
  return (await getJson<{ result: { id: number; slice_name: string }[] }>(page, `${base()}/api/v1/chart/?q=${q}`)).result;
}

async function dashboardsTitled(page: Page, title: string): Promise<{ id: number }[]> {
  const q = encodeURIComponent(`(filters:!((col:dashboard_title,opr:eq,value:'${title}')))`);
  return (await getJson<{ result: { id: number }[] }>(page, `${base()}/api/v1/dashboard/?q=${q}`)).result;
}

/** Opens the Save modal, names the chart, optionally picks or types a dashboard, and saves. */
async function save(page: Page, opts: { name?: string; saveAs?: boolean; dashboard?: string }) {
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Save chart' });
  await dialog.waitFor();
  if (opts.saveAs) await dialog.getByRole('radio', { name: 'Save as...' }).check();
  if (opts.name !== undefined) await dialog.getByRole('textbox', { name: 'Chart name' }).fill(opts.name);
  if (opts.dashboard) {
    const picker = dialog.getByRole('combobox', { name: 'Add to dashboard' });
    await picker.fill(opts.dashboard);
    const existing = page.getByRole('option', { name: opts.dashboard, exact: true });
    const create = page.getByRole('option', { name: `Create "${opts.dashboard}"` });
    await existing.or(create).first().click();
  }
  const saved = page.waitForResponse((r) => /^\/api\/v1\/chart\/(\d+)?$/.test(new URL(r.url()).pathname) && ['POST', 'PUT'].includes(r.request().method()));
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBeLessThan(300);
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL(/slice_id=\d+/);
  await waitForPanels(page);
}

describe('Explore: saving and sharing', () => {
  it('saves as a new chart, then overwrites it: exactly one chart by that name', async () => {
    const page = await openPie();
    const name = `E2E pie ${Date.now()}`;
    await save(page, { name });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const [saved] = await chartsNamed(page, name);
    expect(page.url()).toContain(`slice_id=${saved.id}`);
    // Overwrite is the default for the owner; the name stays.
    await save(page, {});
    const charts = await chartsNamed(page, name);
    expect(charts.map((c) => c.id)).toEqual([saved.id]);
  }, 90_000);

  it('saves into a dashboard created by its typed name, and finds it by the same name the next time', async () => {
    const page = await openPie();
    const board = `E2E board ${Date.now()}`;
    await save(page, { name: `${board} chart 1`, saveAs: true, dashboard: board });
    expect(await dashboardsTitled(page, board)).toHaveLength(1);
    await save(page, { name: `${board} chart 2`, saveAs: true, dashboard: board });
    const boards = await dashboardsTitled(page, board);
    expect(boards).toHaveLength(1);
    const [second] = await chartsNamed(page, `${board} chart 2`);
    const detail = await getJson<{ result: { dashboards: { id: number }[] } }>(page, `${base()}/api/v1/chart/${second.id}`);
    expect(detail.result.dashboards.map((d) => d.id)).toEqual([boards[0].id]);
  }, 90_000);

  it("shows the chart's SQL, and a permalink reopens the same state", async () => {
    const page = await openPie();
    await page.getByRole('button', { name: 'Chart actions' }).click();
    await page.getByRole('menuitem', { name: 'View query' }).click();
    const sql = page.getByLabel("The chart's SQL");
    await expect.poll(() => sql.innerText()).toMatch(/SELECT[\s\S]*gender[\s\S]*FROM[\s\S]*birth_names/i);
    await page.keyboard.press('Escape');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const made = page.waitForResponse((r) => r.url().includes('/api/v1/explore/permalink') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Chart actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy permalink to clipboard' }).click();
    const { url } = (await (await made).json()) as { url: string };
    await page.getByText('Link Copied!').waitFor();
    const other = await session.openPage();
    await loginAs(other, base(), 'admin', session.server.adminPassword);
    await other.goto(url);
    await waitForPanels(other);
    expect(other.url()).toMatch(/permalink_key=/);
    await expect.poll(() => other.getByRole('figure').first().locator('svg text').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/boy/)]));
    expect(await other.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Pie Chart', exact: true }).getAttribute('aria-pressed')).toBe('true');
  }, 90_000);

  it("runs the chart's SQL in a new SQL Lab tab", async () => {
    const page = await openPie();
    await page.getByRole('button', { name: 'Chart actions' }).click();
    await page.getByRole('menuitem', { name: 'Run in SQL Lab' }).click();
    await page.waitForURL(/\/sqllab\//);
    // The chart's query as the chart data engine wrote it (the editor shows its first lines).
    await expect.poll(() => editorText(page)).toMatch(/^SELECT gender AS "gender",/);
  }, 60_000);
});
