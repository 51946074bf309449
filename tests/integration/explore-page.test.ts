/**
 * The Explore page through the real handler, as a browser without JavaScript uses it: the chart is
 * in the HTML (an ECharts type as SVG, the table as HTML), the essential controls post a plain form
 * that stores the form data under a key and redirects to it, filters that match nothing show the
 * spec's message, a bad row limit is a 400 with the spec's words, and Save saves a new chart and
 * then overwrites it (only for its owners), leaving exactly one chart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadExamples } from '../../app/server/examples/load.server';
import { startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

describe('the Explore page', () => {
  let s: SqlLabApp;
  let dir: string;
  let datasetId: number;
  let other: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-explore-page-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'explore_examples', sqlalchemy_uri: url });
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    datasetId = created.body.id;
    other = (await s.userWith('explore_alpha', [], ['Alpha'])).token;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = async (pathname: string, token = s.adminToken) => {
    const response = await s.app.fetch(pathname, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, html: await response.text() };
  };
  const post = async (pathname: string, fields: [string, string][], token = s.adminToken) => {
    const body = new URLSearchParams(fields);
    const response = await s.app.fetch(pathname, { method: 'POST', redirect: 'manual', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    return { status: response.status, location: response.headers.get('Location'), html: await response.text() };
  };
  const formData = (extra: Record<string, unknown> = {}) => JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'table', ...extra });

  it('says what is missing when the URL names no chart or dataset', async () => {
    const { status, html } = await page('/explore/');
    expect(status).toBe(200);
    expect(html).toContain('The URL is missing the dataset_id or slice_id parameters.');
  });

  it('opens a dataset as a table chart, drawn into the HTML', async () => {
    const { status, html } = await page(`/explore/?datasource_type=table&datasource_id=${datasetId}`);
    expect(status).toBe(200);
    expect(html).toContain('birth_names');
    expect(html).toContain('name="viz_type"');
    // The default type is the table; with nothing chosen it asks for a metric or columns.
    expect(html).toMatch(/<figure[^>]*aria-label="Untitled chart"/);
  });

  it('updates the chart from the form: the form data is stored under a key, and the bar chart is SVG in the page', async () => {
    const update = await post('/explore/?index', [
      ['intent', 'update'], ['form_data', formData()], ['viz_type', 'echarts_timeseries_bar'],
      ['metrics', 'count'], ['x_axis', 'ds'], ['groupby', 'gender'], ['time_range', 'No filter'], ['row_limit', '1000'],
    ]);
    expect(update.status, update.html).toBe(302);
    expect(update.location).toMatch(/^\/explore\/\?form_data_key=[A-Za-z0-9_-]{22}$/);
    const { html } = await page(update.location!);
    expect(html).toContain('<svg');
    // The legend names the series by gender alone: the type's defaults (truncate_metric) are in the form data.
    const texts = [...html.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual(expect.arrayContaining(['boy', 'girl']));
    expect(html).toMatch(/boy/);
    expect(html).toMatch(/girl/);
  });

  it('shows the SQL, downloads the data as the chart asked for it, and shares the state as a permalink', async () => {
    const update = await post('/explore/?index', [
      ['intent', 'update'], ['form_data', formData()], ['viz_type', 'table'], ['metrics', 'count'], ['groupby', 'gender'], ['row_limit', '10'],
    ]);
    const { html } = await page(update.location!);
    const sql = /aria-label="The chart&#x27;s SQL"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    expect(sql).toMatch(/SELECT[\s\S]*gender[\s\S]*GROUP BY/i);
    // The download forms post the chart's own query context with another format.
    const csvForm = /name="form_data" value="([^"]*result_format&quot;:&quot;csv[^"]*)"/.exec(html)?.[1];
    expect(csvForm).toBeTruthy();
    const context = csvForm!.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    const csv = await s.app.fetch('/api/v1/chart/data', {
      method: 'POST', headers: { Authorization: `Bearer ${s.adminToken}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ form_data: context }),
    });
    expect(csv.status).toBe(200);
    expect((await csv.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/gender/);

    const shared = await post('/explore/?index', [['intent', 'permalink'], ['form_data', formData({ viz_type: 'pie', metric: 'count', groupby: ['state'] })], ['viz_type', 'pie'], ['metrics', 'count'], ['groupby', 'state']]);
    expect(shared.status, shared.html).toBe(302);
    const key = /permalink_key=([A-Za-z0-9_-]{22})$/.exec(shared.location ?? '')?.[1];
    expect(key).toBeTruthy();
    const opened = await s.app.fetch(`/superset/explore/p/${key}/`, { redirect: 'manual', headers: { Authorization: `Bearer ${s.adminToken}` } });
    expect(opened.headers.get('Location')).toBe(`/explore/?permalink_key=${key}`);
    const permalinked = await page(`/explore/?permalink_key=${key}`);
    expect(permalinked.html).toMatch(/<option value="pie" selected="">/);
  });

  it("says 'No results were returned for this query' when the filters match nothing", async () => {
    const update = await post('/explore/?index', [
      ['intent', 'update'], ['form_data', formData()], ['viz_type', 'table'], ['metrics', 'count'], ['groupby', 'gender'],
      ['filters', "gender = 'nobody'"], ['row_limit', '10'],
    ]);
    expect(update.status, update.html).toBe(302);
    const { html } = await page(update.location!);
    expect(html).toContain('No results were returned for this query');
  });

  it("refuses a row limit that is not a whole number with the spec's words, storing nothing", async () => {
    const answer = await post('/explore/?index', [
      ['intent', 'update'], ['form_data', formData()], ['viz_type', 'table'], ['metrics', 'count'], ['row_limit', '10.5'],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('is expected to be an integer');
  });

  it('refuses a save without a name, or with one too long, and bad form data, with a 4xx', async () => {
    const unnamed = await post('/explore/?index', [['intent', 'save'], ['form_data', formData()], ['viz_type', 'table'], ['metrics', 'count'], ['slice_name', '']]);
    expect(unnamed.status).toBe(422);
    expect(unnamed.html).toContain('Enter a chart name.');
    const long = await post('/explore/?index', [['intent', 'save'], ['form_data', formData()], ['viz_type', 'table'], ['metrics', 'count'], ['slice_name', 'x'.repeat(300)]]);
    expect(long.status).toBe(422);
    for (const bad of ['{', '[]', JSON.stringify({ datasource: '1__druid' }), JSON.stringify({ datasource: `${datasetId}__table`, viz_type: 'no_such_type' })]) {
      const answer = await post('/explore/?index', [['intent', 'update'], ['form_data', bad], ['metrics', 'count']]);
      expect(answer.status, bad).toBe(400);
    }
  });

  it('saves a new chart, overwrites it, and refuses to overwrite for someone who does not own it', async () => {
    const before = await s.app.models().Chart.count();
    const saved = await post('/explore/?index', [
      ['intent', 'save'], ['form_data', formData()], ['viz_type', 'table'], ['metrics', 'count'], ['groupby', 'state'], ['row_limit', '5'], ['slice_name', 'Births by state'],
    ]);
    expect(saved.status, saved.html).toBe(302);
    const id = Number(/slice_id=(\d+)/.exec(saved.location ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    const overwritten = await post('/explore/?index', [
      ['intent', 'save'], ['form_data', formData({ slice_id: id })], ['slice_id', String(id)], ['save_action', 'overwrite'],
      ['viz_type', 'table'], ['metrics', 'count'], ['groupby', 'state'], ['row_limit', '7'], ['slice_name', 'Births by state'],
    ]);
    expect(overwritten.status, overwritten.html).toBe(302);
    expect(await s.app.models().Chart.count()).toBe(before + 1);
    const chart = await s.app.models().Chart.findByPk(id);
    expect(JSON.parse(chart!.params!)).toMatchObject({ row_limit: 7, groupby: ['state'], metrics: ['count'] });

    const { html } = await page(`/explore/?slice_id=${id}`, other);
    expect(html).toContain('You do not have permission to edit this chart.');
    const refused = await post('/explore/?index', [
      ['intent', 'save'], ['form_data', formData({ slice_id: id })], ['slice_id', String(id)], ['save_action', 'overwrite'],
      ['viz_type', 'table'], ['metrics', 'count'], ['slice_name', 'Taken over'],
    ], other);
    expect(refused.status).toBe(403);
  });
});
