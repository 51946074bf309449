/**
 * The legacy filter box (`filter_box`) filtering the other charts of its dashboard, through the
 * real loader and the real chart route on the examples' wb_health_population: the box's GET fields
 * (`filter_box.<chartId>.region=…`) narrow a table of countries on a dashboard without native
 * filters; the box shows what is chosen and is not filtered itself; default_filters apply when the
 * URL has nothing of the box (its marker field alone clears them); filter_scopes' immune charts are
 * left alone; hostile fields answer the page, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadExamples } from '../../app/server/examples/load.server';
import { COUNTRIES } from '../../app/server/examples/tables/countries.server';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

type PageModule = typeof import('../../app/server/dashboards/page.server');
type CurrentUserModule = typeof import('../../app/server/auth/current-user.server');
type Page = Awaited<ReturnType<PageModule['loadDashboardPage']>>;

const NORTH_AMERICA = COUNTRIES.filter((c) => c.region === 'North America').map((c) => c.name).sort();
const ALL_COUNTRIES = COUNTRIES.length;

const item = (id: string, type: string, children: string[], parents: string[], meta: Record<string, unknown> = {}) => ({ id, type, children, parents, meta });
function twoChartLayout(boxId: number, chartId: number) {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: item('ROOT_ID', 'ROOT', ['GRID_ID'], []),
    GRID_ID: item('GRID_ID', 'GRID', ['ROW-0'], ['ROOT_ID']),
    HEADER_ID: item('HEADER_ID', 'HEADER', [], [], { text: 'Filter box' }),
    'ROW-0': item('ROW-0', 'ROW', ['CHART-box', 'CHART-0'], ['ROOT_ID', 'GRID_ID']),
    'CHART-box': item('CHART-box', 'CHART', [], ['ROOT_ID', 'GRID_ID', 'ROW-0'], { chartId: boxId, width: 4, height: 50 }),
    'CHART-0': item('CHART-0', 'CHART', [], ['ROOT_ID', 'GRID_ID', 'ROW-0'], { chartId, width: 6, height: 50 }),
  };
}

describe('the filter box on the dashboard page', () => {
  let s: SqlLabApp;
  let dir: string;
  let pages: PageModule;
  let admin: NonNullable<Awaited<ReturnType<CurrentUserModule['loadUser']>>>;
  let chartId: number;
  let boxId: number;
  let board: { main: number; defaults: number; immune: number };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-filter-box-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['wb_health_population'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'filter_box_examples', sqlalchemy_uri: url });
    const wb = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'wb_health_population' });
    expect(wb.status, wb.text).toBe(201);
    const m = s.app.models();
    const datasource = `${wb.body.id}__table`;
    chartId = (await m.Chart.create({
      slice_name: 'Countries', viz_type: 'table', datasource_id: wb.body.id, datasource_type: 'table',
      params: JSON.stringify({ datasource, viz_type: 'table', query_mode: 'aggregate', groupby: ['country_name'], metrics: ['count'], row_limit: 1000, time_range: 'No filter' }),
    })).id;
    boxId = (await m.Chart.create({
      slice_name: 'Region box', viz_type: 'filter_box', datasource_id: wb.body.id, datasource_type: 'table',
      params: JSON.stringify({ datasource, viz_type: 'filter_box', filter_configs: [{ column: 'region', label: 'Region', multiple: true }], date_filter: false, time_range: 'No filter' }),
    })).id;
    const adminRecord = (await m.User.findOne({ where: { username: 'admin' } }))!;
    const dashboard = async (slug: string, metadata: Record<string, unknown>) => {
      const d = await m.Dashboard.create({
        dashboard_title: slug, slug, published: true, position_json: JSON.stringify(twoChartLayout(boxId, chartId)), json_metadata: JSON.stringify(metadata),
      });
      const links = d as unknown as { addOwners(ids: number[]): Promise<void>; addCharts(ids: number[]): Promise<void> };
      await links.addOwners([adminRecord.id]);
      await links.addCharts([boxId, chartId]);
      return d.id;
    };
    board = {
      main: await dashboard('fb-main', {}),
      defaults: await dashboard('fb-defaults', { default_filters: JSON.stringify({ [boxId]: { region: ['North America'] } }) }),
      immune: await dashboard('fb-immune', { filter_scopes: { [boxId]: { region: { scope: ['ROOT_ID'], immune: [chartId] } } } }),
    };
    pages = await s.app.load<PageModule>('/app/server/dashboards/page.server.ts');
    const { loadUser } = await s.app.load<CurrentUserModule>('/app/server/auth/current-user.server.ts');
    admin = (await loadUser(adminRecord.id, 'bearer'))!;
  }, 240_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const countriesOf = (page: Page) => (page.rendered[chartId].queriesData[0].data as { country_name: string }[]).map((r) => r.country_name).sort();
  const regionField = () => `filter_box.${boxId}.region`;
  const load = (id: number, fields: [string, string][] = []) => pages.loadDashboardPage(admin, { id }, { nativeFilters: { fields } });
  const boxSelection = (page: Page) => (page.rendered[boxId].model as unknown as { props: { filters: { selected: string[] }[] } }).props.filters[0].selected;
  const boxRegions = (page: Page) => page.rendered[boxId].queriesData[0].data.length;

  it('draws every country with nothing chosen, and the box offers every region', async () => {
    const page = await load(board.main);
    expect(page.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
    expect(boxRegions(page)).toBe(7);
    expect(boxSelection(page)).toEqual([]);
  });

  it("narrows the other chart by the box's field, reports it by the filter's label, and leaves the box unfiltered", async () => {
    const page = await load(board.main, [[regionField(), 'North America']]);
    expect(countriesOf(page)).toEqual(NORTH_AMERICA);
    expect(page.rendered[chartId].queryContext?.queries[0].filters).toContainEqual({ col: 'region', op: 'IN', val: ['North America'] });
    expect(page.nativeFilters?.perChart[chartId].applied).toEqual(['Region']);
    // No native filter: the bar stays hidden (no items).
    expect(page.nativeFilters?.items).toEqual([]);
    // The box shows the choice, still offers every region, and its query does not carry the selection.
    expect(boxSelection(page)).toEqual(['North America']);
    expect(boxRegions(page)).toBe(7);
    expect(JSON.stringify(page.rendered[boxId].queryContext)).not.toContain('North America');
  });

  it('takes several values of the field as one IN filter', async () => {
    const page = await load(board.main, [[regionField(), 'North America'], [regionField(), 'South Asia']]);
    const southAsia = COUNTRIES.filter((c) => c.region === 'South Asia').length;
    expect(page.rendered[chartId].rowCount).toBe(NORTH_AMERICA.length + southAsia);
  });

  it('filters the chart route the same way, from the URL', async () => {
    const q = `${encodeURIComponent(regionField())}=North+America`;
    const filtered = await s.call<{ rowCount: number }>('GET', `/superset/dashboard/fb-main/chart/${chartId}?${q}`);
    expect(filtered.status, filtered.text).toBe(200);
    expect(filtered.body.rowCount).toBe(NORTH_AMERICA.length);
    const page = await s.call('GET', `/superset/dashboard/fb-main/?${q}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Bermuda');
    expect(page.text).not.toContain('Afghanistan');
  });

  it("starts from default_filters when the URL has nothing of the box; the box's marker alone clears them", async () => {
    const page = await load(board.defaults);
    expect(countriesOf(page)).toEqual(NORTH_AMERICA);
    expect(boxSelection(page)).toEqual(['North America']);
    const cleared = await load(board.defaults, [[`filter_box.${boxId}`, '1']]);
    expect(cleared.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
    expect(boxSelection(cleared)).toEqual([]);
  });

  it("leaves a chart immune in filter_scopes alone", async () => {
    const page = await load(board.immune, [[regionField(), 'North America']]);
    expect(page.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
    expect(page.nativeFilters?.perChart[chartId]?.applied ?? []).toEqual([]);
  });

  it('answers hostile filter-box fields with the page, never a 500', async () => {
    const field = encodeURIComponent(regionField());
    const hostile = [
      `${field}=${encodeURIComponent("'; DROP TABLE wb_health_population; --")}`,
      `${field}=${'x'.repeat(5000)}`,
      `${encodeURIComponent(`filter_box.${boxId}.__time_range`)}=${encodeURIComponent('garbage : : ')}`,
      `${encodeURIComponent(`filter_box.${boxId}.country_name) OR 1=1 --`)}=1`,
      `${encodeURIComponent(`filter_box.${boxId}.__proto__`)}=1&filter_box.abc.region=1&filter_box.=1&filter_box.99999.region=1`,
      Array.from({ length: 3000 }, (_, i) => `${field}=v${i}`).join('&'),
    ];
    for (const query of hostile) {
      const pageAnswer = await s.call('GET', `/superset/dashboard/fb-main/?${query}`);
      expect(pageAnswer.status, `${query.slice(0, 80)}: ${pageAnswer.text.slice(0, 200)}`).toBe(200);
      const chartAnswer = await s.call('GET', `/superset/dashboard/fb-main/chart/${chartId}?${query}`);
      expect(chartAnswer.status, `${query.slice(0, 80)}: ${chartAnswer.text.slice(0, 200)}`).toBe(200);
    }
    // The table still stands, and the injected text was a value like any other (no country).
    const page = await load(board.main, [[regionField(), "'; DROP TABLE wb_health_population; --"]]);
    expect(page.rendered[chartId].rowCount).toBe(0);
    expect((await load(board.main)).rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
