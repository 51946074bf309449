/**
 * `result_type: post_processed` through /api/v1/chart/data on a SQLite examples warehouse, as
 * Superset's apply_client_processing answers it: in JSON, `data` by column then row label with
 * the numbers formatted as the chart shows them (the pivot table's valueFormat, the table's
 * column_config and the dataset's metric formats), `colnames` and `indexnames` the labels (a
 * pivot's as lists of levels); in CSV, the pivoted table with its row levels as columns and the
 * raw numbers. Expected numbers come from SQL Lab on the same data, formatted by Intl.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExamples } from '../../app/server/examples/load.server';
import { parseCsvRecord } from '../../app/server/sqllab/csv.server';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type Payload = { data: Record<string, Record<string, unknown>>; colnames: unknown[]; indexnames: unknown[]; coltypes: number[]; rowcount: number };

const grouped = (n: number, decimals = 0) => n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

describe('post_processed chart data on SQLite', () => {
  let s: SqlLabApp;
  let dir: string;
  let datasetId: number;
  let db: { id: number; database_name: string };
  const counts = new Map<string, number>();
  const births = new Map<string, number>();

  const context = (queries: Json[], extra: Json = {}) => ({ datasource: { id: datasetId, type: 'table' }, queries, result_type: 'post_processed', ...extra });
  const byGenderState = { columns: ['gender', 'state'], metrics: ['count'], filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }], orderby: [['count', false]], row_limit: 100 };
  const pivotForm = { viz_type: 'pivot_table_v2', groupbyRows: ['gender'], groupbyColumns: ['state'], metrics: ['count'], aggregateFunction: 'Sum', colTotals: true, valueFormat: ',d' };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-post-processed-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    db = await s.addDatabase({ database_name: 'examples_post_processed', sqlalchemy_uri: url });
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    datasetId = created.body.id;
    const m = s.app.models();
    await m.TableColumn.update({ verbose_name: 'Gender' }, { where: { table_id: datasetId, column_name: 'gender' } });
    await m.SqlMetric.create({ table_id: datasetId, metric_name: 'sum__num', expression: 'SUM(num)', verbose_name: 'Births', d3format: ',.1f' } as never);

    const sql = async (query: string) => {
      const answer = await s.execute<{ data: Json[] }>({ database_id: db.id, sql: query, runAsync: false });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data;
    };
    for (const row of await sql("SELECT gender, state, COUNT(*) AS n FROM birth_names WHERE state IN ('CA', 'NY') GROUP BY gender, state")) counts.set(`${String(row.gender)} ${String(row.state)}`, Number(row.n));
    for (const row of await sql('SELECT gender, SUM(num) AS n FROM birth_names GROUP BY gender')) births.set(String(row.gender), Number(row.n));
  }, 240_000);

  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a pivot table in JSON by column then row, formatted by its valueFormat, with its labels', async () => {
    const answer = await s.call<{ result: Payload[] }>('POST', '/api/v1/chart/data', context([byGenderState], { form_data: pivotForm }));
    expect(answer.status, answer.text).toBe(200);
    const [payload] = answer.body.result;
    const n = (key: string) => counts.get(key) ?? 0;
    const total = (state: string) => n(`boy ${state}`) + n(`girl ${state}`);
    expect(payload.data).toEqual({
      'COUNT(*) CA': { boy: grouped(n('boy CA')), girl: grouped(n('girl CA')), 'Total (Sum)': grouped(total('CA')) },
      'COUNT(*) NY': { boy: grouped(n('boy NY')), girl: grouped(n('girl NY')), 'Total (Sum)': grouped(total('NY')) },
    });
    expect(payload.colnames).toEqual([['COUNT(*)', 'CA'], ['COUNT(*)', 'NY']]);
    expect(payload.indexnames).toEqual([['boy'], ['girl'], ['Total (Sum)']]);
    expect(payload.coltypes).toEqual([1, 1]);
    expect(payload.rowcount).toBe(3);
  });

  it('answers a table in JSON with a row number index, a metric in the dataset\'s format', async () => {
    const query = { columns: ['gender'], metrics: ['sum__num'], orderby: [['gender', true]], row_limit: 10 };
    const answer = await s.call<{ result: Payload[] }>('POST', '/api/v1/chart/data', context([query], { form_data: { viz_type: 'table', metrics: ['sum__num'] } }));
    expect(answer.status, answer.text).toBe(200);
    const [payload] = answer.body.result;
    expect(payload.data).toEqual({
      Gender: { 0: 'boy', 1: 'girl' },
      Births: { 0: grouped(births.get('boy') ?? 0, 1), 1: grouped(births.get('girl') ?? 0, 1) },
    });
    expect(payload).toMatchObject({ colnames: ['Gender', 'Births'], indexnames: [0, 1], coltypes: [1, 1], rowcount: 2 });

    // The chart's column_config wins over the dataset's format.
    const configured = await s.call<{ result: Payload[] }>('POST', '/api/v1/chart/data', context([query], { form_data: { viz_type: 'table', metrics: ['sum__num'], column_config: { sum__num: { d3NumberFormat: ',d' } } } }));
    expect(configured.status, configured.text).toBe(200);
    expect(configured.body.result[0].data.Births).toEqual({ 0: grouped(births.get('boy') ?? 0), 1: grouped(births.get('girl') ?? 0) });
  });

  it('answers the pivoted table as CSV: its row level as a column (unnamed, as pandas writes it), raw numbers', async () => {
    const response = await s.app.fetch('/api/v1/chart/data', {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(context([byGenderState], { result_format: 'csv', form_data: pivotForm })),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split(/\r?\n/).map(parseCsvRecord);
    const n = (key: string) => String(counts.get(key) ?? 0);
    expect(lines).toEqual([
      ['', 'COUNT(*) CA', 'COUNT(*) NY'],
      ['boy', n('boy CA'), n('boy NY')],
      ['girl', n('girl CA'), n('girl NY')],
      ['Total (Sum)', String((counts.get('boy CA') ?? 0) + (counts.get('girl CA') ?? 0)), String((counts.get('boy NY') ?? 0) + (counts.get('girl NY') ?? 0))],
    ]);
  });
});
