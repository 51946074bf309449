/**
 * How the dashboard page draws its charts, through the real loader and the real chart route:
 * one colour context per page (a label has the same colour in every chart, the dashboard's
 * label_colors are forced, its color_scheme replaces the charts' own), and the chart route gives
 * a chart the colours the page would; charts below the fold are left to the browser and listed,
 * and the chart route draws them; `?format=html` is a standalone document that runs nothing;
 * `?width=&height=` draw at another size; an editor may draw a chart not yet on the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadExamples } from '../../app/server/examples/load.server';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

type PageModule = typeof import('../../app/server/dashboards/page.server');
type CurrentUserModule = typeof import('../../app/server/auth/current-user.server');
type Drawn = { vizType: string; formData: { color_scheme?: string; label_colors?: Record<string, string> }; model: { kind: string; svg?: string; width?: number; height?: number } };

const GIRLS = 'Girls only';
const BAR = 'Births by gender';
const PIE = 'Gender split';
const OTHER = 'Not on any board';
const SUPERSET_COLORS = ['#1FA8C9', '#454E7C'];
const BNB_FIRST = '#29696B';
const FORCED_BOY = '#123456';

type Item = { id: string; type: string; children: string[]; parents: string[]; meta: Record<string, unknown> };
const item = (id: string, type: string, children: string[], parents: string[], meta: Record<string, unknown> = {}): Item => ({ id, type, children, parents, meta });

/** Rows under the grid, each holding the charts given (`height` units tall, 6 columns wide). */
function rowsLayout(rows: number[][], height = 50) {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: item('ROOT_ID', 'ROOT', ['GRID_ID'], []),
    GRID_ID: item('GRID_ID', 'GRID', rows.map((_, r) => `ROW-${r}`), ['ROOT_ID']),
    HEADER_ID: item('HEADER_ID', 'HEADER', [], [], { text: 'Board' }),
  };
  rows.forEach((charts, r) => {
    layout[`ROW-${r}`] = item(`ROW-${r}`, 'ROW', charts.map((id) => `CHART-${r}-${id}`), ['ROOT_ID', 'GRID_ID']);
    for (const id of charts) layout[`CHART-${r}-${id}`] = item(`CHART-${r}-${id}`, 'CHART', [], ['ROOT_ID', 'GRID_ID', `ROW-${r}`], { chartId: id, width: 6, height });
  });
  return layout;
}

const drawnAsSvg = (html: string, title: string) => new RegExp(`<figure[^>]*aria-label="${title}"[^>]*>\\s*<div[^>]*><svg`).test(html);

describe('drawing the dashboard page', () => {
  let s: SqlLabApp;
  let dir: string;
  let pages: PageModule;
  let admin: NonNullable<Awaited<ReturnType<CurrentUserModule['loadUser']>>>;
  let alpha: string;
  let chart: { girls: number; bar: number; pie: number; other: number };
  let board: { shared: number; forced: number; tall: number };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-dashboard-render-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'dashboard_render_examples', sqlalchemy_uri: url });
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    const datasource = `${created.body.id}__table`;
    const m = s.app.models();
    const makeChart = async (slice_name: string, viz_type: string, params: Record<string, unknown>) =>
      (await m.Chart.create({ slice_name, viz_type, datasource_id: created.body.id, datasource_type: 'table', params: JSON.stringify({ datasource, viz_type, ...params }) })).id;
    const girlsOnly = [{ expressionType: 'SIMPLE', subject: 'gender', operator: '==', comparator: 'girl', clause: 'WHERE' }];
    chart = {
      girls: await makeChart(GIRLS, 'pie', { metric: 'count', groupby: ['gender'], adhoc_filters: girlsOnly, time_range: 'No filter' }),
      bar: await makeChart(BAR, 'echarts_timeseries_bar', { metrics: ['count'], x_axis: 'ds', groupby: ['gender'], truncate_metric: true, time_range: 'No filter', row_limit: 1000, time_grain_sqla: 'P1Y' }),
      pie: await makeChart(PIE, 'pie', { metric: 'count', groupby: ['gender'], time_range: 'No filter' }),
      other: await makeChart(OTHER, 'pie', { metric: 'count', groupby: ['gender'], time_range: 'No filter' }),
    };
    const adminRecord = (await m.User.findOne({ where: { username: 'admin' } }))!;
    const dashboard = async (slug: string, rows: number[][], metadata: Record<string, unknown> = {}, height = 50) => {
      const d = await m.Dashboard.create({
        dashboard_title: slug, slug, published: true, position_json: JSON.stringify(rowsLayout(rows, height)), json_metadata: JSON.stringify(metadata),
      });
      const links = d as unknown as { addOwners(ids: number[]): Promise<void>; addCharts(ids: number[]): Promise<void> };
      await links.addOwners([adminRecord.id]);
      await links.addCharts([...new Set(rows.flat())]);
      return d.id;
    };
    board = {
      shared: await dashboard('shared-colours', [[chart.girls, chart.bar]]),
      forced: await dashboard('forced-colours', [[chart.pie, chart.bar]], { color_scheme: 'bnbColors', label_colors: { boy: FORCED_BOY } }),
      // Rows of 100 units (800 px): the third row starts below the 1600 px fold.
      tall: await dashboard('tall-board', [[chart.girls], [chart.bar], [chart.pie]], {}, 100),
    };
    pages = await s.app.load<PageModule>('/app/server/dashboards/page.server.ts');
    const { loadUser } = await s.app.load<CurrentUserModule>('/app/server/auth/current-user.server.ts');
    admin = (await loadUser(adminRecord.id, 'bearer'))!;
    alpha = (await s.userWith('dashboard_render_alpha', [], ['Alpha'])).token;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const route = (slug: string, chartId: number, query = '', token = s.adminToken) => s.call<Drawn>('GET', `/superset/dashboard/${slug}/chart/${chartId}${query}`, undefined, token);
  const colorsOf = (drawn: { formData: Record<string, unknown> }) => (drawn.formData.label_colors ?? {}) as Record<string, string>;

  it('gives a label the same colour in every chart of the page, whichever chart met it first', async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.shared });
    const girls = colorsOf(page.rendered[chart.girls]);
    const bar = colorsOf(page.rendered[chart.bar]);
    // The first chart in the layout met only 'girl': the scheme's first colour. The bar keeps it
    // for 'girl' and gives 'boy' the next colour, although it meets 'boy' first.
    expect(girls).toEqual({ girl: SUPERSET_COLORS[0] });
    expect(bar).toEqual({ boy: SUPERSET_COLORS[1], girl: SUPERSET_COLORS[0] });
    expect(page.rendered[chart.bar].model.kind).toBe('echarts');
    expect((page.rendered[chart.bar].model as { svg: string }).svg).toContain(SUPERSET_COLORS[1]);

    // The chart route (a chart fetched by the browser) gives the colours the page gave.
    const fetched = await route('shared-colours', chart.bar);
    expect(fetched.status, fetched.text.slice(0, 300)).toBe(200);
    expect(colorsOf(fetched.body)).toEqual(bar);
  });

  it("forces the dashboard's label_colors and draws in its color_scheme", async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.forced });
    for (const id of [chart.pie, chart.bar]) {
      const drawn = page.rendered[id];
      expect(drawn.formData.color_scheme).toBe('bnbColors');
      expect(colorsOf(drawn)).toEqual({ boy: FORCED_BOY, girl: BNB_FIRST });
      expect((drawn.model as { svg: string }).svg.toLowerCase()).toContain(FORCED_BOY);
    }
    const html = await (await s.app.fetch('/superset/dashboard/forced-colours/', { headers: { Authorization: `Bearer ${s.adminToken}` } })).text();
    expect(html.toLowerCase()).toContain(`fill="${FORCED_BOY}"`);
    expect(html.toLowerCase()).toContain(BNB_FIRST.toLowerCase());
    const fetched = await route('forced-colours', chart.pie);
    expect(colorsOf(fetched.body)).toEqual({ boy: FORCED_BOY, girl: BNB_FIRST });
  });

  it('leaves the charts below the fold to the browser, lists them, and the chart route draws them in the page colours', async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.tall });
    expect(page.deferredCharts).toEqual([chart.pie]);
    expect(Object.keys(page.rendered).map(Number).sort()).toEqual([chart.girls, chart.bar].sort());

    const html = await (await s.app.fetch('/superset/dashboard/tall-board/', { headers: { Authorization: `Bearer ${s.adminToken}` } })).text();
    expect(drawnAsSvg(html, GIRLS)).toBe(true);
    expect(drawnAsSvg(html, BAR)).toBe(true);
    expect(drawnAsSvg(html, PIE)).toBe(false);

    const deferred = await route('tall-board', chart.pie);
    expect(deferred.status, deferred.text.slice(0, 300)).toBe(200);
    expect(deferred.body.model.svg).toContain('<svg');
    // After the charts the page drew: 'girl' from the first, 'boy' from the bar.
    expect(colorsOf(deferred.body)).toEqual({ boy: SUPERSET_COLORS[1], girl: SUPERSET_COLORS[0] });
  });

  it('draws a ?focused_chart= below the fold with the page, and marks it', async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.tall }, { focusedChart: chart.pie });
    expect(page.focusedChart).toBe(chart.pie);
    expect(page.deferredCharts).toEqual([]);
    expect(Object.keys(page.rendered).map(Number)).toContain(chart.pie);
    const html = await (await s.app.fetch(`/superset/dashboard/tall-board/?focused_chart=${chart.pie}`, { headers: { Authorization: `Bearer ${s.adminToken}` } })).text();
    expect(drawnAsSvg(html, PIE)).toBe(true);
    expect(html).toContain('data-focused="true"');
    // A chart that is not on the dashboard focuses nothing.
    expect((await pages.loadDashboardPage(admin, { id: board.tall }, { focusedChart: 999_999 })).focusedChart).toBeNull();
  });

  it("reuses the page's drawings for the next viewer once every chart's data comes from the cache", async () => {
    await pages.loadDashboardPage(admin, { id: board.tall }, { force: true });
    const warm = await pages.loadDashboardPage(admin, { id: board.tall });
    const again = await pages.loadDashboardPage(admin, { id: board.tall });
    expect(again.rendered).toBe(warm.rendered);
    // Refresh draws anew.
    expect((await pages.loadDashboardPage(admin, { id: board.tall }, { force: true })).rendered).not.toBe(warm.rendered);
  });

  it('answers ?format=html as a standalone document that runs nothing, and errors as HTML too', async () => {
    const answer = await route('tall-board', chart.pie, '?format=html');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const csp = answer.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(answer.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(answer.text).toMatch(/^<!doctype html>/);
    expect(answer.text).toContain(`<title>${PIE}</title>`);
    expect(answer.text).toContain('<svg');
    expect(answer.text).not.toMatch(/<script\b/);

    const missing = await route('tall-board', chart.other, '?format=html', alpha);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(missing.text).toContain('Chart not found on this dashboard.');
    expect(missing.text).not.toMatch(/^\s*\{/);
  });

  it('draws at ?width= and ?height=, clamped, instead of the layout box', async () => {
    const sized = await route('tall-board', chart.bar, '?width=640&height=300');
    expect(sized.status).toBe(200);
    expect(sized.body.model).toMatchObject({ kind: 'echarts', width: 640, height: 300 });
    expect(sized.body.model.svg).toMatch(/<svg[^>]*width="640"/);
    const clamped = await route('tall-board', chart.bar, '?width=5&height=99999');
    expect(clamped.body.model).toMatchObject({ width: 100, height: 4000 });
    const layoutBox = await route('tall-board', chart.bar);
    expect(layoutBox.body.model).toMatchObject({ width: 584, height: 760 });
    expect((await route('tall-board', chart.bar, '?width=wide')).status).toBe(400);
  });

  it('draws a chart not on the dashboard for someone who may edit it, and 404s for a viewer', async () => {
    const owner = await route('tall-board', chart.other);
    expect(owner.status, owner.text.slice(0, 300)).toBe(200);
    expect(owner.body.vizType).toBe('pie');
    expect(owner.body.model.svg).toContain('<svg');
    expect((await route('tall-board', chart.other, '', alpha)).status).toBe(404);
    // A chart on the dashboard stays visible to the viewer.
    expect((await route('tall-board', chart.bar, '', alpha)).status).toBe(200);
  });
});
