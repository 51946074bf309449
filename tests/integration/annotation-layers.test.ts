/**
 * Annotation layers and annotations through the real Remix handler: Superset's CRUD API with its
 * statuses and messages, who may call it (Admin and Alpha write, Gamma nothing), the pages as
 * plain forms, and `annotation_data` in the chart data answer for a NATIVE layer and for a layer
 * whose source is another chart's rows (`table`), on the examples' birth_names in SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { loadExamples } from '../../app/server/examples/load.server';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type Created = { id: number; result: Json };
type ListAnswer = { count: number; ids: number[]; result: Json[] };
type ChartAnswer = { result: { data: Json[]; annotation_data: Record<string, { columns?: string[]; records: Json[] }> }[] };

const r = (value: unknown) => encodeRisonUri(value);

describe('annotation layers', () => {
  let s: SqlLabApp;
  let dir: string;
  let datasetId: number;
  let chartId: number;
  const tokens = { alpha: '', gamma: '', reader: '' };

  const call = <T = Json>(method: string, p: string, body?: unknown, token?: string) => s.call<T>(method, p, body, token);
  const byGender = { metrics: ['count'], columns: ['gender'], orderby: [['gender', true]], row_limit: 10 };
  const chartData = (layers: Json[], token?: string) =>
    call<ChartAnswer>('POST', '/api/v1/chart/data', { datasource: { id: datasetId, type: 'table' }, queries: [{ ...byGender, annotation_layers: layers }], force: true }, token);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-annotations-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'examples_annotations', sqlalchemy_uri: url });
    const created = await call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    datasetId = created.body.id;
    const queryContext = { datasource: { id: datasetId, type: 'table' }, queries: [byGender], result_format: 'json', result_type: 'full' };
    const chart = await s.app.models().Chart.create({
      slice_name: 'Births by gender', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: '{}', query_context: JSON.stringify(queryContext),
    } as never);
    chartId = chart.id;
    tokens.alpha = (await s.userWith('alpha_annotations', [], ['Alpha'])).token;
    tokens.gamma = (await s.userWith('gamma_annotations', [], ['Gamma'])).token;
    // A Gamma who may read the dataset, and so the chart: chart data answers it the annotations too.
    tokens.reader = (await s.userWith('reader_annotations', [['all_datasource_access', 'all_datasource_access']], ['Gamma'])).token;
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates, lists, shows, updates and deletes layers with Superset\'s answers', async () => {
    const created = await call<Created>('POST', '/api/v1/annotation_layer/', { name: 'Releases', descr: 'Product releases' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.result).toEqual({ name: 'Releases', descr: 'Product releases' });
    const id = created.body.id;

    const twin = await call('POST', '/api/v1/annotation_layer/', { name: 'Releases' });
    expect(twin.status).toBe(422);
    expect(twin.body).toEqual({ message: { name: ['Name must be unique'] } });
    const empty = await call<{ message: Record<string, string[]> }>('POST', '/api/v1/annotation_layer/', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message.name).toEqual(['Missing data for required field.']);
    const unknown = await call('POST', '/api/v1/annotation_layer/', { name: 'x', colour: 'red' });
    expect(unknown.status).toBe(400);

    await call('POST', '/api/v1/annotation_layer/', { name: 'Outages' });
    const filtered = await call<ListAnswer>('GET', `/api/v1/annotation_layer/?q=${r({ filters: [{ col: 'name', opr: 'ct', value: 'ease' }] })}`);
    expect(filtered.status, filtered.text).toBe(200);
    expect(filtered.body.count).toBe(1);
    expect(filtered.body.result[0]).toMatchObject({ id, name: 'Releases', descr: 'Product releases', created_by: { first_name: expect.any(String) } });
    const ordered = await call<ListAnswer>('GET', `/api/v1/annotation_layer/?q=${r({ order_column: 'name', order_direction: 'asc', page_size: 1, page: 1 })}`);
    expect(ordered.body.count).toBe(2);
    expect(ordered.body.result.map((l) => l.name)).toEqual(['Releases']);
    const badFilter = await call('GET', `/api/v1/annotation_layer/?q=${r({ filters: [{ col: 'nope', opr: 'ct', value: 'x' }] })}`);
    expect(badFilter.status).toBe(400);

    const info = await call<{ permissions: string[] }>('GET', '/api/v1/annotation_layer/_info');
    expect(info.body.permissions).toEqual(['can_read', 'can_write']);

    const renamed = await call('PUT', `/api/v1/annotation_layer/${id}`, { name: 'Launches' });
    expect(renamed.status, renamed.text).toBe(200);
    const taken = await call('PUT', `/api/v1/annotation_layer/${id}`, { name: 'Outages' });
    expect(taken.status).toBe(422);
    const shown = await call<{ result: Json }>('GET', `/api/v1/annotation_layer/${id}`);
    expect(shown.body.result).toEqual({ id, name: 'Launches', descr: 'Product releases' });
    expect((await call('GET', '/api/v1/annotation_layer/999999')).status).toBe(404);

    const outages = filtered.body.ids[0] === id ? (await call<ListAnswer>('GET', `/api/v1/annotation_layer/?q=${r({ filters: [{ col: 'name', opr: 'eq', value: 'Outages' }] })}`)).body.ids[0] : 0;
    expect((await call('DELETE', `/api/v1/annotation_layer/?q=${r([id, 999999])}`)).status).toBe(404);
    const bulk = await call('DELETE', `/api/v1/annotation_layer/?q=${r([id, outages])}`);
    expect(bulk.status, bulk.text).toBe(200);
    expect(bulk.body).toEqual({ message: 'Deleted 2 annotation layers' });
  });

  it('manages a layer\'s annotations, refusing what Superset refuses', async () => {
    const layer = (await call<Created>('POST', '/api/v1/annotation_layer/', { name: 'Holidays' })).body.id;
    const base = `/api/v1/annotation_layer/${layer}/annotation/`;
    const created = await call<Created>('POST', base, {
      short_descr: 'New year', long_descr: 'Closed', start_dttm: '2020-01-01T00:00:00', end_dttm: '2020-01-01T23:59:59', json_metadata: '{"color": "red"}',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.result).toMatchObject({ short_descr: 'New year', start_dttm: '2020-01-01T00:00:00' });
    const id = created.body.id;

    const backwards = await call('POST', base, { short_descr: 'New year', start_dttm: '2020-02-02T00:00:00', end_dttm: '2020-02-01T00:00:00' });
    expect(backwards.status).toBe(422);
    expect(backwards.body).toEqual({ message: { short_descr: ['Short description must be unique for this layer'], start_dttm: ['End date must be after start date'] } });
    const badJson = await call<{ message: Record<string, string[]> }>('POST', base, { short_descr: 'x', start_dttm: '2020-01-01T00:00:00', end_dttm: '2020-01-01T00:00:00', json_metadata: '{nope' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message.json_metadata).toEqual(['JSON not valid']);
    const badDate = await call<{ message: Record<string, string[]> }>('POST', base, { short_descr: 'x', start_dttm: '2020-02-31T00:00:00', end_dttm: 'tomorrow' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toMatchObject({ start_dttm: ['Not a valid datetime.'], end_dttm: ['Not a valid datetime.'] });
    const noLayer = await call('POST', '/api/v1/annotation_layer/999999/annotation/', { short_descr: 'x', start_dttm: '2020-01-01T00:00:00', end_dttm: '2020-01-01T00:00:00' });
    expect(noLayer.status).toBe(400);
    expect(noLayer.body).toEqual({ message: 'Annotation layer not found.' });

    const second = (await call<Created>('POST', base, { short_descr: 'Easter', start_dttm: '2020-04-12 00:00', end_dttm: '2020-04-13T00:00:00+02:00' })).body.id;
    const list = await call<ListAnswer>('GET', `${base}?q=${r({ order_column: 'start_dttm', order_direction: 'asc' })}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.map((a) => [a.short_descr, a.start_dttm, a.end_dttm])).toEqual([
      ['New year', '2020-01-01T00:00:00', '2020-01-01T23:59:59'],
      ['Easter', '2020-04-12T00:00:00', '2020-04-12T22:00:00'],
    ]);
    const shown = await call<{ result: Json }>('GET', `${base}${id}`);
    expect(shown.body.result).toEqual({
      id, short_descr: 'New year', long_descr: 'Closed', start_dttm: '2020-01-01T00:00:00', end_dttm: '2020-01-01T23:59:59', json_metadata: '{"color": "red"}', layer: { id: layer, name: 'Holidays' },
    });
    // The end alone moving before the stored start is refused as well.
    expect((await call('PUT', `${base}${id}`, { end_dttm: '2019-12-31T00:00:00' })).status).toBe(422);
    const updated = await call('PUT', `${base}${id}`, { long_descr: 'Offices closed' });
    expect(updated.status, updated.text).toBe(200);
    expect((await call('PUT', `${base}999999`, { long_descr: 'x' })).status).toBe(404);

    const otherLayer = (await call<Created>('POST', '/api/v1/annotation_layer/', { name: 'Other' })).body.id;
    expect((await call('GET', `/api/v1/annotation_layer/${otherLayer}/annotation/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/annotation_layer/${otherLayer}/annotation/${id}`)).status).toBe(404);

    const busy = await call('DELETE', `/api/v1/annotation_layer/${layer}`);
    expect(busy.status).toBe(422);
    expect(busy.body).toEqual({ message: 'Annotation layer has associated annotations.' });
    expect((await call('DELETE', `${base}${second}`)).body).toEqual({ message: 'OK' });
    expect((await call('DELETE', `${base}?q=${r([id])}`)).body).toEqual({ message: 'Deleted 1 annotation' });
    expect((await call('DELETE', `/api/v1/annotation_layer/${layer}`)).status).toBe(200);
    expect((await call('GET', base)).status).toBe(404);
  });

  it('lets Admin and Alpha write, and Gamma nothing', async () => {
    const made = await call<Created>('POST', '/api/v1/annotation_layer/', { name: 'By alpha' }, tokens.alpha);
    expect(made.status, made.text).toBe(201);
    expect((await call('GET', `/api/v1/annotation_layer/${made.body.id}`, undefined, tokens.alpha)).status).toBe(200);
    expect((await call('POST', `/api/v1/annotation_layer/${made.body.id}/annotation/`, { short_descr: 'a', start_dttm: '2020-01-01T00:00:00', end_dttm: '2020-01-01T00:00:00' }, tokens.alpha)).status).toBe(201);
    for (const [method, p] of [
      ['GET', '/api/v1/annotation_layer/'], ['POST', '/api/v1/annotation_layer/'], ['GET', '/api/v1/annotation_layer/_info'],
      ['GET', `/api/v1/annotation_layer/${made.body.id}`], ['PUT', `/api/v1/annotation_layer/${made.body.id}`], ['DELETE', `/api/v1/annotation_layer/${made.body.id}`],
      ['GET', `/api/v1/annotation_layer/${made.body.id}/annotation/`], ['POST', `/api/v1/annotation_layer/${made.body.id}/annotation/`],
    ] as const) {
      expect((await call(method, p, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' }, tokens.gamma)).status, `${method} ${p}`).toBe(403);
    }
  });

  it('serves the pages as plain forms', async () => {
    const { cookie, csrfToken } = await s.app.loginWithCookie('admin', 'admin-password-for-tests');
    const post = (p: string, fields: Record<string, string>) => s.app.fetch(p, {
      method: 'POST', redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrfToken, ...fields }),
    });
    const added = await post('/annotationlayer/list/', { intent: 'create-layer', name: 'From the page', descr: '' });
    expect(added.status).toBe(302);
    const layer = await s.app.models().AnnotationLayer.findOne({ where: { name: 'From the page' } });
    expect(layer).not.toBeNull();
    const page = await s.app.fetch('/annotationlayer/list/', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('From the page');

    const here = `/annotationlayer/${layer!.id}/annotation`;
    const refused = await post(here, { intent: 'create-annotation', short_descr: 'Launch', start_dttm: '2021-05-02T10:00', end_dttm: '2021-05-01T10:00', json_metadata: '' });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('End date must be after start date');
    const ok = await post(here, { intent: 'create-annotation', short_descr: 'Launch', start_dttm: '2021-05-01T10:00', end_dttm: '2021-05-02T10:00', json_metadata: '{"a": 1}', long_descr: '' });
    expect(ok.status).toBe(302);
    const annotations = await s.app.fetch(here, { headers: { Cookie: cookie } });
    expect(await annotations.text()).toContain('2021-05-01 10:00 UTC');
    const gammaCookie = await s.app.createUser({ username: 'gamma_pages' }).then((u) => s.app.loginWithCookie(u.username, u.password));
    expect((await s.app.fetch('/annotationlayer/list/', { headers: { Cookie: gammaCookie.cookie } })).status).toBe(403);
  });

  it('answers annotation_data for a NATIVE layer, with dates as epoch milliseconds', async () => {
    const layer = (await call<Created>('POST', '/api/v1/annotation_layer/', { name: 'Native events' })).body.id;
    await call('POST', `/api/v1/annotation_layer/${layer}/annotation/`, { short_descr: 'B', start_dttm: '1990-01-01T00:00:00', end_dttm: '1991-01-01T00:00:00', json_metadata: '{"k": 1}' });
    await call('POST', `/api/v1/annotation_layer/${layer}/annotation/`, { short_descr: 'A', long_descr: 'first', start_dttm: '1980-01-01T00:00:00', end_dttm: '1980-01-01T00:00:00' });
    const layers = [
      { name: 'Events', annotationType: 'EVENT', sourceType: 'NATIVE', value: layer, show: true },
      { name: 'Formula', annotationType: 'FORMULA', sourceType: '', value: 'x*2' },
      { name: 'No source', annotationType: 'INTERVAL', sourceType: '', value: 3 },
    ];
    // A Gamma reading the chart's dataset sees its annotations without any Annotation permission, as in Superset.
    for (const token of [undefined, tokens.reader]) {
      const answer = await chartData(layers, token);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.result[0].annotation_data).toEqual({
        Events: {
          columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
          records: [
            { start_dttm: Date.UTC(1980, 0, 1), end_dttm: Date.UTC(1980, 0, 1), short_descr: 'A', long_descr: 'first', json_metadata: null },
            { start_dttm: Date.UTC(1990, 0, 1), end_dttm: Date.UTC(1991, 0, 1), short_descr: 'B', long_descr: null, json_metadata: '{"k": 1}' },
          ],
        },
      });
    }
    const missing = await chartData([{ name: 'Gone', annotationType: 'EVENT', sourceType: 'NATIVE', value: 999999 }]);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Annotation layer 'Gone' (id 999999) was not found.");
    const plain = await chartData([]);
    expect(plain.body.result[0].annotation_data).toEqual({});
  });

  it('answers a table-sourced layer with the chart\'s rows, and a clear 400 for a chart it cannot read', async () => {
    const answer = await chartData([{ name: 'Genders', annotationType: 'TABLE', sourceType: 'table', value: chartId, overrides: { time_range: null } }]);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.result[0].annotation_data.Genders.records).toEqual(answer.body.result[0].data);
    expect(answer.body.result[0].data.length).toBe(2);

    const gone = await chartData([{ name: 'Lost', annotationType: 'TABLE', sourceType: 'line', value: 999999 }]);
    expect(gone.status).toBe(400);
    expect(gone.text).toContain("Chart with ID 999999 (referenced by annotation layer 'Lost') was not found.");
    const orphan = await s.app.models().Chart.create({
      slice_name: 'Orphan', viz_type: 'line', datasource_id: 999999, datasource_type: 'table',
      query_context: JSON.stringify({ datasource: { id: 999999, type: 'table' }, queries: [byGender] }),
    } as never);
    const unreadable = await chartData([{ name: 'Orphan', annotationType: 'TABLE', sourceType: 'table', value: orphan.id }]);
    expect(unreadable.status).toBe(400);
    expect(unreadable.text).toContain(`Chart with ID ${orphan.id} (referenced by annotation layer 'Orphan') was not found.`);
    const notAnId = await chartData([{ name: 'Odd', annotationType: 'TABLE', sourceType: 'table', value: 'abc' }]);
    expect(notAnId.status).toBe(400);
  });
});
