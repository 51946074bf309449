/**
 * Superset's legacy chart plugins against our `/superset/explore_json/`: every example chart of
 * Superset's bundles whose viz type is a legacy one (no buildQuery: the plugin posts its form data
 * to explore_json and reads the viz's own `data`) is posted as the frontend posts it (a form's
 * `form_data` field), with our dataset's id, and must answer 200 with Superset's legacy payload
 * and the `data` shape its plugin reads: world_map rows `{country, m1, m2, latitude, longitude,
 * name}`, chord `{nodes, matrix}`, horizon NVD3 series `{key, values: [{x, y}]}`.
 *
 * The app runs with a fresh metadata store and the examples warehouse in SQLite, registered as
 * the `examples` database with the example datasets under Superset's uuids.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { loadExamples } from '../../app/server/examples/load.server';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { apiClient } from '../helpers/database-api';
import { readExampleCharts, WITHOUT_BUILD_QUERY, type ExampleChart } from '../helpers/superset-query-contexts';

type ExamplesModule = typeof import('../../app/server/examples/datasets.server');
type Json = Record<string, unknown>;

/** The legacy viz types this test knows the plugin's payload of; every example chart of a legacy type must be one. */
const CHECKED = ['world_map', 'chord', 'horizon'];
const legacyCharts = readExampleCharts().filter((c) => CHECKED.includes(c.viz_type));

let app: AppUnderTest;
let token = '';
const admin = () => apiClient(app, () => token);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-explore-json-'));
const examplesUrl = `sqlite:///${path.join(tmp, 'examples.sqlite')}`;

beforeAll(async () => {
  await loadExamples({ url: examplesUrl });
  app = await startApp();
  token = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const created = await admin().post<{ id: number }>('/api/v1/database/', { database_name: 'examples', sqlalchemy_uri: examplesUrl, expose_in_sqllab: true });
  if (created.status !== 201) throw new Error(`creating the examples database failed: ${created.status} ${JSON.stringify(created.body)}`);
  const database = await app.models().Database.findByPk(created.body.id);
  const examples = await app.load<ExamplesModule>('/app/server/examples/datasets.server.ts');
  await examples.registerExampleDatasets(database!, () => {});
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function datasetIdOf(chart: ExampleChart): Promise<number> {
  const q = encodeRisonUri({ filters: [{ col: 'uuid', opr: 'eq', value: chart.dataset_uuid }], columns: ['id', 'uuid'] });
  const answer = await admin().get<{ result?: { id: number }[] }>(`/api/v1/dataset/?q=${q}`);
  const id = answer.body.result?.[0]?.id;
  if (!id) throw new Error(`no dataset ${chart.dataset_uuid} for "${chart.slice_name}": ${answer.status}`);
  return id;
}

/** As the legacy plugins' SupersetClient posts: `form_data` as a form field, the slice id in the query string. */
async function postExploreJson(formData: Json): Promise<{ status: number; body: Json }> {
  const response = await app.fetch('/superset/explore_json/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ form_data: JSON.stringify(formData) }),
  });
  const text = await response.text();
  return { status: response.status, body: (() => { try { return JSON.parse(text) as Json; } catch { return { text }; } })() };
}

const SHAPES: Record<string, (data: unknown, chart: ExampleChart) => void> = {
  world_map(data, chart) {
    expect(Array.isArray(data)).toBe(true);
    const rows = data as Json[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.country).toMatch(/^[A-Z]{3}$/);
      expect(typeof row.m1).toBe('number');
      if (chart.params.secondary_metric) expect(typeof row.m2).toBe('number');
    }
    const found = rows.filter((r) => r.country !== 'XXX');
    // The example data's countries are real ones: the map finds (nearly) all of them.
    expect(found.length).toBeGreaterThanOrEqual(rows.length - 1);
    for (const row of found) expect(row).toEqual(expect.objectContaining({ latitude: expect.any(Number), longitude: expect.any(Number), name: expect.any(String) }));
  },
  chord(data) {
    const { nodes, matrix } = data as { nodes: unknown[]; matrix: unknown[][] };
    expect(nodes.length).toBeGreaterThan(1);
    expect(matrix).toHaveLength(nodes.length);
    for (const line of matrix) {
      expect(line).toHaveLength(nodes.length);
      for (const cell of line) expect(typeof cell).toBe('number');
    }
    expect(matrix.flat().some((v) => (v as number) > 0)).toBe(true);
  },
  horizon(data, chart) {
    const series = data as { key: unknown; values: { x: unknown; y: unknown }[] }[];
    expect(series.length).toBeGreaterThan(0);
    const groupby = chart.params.groupby as string[];
    for (const s of series) {
      // One metric and a groupby: the key is the group values.
      expect(s.key).toEqual([expect.any(String)]);
      expect(s.values.length).toBeGreaterThan(0);
      for (const v of s.values) {
        expect(typeof v.x).toBe('number');
        expect(v.y === null || typeof v.y === 'number').toBe(true);
      }
    }
    expect(groupby).toHaveLength(1);
    const keys = series.map((s) => (s.key as string[])[0]);
    expect(keys).toEqual([...keys].sort());
  },
};

describe('example charts of legacy viz types', () => {
  it('are the legacy ones the buildQuery test skips', () => {
    const legacyTypes = Object.keys(WITHOUT_BUILD_QUERY).filter((t) => WITHOUT_BUILD_QUERY[t].startsWith('legacy plugin'));
    expect(legacyTypes.sort()).toEqual([...CHECKED].sort());
    expect(legacyCharts.length).toBe(5);
  });

  it.each(legacyCharts.map((c) => [`${c.viz_type}: ${c.slice_name}`, c] as const))('%s answers the payload its plugin reads', async (_name, chart) => {
    const formData = { ...chart.params, datasource: `${await datasetIdOf(chart)}__table`, viz_type: chart.viz_type };
    const answer = await postExploreJson(formData);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
    const body = answer.body;
    expect(body).toEqual(
      expect.objectContaining({
        cache_key: expect.stringMatching(/^qc-/),
        cache_timeout: expect.any(Number),
        is_cached: false,
        query: expect.stringMatching(/SELECT/i),
        status: 'success',
        stacktrace: null,
        rowcount: expect.any(Number),
        errors: [],
      }),
    );
    expect(body).toHaveProperty('cached_dttm');
    expect(body.form_data).toMatchObject({ viz_type: chart.viz_type, datasource: formData.datasource, adhoc_filters: expect.any(Array) });
    SHAPES[chart.viz_type](body.data, chart);

    // Again from the cache, the same data.
    const again = await postExploreJson(formData);
    expect(again.body).toMatchObject({ is_cached: true, data: body.data });
  });

  it('merges a dashboard\'s extra filters and old charts\' legacy filters before querying', async () => {
    const chart = legacyCharts.find((c) => c.viz_type === 'world_map' && c.slice_name === 'Location of Current Developers')!;
    const datasource = `${await datasetIdOf(chart)}__table`;
    const base = { ...chart.params, datasource, adhoc_filters: [] };
    const all = await postExploreJson(base);
    const filtered = await postExploreJson({ ...base, extra_filters: [{ col: 'country_live', op: 'in', val: ['India'] }] });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data).toEqual([expect.objectContaining({ country: 'IND', name: 'India' })]);
    expect(filtered.body.form_data).toMatchObject({ adhoc_filters: [{ subject: 'country_live', operator: 'in', comparator: ['India'], isExtra: true }] });
    expect(filtered.body.form_data).not.toHaveProperty('extra_filters');
    const legacy = await postExploreJson({ ...base, adhoc_filters: undefined, filters: [{ col: 'country_live', op: 'in', val: ['India', 'Brazil'] }] });
    expect(((legacy.body.data as Json[]).map((r) => r.country)).sort()).toEqual(['BRA', 'IND']);
    expect((all.body.data as Json[]).length).toBeGreaterThan(2);

    const bad = await postExploreJson({ ...chart.params, datasource, viz_type: 'sankey', groupby: ['country_live'], metric: 'count' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Pick exactly 2 columns as [Source / Target]');
  });
});
