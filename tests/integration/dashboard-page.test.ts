/**
 * The dashboard page through the real handler, as a browser without JavaScript reads it: only the
 * active tab's charts are drawn (SVG in the HTML), `?tab=` draws the other tab's on the server,
 * the page answers by slug and by id at both addresses, a draft is a 404 for someone who does not
 * own it, markdown with a script tag comes out as text, standalone hides the navigation, and the
 * chart route answers a chart of the dashboard and 404s for one that is not on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadExamples } from '../../app/server/examples/load.server';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

const BAR = 'Births by gender';
const PIE = 'Gender split';
const OTHER = 'Not on the board';

/** Two top-level tabs: the first with the bar chart and a markdown block, the second with the pie. */
function tabbedLayout(bar: number, pie: number) {
  const item = (id: string, type: string, children: string[], parents: string[], meta: Record<string, unknown> = {}) => ({ id, type, children, parents, meta });
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: item('ROOT_ID', 'ROOT', ['TABS-top'], []),
    'TABS-top': item('TABS-top', 'TABS', ['TAB-first', 'TAB-second'], ['ROOT_ID']),
    'TAB-first': item('TAB-first', 'TAB', ['HEADER-h', 'ROW-a'], ['ROOT_ID', 'TABS-top'], { text: 'First tab' }),
    'HEADER-h': item('HEADER-h', 'HEADER', [], ['ROOT_ID', 'TABS-top', 'TAB-first'], { text: 'Births', headerSize: 'LARGE_HEADER', background: 'BACKGROUND_WHITE' }),
    'ROW-a': item('ROW-a', 'ROW', ['CHART-bar', 'MARKDOWN-m'], ['ROOT_ID', 'TABS-top', 'TAB-first'], { background: 'BACKGROUND_TRANSPARENT' }),
    'CHART-bar': item('CHART-bar', 'CHART', [], ['ROOT_ID', 'TABS-top', 'TAB-first', 'ROW-a'], { chartId: bar, width: 8, height: 50 }),
    'MARKDOWN-m': item('MARKDOWN-m', 'MARKDOWN', [], ['ROOT_ID', 'TABS-top', 'TAB-first', 'ROW-a'], {
      width: 4, height: 30, code: '## Notes\n\nRead **this** <script>alert("owned")</script> [link](javascript:alert(1))',
    }),
    'TAB-second': item('TAB-second', 'TAB', ['ROW-b'], ['ROOT_ID', 'TABS-top'], { text: 'Second tab' }),
    'ROW-b': item('ROW-b', 'ROW', ['CHART-pie'], ['ROOT_ID', 'TABS-top', 'TAB-second'], {}),
    'CHART-pie': item('CHART-pie', 'CHART', [], ['ROOT_ID', 'TABS-top', 'TAB-second', 'ROW-b'], { chartId: pie, width: 6, height: 50 }),
    GRID_ID: item('GRID_ID', 'GRID', [], ['ROOT_ID']),
    HEADER_ID: item('HEADER_ID', 'HEADER', [], [], { text: 'Births board' }),
  };
}

/** Whether the HTML holds the chart titled `title` drawn as SVG (its figure, then the server's SVG). */
const drawnAsSvg = (html: string, title: string) => new RegExp(`<figure[^>]*aria-label="${title}"[^>]*>\\s*<div[^>]*><svg`).test(html);

describe('the dashboard page', () => {
  let s: SqlLabApp;
  let dir: string;
  let board: number;
  let draft: number;
  let chart: { bar: number; pie: number; other: number };
  let alpha: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-dashboard-page-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'dashboard_examples', sqlalchemy_uri: url });
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    const datasource = `${created.body.id}__table`;
    const m = s.app.models();
    const makeChart = async (slice_name: string, viz_type: string, params: Record<string, unknown>) =>
      (await m.Chart.create({ slice_name, viz_type, datasource_id: created.body.id, datasource_type: 'table', params: JSON.stringify({ datasource, viz_type, ...params }) })).id;
    chart = {
      bar: await makeChart(BAR, 'echarts_timeseries_bar', { metrics: ['count'], x_axis: 'ds', groupby: ['gender'], time_range: 'No filter', row_limit: 1000, time_grain_sqla: 'P1Y' }),
      pie: await makeChart(PIE, 'pie', { metric: 'count', groupby: ['gender'], time_range: 'No filter', row_limit: 100 }),
      other: await makeChart(OTHER, 'pie', { metric: 'count', groupby: ['gender'], time_range: 'No filter' }),
    };
    const adminId = (await m.User.findOne({ where: { username: 'admin' } }))!.id;
    const dashboard = async (fields: { title: string; slug: string | null; published: boolean }) => {
      const d = await m.Dashboard.create({ dashboard_title: fields.title, slug: fields.slug, published: fields.published, position_json: JSON.stringify(tabbedLayout(chart.bar, chart.pie)) });
      const links = d as unknown as { addOwners(ids: number[]): Promise<void>; addCharts(ids: number[]): Promise<void> };
      await links.addOwners([adminId]);
      await links.addCharts([chart.bar, chart.pie]);
      return d.id;
    };
    board = await dashboard({ title: 'Births board', slug: 'births-board', published: true });
    draft = await dashboard({ title: 'Draft board', slug: null, published: false });
    alpha = (await s.userWith('dashboard_page_alpha', [], ['Alpha'])).token;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (pathname: string, token = s.adminToken) => {
    const response = await s.app.fetch(pathname, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, html: await response.text(), type: response.headers.get('Content-Type') };
  };

  it("draws only the first tab's charts, and the other tab's when ?tab= opens it", async () => {
    const first = await page('/superset/dashboard/births-board/');
    expect(first.status, first.html.slice(0, 500)).toBe(200);
    expect(first.html).toMatch(/<h1[^>]*>Births board<\/h1>/);
    expect(first.html.match(/<h1\b/g)).toHaveLength(1);
    expect(drawnAsSvg(first.html, BAR)).toBe(true);
    expect(first.html).not.toContain(`aria-label="${PIE}"`);
    // The tabs are links: the active one is the current page, the other leads to the page with it.
    expect(first.html).toMatch(/<a href="[^"]*"[^>]*aria-current="page"[^>]*>First tab<\/a>/);
    const link = /<a href="([^"]*)"[^>]*>Second tab<\/a>/.exec(first.html);
    expect(link?.[1]).toBe('/superset/dashboard/births-board/?tab=TAB-second');

    const second = await page(link![1].replace(/&amp;/g, '&'));
    expect(second.status).toBe(200);
    expect(drawnAsSvg(second.html, PIE)).toBe(true);
    expect(second.html).not.toContain(`aria-label="${BAR}"`);
    expect(second.html).toMatch(/aria-current="page"[^>]*>Second tab<\/a>/);
  });

  it('answers by slug and by id, at /superset/dashboard/ and at /dashboard/', async () => {
    for (const address of [`/superset/dashboard/${board}/`, '/dashboard/births-board/', `/dashboard/${board}/`]) {
      const { status, html } = await page(address);
      expect(status, address).toBe(200);
      expect(html, address).toMatch(/<h1[^>]*>Births board<\/h1>/);
      expect(drawnAsSvg(html, BAR), address).toBe(true);
    }
    // The list keeps its own address.
    expect((await page('/dashboard/list/')).html).not.toMatch(/<h1[^>]*>Births board<\/h1>/);
  });

  it('is a 404 for a draft its viewer does not own, and for no dashboard at all', async () => {
    expect((await page(`/superset/dashboard/${draft}/`)).status).toBe(200);
    expect((await page(`/superset/dashboard/${draft}/`, alpha)).status).toBe(404);
    expect((await page('/superset/dashboard/no-such-board/')).status).toBe(404);
    expect((await page('/dashboard/999999/')).status).toBe(404);
  });

  it('renders markdown safely: a script tag is text, a javascript: link is no link', async () => {
    const { html } = await page('/superset/dashboard/births-board/');
    expect(html).toContain('<h2>Notes</h2>');
    expect(html).toContain('<strong>this</strong>');
    expect(html).toContain('&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert("owned")');
    expect(html).not.toContain('href="javascript:');
  });

  it('offers the chart options and the Refresh form, and Edit dashboard only to editors', async () => {
    const { html } = await page('/superset/dashboard/births-board/');
    expect(html).toContain(`aria-label="Options for ${BAR}"`);
    expect(html).toContain(`href="/explore/?slice_id=${chart.bar}"`);
    expect(html).toMatch(/<form method="post" action="\/api\/v1\/chart\/data">/);
    expect(html).toContain('Download CSV');
    expect(html).toContain('View query');
    expect(html).toMatch(/<form method="get" aria-label="Refresh dashboard">/);
    expect(html).toContain('Edit dashboard');
    expect(html).toContain('Published');
    const seenByAlpha = await page('/superset/dashboard/births-board/', alpha);
    expect(seenByAlpha.status).toBe(200);
    expect(seenByAlpha.html).not.toContain('Edit dashboard');
  });

  it('draws again with force=true', async () => {
    const { status, html } = await page('/superset/dashboard/births-board/?force=true');
    expect(status).toBe(200);
    expect(drawnAsSvg(html, BAR)).toBe(true);
  });

  it('hides the navigation, the title and the chart options as standalone says', async () => {
    const full = await page('/superset/dashboard/births-board/');
    expect(full.html).toContain('aria-label="Main"');
    const standalone = await page('/superset/dashboard/births-board/?standalone=true');
    expect(standalone.html).not.toContain('aria-label="Main"');
    expect(standalone.html).toMatch(/<h1[^>]*>Births board<\/h1>/);
    const bare = await page('/superset/dashboard/births-board/?standalone=11');
    expect(bare.html).not.toContain('aria-label="Main"');
    expect(bare.html).toMatch(/<h1 class="sr-only">Births board<\/h1>/);
    expect(bare.html).not.toContain(`aria-label="Options for ${BAR}"`);
    expect(bare.html).not.toContain('aria-label="Dashboard tabs"');
    expect(drawnAsSvg(bare.html, BAR)).toBe(true);
    // The tab links keep the standalone view.
    expect(standalone.html).toContain('href="/superset/dashboard/births-board/?standalone=true&amp;tab=TAB-second"');
  });

  it("answers a chart of the dashboard as JSON, and 404s for one not on it or a dashboard out of sight", async () => {
    const answer = await s.call<{ vizType: string; model: { kind: string; svg?: string } }>('GET', `/superset/dashboard/births-board/chart/${chart.pie}`);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.body.vizType).toBe('pie');
    expect(answer.body.model.kind).toBe('echarts');
    expect(answer.body.model.svg).toContain('<svg');
    // Not on the dashboard: a 404 for someone who may not edit it (editors may draw it: dashboard-page-render.test.ts).
    expect((await s.call('GET', `/superset/dashboard/${board}/chart/${chart.other}`, undefined, alpha)).status).toBe(404);
    expect((await s.call('GET', `/superset/dashboard/${board}/chart/abc`)).status).toBe(404);
    expect((await s.call('GET', `/superset/dashboard/${draft}/chart/${chart.pie}`, undefined, alpha)).status).toBe(404);
  });
});
