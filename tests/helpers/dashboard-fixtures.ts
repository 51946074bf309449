/**
 * Dashboards for the e2e tests, built through the API as the browser's session (CSRF header
 * included) on the examples datasets of the e2e server: a dashboard with two top-level tabs, two
 * charts in each, all above the fold, and a markdown block holding a script tag and an <img
 * onerror> (which must come out as text). Also a Gamma user made through the admin UI, and the id
 * of a role read off the roles list.
 */
import type { APIResponse, Page } from 'playwright-core';
import { datasetIdOf } from './explore-page';

/** The markdown block's source: raw HTML that must stay text. */
export const HOSTILE_MARKDOWN = [
  '## Notes',
  '',
  '<script>window.__pwned = 1</script>',
  '',
  '<img src="x" onerror="window.__pwned = 2">',
].join('\n');

export type FixtureChart = { id: number; name: string };
export type FixtureTab = { id: string; name: string; charts: FixtureChart[] };
export type TabbedDashboard = { id: number; title: string; url: string; tabs: [FixtureTab, FixtureTab] };

async function csrfHeaders(page: Page, baseUrl: string): Promise<Record<string, string>> {
  const answer = (await (await page.request.get(`${baseUrl}/api/v1/security/csrf_token/`)).json()) as { result: string };
  return { 'X-CSRFToken': answer.result };
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A JSON request through the page's session with the CSRF header; answers the raw response. */
export async function apiRequest(page: Page, baseUrl: string, method: 'POST' | 'PUT' | 'DELETE', urlPath: string, data?: unknown): Promise<APIResponse> {
  return page.request.fetch(`${baseUrl}${urlPath}`, { method, headers: await csrfHeaders(page, baseUrl), data });
}

async function createChart(page: Page, baseUrl: string, name: string, datasetId: number, formData: Record<string, unknown>): Promise<FixtureChart> {
  const params = JSON.stringify({ ...formData, datasource: `${datasetId}__table` });
  const response = await apiRequest(page, baseUrl, 'POST', '/api/v1/chart/', {
    slice_name: name, viz_type: formData.viz_type, datasource_id: datasetId, datasource_type: 'table', params,
  });
  const { id } = await ok<{ id: number }>(response, `creating the chart "${name}"`);
  return { id, name };
}

const sum = (column: string) => ({ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: column }, label: `SUM(${column})`, hasCustomLabel: false });
const allTime = (column: string) => [{ clause: 'WHERE', subject: column, operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' }];

type Child = { id: string; type: 'CHART' | 'MARKDOWN'; meta: Record<string, unknown> };

/** Superset's position_json with top-level tabs, each holding one row. */
function tabbedLayout(tabs: { id: string; name: string; row: Child[] }[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'] },
    'TABS-top': { id: 'TABS-top', type: 'TABS', children: tabs.map((t) => t.id), parents: ['ROOT_ID'], meta: {} },
  };
  for (const tab of tabs) {
    const rowId = `ROW-${tab.id}`;
    layout[tab.id] = { id: tab.id, type: 'TAB', children: [rowId], parents: ['ROOT_ID', 'TABS-top'], meta: { text: tab.name } };
    layout[rowId] = { id: rowId, type: 'ROW', children: tab.row.map((c) => c.id), parents: ['ROOT_ID', 'TABS-top', tab.id], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    for (const child of tab.row) layout[child.id] = { ...child, children: [], parents: ['ROOT_ID', 'TABS-top', tab.id, rowId] };
  }
  return layout;
}

/**
 * Four charts (line, bar, pie, area) on birth_names and wb_health_population and a published
 * dashboard: tab 'Overview' with the line, the bar and the hostile markdown; tab 'Details' with
 * the pie and the area. Each row is 4 + 4 + 4 columns at 40 units (320 px): above the fold.
 */
export async function createTabbedDashboard(admin: Page, baseUrl: string, title: string): Promise<TabbedDashboard> {
  const births = await datasetIdOf(admin, baseUrl, 'birth_names');
  const health = await datasetIdOf(admin, baseUrl, 'wb_health_population');
  const line = await createChart(admin, baseUrl, 'Births by gender', births, {
    viz_type: 'echarts_timeseries_line', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sum('num')], groupby: ['gender'], adhoc_filters: allTime('ds'), row_limit: 10000,
  });
  const bar = await createChart(admin, baseUrl, 'Births per year', births, {
    viz_type: 'echarts_timeseries_bar', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sum('num')], groupby: [], adhoc_filters: allTime('ds'), row_limit: 10000,
  });
  const pie = await createChart(admin, baseUrl, 'Births by state', births, {
    viz_type: 'pie', groupby: ['state'], metric: sum('num'), adhoc_filters: allTime('ds'), row_limit: 10,
  });
  const area = await createChart(admin, baseUrl, 'Population by region', health, {
    viz_type: 'echarts_area', x_axis: 'year', time_grain_sqla: 'P1Y', metrics: [sum('SP_POP_TOTL')], groupby: ['region'], adhoc_filters: allTime('year'), row_limit: 10000,
  });
  const chart = (c: FixtureChart): Child => ({ id: `CHART-e2e-${c.id}`, type: 'CHART', meta: { chartId: c.id, width: 4, height: 40, sliceName: c.name } });
  const tabs: [FixtureTab, FixtureTab] = [
    { id: 'TAB-overview', name: 'Overview', charts: [line, bar] },
    { id: 'TAB-details', name: 'Details', charts: [pie, area] },
  ];
  const layout = tabbedLayout([
    { id: tabs[0].id, name: tabs[0].name, row: [chart(line), chart(bar), { id: 'MARKDOWN-e2e', type: 'MARKDOWN', meta: { code: HOSTILE_MARKDOWN, width: 4, height: 40 } }] },
    { id: tabs[1].id, name: tabs[1].name, row: [chart(pie), chart(area)] },
  ]);
  const created = await ok<{ id: number }>(await apiRequest(admin, baseUrl, 'POST', '/api/v1/dashboard/', { dashboard_title: title, published: true }), 'creating the dashboard');
  await ok(await apiRequest(admin, baseUrl, 'PUT', `/api/v1/dashboard/${created.id}`, { position_json: JSON.stringify(layout) }), 'saving the layout');
  return { id: created.id, title, url: `${baseUrl}/superset/dashboard/${created.id}/`, tabs };
}

/** The id of a role, from its edit link on /roles/list (the admin's page). */
export async function roleIdOf(admin: Page, baseUrl: string, role: string): Promise<number> {
  await admin.goto(`${baseUrl}/roles/list`);
  const href = await admin.getByRole('link', { name: `${role} (edit)`, exact: true }).getAttribute('href');
  const id = Number(/\/roles\/(\d+)\/edit/.exec(href ?? '')?.[1]);
  if (!id) throw new Error(`no edit link for the role ${role} on /roles/list`);
  return id;
}

export type NewUser = { username: string; password: string; roles: string[] };

/** Creates a user through /users/add as the admin, with exactly these roles. */
export async function createUser(admin: Page, baseUrl: string, user: NewUser): Promise<void> {
  await admin.goto(`${baseUrl}/users/add`);
  const form = admin.locator('form', { has: admin.locator('[name="confirm_password"]') });
  await form.locator('[name="username"]').fill(user.username);
  await form.locator('[name="first_name"]').fill('Test');
  await form.locator('[name="last_name"]').fill(user.username);
  await form.locator('[name="email"]').fill(`${user.username}@example.com`);
  await form.locator('[name="password"]').fill(user.password);
  await form.locator('[name="confirm_password"]').fill(user.password);
  for (const box of await form.locator('input[type="checkbox"][name="roles"]').all()) {
    await box.setChecked(user.roles.includes((await box.getAttribute('value')) ?? ''));
  }
  await form.getByRole('button', { name: 'Create user' }).click();
  try {
    await admin.waitForURL((url) => url.pathname !== '/users/add');
  } catch {
    throw new Error(`creating ${user.username} did not leave /users/add; the page says:\n${await admin.locator('main').innerText()}`);
  }
}
