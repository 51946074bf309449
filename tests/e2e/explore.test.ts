/**
 * Explore in Chromium: a bar chart of birth_names is on screen as the server's SVG; with JavaScript
 * the interactive ECharts chart replaces it in the same box (no layout shift); without JavaScript
 * the SVG stays and the page's form of essential controls builds and re-renders the chart.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/browser';
import { useE2eSession } from '../helpers/e2e-session';
import { exploreUrlFor } from '../helpers/explore-page';
import { EXPLORE_JS_BUDGET_KB, exploreFirstLoadJs } from '../../bench/explore-page';

const session = useE2eSession();
const url = (p: string) => `${session.server.baseUrl}${p}`;

async function birthNamesId(page: Page): Promise<number> {
  const q = encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))');
  const answer = (await (await page.request.get(url(`/api/v1/dataset/?q=${q}`))).json()) as { result: { id: number }[] };
  return answer.result[0].id;
}

async function buildBarChart(page: Page) {
  await page.goto(url(`/explore/?datasource_type=table&datasource_id=${await birthNamesId(page)}`));
  await page.getByLabel('Chart type').selectOption({ label: 'Bar Chart' });
  await page.getByRole('button', { name: 'Update chart' }).click();
  // The bar chart's own controls now (an x-axis, metrics, dimensions), each asking for a value.
  await page.getByText('cannot be empty').first().waitFor();
  await page.getByLabel('X-axis').selectOption('ds');
  await page.getByLabel('Saved metrics').selectOption(['count']);
  await page.getByLabel('Dimensions').selectOption(['gender']);
  await page.getByRole('button', { name: 'Update chart' }).click();
  await page.waitForURL(/form_data_key=/);
  await page.getByRole('figure', { name: 'Untitled chart' }).locator('svg').first().waitFor();
}

describe('Explore', () => {
  it('draws the chart on the server and makes it interactive in the same box', async () => {
    const page = await session.openPage();
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    const id = await birthNamesId(page);
    await page.goto(await exploreUrlFor(page, session.server.baseUrl, id, { viz_type: 'echarts_timeseries_bar', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: ['count'], groupby: ['gender'], time_range: 'No filter', row_limit: 10000 }));
    const figure = page.getByRole('figure', { name: 'Untitled chart' });
    const before = await figure.boundingBox();
    // The interactive chart draws in its own layer, then the server's SVG is hidden.
    await figure.locator('div.absolute svg').first().waitFor();
    await expect.poll(() => figure.locator('div.invisible').count()).toBe(1);
    const after = await figure.boundingBox();
    expect(after?.height).toBe(before?.height);
    expect(await figure.locator('div.absolute svg text').allTextContents()).toEqual(expect.arrayContaining(['boy', 'girl']));
  });

  it('works without JavaScript: the form re-renders the SVG chart', async () => {
    const page = await session.openPage({ javaScriptEnabled: false });
    await loginAs(page, session.server.baseUrl, 'admin', session.server.adminPassword);
    await buildBarChart(page);
    const svg = page.getByRole('figure', { name: 'Untitled chart' }).locator('svg').first();
    expect(await svg.locator('text').allTextContents()).toEqual(expect.arrayContaining(['boy', 'girl']));
    await page.getByLabel('Row limit').fill('ten');
    await page.getByRole('button', { name: 'Update chart' }).click();
    await page.getByText('is expected to be an integer').waitFor();
  });

  it('ships at most the budget of JS on first load; ECharts and the panels come later', async () => {
    // The built page's own scripts (entry, root, route and their static imports), gzip: not a timing.
    const { firstLoadKb } = await exploreFirstLoadJs();
    expect(firstLoadKb).toBeLessThanOrEqual(EXPLORE_JS_BUDGET_KB);
  });
});
