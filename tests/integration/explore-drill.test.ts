/**
 * Drill to detail and drill by through the real handler, on the examples' birth_names: the
 * filters app/lib/explore/drill.ts builds from a clicked point, with the chart's own query as its
 * chart type builds it, narrow POST /datasource/samples to exactly the rows behind the point (the
 * same count SQL Lab finds with a hand-written WHERE), and regroup the chart's metric by another
 * column through the chart data API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillByQueryContext, drillDetailPayload, drillFiltersForPoint, samplesUrl, type DrillFilter } from '../../app/lib/explore/drill';
import { loadExamples } from '../../app/server/examples/load.server';
import type { FormData } from '../../app/viz/types';
import pie from '../../app/viz/pie';
import bar from '../../app/viz/timeseries-bar';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type Samples = { result: { data: Json[]; colnames: string[]; total_count: number; rowcount: number; page: number; per_page: number } };

describe('drilling into a chart point', () => {
  let s: SqlLabApp;
  let dir: string;
  let dbId: number;
  let datasetId: number;
  let firstYear: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-explore-drill-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    const db = await s.addDatabase({ database_name: 'drill_examples', sqlalchemy_uri: url });
    dbId = db.id;
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    datasetId = created.body.id;
    const [first] = await sqlLab('SELECT MIN(ds) AS first FROM birth_names');
    firstYear = Number(String(first.first).slice(0, 4));
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function sqlLab(sql: string): Promise<Json[]> {
    const answer = await s.execute<{ data: Json[] }>({ database_id: dbId, sql, runAsync: false });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  }

  const samples = (filters: DrillFilter[], formData: FormData, plugin: typeof bar, page = 1, perPage = 50) =>
    s.call<Samples>('POST', samplesUrl({ id: datasetId, type: 'table' }, page, perPage), drillDetailPayload(plugin.buildQuery(formData).queries[0], filters));

  /** A bar chart of births by year and gender, limited to California by its own adhoc filter. */
  const barChart = (grain: string): FormData => ({
    viz_type: 'echarts_timeseries_bar',
    datasource: `${datasetId}__table`,
    x_axis: 'ds',
    time_grain_sqla: grain,
    metrics: ['count'],
    groupby: ['gender'],
    time_range: 'No filter',
    adhoc_filters: [
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' },
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA' },
    ],
    row_limit: 10000,
  });

  it('answers only the rows of the clicked year and series, under the chart\'s own filter', async () => {
    const formData = barChart('P1Y');
    const filters = drillFiltersForPoint(
      { componentType: 'series', seriesName: 'boy', data: [Date.UTC(firstYear, 0, 1), 1] },
      { vizType: bar.type, formData, result: { colnames: ['ds', 'boy', 'girl'], coltypes: [2, 0, 0] } },
    );
    expect(filters.map((f) => f.op)).toEqual(['TEMPORAL_RANGE', '==']);

    const answer = await samples(filters, formData, bar, 1, 1000);
    expect(answer.status, answer.text).toBe(200);
    const [truth] = await sqlLab(`SELECT COUNT(*) AS n FROM birth_names WHERE gender = 'boy' AND state = 'CA' AND ds >= '${firstYear}-01-01' AND ds < '${firstYear + 1}-01-01'`);
    expect(Number(truth.n)).toBeGreaterThan(0);
    expect(answer.body.result.total_count).toBe(Number(truth.n));
    const start = Date.UTC(firstYear, 0, 1);
    const end = Date.UTC(firstYear + 1, 0, 1);
    for (const row of answer.body.result.data) {
      expect(row).toMatchObject({ gender: 'boy', state: 'CA' });
      expect(row.ds as number).toBeGreaterThanOrEqual(start);
      expect(row.ds as number).toBeLessThan(end);
    }
  });

  it('bounds a quarter by its three months and pages the rows 50 at a time', async () => {
    const formData = barChart('P3M');
    const filters = drillFiltersForPoint(
      { componentType: 'series', seriesName: 'girl', data: [Date.UTC(firstYear, 0, 1), 1] },
      { vizType: bar.type, formData, result: { colnames: ['ds', 'boy', 'girl'], coltypes: [2, 0, 0] } },
    );
    const [truth] = await sqlLab(`SELECT COUNT(*) AS n FROM birth_names WHERE gender = 'girl' AND state = 'CA' AND ds >= '${firstYear}-01-01' AND ds < '${firstYear}-04-01'`);
    const first = await samples(filters, formData, bar, 1, 50);
    expect(first.status, first.text).toBe(200);
    expect(first.body.result.total_count).toBe(Number(truth.n));
    expect(first.body.result.rowcount).toBe(Math.min(50, Number(truth.n)));
    if (Number(truth.n) > 50) {
      const second = await samples(filters, formData, bar, 2, 50);
      expect(second.body.result.page).toBe(2);
      expect(second.body.result.rowcount).toBe(Math.min(50, Number(truth.n) - 50));
    }
  });

  it('answers the rows of a pie slice, and regroups its metric by another column', async () => {
    const formData: FormData = { viz_type: 'pie', datasource: `${datasetId}__table`, metric: 'count', groupby: ['gender'], adhoc_filters: [], row_limit: 100 };
    const filters = drillFiltersForPoint({ componentType: 'series', name: 'girl', value: 1 }, { vizType: 'pie', formData, labelMap: { girl: ['girl'], boy: ['boy'] } });
    expect(filters).toEqual([{ col: 'gender', op: '==', val: 'girl', formattedVal: 'girl' }]);

    const answer = await samples(filters, formData, pie as unknown as typeof bar, 1, 5);
    expect(answer.status, answer.text).toBe(200);
    const [truth] = await sqlLab("SELECT COUNT(*) AS n FROM birth_names WHERE gender = 'girl'");
    expect(answer.body.result.total_count).toBe(Number(truth.n));
    expect(answer.body.result.data.every((r) => r.gender === 'girl')).toBe(true);

    const context = drillByQueryContext({ id: datasetId, type: 'table' }, pie.buildQuery(formData).queries[0], formData, 'state', filters);
    const byState = await s.call<{ result: { data: Json[]; colnames: string[] }[] }>('POST', '/api/v1/chart/data', context);
    expect(byState.status, byState.text).toBe(200);
    const rows = byState.body.result[0].data;
    expect(byState.body.result[0].colnames).toEqual(['state', 'count']);
    expect(rows.reduce((sum, r) => sum + Number(r.count), 0)).toBe(Number(truth.n));
    const counts = rows.map((r) => Number(r.count));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
