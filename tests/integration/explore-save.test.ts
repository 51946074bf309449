/**
 * The Explore save modal's flow (app/ui/explore/header/save-flow.ts, the code the modal runs)
 * against the real chart and dashboard APIs: the browser's fetch is pointed at the app's handler
 * with a user's bearer token, so every request the modal sends is answered by the real routes and
 * store. Save as, then overwrite leaves exactly one chart; a dashboard typed by name is created
 * once and found again by the same name; overwriting keeps the chart's dashboards; a chart that is
 * not the user's cannot be overwritten (403).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { getClientError } from '../../app/lib/client-error';
import type { QueryContext } from '../../app/lib/chart-data/types';
import { saveChart, type SaveRequest } from '../../app/ui/explore/header/save-flow';
import { loadViz } from '../../app/viz/registry';
import type { FormData } from '../../app/viz/types';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type ChartDetail = { id: number; slice_name: string; params: string; query_context: string; viz_type: string; owners: { id: number }[]; dashboards: { id: number; dashboard_title: string }[] };

afterEach(() => {
  vi.unstubAllGlobals();
});

function defineCases(app: () => AppUnderTest) {
  type Fixtures = { tokens: Record<'admin' | 'alpha' | 'alpha2', string>; ids: Record<'admin' | 'alpha' | 'alpha2', number>; dataset: number };
  let fixtures: Promise<Fixtures> | undefined;
  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const db = await m.Database.create({ database_name: 'explore_save_db', sqlalchemy_uri: 'sqlite:////tmp/explore-save-none.sqlite' });
    const dataset = await m.Dataset.create({ database_id: db.id, schema: 'main', table_name: 'birth_names' });
    const alpha = await app().createUser({ username: 'save-alpha', roles: ['Alpha'] });
    const alpha2 = await app().createUser({ username: 'save-alpha2', roles: ['Alpha'] });
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;
    return {
      tokens: { admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken, alpha: await token(alpha), alpha2: await token(alpha2) },
      ids: { admin: (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id, alpha: alpha.id, alpha2: alpha2.id },
      dataset: dataset.id,
    };
  })());

  /** The browser's fetch, as the given user: the modal's relative URLs go to the app's handler. */
  const browserAs = (token: string) => {
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
      app().fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } }));
  };

  const show = async (id: number): Promise<ChartDetail> => {
    const f = await setup();
    const response = await app().fetch(`/api/v1/chart/${id}`, { headers: { Authorization: `Bearer ${f.tokens.admin}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: ChartDetail }).result;
  };

  const request = async (overrides: Partial<SaveRequest>): Promise<SaveRequest> => {
    const f = await setup();
    const plugin = await loadViz('echarts_timeseries_bar');
    if (!plugin) throw new Error('no bar chart');
    const formData: FormData = {
      viz_type: 'echarts_timeseries_bar', datasource: `${f.dataset}__table`, x_axis: 'ds', metrics: ['count'], groupby: ['gender'], time_range: 'No filter', row_limit: 100,
    };
    return {
      csrfToken: 'unused-with-a-bearer-token', user: { id: f.ids.alpha, isAdmin: false }, action: 'saveas', sliceId: null, sliceName: 'Births by gender',
      formData, dashboard: null, buildQuery: (fd) => plugin.buildQuery(fd) as QueryContext, ...overrides,
    };
  };

  const chartsNamed = async (name: string) => app().models().Chart.count({ where: { slice_name: name } });
  const dashboardsTitled = async (title: string) => app().models().Dashboard.count({ where: { dashboard_title: title } });

  it('saves as a new chart, then overwriting it leaves exactly one chart', async () => {
    const f = await setup();
    browserAs(f.tokens.alpha);
    const first = await saveChart(await request({ sliceName: 'Save flow chart' }));
    const saved = await show(first.chartId);
    expect(saved).toMatchObject({ slice_name: 'Save flow chart', viz_type: 'echarts_timeseries_bar', owners: [{ id: f.ids.alpha }], dashboards: [] });
    const params = JSON.parse(saved.params) as FormData;
    expect(params).toMatchObject({ datasource: `${f.dataset}__table`, metrics: ['count'], groupby: ['gender'] });
    expect(params).not.toHaveProperty('slice_id');
    const context = JSON.parse(saved.query_context) as QueryContext;
    expect(context).toMatchObject({ datasource: { id: f.dataset, type: 'table' }, result_format: 'json', result_type: 'full', force: false });
    expect(context.queries.length).toBeGreaterThan(0);

    // Overwrite from the chart's own page: the form data carries its slice_id, which params never keep.
    const again = await saveChart(await request({ action: 'overwrite', sliceId: first.chartId, sliceName: 'Save flow chart', formData: { ...params, slice_id: first.chartId, row_limit: 10 } }));
    expect(again.chartId).toBe(first.chartId);
    expect(await chartsNamed('Save flow chart')).toBe(1);
    expect(JSON.parse((await show(first.chartId)).params)).toMatchObject({ row_limit: 10 });

    // Save as from it makes a second chart and leaves the first as it was.
    const copy = await saveChart(await request({ action: 'saveas', sliceId: first.chartId, sliceName: 'Save flow chart copy' }));
    expect(copy.chartId).not.toBe(first.chartId);
    expect(await chartsNamed('Save flow chart')).toBe(1);
    expect(await chartsNamed('Save flow chart copy')).toBe(1);
  });

  it('creates a dashboard typed by name once, and finds it again by the same name', async () => {
    const f = await setup();
    browserAs(f.tokens.alpha);
    const first = await saveChart(await request({ sliceName: 'On a new board', dashboard: { id: null, dashboard_title: 'Flow board' } }));
    expect(first.dashboardCreated).toBe(true);
    expect(first.dashboard).toEqual({ id: expect.any(Number), dashboard_title: 'Flow board' });
    expect((await show(first.chartId)).dashboards.map((d) => d.id)).toEqual([first.dashboard!.id]);

    // The same name again (another case, stray spaces): the existing dashboard, not a second one.
    const second = await saveChart(await request({ sliceName: 'Also on it', dashboard: { id: null, dashboard_title: '  flow BOARD ' } }));
    expect(second.dashboardCreated).toBe(false);
    expect(second.dashboard?.id).toBe(first.dashboard!.id);
    expect(await dashboardsTitled('Flow board')).toBe(1);
    expect((await show(second.chartId)).dashboards.map((d) => d.id)).toEqual([first.dashboard!.id]);

    // Someone else's dashboard of that name is not one Alpha 2 may edit: Alpha 2 gets a board of its own.
    browserAs(f.tokens.alpha2);
    const other = await saveChart(await request({ user: { id: f.ids.alpha2, isAdmin: false }, sliceName: 'Alpha 2 chart', dashboard: { id: null, dashboard_title: 'Flow board' } }));
    expect(other.dashboardCreated).toBe(true);
    expect(other.dashboard?.id).not.toBe(first.dashboard!.id);
  });

  it('keeps the chart’s dashboards when overwriting it onto another one', async () => {
    const f = await setup();
    browserAs(f.tokens.alpha);
    const first = await saveChart(await request({ sliceName: 'Two boards', dashboard: { id: null, dashboard_title: 'Board one' } }));
    const second = await saveChart(await request({ action: 'overwrite', sliceId: first.chartId, sliceName: 'Two boards', dashboard: { id: null, dashboard_title: 'Board two' } }));
    expect(second.chartId).toBe(first.chartId);
    const titles = (await show(first.chartId)).dashboards.map((d) => d.dashboard_title).sort();
    expect(titles).toEqual(['Board one', 'Board two']);
    expect(await chartsNamed('Two boards')).toBe(1);
  });

  it('refuses to overwrite a chart the user does not own with a 403', async () => {
    const f = await setup();
    browserAs(f.tokens.alpha);
    const mine = await saveChart(await request({ sliceName: 'Alpha owns this' }));
    browserAs(f.tokens.alpha2);
    const refused = await saveChart(await request({ user: { id: f.ids.alpha2, isAdmin: false }, action: 'overwrite', sliceId: mine.chartId, sliceName: 'Taken over' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((await getClientError(refused)).status).toBe(403);
    expect((await show(mine.chartId)).slice_name).toBe('Alpha owns this');
    // An admin may overwrite any chart.
    browserAs(f.tokens.admin);
    const admin = await saveChart(await request({ user: { id: f.ids.admin, isAdmin: true }, action: 'overwrite', sliceId: mine.chartId, sliceName: 'Renamed by admin' }));
    expect(admin.chartId).toBe(mine.chartId);
    expect((await show(mine.chartId)).slice_name).toBe('Renamed by admin');
  });
}

describeOnSqliteStore('Explore save flow', defineCases);
await describeOnPostgresStore('Explore save flow', defineCases);
