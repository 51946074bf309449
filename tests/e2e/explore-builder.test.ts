/**
 * Building charts in Explore with JavaScript, in Chromium, as the admin on the examples: a bar
 * chart from birth_names by dragging columns onto the selectors, then a pie that keeps the metric;
 * a filter that matches nothing; the table in raw mode at a row limit of 100; a quarterly grain.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { datasetIdOf, exploreUrlFor, waitForPanels } from '../helpers/explore-page';

const session = useE2eSession();
const url = (p: string) => `${session.server.baseUrl}${p}`;

async function open(): Promise<Page> {
  const page = await session.openPage();
  await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
  return page;
}

async function updateChart(page: Page) {
  const before = page.url();
  await page.getByRole('button', { name: 'Update chart' }).click();
  await page.waitForURL((u) => u.toString() !== before && /form_data_key=/.test(u.toString()));
}

const chartTexts = (page: Page) => page.getByRole('figure').first().locator('svg text').allTextContents();

describe('Explore: building a chart', () => {
  it('builds a bar chart from birth_names by dragging columns, then changes it to a pie that keeps the metric', async () => {
    const page = await open();
    const id = await datasetIdOf(page, session.server.baseUrl, 'birth_names');
    await page.goto(url(`/explore/?datasource_type=table&datasource_id=${id}`));
    await waitForPanels(page);
    await page.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Bar Chart', exact: true }).click();
    const xAxis = page.getByRole('group', { name: 'X-axis', exact: true });
    await xAxis.waitFor();
    const columns = page.getByRole('list', { name: 'Columns' });
    await columns.getByText('ds', { exact: true }).dragTo(xAxis);
    await page.getByRole('list', { name: 'Metrics' }).getByText(/^(count|COUNT\(\*\))$/).first().dragTo(page.getByRole('group', { name: 'Metrics', exact: true }));
    await columns.getByText('gender', { exact: true }).dragTo(page.getByRole('group', { name: 'Dimensions', exact: true }));
    await updateChart(page);
    await expect.poll(() => chartTexts(page)).toEqual(expect.arrayContaining(['boy', 'girl']));

    await waitForPanels(page);
    await page.getByRole('group', { name: 'Chart type' }).getByRole('button', { name: 'Pie Chart', exact: true }).click();
    const metric = page.getByRole('group', { name: 'Metric', exact: true });
    await metric.waitFor();
    expect(await metric.innerText()).toMatch(/count|COUNT\(\*\)/);
    await updateChart(page);
    await expect.poll(() => chartTexts(page)).toEqual(expect.arrayContaining([expect.stringMatching(/boy/), expect.stringMatching(/girl/)]));
  }, 90_000);

  it("says 'No results were returned for this query' for a filter that matches nothing", async () => {
    const page = await open();
    const id = await datasetIdOf(page, session.server.baseUrl, 'birth_names');
    await page.goto(await exploreUrlFor(page, session.server.baseUrl, id, { viz_type: 'pie', metric: 'count', groupby: ['gender'], time_range: 'No filter', row_limit: 100 }));
    await waitForPanels(page);
    await page.getByRole('group', { name: 'Filters', exact: true }).getByRole('button', { name: 'Drop columns/metrics here or click' }).click();
    const editor = page.getByRole('dialog', { name: 'Add filter' });
    await editor.getByRole('tab', { name: 'Custom SQL' }).click();
    await editor.getByRole('textbox', { name: 'Custom SQL' }).fill("gender = 'nobody'");
    await editor.getByRole('button', { name: 'Save' }).click();
    await updateChart(page);
    await page.getByText('No results were returned for this query').waitFor();
  }, 60_000);

  it('shows 100 rows for the table in raw mode at a row limit of 100', async () => {
    const page = await open();
    const id = await datasetIdOf(page, session.server.baseUrl, 'birth_names');
    await page.goto(url(`/explore/?datasource_type=table&datasource_id=${id}`));
    await waitForPanels(page);
    // The radios are drawn as a segmented control (inputs visually hidden): the label takes the click.
    await page.getByRole('radiogroup', { name: 'Query mode' }).getByText('Raw records', { exact: true }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Raw records' }).isChecked()).toBe(true);
    const columns = page.getByRole('list', { name: 'Columns' });
    const selected = page.getByRole('group', { name: 'Columns', exact: true });
    await columns.getByText('name', { exact: true }).dragTo(selected);
    await columns.getByText('num', { exact: true }).dragTo(selected);
    const rowLimit = page.getByLabel('Row limit', { exact: true });
    await rowLimit.fill('100');
    await rowLimit.press('Enter');
    await expect.poll(() => rowLimit.inputValue()).toBe('100');
    await updateChart(page);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /rows?$/ }).first().innerText()).toBe('100 rows');
  }, 60_000);

  it("labels a quarterly time grain '2008 Q1'", async () => {
    const page = await open();
    const id = await datasetIdOf(page, session.server.baseUrl, 'birth_names');
    await page.goto(await exploreUrlFor(page, session.server.baseUrl, id, { viz_type: 'table', query_mode: 'aggregate', groupby: ['ds'], metrics: ['count'], time_range: 'No filter', row_limit: 1000 }));
    await waitForPanels(page);
    await page.getByLabel('Time Grain', { exact: true }).selectOption({ label: 'Quarter' });
    await updateChart(page);
    await page.getByRole('figure').first().getByText('2008 Q1', { exact: true }).first().waitFor();
  }, 60_000);
});
