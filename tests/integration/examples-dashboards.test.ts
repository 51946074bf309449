/**
 * The example charts and dashboards: with the examples off a bootstrap makes none; with them on,
 * ensureExamples registers every example chart and the three dashboards ("World Bank's Data",
 * "USA Births Names" with top-level tabs, "Sales Dashboard"), owned by the admin and published,
 * with layouts the layout module reads back whole. Every chart runs through the chart data API
 * with its saved query context and draws through its chart type without error, on a warehouse of
 * the three tables they use. A second run adds nothing, a dashboard the user edited is left as
 * it is, and a slug taken by someone else's dashboard is skipped with a log line. On PostgreSQL
 * (when one is reachable) the same charts draw on datasets made by hand from the loaded tables.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartIdsInLayout, parseLayout, topLevelTabsId, type DashboardLayout, type LayoutItem } from '~/lib/dashboard/layout';
import { EXAMPLE_CHARTS } from '~/server/examples/chart-definitions/index.server';
import { chartsOf, EXAMPLE_DASHBOARDS } from '~/server/examples/dashboard-definitions/index.server';
import { loadExamples, WAREHOUSE_VERSION } from '~/server/examples/load.server';
import { ADMIN_PASSWORD, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';

type BootstrapModule = typeof import('../../app/server/bootstrap.server');
type EnvModule = typeof import('../../app/server/env.server');
type DashboardsModule = typeof import('../../app/server/examples/dashboards.server');
type RenderModule = typeof import('../../app/server/charts/render-chart.server');
type UserModule = typeof import('../../app/server/auth/current-user.server');
type LayoutServerModule = typeof import('../../app/server/dashboards/layout.server');
type ChartsModule = typeof import('../../app/server/examples/charts.server');

const postgresUp = await serviceAvailable('postgresql');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-examples-dashboards-'));
const file = path.join(dir, 'examples.sqlite');
let app: AppUnderTest;
let token: string;
let register: DashboardsModule['registerExampleDashboards'];
const firstLogs: string[] = [];

function query<T>(sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => {
      if (err) return reject(err);
      db.all(sql, (error: Error | null, rows: T[]) => db.close(() => (error ? reject(error) : resolve(rows))));
    });
  });
}

async function examplesDatabase() {
  return (await app.models().Database.findOne({ where: { database_name: 'examples' } }))!;
}

async function dashboardBySlug(slug: string) {
  return app.models().Dashboard.findOne({ where: { slug }, include: [{ model: app.models().Chart, as: 'charts' }, { model: app.models().User, as: 'owners' }] });
}

const layoutOf = (d: { position_json: string | null; charts?: { id: number }[] }): DashboardLayout => parseLayout(d.position_json);
const itemsOf = (layout: DashboardLayout, type: LayoutItem['type']) => Object.values(layout).filter((i) => i.type === type);
const underTab = (layout: DashboardLayout, tabId: string) => Object.values(layout).filter((i) => i.parents.includes(tabId));

beforeAll(async () => {
  // Only the tables the example charts use; the header then says "current" so bootstrap does not build the rest.
  await loadExamples({ url: `sqlite:///${file}`, tables: ['birth_names', 'wb_health_population', 'cleaned_sales_data'] });
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(file, (err) => {
      if (err) return reject(err);
      db.exec(`PRAGMA user_version = ${WAREHOUSE_VERSION}`, (error) => db.close(() => (error ? reject(error) : resolve())));
    });
  });
  app = await startApp();
  const { env } = await app.load<EnvModule>('/app/server/env.server.ts');
  Object.assign(env(), { LOAD_EXAMPLES: 'true', examplesUrl: `sqlite:///${file}` });
  register = (await app.load<DashboardsModule>('/app/server/examples/dashboards.server.ts')).registerExampleDashboards;
  token = (await app.login('admin', ADMIN_PASSWORD)).accessToken;
}, 240_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('example charts and dashboards', () => {
  it('are not made while the examples are off, and are all made by ensureExamples once they are on', async () => {
    // startApp bootstrapped with LOAD_EXAMPLES=false.
    expect(await app.models().Chart.count()).toBe(0);
    expect(await app.models().Dashboard.count()).toBe(0);
    const { ensureExamples } = await app.load<BootstrapModule>('/app/server/bootstrap.server.ts');
    await ensureExamples((m) => firstLogs.push(m));
    expect(firstLogs).toContain(`registered ${EXAMPLE_CHARTS.length} example charts and ${EXAMPLE_DASHBOARDS.length} example dashboards`);
    const charts = await app.models().Chart.findAll();
    expect(charts.map((c) => c.uuid).sort()).toEqual(EXAMPLE_CHARTS.map((c) => c.uuid).sort());
    expect(new Set(EXAMPLE_CHARTS.map((c) => c.viz_type)).size).toBeGreaterThanOrEqual(10);
    const admin = (await app.models().User.findOne({ where: { username: 'admin' } }))!;
    for (const chart of charts) {
      const owners = await (chart as unknown as { getOwners(): Promise<{ id: number }[]> }).getOwners();
      expect(owners.map((o) => o.id), chart.slice_name).toEqual([admin.id]);
    }
  });

  it('the warehouse has what the world bank dashboard filters on: region and country_name, 214 economies, 3 in North America', async () => {
    const [all] = await query<{ n: number }>('SELECT COUNT(DISTINCT country_name) AS n FROM wb_health_population');
    const northAmerica = await query<{ country_name: string }>("SELECT DISTINCT country_name FROM wb_health_population WHERE region = 'North America' ORDER BY 1");
    const regions = await query<{ region: string }>('SELECT DISTINCT region FROM wb_health_population ORDER BY 1');
    expect(all.n).toBe(214);
    expect(northAmerica.map((r) => r.country_name)).toEqual(['Bermuda', 'Canada', 'United States']);
    expect(regions).toHaveLength(7);
  });

  it('makes the three dashboards, published, owned by the admin, with every chart of their layouts linked', async () => {
    const admin = (await app.models().User.findOne({ where: { username: 'admin' } }))!;
    const { JsonMetadataSchema } = await app.load<LayoutServerModule>('/app/server/dashboards/layout.server.ts');
    for (const def of EXAMPLE_DASHBOARDS) {
      const dashboard = (await dashboardBySlug(def.slug))!;
      expect(dashboard, def.slug).toBeTruthy();
      expect(dashboard).toMatchObject({ uuid: def.uuid, dashboard_title: def.dashboard_title, published: true });
      expect(dashboard.owners!.map((o) => o.id)).toEqual([admin.id]);
      expect(JsonMetadataSchema.safeParse(JSON.parse(dashboard.json_metadata!)).success).toBe(true);
      const linked = dashboard.charts!.map((c) => c.id).sort((a, b) => a - b);
      expect(linked).toHaveLength(chartsOf(def.layout).length);
      // The stored layout places exactly the linked charts: nothing appended when read with them.
      const layout = layoutOf(dashboard);
      expect([...chartIdsInLayout(layout)].sort((a, b) => a - b)).toEqual(linked);
      expect(chartIdsInLayout(parseLayout(dashboard.position_json, { chartIds: linked })).sort((a, b) => a - b)).toEqual(linked);
      for (const c of itemsOf(layout, 'CHART')) expect(c.meta.sliceName).toBe(dashboard.charts!.find((x) => x.id === c.meta.chartId)!.slice_name);
    }
  });

  it("lays out World Bank's Data as twelve charts in rows of three or four, width 3 or 4, height 50, with markdown and headers", async () => {
    const dashboard = (await dashboardBySlug('world_health'))!;
    expect(dashboard.dashboard_title).toBe("World Bank's Data");
    expect(dashboard.charts).toHaveLength(12);
    const datasets = new Set(dashboard.charts!.map((c) => c.datasource_id));
    expect(datasets.size).toBe(1);
    const dataset = (await app.models().Dataset.findByPk([...datasets][0]!))!;
    expect(dataset.table_name).toBe('wb_health_population');
    expect(new Set(dashboard.charts!.map((c) => c.viz_type)).size).toBeGreaterThanOrEqual(8);
    const layout = layoutOf(dashboard);
    const charts = itemsOf(layout, 'CHART');
    for (const c of charts) {
      expect([3, 4]).toContain(c.meta.width);
      expect(c.meta.height).toBe(50);
    }
    for (const row of itemsOf(layout, 'ROW')) {
      const inRow = row.children.filter((id) => layout[id].type === 'CHART').length;
      expect(inRow >= 3 && inRow <= 4, `${row.id} holds ${inRow} charts`).toBe(true);
    }
    expect(itemsOf(layout, 'MARKDOWN')).toHaveLength(1);
    expect(itemsOf(layout, 'HEADER').filter((h) => h.id !== 'HEADER_ID').length).toBeGreaterThanOrEqual(2);
  });

  it('gives USA Births Names top-level tabs, each with charts, a markdown block and a divider, and a column nested in a row', async () => {
    const dashboard = (await dashboardBySlug('births'))!;
    const layout = layoutOf(dashboard);
    const tabsId = topLevelTabsId(layout);
    expect(tabsId).not.toBeNull();
    const tabIds = layout[tabsId!].children;
    expect(tabIds.map((id) => layout[id].meta.text)).toEqual(['Overview', 'Names']);
    for (const tabId of tabIds) {
      const inside = underTab(layout, tabId);
      expect(inside.filter((i) => i.type === 'CHART').length, tabId).toBeGreaterThanOrEqual(3);
      expect(inside.some((i) => i.type === 'MARKDOWN'), tabId).toBe(true);
      expect(inside.some((i) => i.type === 'DIVIDER'), tabId).toBe(true);
    }
    const nested = itemsOf(layout, 'COLUMN').filter((col) => layout[col.parents.at(-1)!].type === 'ROW' && col.children.some((id) => layout[id].type === 'CHART'));
    expect(nested.length).toBeGreaterThanOrEqual(1);
    const birthNames = (await app.models().Dataset.findOne({ where: { table_name: 'birth_names' } }))!;
    expect(dashboard.charts!.every((c) => c.datasource_id === birthNames.id)).toBe(true);
  });

  it('gives the Sales Dashboard a header and four to six charts on cleaned_sales_data', async () => {
    const dashboard = (await dashboardBySlug('sales'))!;
    const layout = layoutOf(dashboard);
    expect(itemsOf(layout, 'HEADER').filter((h) => h.id !== 'HEADER_ID')).toHaveLength(1);
    expect(dashboard.charts!.length >= 4 && dashboard.charts!.length <= 6).toBe(true);
    const sales = (await app.models().Dataset.findOne({ where: { table_name: 'cleaned_sales_data' } }))!;
    expect(dashboard.charts!.every((c) => c.datasource_id === sales.id)).toBe(true);
  });

  it('runs every example chart through the chart data API with its saved query context, and draws it without error', async () => {
    const { renderChart } = await app.load<RenderModule>('/app/server/charts/render-chart.server.ts');
    const { loadUser } = await app.load<UserModule>('/app/server/auth/current-user.server.ts');
    const adminRow = (await app.models().User.findOne({ where: { username: 'admin' } }))!;
    const admin = (await loadUser(adminRow.id, 'bearer'))!;
    const charts = await app.models().Chart.findAll({ order: [['id', 'ASC']] });
    for (const chart of charts) {
      const context = JSON.parse(chart.query_context!) as Record<string, unknown>;
      const response = await app.fetch('/api/v1/chart/data', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(context),
      });
      const text = await response.text();
      expect(response.status, `${chart.slice_name}: ${text.slice(0, 300)}`).toBe(200);
      const results = (JSON.parse(text) as { result: { rowcount: number; error?: string | null }[] }).result;
      for (const r of results) {
        expect(r.error ?? null, chart.slice_name).toBeNull();
        expect(r.rowcount, chart.slice_name).toBeGreaterThan(0);
      }
      // The saved chart's own data endpoint answers from the same query context.
      const saved = await app.fetch(`/api/v1/chart/${chart.id}/data/`, { headers: { Authorization: `Bearer ${token}` } });
      expect(saved.status, chart.slice_name).toBe(200);

      const rendered = await renderChart(admin, JSON.parse(chart.params!), { width: 400, height: 400 });
      expect(rendered.model.kind === 'failed' || rendered.model.kind === 'empty' ? `${rendered.model.kind}: ${rendered.model.message}` : 'drawn', chart.slice_name).toBe('drawn');
    }
  }, 180_000);

  it('serves each dashboard page with a figure for each chart of the open tab and no failed chart', async () => {
    const cookie = (await app.loginWithCookie('admin', ADMIN_PASSWORD)).cookie;
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
    for (const def of EXAMPLE_DASHBOARDS) {
      const response = await app.fetch(`/superset/dashboard/${def.slug}/`, { headers: { Cookie: cookie } });
      expect(response.status, def.slug).toBe(200);
      const html = await response.text();
      expect(html).toContain(escape(def.dashboard_title));
      const dashboard = (await dashboardBySlug(def.slug))!;
      const layout = layoutOf(dashboard);
      const tabsId = topLevelTabsId(layout);
      const open = tabsId ? underTab(layout, layout[tabsId].children[0]) : Object.values(layout);
      const shown = open.filter((i) => i.type === 'CHART').map((i) => String(i.meta.sliceName));
      expect(shown.length).toBeGreaterThan(0);
      for (const title of shown) expect(html, `${def.slug}: ${title}`).toContain(`aria-label="${escape(title)}"`);
      // A chart that failed shows its message in an alert inside its figure.
      expect(html, def.slug).not.toMatch(/<figure[^>]*>\s*<p role="alert"/);
      expect(html, def.slug).not.toContain('No results were returned for this query');
    }
  }, 120_000);

  it('adds nothing the second time, from ensureExamples or from the registration itself', async () => {
    const { Chart, Dashboard } = app.models();
    const charts = await Chart.count();
    const dashboards = await Dashboard.count();
    const { ensureExamples } = await app.load<BootstrapModule>('/app/server/bootstrap.server.ts');
    const logs: string[] = [];
    await ensureExamples((m) => logs.push(m));
    expect(logs).toEqual([]);
    expect(await register(await examplesDatabase(), (m) => logs.push(m))).toEqual({ charts: 0, dashboards: 0 });
    expect(logs).toEqual([]);
    expect(await Chart.count()).toBe(charts);
    expect(await Dashboard.count()).toBe(dashboards);
  });

  it('leaves a dashboard and a chart the user edited as they are', async () => {
    const dashboard = (await dashboardBySlug('world_health'))!;
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const kept = dashboard.charts!.slice(0, 2).map((c) => c.id);
    const layout = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-mine'] },
      HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], meta: { text: 'My world' } },
      'ROW-mine': { id: 'ROW-mine', type: 'ROW', children: kept.map((id) => `CHART-${id}`), meta: { background: 'BACKGROUND_TRANSPARENT' } },
      ...Object.fromEntries(kept.map((id) => [`CHART-${id}`, { id: `CHART-${id}`, type: 'CHART', children: [], meta: { chartId: id, width: 6, height: 50 } }])),
    };
    const put = await app.fetch(`/api/v1/dashboard/${dashboard.id}`, {
      method: 'PUT', headers, body: JSON.stringify({ dashboard_title: 'My world', position_json: JSON.stringify(layout), published: false }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const chartId = dashboard.charts![0].id;
    const renamed = await app.fetch(`/api/v1/chart/${chartId}`, { method: 'PUT', headers, body: JSON.stringify({ slice_name: 'My population' }) });
    expect(renamed.status).toBe(200);

    const logs: string[] = [];
    expect(await register(await examplesDatabase(), (m) => logs.push(m))).toEqual({ charts: 0, dashboards: 0 });
    const after = (await dashboardBySlug('world_health'))!;
    expect(after).toMatchObject({ id: dashboard.id, dashboard_title: 'My world', published: false });
    expect(after.charts!.map((c) => c.id).sort((a, b) => a - b)).toEqual([...kept].sort((a, b) => a - b));
    expect((await app.models().Chart.findByPk(chartId))!.slice_name).toBe('My population');
    expect(await app.models().Dashboard.count({ where: { dashboard_title: "World Bank's Data" } })).toBe(0);
  });

  it('skips a deleted example dashboard while another dashboard holds its slug, and brings it back once the slug is free', async () => {
    const { Dashboard } = app.models();
    const sales = (await dashboardBySlug('sales'))!;
    const chartIds = sales.charts!.map((c) => c.id).sort((a, b) => a - b);
    await sales.destroy();
    const mine = await Dashboard.create({ dashboard_title: 'My sales', slug: 'sales', published: false });

    const logs: string[] = [];
    expect(await register(await examplesDatabase(), (m) => logs.push(m))).toEqual({ charts: 0, dashboards: 0 });
    expect(logs).toEqual(['a dashboard with the slug "sales" already exists; the example dashboard "Sales Dashboard" is not added']);
    expect((await dashboardBySlug('sales'))!.dashboard_title).toBe('My sales');

    await mine.destroy();
    expect(await register(await examplesDatabase(), () => {})).toEqual({ charts: 0, dashboards: 1 });
    const back = (await dashboardBySlug('sales'))!;
    expect(back.dashboard_title).toBe('Sales Dashboard');
    expect(back.charts!.map((c) => c.id).sort((a, b) => a - b)).toEqual(chartIds);
  });

  it('on another database, finds the datasets by table name and makes only the charts whose dataset is there', async () => {
    const { Database, Dataset, Chart } = app.models();
    const { exampleDatasetsOn, registerExampleCharts } = await app.load<ChartsModule>('/app/server/examples/charts.server.ts');
    const other = await Database.create({ database_name: 'other examples', sqlalchemy_uri: `sqlite:///${file}` });
    const births = await Dataset.create({ database_id: other.id, schema: 'main', table_name: 'birth_names' });
    const found = await exampleDatasetsOn(other, EXAMPLE_CHARTS.map((c) => c.dataset));
    expect([...found.values()].map((d) => d.id)).toEqual([births.id]);

    // Every example chart's uuid is taken already: nothing is made twice, whatever the database.
    const logs: string[] = [];
    expect(await register(other, (m) => logs.push(m))).toEqual({ charts: 0, dashboards: 0 });
    expect(logs).toEqual([]);
    // Definitions whose uuids are free: only the birth_names ones can be made there.
    const fresh = EXAMPLE_CHARTS.map((c) => ({ ...c, uuid: crypto.randomUUID() }));
    const made = await registerExampleCharts(other, null, (m) => logs.push(m), fresh);
    const birthCharts = fresh.filter((c) => c.dataset.table_name === 'birth_names');
    expect(made.added).toBe(birthCharts.length);
    expect(logs).toEqual(['the examples database "other examples" has no dataset "wb_health_population", "cleaned_sales_data"; their example charts are not made']);
    const saved = await Chart.findAll({ where: { uuid: birthCharts.map((c) => c.uuid) } });
    expect(saved.every((c) => c.datasource_id === births.id && JSON.parse(c.params!).datasource === `${births.id}__table`)).toBe(true);
  });
});

describe.skipIf(!postgresUp)('example charts on a PostgreSQL examples database', () => {
  let pgDb: TempDatabase;
  afterAll(() => pgDb?.drop());

  it('draws every example chart on datasets made by hand from the warehouse tables', async () => {
    pgDb = await createTempPostgresDatabase('sightline_example_charts');
    const tables = ['birth_names', 'wb_health_population', 'cleaned_sales_data'];
    await loadExamples({ url: pgDb.url, tables });
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const created = await app.fetch('/api/v1/database/', { method: 'POST', headers, body: JSON.stringify({ database_name: 'pg examples', sqlalchemy_uri: pgDb.url }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const databaseId = ((await created.json()) as { id: number }).id;
    for (const table_name of tables) {
      const made = await app.fetch('/api/v1/dataset/', { method: 'POST', headers, body: JSON.stringify({ database: databaseId, schema: 'public', table_name }) });
      expect(made.status, await made.clone().text()).toBe(201);
    }
    const database = (await app.models().Database.findByPk(databaseId))!;
    const { registerExampleCharts } = await app.load<ChartsModule>('/app/server/examples/charts.server.ts');
    const { renderChart } = await app.load<RenderModule>('/app/server/charts/render-chart.server.ts');
    const { loadUser } = await app.load<UserModule>('/app/server/auth/current-user.server.ts');
    const admin = (await loadUser((await app.models().User.findOne({ where: { username: 'admin' } }))!.id, 'bearer'))!;
    // The example uuids are taken by the SQLite examples above: the same definitions under fresh uuids.
    const fresh = EXAMPLE_CHARTS.map((c) => ({ ...c, uuid: crypto.randomUUID() }));
    const logs: string[] = [];
    const made = await registerExampleCharts(database, null, (m) => logs.push(m), fresh);
    expect(logs).toEqual([]);
    expect(made.added).toBe(EXAMPLE_CHARTS.length);
    for (const def of fresh) {
      const chart = (await app.models().Chart.findOne({ where: { uuid: def.uuid } }))!;
      const rendered = await renderChart(admin, JSON.parse(chart.params!), { width: 400, height: 400 });
      expect(rendered.model.kind === 'failed' || rendered.model.kind === 'empty' ? `${rendered.model.kind}: ${rendered.model.message}` : 'drawn', chart.slice_name).toBe('drawn');
    }
  }, 240_000);
});
