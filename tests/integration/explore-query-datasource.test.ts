/**
 * SQL Lab's "Create chart": a query's results open in Explore as a `query` datasource. The form
 * post stores a raw-mode table of the query's columns and redirects to it; the page draws it from
 * the query's SQL; the chart data API answers `{id, type: 'query'}`; only the query's author may
 * chart it; a query id never picks up the row-level security of the dataset with the same id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExamples } from '../../app/server/examples/load.server';
import { clientId, startSqlLabApp, type SqlLabApp } from '../helpers/sqllab';

describe('Explore on a SQL Lab query', () => {
  let s: SqlLabApp;
  let dir: string;
  let dbId: number;
  let queryClientId: string;
  let queryId: number;
  let stranger: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-explore-query-'));
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    dbId = (await s.addDatabase({ database_name: 'query_examples', sqlalchemy_uri: url, expose_in_sqllab: true })).id;
    queryClientId = clientId();
    const ran = await s.execute<{ query_id: number }>({ database_id: dbId, sql: "SELECT gender, SUM(num) AS total FROM birth_names WHERE state = 'CA' GROUP BY gender", client_id: queryClientId, runAsync: false });
    expect(ran.status, ran.text).toBe(200);
    queryId = ran.body.query_id;
    stranger = (await s.userWith('query_stranger', [['menu_access', 'SQL Lab'], ['can_read', 'Explore'], ['can_write', 'ExploreFormDataRestApi'], ['can_read', 'Chart'], ['database_access', `[query_examples].(id:${dbId})`]])).token;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const createChart = async (client: string, token = s.adminToken) => {
    const response = await s.app.fetch('/sqllab/explore', {
      method: 'POST',
      redirect: 'manual',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client }),
    });
    return { status: response.status, location: response.headers.get('Location'), text: await response.text() };
  };

  it("opens the query's results as a raw table of its columns, drawn from its SQL", async () => {
    const created = await createChart(queryClientId);
    expect(created.status, created.text).toBe(302);
    expect(created.location).toMatch(/^\/explore\/\?form_data_key=/);
    const response = await s.app.fetch(created.location!, { headers: { Authorization: `Bearer ${s.adminToken}` } });
    const html = await response.text();
    expect(response.status).toBe(200);
    // Both columns as table headers, and the two genders as rows.
    for (const text of ['gender', 'total', 'boy', 'girl']) expect(html).toContain(text);
    expect(html).toContain(`${queryId}__query`);
  });

  it('answers chart data for {id, type: query}', async () => {
    const answer = await s.call<{ result: { data: Record<string, unknown>[]; colnames: string[] }[] }>('POST', '/api/v1/chart/data', {
      datasource: { id: queryId, type: 'query' },
      queries: [{ columns: ['gender'], metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(total)', label: 'sum_total' }], orderby: [['gender', true]], row_limit: 10 }],
      result_format: 'json',
      result_type: 'full',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.result[0].colnames).toEqual(['gender', 'sum_total']);
    expect(answer.body.result[0].data.map((r) => r.gender)).toEqual(['boy', 'girl']);
  });

  it("refuses someone else's query as if it did not exist", async () => {
    expect((await createChart(queryClientId, stranger)).status).toBe(404);
    const answer = await s.call('POST', '/api/v1/chart/data', { datasource: { id: queryId, type: 'query' }, queries: [{ columns: ['gender'], row_limit: 10 }] }, stranger);
    expect(answer.status).toBe(404);
  });

  it('refuses a post that names no query', async () => {
    expect((await createChart('')).status).toBe(400);
    expect((await createChart('no-such-query')).status).toBe(404);
  });

  it('never applies the row-level security of the dataset that has the same id as the query', async () => {
    // A dataset whose id is the query's, filtered to nothing for everyone (a Base rule).
    let datasetId = 0;
    for (let i = 0; datasetId < queryId && i < 50; i++) {
      const made = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: dbId, schema: 'main', table_name: 'birth_names', sql: `SELECT * FROM birth_names -- ${i}` });
      expect(made.status, made.text).toBe(201);
      datasetId = made.body.id;
    }
    expect(datasetId).toBe(queryId);
    const rule = await s.call('POST', '/api/v1/rowlevelsecurity/', { name: 'nothing for anyone', filter_type: 'Base', tables: [datasetId], roles: [], clause: '1 = 0' });
    expect(rule.status, rule.text).toBe(201);
    const count = (type: 'table' | 'query') =>
      s.call<{ result: { data: Record<string, unknown>[] }[] }>('POST', '/api/v1/chart/data', {
        datasource: { id: queryId, type },
        queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }], row_limit: 10 }],
        force: true,
      });
    const onDataset = await count('table');
    expect(onDataset.status, onDataset.text).toBe(200);
    expect(onDataset.body.result[0].data[0].n).toBe(0);
    const onQuery = await count('query');
    expect(onQuery.status, onQuery.text).toBe(200);
    expect(onQuery.body.result[0].data[0].n).toBe(2);
  });
});
