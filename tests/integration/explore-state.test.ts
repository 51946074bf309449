/**
 * Explore's state in the key-value store through the real handler: form data (POST, GET, PUT,
 * DELETE; the owner alone changes it; one key per tab), permalinks (POST, GET), and
 * `GET /api/v1/explore/` assembling form data, dataset and chart. Access follows the dataset
 * and the chart: a user without access to the dataset gets 403, a dataset or chart that does not
 * exist is a 404, an unknown key is a 404, and malformed input a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

type Json = Record<string, unknown>;

describe('explore state', () => {
  let app: AppUnderTest;
  const tokens = {} as Record<'admin' | 'ann' | 'bob' | 'outsider', string>;
  let dataset: number;
  let hiddenDataset: number;
  let chart: number;

  beforeAll(async () => {
    app = await startApp();
    const m = app.models();
    const db = await m.Database.create({ database_name: 'explore_db', sqlalchemy_uri: 'sqlite:////tmp/explore-state-none.sqlite' });
    const hidden = await m.Database.create({ database_name: 'explore_hidden', sqlalchemy_uri: 'sqlite:////tmp/explore-state-none.sqlite' });
    const [access] = await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[explore_db].(id:${db.id})` } });
    const readers = await m.Role.create({ name: 'explore_readers' });
    await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([access.id]);
    dataset = (await m.Dataset.create({ database_id: db.id, schema: 'main', table_name: 'orders' })).id;
    hiddenDataset = (await m.Dataset.create({ database_id: hidden.id, schema: 'main', table_name: 'secrets' })).id;
    chart = (await m.Chart.create({
      slice_name: 'Orders by day', viz_type: 'table', datasource_type: 'table', datasource_id: dataset,
      params: JSON.stringify({ viz_type: 'table', row_limit: 10, since: '2020-01-01', until: 'now' }),
    })).id;
    tokens.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
    for (const [name, roles] of [['ann', ['Gamma', 'explore_readers']], ['bob', ['Gamma', 'explore_readers']], ['outsider', ['Gamma']]] as const) {
      const user = await app.createUser({ username: `explore-${name}`, roles: [...roles] });
      tokens[name] = (await app.login(user.username, user.password)).accessToken;
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  async function call(who: keyof typeof tokens, method: string, path: string, body?: unknown) {
    const response = await app.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text };
  }

  const state = (formData: Json, extra: Json = {}) => ({ datasource_id: dataset, datasource_type: 'table', form_data: JSON.stringify(formData), ...extra });

  it('stores, reads, updates and deletes form data; only its owner may change it', async () => {
    const created = await call('ann', 'POST', '/api/v1/explore/form_data', state({ viz_type: 'table', row_limit: 5 }));
    expect(created.status, created.text).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await call('ann', 'GET', `/api/v1/explore/form_data/${key}`)).body).toEqual({ form_data: '{"viz_type":"table","row_limit":5}' });
    // Anyone with access to the dataset may read a key they were given.
    expect((await call('bob', 'GET', `/api/v1/explore/form_data/${key}`)).status).toBe(200);

    const updated = await call('ann', 'PUT', `/api/v1/explore/form_data/${key}`, state({ viz_type: 'table', row_limit: 7 }, { chart_id: chart }));
    expect(updated).toMatchObject({ status: 200, body: { key, message: 'Value updated successfully.' } });
    expect((await call('ann', 'GET', `/api/v1/explore/form_data/${key}`)).body.form_data).toBe('{"viz_type":"table","row_limit":7}');

    expect((await call('bob', 'PUT', `/api/v1/explore/form_data/${key}`, state({ row_limit: 1 }))).status).toBe(403);
    expect((await call('bob', 'DELETE', `/api/v1/explore/form_data/${key}`)).status).toBe(403);
    expect(await call('ann', 'DELETE', `/api/v1/explore/form_data/${key}`)).toMatchObject({ status: 200, body: { message: 'Deleted successfully' } });
    for (const method of ['GET', 'DELETE'] as const) expect((await call('ann', method, `/api/v1/explore/form_data/${key}`)).status).toBe(404);
    expect((await call('ann', 'PUT', `/api/v1/explore/form_data/${key}`, state({})))).toMatchObject({ status: 404 });
  });

  it('keeps one key per tab, datasource and chart, and a new key without a tab', async () => {
    const post = (tab: string, formData: Json, extra: Json = {}) => call('ann', 'POST', `/api/v1/explore/form_data${tab}`, state(formData, extra));
    const first = (await post('?tab_id=1', { row_limit: 1 })).body.key;
    const again = await post('?tab_id=1', { row_limit: 2 });
    expect(again).toMatchObject({ status: 201, body: { key: first } });
    expect((await call('ann', 'GET', `/api/v1/explore/form_data/${first}`)).body.form_data).toBe('{"row_limit":2}');
    expect((await post('?tab_id=2', { row_limit: 3 })).body.key).not.toBe(first);
    expect((await post('?tab_id=1', { row_limit: 4 }, { chart_id: chart })).body.key).not.toBe(first);
    expect((await post('', { row_limit: 5 })).body.key).not.toBe((await post('', { row_limit: 5 })).body.key);
    // Another user's tab 1 is not Ann's.
    expect((await call('bob', 'POST', '/api/v1/explore/form_data?tab_id=1', state({ row_limit: 6 }))).body.key).not.toBe(first);
    // A deleted tab state is replaced by a new key.
    await call('ann', 'DELETE', `/api/v1/explore/form_data/${first}?tab_id=1`);
    const fresh = (await post('?tab_id=1', { row_limit: 7 })).body.key;
    expect(fresh).not.toBe(first);
    expect((await call('ann', 'GET', `/api/v1/explore/form_data/${fresh}`)).status).toBe(200);
    expect((await call('ann', 'POST', '/api/v1/explore/form_data?tab_id=one', state({}))).status).toBe(400);
  });

  it('refuses malformed input, unknown keys, missing datasets and charts, and users without dataset access', async () => {
    const bad: [unknown, string][] = [
      [{ datasource_id: dataset, datasource_type: 'table' }, 'form_data'],
      [{ ...state({}), form_data: 'not json' }, 'form_data'],
      [{ ...state({}), datasource_type: 'druid' }, 'datasource_type'],
      [{ ...state({}), datasource_id: 'one' }, 'datasource_id'],
    ];
    for (const [body, field] of bad) {
      const answer = await call('ann', 'POST', '/api/v1/explore/form_data', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.message as Json)).toContain(field);
    }
    expect((await call('ann', 'POST', '/api/v1/explore/form_data', '{"datasource_id":')).status).toBe(400);
    for (const key of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..']) {
      expect((await call('ann', 'GET', `/api/v1/explore/form_data/${key}`)).status).toBe(404);
      expect((await call('ann', 'GET', `/api/v1/explore/permalink/${key}`)).status).toBe(404);
    }
    expect((await call('ann', 'POST', '/api/v1/explore/form_data', state({}, { datasource_id: 999999 }))).status).toBe(404);
    expect((await call('ann', 'POST', '/api/v1/explore/form_data', state({}, { chart_id: 999999 }))).status).toBe(404);
    expect((await call('ann', 'POST', '/api/v1/explore/form_data', state({}, { datasource_type: 'query', datasource_id: 999999 }))).status).toBe(404);
    expect((await call('ann', 'POST', '/api/v1/explore/form_data', state({}, { datasource_type: 'saved_query' }))).status).toBe(422);

    const outsider = await call('outsider', 'POST', '/api/v1/explore/form_data', state({}));
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toContain('orders');
    expect((await call('ann', 'POST', '/api/v1/explore/form_data', state({}, { datasource_id: hiddenDataset }))).status).toBe(403);
    const key = (await call('ann', 'POST', '/api/v1/explore/form_data', state({ a: 1 }))).body.key as string;
    expect((await call('outsider', 'GET', `/api/v1/explore/form_data/${key}`)).status).toBe(403);
    expect((await call('outsider', 'GET', `/api/v1/explore/?form_data_key=${key}`)).status).toBe(403);
    expect((await app.fetch(`/api/v1/explore/form_data/${key}`)).status).toBe(401);
  });

  it('makes and opens permalinks, checking access to the dataset each time', async () => {
    const body = { formData: { datasource: `${dataset}__table`, viz_type: 'table', slice_id: chart }, urlParams: [['standalone', '1']] };
    const created = await call('ann', 'POST', '/api/v1/explore/permalink', body);
    expect(created.status, created.text).toBe(201);
    const key = created.body.key as string;
    expect(created.body.url).toBe(`http://localhost/superset/explore/p/${key}/`);
    const opened = await call('bob', 'GET', `/api/v1/explore/permalink/${key}`);
    expect(opened).toMatchObject({
      status: 200,
      body: { chartId: chart, datasourceId: dataset, datasourceType: 'table', datasource: `${dataset}__table`, state: body },
    });
    expect((await call('outsider', 'GET', `/api/v1/explore/permalink/${key}`)).status).toBe(403);
    expect((await call('outsider', 'POST', '/api/v1/explore/permalink', body)).status).toBe(403);
    expect((await call('ann', 'POST', '/api/v1/explore/permalink', { formData: { viz_type: 'table' } })).status).toBe(400);
    expect((await call('ann', 'POST', '/api/v1/explore/permalink', { formData: 'x' })).status).toBe(400);
    expect((await call('ann', 'POST', '/api/v1/explore/permalink', { formData: { datasource: '999999__table' } })).status).toBe(404);

    const context = await call('bob', 'GET', `/api/v1/explore/?permalink_key=${key}`);
    expect(context.status, context.text).toBe(200);
    const result = context.body.result as Json;
    expect(result.form_data).toMatchObject({ datasource: `${dataset}__table`, viz_type: 'table', slice_id: chart, row_limit: 10, url_params: { standalone: '1', permalink_key: key } });
    expect((result.slice as Json).slice_name).toBe('Orders by day');
    expect((await call('ann', 'GET', '/api/v1/explore/?permalink_key=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('assembles the Explore context from a form data key, a chart or a dataset', async () => {
    const key = (await call('ann', 'POST', '/api/v1/explore/form_data', state({ datasource: `${dataset}__table`, viz_type: 'pie', row_limit: 3 }))).body.key as string;
    const fromKey = await call('ann', 'GET', `/api/v1/explore/?form_data_key=${key}`);
    expect(fromKey.status, fromKey.text).toBe(200);
    const keyed = fromKey.body.result as Json;
    expect(keyed).toMatchObject({ message: null, slice: null, form_data: { viz_type: 'pie', row_limit: 3, datasource: `${dataset}__table`, url_params: { form_data_key: key } } });
    expect(keyed.dataset).toMatchObject({ id: dataset, table_name: 'orders', type: 'table', rls_filters: [] });

    const fromChart = (await call('ann', 'GET', `/api/v1/explore/?slice_id=${chart}`)).body.result as Json;
    // The chart's saved since/until become a time_range, as Superset's update_time_range does.
    expect(fromChart.form_data).toMatchObject({ slice_id: chart, viz_type: 'table', row_limit: 10, time_range: '2020-01-01 : now', datasource: `${dataset}__table` });
    expect(fromChart.form_data).not.toHaveProperty('since');
    expect(fromChart.slice).toMatchObject({ slice_id: chart, slice_name: 'Orders by day' });
    expect(fromChart.metadata).toMatchObject({ dashboards: [], owners: [] });

    const lost = (await call('ann', 'GET', `/api/v1/explore/?form_data_key=AAAAAAAAAAAAAAAAAAAAAA&slice_id=${chart}`)).body.result as Json;
    expect(lost.message).toBe('Form data not found in cache, reverting to chart metadata.');
    const byDataset = (await call('ann', 'GET', `/api/v1/explore/?datasource_id=${dataset}&datasource_type=table`)).body.result as Json;
    expect(byDataset.form_data).toMatchObject({ datasource: `${dataset}__table` });

    const missing = await call('ann', 'GET', '/api/v1/explore/?datasource_id=999999&datasource_type=table');
    expect(missing.status, missing.text).toBe(200);
    expect(missing.body.result).toMatchObject({ message: 'The dataset linked to this chart may have been deleted.', dataset: { name: '[Missing Dataset]', columns: [], metrics: [] } });
    expect((await call('outsider', 'GET', `/api/v1/explore/?slice_id=${chart}`)).status).toBe(403);
    expect((await call('ann', 'GET', '/api/v1/explore/?slice_id=abc')).status).toBe(400);
  });
});
