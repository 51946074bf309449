/**
 * Native filters on the server-drawn dashboard, through the real loader and the real chart route
 * on the examples' wb_health_population: a region Value filter narrows the chart and a country
 * filter whose parent is region offers only the region's countries, whether the values come from
 * the bar's GET form (`nf.<id>=`) or Superset's `native_filters` rison; defaults apply without
 * parameters ('first item' too); a required filter without value says so; a filter on another
 * dataset is refused by the chart, with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseLayout } from '../../app/lib/dashboard/layout';
import { encodeRison } from '../../app/lib/rison';
import { readDashboardJsonMetadata } from '../../app/lib/stored-json/dashboard-json-metadata';
import { loadExamples } from '../../app/server/examples/load.server';
import { COUNTRIES } from '../../app/server/examples/tables/countries.server';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';


type PageModule = typeof import('../../app/server/dashboards/page.server');
type FiltersModule = typeof import('../../app/server/dashboards/native-filters.server');
type CurrentUserModule = typeof import('../../app/server/auth/current-user.server');
type Page = Awaited<ReturnType<PageModule['loadDashboardPage']>>;

const REGION = 'NATIVE_FILTER-region';
const COUNTRY = 'NATIVE_FILTER-country';
const OTHER = 'NATIVE_FILTER-other';
const NORTH_AMERICA = COUNTRIES.filter((c) => c.region === 'North America').map((c) => c.name).sort();
const ALL_COUNTRIES = COUNTRIES.length;

const item = (id: string, type: string, children: string[], parents: string[], meta: Record<string, unknown> = {}) => ({ id, type, children, parents, meta });
function oneChartLayout(chartId: number) {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: item('ROOT_ID', 'ROOT', ['GRID_ID'], []),
    GRID_ID: item('GRID_ID', 'GRID', ['ROW-0'], ['ROOT_ID']),
    HEADER_ID: item('HEADER_ID', 'HEADER', [], [], { text: 'Filters' }),
    'ROW-0': item('ROW-0', 'ROW', ['CHART-0'], ['ROOT_ID', 'GRID_ID']),
    'CHART-0': item('CHART-0', 'CHART', [], ['ROOT_ID', 'GRID_ID', 'ROW-0'], { chartId, width: 6, height: 50 }),
  };
}

function selectFilter(id: string, name: string, datasetId: number, column: string, extra: Record<string, unknown> = {}) {
  return {
    id, type: 'NATIVE_FILTER', name, filterType: 'filter_select', description: '',
    targets: [{ datasetId, column: { name: column } }],
    controlValues: { multiSelect: true, enableEmptyFilter: false, ...(extra.controlValues as object) },
    defaultDataMask: extra.defaultDataMask ?? { filterState: {} },
    cascadeParentIds: extra.cascadeParentIds ?? [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  };
}

describe('native filters on the dashboard page', () => {
  let s: SqlLabApp;
  let dir: string;
  let pages: PageModule;
  let admin: NonNullable<Awaited<ReturnType<CurrentUserModule['loadUser']>>>;
  let chartId: number;
  let board: { main: number; required: number; defaults: number };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-native-filters-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['wb_health_population'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'native_filter_examples', sqlalchemy_uri: url });
    const wb = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'wb_health_population' });
    expect(wb.status, wb.text).toBe(201);
    const other = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'other_things', sql: "SELECT 'x' AS thing" });
    expect(other.status, other.text).toBe(201);
    const m = s.app.models();
    const datasource = `${wb.body.id}__table`;
    chartId = (await m.Chart.create({
      slice_name: 'Countries', viz_type: 'table', datasource_id: wb.body.id, datasource_type: 'table',
      params: JSON.stringify({ datasource, viz_type: 'table', query_mode: 'aggregate', groupby: ['country_name'], metrics: ['count'], row_limit: 1000, time_range: 'No filter' }),
    })).id;
    const adminRecord = (await m.User.findOne({ where: { username: 'admin' } }))!;
    const dashboard = async (slug: string, filters: unknown[]) => {
      const d = await m.Dashboard.create({
        dashboard_title: slug, slug, published: true, position_json: JSON.stringify(oneChartLayout(chartId)),
        json_metadata: JSON.stringify({ native_filter_configuration: filters }),
      });
      const links = d as unknown as { addOwners(ids: number[]): Promise<void>; addCharts(ids: number[]): Promise<void> };
      await links.addOwners([adminRecord.id]);
      await links.addCharts([chartId]);
      return d.id;
    };
    const region = selectFilter(REGION, 'Region', wb.body.id, 'region');
    const country = selectFilter(COUNTRY, 'Country', wb.body.id, 'country_name', { cascadeParentIds: [REGION] });
    board = {
      main: await dashboard('nf-main', [region, country, selectFilter(OTHER, 'Thing', other.body.id, 'thing'), { id: 'DIVIDER-1', type: 'DIVIDER', title: 'More', description: 'below' }]),
      required: await dashboard('nf-required', [selectFilter(REGION, 'Region', wb.body.id, 'region', { controlValues: { enableEmptyFilter: true } })]),
      defaults: await dashboard('nf-defaults', [
        selectFilter(REGION, 'Region', wb.body.id, 'region', { defaultDataMask: { filterState: { value: ['North America'] } } }),
        selectFilter(COUNTRY, 'Country', wb.body.id, 'country_name', { cascadeParentIds: [REGION], controlValues: { defaultToFirstItem: true } }),
      ]),
    };
    pages = await s.app.load<PageModule>('/app/server/dashboards/page.server.ts');
    const { loadUser } = await s.app.load<CurrentUserModule>('/app/server/auth/current-user.server.ts');
    admin = (await loadUser(adminRecord.id, 'bearer'))!;
  }, 240_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const filterOf = (page: Page, id: string) => {
    const found = page.nativeFilters?.items.find((i) => i.id === id);
    if (!found || found.kind !== 'filter') throw new Error(`no filter ${id}`);
    return found;
  };
  const countriesOf = (page: Page) => (page.rendered[chartId].queriesData[0].data as { country_name: string }[]).map((r) => r.country_name).sort();

  it('offers every country and draws every country with no values', async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.main });
    expect(page.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
    const country = filterOf(page, COUNTRY);
    expect(country.options).toHaveLength(ALL_COUNTRIES);
    expect(country.optionCount).toBe(ALL_COUNTRIES);
    expect(country.parents).toEqual([REGION]);
    expect(country.value).toBeNull();
    expect(filterOf(page, REGION).options?.map((o) => o.value)).toContain('North America');
    expect(page.nativeFilters?.items.find((i) => i.id === 'DIVIDER-1')).toEqual({ kind: 'divider', id: 'DIVIDER-1', title: 'More', description: 'below' });
    expect(page.nativeFilters?.orientation).toBe('VERTICAL');
    expect(page.rendered[chartId].formData.extra_form_data).toBeUndefined();
  });

  it("narrows the chart and the child's options by the region chosen in the bar's form", async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.main }, { nativeFilters: { fields: [['nf', '1'], [`nf.${REGION}`, 'North America']] } });
    const rows = page.rendered[chartId].rowCount!;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(ALL_COUNTRIES);
    expect(countriesOf(page)).toEqual(NORTH_AMERICA);
    const country = filterOf(page, COUNTRY);
    expect(country.options?.map((o) => o.value).sort()).toEqual(NORTH_AMERICA);
    expect(country.optionCount).toBe(NORTH_AMERICA.length);
    expect(filterOf(page, REGION).value).toEqual(['North America']);
    expect(page.nativeFilters?.perChart[chartId].applied).toEqual([REGION]);
    expect(page.nativeFilters?.dataMask[REGION].filterState?.value).toEqual(['North America']);
  });

  it('drops a child value its narrowed options no longer offer, and draws the chart without it', async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.main }, {
      nativeFilters: { fields: [['nf', '1'], [`nf.${REGION}`, 'North America'], [`nf.${COUNTRY}`, 'Canada'], [`nf.${COUNTRY}`, 'France']] },
    });
    expect(filterOf(page, COUNTRY).value).toEqual(['Canada']);
    expect(countriesOf(page)).toEqual(['Canada']);
    // The chart was queried again once the options were known: 'France' is not in what it was sent.
    const sent = page.rendered[chartId].formData.extra_form_data as { filters: { col: string; val: unknown }[] };
    expect(sent.filters.find((f) => f.col === 'country_name')?.val).toEqual(['Canada']);
  });

  it('reads the filter state stored under native_filters_key, and ignores a key it cannot read', async () => {
    const value = JSON.stringify({ [REGION]: { id: REGION, filterState: { value: ['North America'] }, extraFormData: {} } });
    const stored = await s.call<{ key: string }>('POST', `/api/v1/dashboard/${board.main}/filter_state`, { value });
    expect(stored.status, stored.text).toBe(201);
    const page = await pages.loadDashboardPage(admin, { id: board.main }, { nativeFilters: { nativeFiltersKey: stored.body.key } });
    expect(page.nativeFilters?.filterStateKey).toBe(stored.body.key);
    expect(countriesOf(page)).toEqual(NORTH_AMERICA);
    // The URL's rison comes after the stored state.
    const rison = encodeRison({ [REGION]: { id: REGION, filterState: { value: ['South Asia'] } } });
    const over = await pages.loadDashboardPage(admin, { id: board.main }, { nativeFilters: { nativeFiltersKey: stored.body.key, nativeFilters: rison } });
    expect(filterOf(over, REGION).value).toEqual(['South Asia']);
    const bogus = await pages.loadDashboardPage(admin, { id: board.main }, { nativeFilters: { nativeFiltersKey: 'not-a-key' } });
    expect(bogus.nativeFilters?.filterStateKey).toBeNull();
    expect(bogus.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
  });

  it('reads the native_filters rison parameter the same way, on the page and the chart route', async () => {
    const rison = encodeRison({ [REGION]: { id: REGION, filterState: { value: ['North America'] }, extraFormData: {}, ownState: {} } });
    const page = await pages.loadDashboardPage(admin, { id: board.main }, { nativeFilters: { nativeFilters: rison } });
    expect(countriesOf(page)).toEqual(NORTH_AMERICA);
    expect(filterOf(page, COUNTRY).options?.map((o) => o.value).sort()).toEqual(NORTH_AMERICA);

    const viaRoute = await s.call<{ rowCount: number }>('GET', `/superset/dashboard/nf-main/chart/${chartId}?native_filters=${encodeURIComponent(rison)}`);
    expect(viaRoute.status, viaRoute.text.slice(0, 300)).toBe(200);
    expect(viaRoute.body.rowCount).toBe(NORTH_AMERICA.length);
    const viaForm = await s.call<{ rowCount: number }>('GET', `/superset/dashboard/nf-main/chart/${chartId}?nf=1&${encodeURIComponent(`nf.${REGION}`)}=North+America`);
    expect(viaForm.body.rowCount).toBe(NORTH_AMERICA.length);
    const unfiltered = await s.call<{ rowCount: number }>('GET', `/superset/dashboard/nf-main/chart/${chartId}`);
    expect(unfiltered.body.rowCount).toBe(ALL_COUNTRIES);
  });

  it('answers hostile filter parameters with the page (or a clear 400), never a 500', async () => {
    const deep = `${'('.repeat(5000)}${')'.repeat(5000)}`;
    const hostile = [
      'native_filters=(((', `native_filters=${encodeURIComponent(deep)}`, 'native_filters=!(1,2,3)', `native_filters=${encodeURIComponent("(__proto__:(polluted:!t))")}`,
      'native_filters_key=../../etc', `nf=1&${encodeURIComponent(`nf.${REGION}.min`)}=abc&${encodeURIComponent(`nf.${REGION}`)}=${'x'.repeat(5000)}`,
      `nf=1&nf.nope=1&${encodeURIComponent(`nf.${COUNTRY}`)}=%00`,
    ];
    for (const query of hostile) {
      const pageAnswer = await s.call('GET', `/superset/dashboard/nf-main/?${query}`);
      // The page, or the app's clear 400 for text it never takes (a NUL character).
      expect([200, 400], `${query.slice(0, 80)}: ${pageAnswer.text.slice(0, 200)}`).toContain(pageAnswer.status);
      const chartAnswer = await s.call('GET', `/superset/dashboard/nf-main/chart/${chartId}?${query}`);
      expect([200, 400], `${query.slice(0, 80)}: ${chartAnswer.text.slice(0, 200)}`).toContain(chartAnswer.status);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists a filter on another dataset as rejected by the chart, with why', async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.main });
    const rejected = page.nativeFilters?.perChart[chartId].rejected ?? [];
    expect(rejected.map((r) => r.id)).toEqual([OTHER]);
    expect(rejected[0].reason).toContain('thing');
    expect(filterOf(page, OTHER).options?.map((o) => o.value)).toEqual(['x']);
  });

  it("marks a required filter without a value 'Value is required'", async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.required });
    const region = filterOf(page, REGION);
    expect(region.required).toBe(true);
    expect(region.error).toBe('Value is required');
    const chosen = await pages.loadDashboardPage(admin, { id: board.required }, { nativeFilters: { fields: [['nf', '1'], [`nf.${REGION}`, 'North America']] } });
    expect(filterOf(chosen, REGION).error).toBeNull();
  });

  it("applies the defaults with no parameters: a default value, and a child's 'first item' among the narrowed options", async () => {
    const page = await pages.loadDashboardPage(admin, { id: board.defaults });
    expect(filterOf(page, REGION).value).toEqual(['North America']);
    const country = filterOf(page, COUNTRY);
    expect(country.options?.map((o) => o.value)).toEqual(NORTH_AMERICA);
    expect(country.value).toEqual([NORTH_AMERICA[0]]);
    expect(countriesOf(page)).toEqual([NORTH_AMERICA[0]]);
  });

  it("hands a chart its filters without waiting for the options, except under a 'first item' default", async () => {
    const { startNativeFilters } = await s.app.load<FiltersModule>('/app/server/dashboards/native-filters.server.ts');
    const m = s.app.models();
    const chart = (await m.Chart.findByPk(chartId))!;
    const charts = [{ id: chartId, viz_type: 'table', datasource: `${chart.datasource_id}__table`, form_data: JSON.parse(chart.params!) as Record<string, unknown> }];
    const inputOf = async (id: number, params = {}) => {
      const d = (await m.Dashboard.findByPk(id))!;
      return { dashboard: { id }, layout: parseLayout(d.position_json), metadata: readDashboardJsonMetadata(d.json_metadata), charts, params };
    };
    const fields: [string, string][] = [['nf', '1'], [`nf.${REGION}`, 'South Asia']];
    const started = (await startNativeFilters(admin, await inputOf(board.main, { fields })))!;
    let optionsDone = false;
    void started.done.then(() => { optionsDone = true; });
    const extra = await started.extraFormDataFor(chartId);
    // The option queries (metadata reads and SQL) cannot have answered yet: the chart did not wait for them.
    expect(optionsDone).toBe(false);
    expect(extra.filters).toEqual([{ col: 'region', op: 'IN', val: ['South Asia'] }]);
    await started.done;

    const firstItem = (await startNativeFilters(admin, await inputOf(board.defaults)))!;
    const waited = await firstItem.extraFormDataFor(chartId);
    expect(waited.filters?.map((f) => f.col)).toEqual(['region', 'country_name']);
    expect(waited.filters?.[1].val).toEqual([NORTH_AMERICA[0]]);
    await firstItem.done;
  });

  it("draws a cross-filtering chart's SVG with its selection marked, on the page and the chart route", async () => {
    const m = s.app.models();
    const table = await m.Chart.findByPk(chartId);
    const pie = await m.Chart.create({
      slice_name: 'Regions', viz_type: 'pie', datasource_id: table!.datasource_id, datasource_type: 'table',
      params: JSON.stringify({ datasource: `${table!.datasource_id}__table`, viz_type: 'pie', groupby: ['region'], metric: 'count', row_limit: 100, time_range: 'No filter' }),
    });
    const layout = {
      ...oneChartLayout(chartId),
      'ROW-0': item('ROW-0', 'ROW', ['CHART-0', 'CHART-1'], ['ROOT_ID', 'GRID_ID']),
      'CHART-1': item('CHART-1', 'CHART', [], ['ROOT_ID', 'GRID_ID', 'ROW-0'], { chartId: pie.id, width: 6, height: 50 }),
    };
    const crossed = await m.Dashboard.create({ dashboard_title: 'crossed', slug: 'nf-crossed', published: true, position_json: JSON.stringify(layout), json_metadata: '{}' });
    await (crossed as unknown as { addCharts(ids: number[]): Promise<void> }).addCharts([chartId, pie.id]);
    const rison = `('${pie.id}':(extraFormData:(filters:!((col:region,op:IN,val:!('North America')))),filterState:(value:!('North America'))))`;

    const page = await pages.loadDashboardPage(admin, { id: crossed.id }, { nativeFilters: { nativeFilters: rison } });
    expect(countriesOf(page)).toEqual(NORTH_AMERICA);
    expect(page.nativeFilters?.crossFilters.map((c) => [c.chartId, c.removeParam])).toEqual([[pie.id, '()']]);
    const svgOf = (chart: { model: { kind: string } }) => (chart.model.kind === 'echarts' ? (chart.model as unknown as { svg: string }).svg : '');
    expect(svgOf(page.rendered[pie.id])).toMatch(/opacity="0\.3"/);

    const viaRoute = await s.call<{ model: { kind: string; svg?: string } }>('GET', `/superset/dashboard/nf-crossed/chart/${pie.id}?native_filters=${encodeURIComponent(rison)}`);
    expect(viaRoute.status, viaRoute.text.slice(0, 300)).toBe(200);
    expect(svgOf(viaRoute.body)).toMatch(/opacity="0\.3"/);

    const plain = await pages.loadDashboardPage(admin, { id: crossed.id });
    expect(plain.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
    expect(svgOf(plain.rendered[pie.id])).toContain('<svg');
    expect(svgOf(plain.rendered[pie.id])).not.toMatch(/opacity="0\.3"/);
  });

  it('has no filter bar on a dashboard without native filters', async () => {
    const m = s.app.models();
    const plain = await m.Dashboard.create({ dashboard_title: 'plain', slug: 'nf-plain', published: true, position_json: JSON.stringify(oneChartLayout(chartId)), json_metadata: '{}' });
    await (plain as unknown as { addCharts(ids: number[]): Promise<void> }).addCharts([chartId]);
    const page = await pages.loadDashboardPage(admin, { id: plain.id });
    expect(page.nativeFilters).toBeNull();
    expect(page.rendered[chartId].rowCount).toBe(ALL_COUNTRIES);
  });
});
