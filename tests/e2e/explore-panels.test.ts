/**
 * The Explore panels a click away from the chart, in Chromium with JavaScript: the data pane
 * (Results with the row-count badge, Samples), drill to detail from a bar of the interactive
 * chart, the time range editor inside a time filter, swapping the dataset, and the
 * chart's properties.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { datasetIdOf, exploreUrlFor, waitForPanels } from '../helpers/explore-page';

const session = useE2eSession();
const base = () => session.server.baseUrl;
const BAR = { viz_type: 'echarts_timeseries_bar', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: ['count'], groupby: ['gender'], time_range: 'No filter', row_limit: 10000 };

async function openChart(formData: Record<string, unknown>, table = 'birth_names'): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, base(), 'admin', session.server.adminPassword);
  const id = await datasetIdOf(page, base(), table);
  await page.goto(await exploreUrlFor(page, base(), id, formData));
  await waitForPanels(page);
  return page;
}

describe('Explore panels', () => {
  it("shows the chart's rows and the dataset's samples in the data pane", async () => {
    const page = await openChart({ viz_type: 'pie', metric: 'count', groupby: ['gender'], time_range: 'No filter', row_limit: 2 });
    await page.getByRole('button', { name: 'Data pane' }).click();
    const results = page.getByRole('grid', { name: 'Results' });
    await results.waitFor();
    expect((await results.innerText()).toLowerCase()).toMatch(/boy|girl/);
    // Two rows at a row limit of 2: the badge says the limit was reached.
    const badge = page.getByTestId('row-count-badge').first();
    expect(await badge.innerText()).toMatch(/^2 rows/);
    await page.getByRole('tab', { name: 'Samples' }).click();
    const samples = page.getByRole('grid', { name: 'Samples' });
    await samples.waitFor();
    await expect.poll(async () => (await samples.innerText()).includes('num_boys')).toBe(true);
  }, 60_000);

  it('drills to the rows behind a bar of the interactive chart', async () => {
    const page = await openChart(BAR);
    const figure = page.getByRole('figure').first();
    // The interactive layer has drawn (the server's SVG is then hidden).
    await figure.locator('div.absolute svg').first().waitFor();
    await expect.poll(() => figure.locator('div.invisible').count()).toBe(1);
    const box = await figure.locator('div.absolute').first().boundingBox();
    if (!box) throw new Error('no interactive chart');
    // A bar near the middle of the plot: the chart is bars from the x-axis up to most of its height.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.8, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Drill to detail' }).click();
    const dialog = page.getByRole('dialog', { name: /^Drill to detail: / });
    await dialog.waitFor();
    await dialog.getByRole('grid', { name: 'Detail rows' }).waitFor();
    expect(await dialog.getByRole('list', { name: 'Drill filters' }).innerText()).toMatch(/ds|gender/);
    expect(await dialog.getByText(/Page \d+ of \d+/).innerText()).toMatch(/Page 1 of \d+/);
  }, 60_000);

  it('filters the chart on a time range set in the date filter editor (Advanced, APPLY)', async () => {
    const page = await openChart({ viz_type: 'pie', metric: 'count', groupby: ['gender'], time_range: 'No filter', row_limit: 100 });
    // A temporal column dropped on the filters opens the editor on a time range.
    await page.getByRole('list', { name: 'Columns' }).getByText('ds', { exact: true }).dragTo(page.getByRole('group', { name: 'Filters', exact: true }));
    const editor = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Custom SQL' }) });
    await editor.getByRole('button', { name: /^Time range: No filter/ }).click();
    const range = editor.getByRole('region', { name: 'Edit time range' });
    await range.getByLabel('RANGE TYPE').selectOption({ label: 'Advanced' });
    await range.getByRole('textbox', { name: 'START (INCLUSIVE)' }).fill('2000-01-01');
    await range.getByRole('textbox', { name: 'END (EXCLUSIVE)' }).fill('2001-01-01');
    const apply = range.getByRole('button', { name: 'APPLY' });
    await expect.poll(() => apply.isEnabled()).toBe(true);
    await apply.click();
    await editor.getByRole('button', { name: /^Time range: 2000-01-01 : 2001-01-01/ }).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    const before = page.url();
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.waitForURL((u) => u.toString() !== before);
    await waitForPanels(page);
    // The filter kept its range through the stored form data.
    expect(await page.getByRole('group', { name: 'Filters', exact: true }).innerText()).toContain('2000-01-01 : 2001-01-01');
    await page.getByRole('button', { name: 'Chart actions' }).click();
    await page.getByRole('menuitem', { name: 'View query' }).click();
    await expect.poll(() => page.getByLabel("The chart's SQL").innerText()).toMatch(/2000-01-01[\s\S]*2001-01-01/);
  }, 60_000);

  it('swaps the dataset from the dataset menu', async () => {
    const page = await openChart({ viz_type: 'table', query_mode: 'aggregate', metrics: ['count'], groupby: [], time_range: 'No filter', row_limit: 10 });
    await page.getByRole('button', { name: 'Dataset actions' }).click();
    await page.getByRole('menuitem', { name: 'Swap dataset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Swap dataset' });
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: 'Search / Filter' }).fill('wb_health');
    await dialog.getByRole('button', { name: 'wb_health_population', exact: true }).click();
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await page.getByText('Successfully changed dataset!').waitFor();
    await expect.poll(() => page.getByRole('complementary', { name: 'Dataset' }).getByRole('heading', { level: 2 }).innerText()).toBe('wb_health_population');
  }, 60_000);

  it("edits a saved chart's properties", async () => {
    const page = await openChart({ viz_type: 'pie', metric: 'count', groupby: ['gender'], time_range: 'No filter', row_limit: 100 });
    // Save it first: properties belong to saved charts.
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    const save = page.getByRole('dialog', { name: 'Save chart' });
    const name = `E2E props ${Date.now()}`;
    await save.getByRole('textbox', { name: 'Chart name' }).fill(name);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/slice_id=\d+/);
    await waitForPanels(page);
    await page.getByRole('button', { name: 'Chart actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit chart properties' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Chart Properties' });
    await dialog.getByLabel('Description').fill('Births by gender');
    await dialog.getByLabel('Certified by').fill('Data team');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Chart properties updated').waitFor();
    await page.getByRole('img', { name: 'Certified by Data team' }).waitFor();
  }, 60_000);
});
