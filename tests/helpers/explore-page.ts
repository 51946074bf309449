/**
 * Explore in Chromium: finding example datasets, storing form data through the API (as the
 * browser's session), and opening Explore on it.
 */
import type { Page } from 'playwright-core';

export type ExploreSession = { baseUrl: string };

async function csrfHeaders(page: Page, baseUrl: string): Promise<Record<string, string>> {
  const answer = (await (await page.request.get(`${baseUrl}/api/v1/security/csrf_token/`)).json()) as { result: string };
  return { 'X-CSRFToken': answer.result };
}

/** The id of the example dataset on `table`. */
export async function datasetIdOf(page: Page, baseUrl: string, table: string): Promise<number> {
  const q = encodeURIComponent(`(filters:!((col:table_name,opr:eq,value:'${table.replace(/[!']/g, (c) => `!${c}`)}')))`);
  const answer = (await (await page.request.get(`${baseUrl}/api/v1/dataset/?q=${q}`)).json()) as { result: { id: number }[] };
  if (!answer.result[0]) throw new Error(`no example dataset on ${table}`);
  return answer.result[0].id;
}

/** Stores form data (POST /api/v1/explore/form_data) and answers the Explore URL that opens it. */
export async function exploreUrlFor(page: Page, baseUrl: string, datasetId: number, formData: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(`${baseUrl}/api/v1/explore/form_data`, {
    headers: await csrfHeaders(page, baseUrl),
    data: { datasource_id: datasetId, datasource_type: 'table', form_data: JSON.stringify({ ...formData, datasource: `${datasetId}__table` }) },
  });
  if (!response.ok()) throw new Error(`storing form data answered ${response.status()}: ${await response.text()}`);
  const { key } = (await response.json()) as { key: string };
  return `${baseUrl}/explore/?form_data_key=${key}`;
}

/** A JSON GET through the page's session. */
export async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  if (!response.ok()) throw new Error(`GET ${url} answered ${response.status()}`);
  return (await response.json()) as T;
}

/** Waits for the hydrated panels (the chart-type tiles appear once the chart type's module has loaded). */
export async function waitForPanels(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Chart type' }).waitFor();
}
