/**
 * The chart data endpoints against one warehouse engine, through the real Remix handler: the
 * examples' `birth_names` loaded into the warehouse, registered as a dataset through the dataset
 * API (columns discovered, `count` metric added), and every answer checked against what SQL Lab
 * returns for the same question on the same data. Run by chart-data-sqlite.test.ts and
 * chart-data-postgres.test.ts.
 */
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExamples } from '../../app/server/examples/load.server';
import { parseCsvRecord } from '../../app/server/sqllab/csv.server';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type DataAccessModule = typeof import('../../app/server/access/data-grants.server');

export interface Warehouse {
  url: string;
  schema: string;
  drop(): Promise<void>;
}

type Payload = Json & { data: Json[]; colnames: string[]; coltypes: number[]; rowcount: number; cache_key: string; is_cached: boolean; query: string };
type Answer = { result: Payload[] };

export function chartDataSuite(engine: string, makeWarehouse: () => Promise<Warehouse>): void {
  describe(`chart data on ${engine}`, () => {
    let s: SqlLabApp;
    let warehouse: Warehouse;
    let db: { id: number; database_name: string };
    let datasetId: number;
    const tokens: Record<'granted' | 'denied' | 'noCsv' | 'rls', string> = { granted: '', denied: '', noCsv: '', rls: '' };
    const truth = { boys: 0, girls: 0, rows: 0, firstYear: 0 };

    const post = <T = Answer>(path: string, body: unknown, token?: string) => s.call<T>('POST', path, body, token);
    const context = (queries: Json[], extra: Json = {}) => ({ datasource: { id: datasetId, type: 'table' }, queries, ...extra });
    const byGender = (extra: Json = {}) => ({ metrics: ['count'], columns: ['gender'], orderby: [['gender', true]], row_limit: 10, ...extra });

    async function sqlLab(sql: string): Promise<Json[]> {
      const answer = await s.execute<{ data: Json[] }>({ database_id: db.id, sql, runAsync: false });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data;
    }

    async function fetchRaw(path: string, init: RequestInit & { token?: string } = {}) {
      const { token = s.adminToken, ...rest } = init;
      return s.app.fetch(path, { ...rest, headers: { Authorization: `Bearer ${token}`, ...(rest.headers as Record<string, string> | undefined) } });
    }

    beforeAll(async () => {
      warehouse = await makeWarehouse();
      await loadExamples({ url: warehouse.url, tables: ['birth_names'] });
      s = await startSqlLabApp({ worker: false });
      db = await s.addDatabase({ database_name: `examples_${engine}`, sqlalchemy_uri: warehouse.url });
      const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: warehouse.schema, table_name: 'birth_names' });
      expect(created.status, created.text).toBe(201);
      datasetId = created.body.id;
      const m = s.app.models();
      await m.TableColumn.update({ verbose_name: 'Gender' }, { where: { table_id: datasetId, column_name: 'gender' } });
      await m.SqlMetric.create({ table_id: datasetId, metric_name: 'sum__num', expression: 'SUM(num)', verbose_name: 'Births' } as never);

      const grants = await s.app.load<DataAccessModule>('/app/server/access/data-grants.server.ts');
      const view = grants.datasetPermissionView({ id: datasetId, table_name: 'birth_names', schema: warehouse.schema, database: db });
      tokens.granted = (await s.userWith(`granted_${engine}`, [['datasource_access', view]], ['Gamma'])).token;
      tokens.denied = (await s.userWith(`denied_${engine}`, [], ['Gamma'])).token;
      tokens.noCsv = (await s.userWith(`nocsv_${engine}`, [['can_read', 'Chart'], ['can_read', 'Dataset'], ['datasource_access', view]], [])).token;
      const rlsRole = await m.Role.create({ name: `girls_only_${engine}` });
      const filter = await m.RowLevelSecurityFilter.create({ name: 'girls only', filter_type: 'Regular', clause: "gender = 'girl'" } as never);
      const links = filter as unknown as { addTables(ids: number[]): Promise<void>; addRoles(ids: number[]): Promise<void> };
      await links.addTables([datasetId]);
      await links.addRoles([rlsRole.id]);
      tokens.rls = (await s.userWith(`rls_${engine}`, [['datasource_access', view]], ['Gamma', rlsRole.name])).token;

      const counts = await sqlLab('SELECT gender, COUNT(*) AS n FROM birth_names GROUP BY gender');
      for (const row of counts) truth[row.gender === 'boy' ? 'boys' : 'girls'] = Number(row.n);
      truth.rows = truth.boys + truth.girls;
      const first = await sqlLab('SELECT MIN(ds) AS first FROM birth_names');
      truth.firstYear = Number(String(first[0].first).slice(0, 4));
    }, 240_000);

    afterAll(async () => {
      await s?.close();
      await warehouse?.drop();
    });

    it('answers a full query in Superset\'s envelope, the same numbers SQL Lab counts', async () => {
      const answer = await post('/api/v1/chart/data', context([byGender()], { force: true }));
      expect(answer.status, answer.text).toBe(200);
      const [payload] = answer.body.result;
      expect(payload.data).toEqual([{ gender: 'boy', count: truth.boys }, { gender: 'girl', count: truth.girls }]);
      expect(payload).toMatchObject({ colnames: ['gender', 'count'], coltypes: [1, 0], rowcount: 2, sql_rowcount: 2, status: 'success', error: null, stacktrace: null, is_cached: false, cached_dttm: null, result_format: 'json', annotation_data: {} });
      expect(payload.cache_key).toMatch(/^qc-[0-9a-f]{64}$/);
      expect(payload.cache_timeout).toBe(86_400);
      expect(payload.query).toMatch(/SELECT/i);
      for (const key of ['applied_filters', 'rejected_filters', 'applied_template_filters', 'label_map', 'from_dttm', 'to_dttm']) expect(payload).toHaveProperty(key);
    });

    it('serves the second call from the cache, and force runs it again', async () => {
      const body = context([byGender({ row_limit: 9 })]);
      const first = await post('/api/v1/chart/data', body);
      const second = await post('/api/v1/chart/data', body);
      expect(first.body.result[0].is_cached).toBe(false);
      expect(second.body.result[0]).toMatchObject({ is_cached: true, cache_key: first.body.result[0].cache_key, data: first.body.result[0].data });
      expect(second.body.result[0].cached_dttm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
      const forced = await post(`/api/v1/chart/data?form_data=${encodeURIComponent('{"slice_id":1}')}&force=true`, body);
      expect(forced.status, forced.text).toBe(200);
      expect(forced.body.result[0].is_cached).toBe(false);
      const cached = await s.call<Answer>('GET', `/api/v1/chart/data/${first.body.result[0].cache_key}`);
      expect(cached.status, cached.text).toBe(200);
      expect(cached.body.result[0]).toMatchObject({ is_cached: true, data: first.body.result[0].data, colnames: ['gender', 'count'] });
    });

    it('answers a time series with epoch milliseconds, in the current and the legacy style', async () => {
      const axis = { label: 'ds', sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1Y', expressionType: 'SQL' };
      const current = await post('/api/v1/chart/data', context([{ columns: [axis], metrics: ['count'], orderby: [['count', false]], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }], row_limit: 1000 }]));
      expect(current.status, current.text).toBe(200);
      const rows = current.body.result[0].data;
      expect(current.body.result[0].coltypes).toEqual([2, 0]);
      expect(rows.map((r) => r.ds).every((v) => Number.isInteger(v))).toBe(true);
      expect(Math.min(...rows.map((r) => r.ds as number))).toBe(Date.UTC(truth.firstYear, 0, 1));
      expect(rows.reduce((sum, r) => sum + (r.count as number), 0)).toBe(truth.rows);

      const legacy = await post('/api/v1/chart/data', context([{ granularity: 'ds', is_timeseries: true, time_range: 'No filter', extras: { time_grain_sqla: 'P1Y' }, metrics: ['count'], columns: [], row_limit: 1000 }]));
      expect(legacy.status, legacy.text).toBe(200);
      expect(legacy.body.result[0].colnames).toEqual(['__timestamp', 'count']);
      expect(legacy.body.result[0].coltypes[0]).toBe(2);
      expect(legacy.body.result[0].data.length).toBe(rows.length);
    });

    it('applies post-processing to the rows', async () => {
      const axis = { label: 'ds', sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1Y', expressionType: 'SQL' };
      const answer = await post('/api/v1/chart/data', context([{
        columns: [axis, 'gender'],
        metrics: ['count'],
        row_limit: 1000,
        post_processing: [
          { operation: 'pivot', options: { index: ['ds'], columns: ['gender'], aggregates: { count: { operator: 'mean' } }, drop_missing_columns: false } },
          { operation: 'flatten' },
        ],
      }]));
      expect(answer.status, answer.text).toBe(200);
      const payload = answer.body.result[0];
      expect(payload.colnames).toEqual(['ds', 'count, boy', 'count, girl']);
      expect(payload.coltypes).toEqual([2, 0, 0]);
      expect(payload.data.reduce((sum, r) => sum + (r['count, girl'] as number), 0)).toBe(truth.girls);
      expect(payload.rowcount).toBe(payload.data.length);
      expect(payload.sql_rowcount).toBe(payload.data.length * 2);
    });

    it('answers results, samples, drill_detail, query, columns, timegrains and post_processed', async () => {
      const results = await post('/api/v1/chart/data', context([byGender()], { result_type: 'results' }));
      expect(results.status, results.text).toBe(200);
      expect(Object.keys(results.body.result[0]).sort()).toEqual(['colnames', 'coltypes', 'data', 'rowcount', 'sql_rowcount']);

      const samples = await post('/api/v1/chart/data', context([{}], { result_type: 'samples' }));
      expect(samples.status, samples.text).toBe(200);
      expect(samples.body.result[0].colnames).toEqual(['ds', 'gender', 'name', 'num', 'state', 'num_boys', 'num_girls']);
      expect(samples.body.result[0].rowcount).toBe(Math.min(truth.rows, 1000));
      expect(typeof samples.body.result[0].data[0].ds).toBe('number');

      const drill = await post('/api/v1/chart/data', context([{ filters: [{ col: 'gender', op: '==', val: 'girl' }], row_limit: 5, row_offset: 5 }], { result_type: 'drill_detail' }));
      expect(drill.status, drill.text).toBe(200);
      expect(drill.body.result[0].data).toHaveLength(5);
      expect(drill.body.result[0].data.every((r) => r.gender === 'girl')).toBe(true);

      const query = await post('/api/v1/chart/data', context([byGender()], { result_type: 'query' }));
      expect(query.status, query.text).toBe(200);
      expect(query.body.result[0]).toEqual({ query: expect.stringMatching(/GROUP BY/i), language: 'sql' });

      const columns = await post('/api/v1/chart/data', context([{}], { result_type: 'columns' }));
      expect(columns.body.result[0].data).toContainEqual({ column_name: 'gender', verbose_name: 'Gender', dtype: expect.any(String) });

      const grains = await post('/api/v1/chart/data', context([{}], { result_type: 'timegrains' }));
      const grainList = grains.body.result[0].data as { name: string; function: string; duration: string | null }[];
      expect(grainList[0]).toEqual({ name: 'Original value', function: '{col}', duration: null });
      expect(grainList.find((g) => g.duration === 'P1D')?.function).toContain('{col}');

      const processed = await post('/api/v1/chart/data', context([byGender()], { result_type: 'post_processed', form_data: { viz_type: 'table' } }));
      expect(processed.status, processed.text).toBe(200);
      // As Superset's client processing: a table's columns renamed through the verbose map, data by column then row number
      // (a column that is not one of the chart's metrics and has no format keeps its numbers).
      expect(processed.body.result[0].data).toEqual({ Gender: { 0: 'boy', 1: 'girl' }, 'COUNT(*)': { 0: truth.boys, 1: truth.girls } });
      expect(processed.body.result[0]).toMatchObject({ colnames: ['Gender', 'COUNT(*)'], indexnames: [0, 1], rowcount: 2 });
    });

    it('answers post_processed as the pivot table shows it, in JSON, CSV and for a saved chart', async () => {
      const counts = await sqlLab("SELECT gender, state, COUNT(*) AS n FROM birth_names WHERE state IN ('CA', 'NY') GROUP BY gender, state");
      const n = (gender: string, state: string) => Number(counts.find((r) => r.gender === gender && r.state === state)?.n ?? 0);
      const [ca, ny] = [n('boy', 'CA') + n('girl', 'CA'), n('boy', 'NY') + n('girl', 'NY')];
      const formData = { viz_type: 'pivot_table_v2', groupbyRows: ['gender'], groupbyColumns: ['state'], metrics: ['count'], aggregateFunction: 'Sum', rowTotals: true, colTotals: true, valueFormat: 'd' };
      const query = { columns: ['gender', 'state'], metrics: ['count'], filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }], orderby: [['count', false]], row_limit: 100 };
      const colnames = [['COUNT(*)', 'CA'], ['COUNT(*)', 'NY'], ['COUNT(*)', 'Subtotal'], ['Total (Sum)', '']];

      // JSON as Superset's: data by column then row label, formatted by valueFormat ('d': whole numbers as text).
      const answer = await post('/api/v1/chart/data', context([query], { result_type: 'post_processed', form_data: formData }));
      expect(answer.status, answer.text).toBe(200);
      const [payload] = answer.body.result;
      expect(payload).toMatchObject({ colnames, indexnames: [['boy'], ['girl'], ['Total (Sum)']], coltypes: [1, 1, 1, 1], rowcount: 3, sql_rowcount: 4 });
      const boys = n('boy', 'CA') + n('boy', 'NY');
      const byColumn = payload.data as unknown as Record<string, Record<string, string>>;
      expect(byColumn['COUNT(*) CA']).toMatchObject({ boy: String(n('boy', 'CA')), 'Total (Sum)': String(ca) });
      expect(byColumn['COUNT(*) Subtotal']).toMatchObject({ boy: String(boys), 'Total (Sum)': String(ca + ny) });
      expect(byColumn['Total (Sum)']).toMatchObject({ boy: String(boys), 'Total (Sum)': String(ca + ny) });

      // CSV: the pivoted table, its lone row level an unnamed first column (as pandas writes it), numbers unformatted.
      const csv = await fetchRaw('/api/v1/chart/data', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(context([query], { result_type: 'post_processed', result_format: 'csv', form_data: formData })) });
      expect(csv.status).toBe(200);
      const lines = (await csv.text()).trimEnd().split('\r\n').map(parseCsvRecord);
      expect(lines[0]).toEqual(['', 'COUNT(*) CA', 'COUNT(*) NY', 'COUNT(*) Subtotal', 'Total (Sum)']);
      expect(lines[3]).toEqual(['Total (Sum)', String(ca), String(ny), String(ca + ny), String(ca + ny)]);

      // A saved chart's params are the form data, whatever its query context says.
      const chart = await s.app.models().Chart.create({
        slice_name: 'Pivot', viz_type: 'pivot_table_v2', datasource_id: datasetId, datasource_type: 'table',
        params: JSON.stringify(formData), query_context: JSON.stringify(context([query], { form_data: { viz_type: 'table' } })),
      });
      const saved = await s.call<Answer>('GET', `/api/v1/chart/${chart.id}/data/?type=post_processed`);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.result[0].colnames).toEqual(colnames);

      const bad = await post('/api/v1/chart/data', context([query], { result_type: 'post_processed', form_data: { ...formData, aggregateFunction: 'Mode' } }));
      expect(bad.status, bad.text).toBe(400);
    });

    it('exports CSV with a BOM and the dataset\'s titles', async () => {
      const response = await fetchRaw('/api/v1/chart/data', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(context([byGender({ metrics: ['count', 'sum__num'] })], { result_format: 'csv', form_data: { slice_name: 'Births by gender' } })) });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="superset_Births_by_gender_\d{8}_\d{6}\.csv"/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n').map(parseCsvRecord);
      expect(lines[0]).toEqual(['Gender', 'COUNT(*)', 'Births']);
      expect(lines[1].slice(0, 2)).toEqual(['boy', String(truth.boys)]);
      expect(lines).toHaveLength(3);
    });

    it('exports XLSX a spreadsheet reader opens, and several queries as a ZIP', async () => {
      const xlsx = await fetchRaw('/api/v1/chart/data', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(context([{ ...byGender(), columns: ['ds', 'gender'], orderby: [['ds', true], ['gender', true]], row_limit: 2 }], { result_format: 'xlsx' })) });
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const rows = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
      expect(rows[0]).toEqual(['ds', 'Gender', 'COUNT(*)']);
      expect(rows[1][0]).toEqual(new Date(Date.UTC(truth.firstYear, 0, 1)));
      expect(rows[1][1]).toBe('boy');
      expect(typeof rows[1][2]).toBe('number');

      const zip = await fetchRaw('/api/v1/chart/data', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(context([byGender(), { metrics: ['count'], columns: [] }], { result_format: 'csv' })) });
      expect(zip.status).toBe(200);
      expect(zip.headers.get('Content-Type')).toBe('application/zip');
      const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      expect(Object.keys(files)).toEqual(['query_1.csv', 'query_2.csv']);
      expect(strFromU8(files['query_2.csv']).trim().split('\r\n')).toEqual(['COUNT(*)', String(truth.rows)]);

      const form = await fetchRaw('/api/v1/chart/data', { method: 'POST', body: new URLSearchParams({ form_data: JSON.stringify(context([byGender()], { result_format: 'csv' })) }) });
      expect(form.status).toBe(200);
      expect(await form.text()).toContain(`boy,${truth.boys}`);
    });

    it('runs a saved chart\'s query context', async () => {
      const chart = await s.app.models().Chart.create({
        slice_name: 'Births', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table',
        query_context: JSON.stringify(context([byGender()], { form_data: { viz_type: 'table' } })), cache_timeout: 600,
      });
      const answer = await s.call<Answer>('GET', `/api/v1/chart/${chart.id}/data/`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.result[0]).toMatchObject({ data: [{ gender: 'boy', count: truth.boys }, { gender: 'girl', count: truth.girls }], cache_timeout: 600 });
      const csv = await fetchRaw(`/api/v1/chart/${chart.id}/data/?format=csv&type=full&force=true`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('Content-Disposition')).toContain('superset_Births_');
      // Response.text() drops the BOM, as any UTF-8 decoder does.
      expect((await csv.text()).split('\r\n')[0]).toBe('Gender,COUNT(*)');
      const query = await s.call<Answer>('GET', `/api/v1/chart/${chart.id}/data/?type=query`);
      expect(query.body.result[0]).toHaveProperty('language', 'sql');
      expect((await s.call('GET', `/api/v1/chart/${chart.id}/data/?format=pdf`)).status).toBe(400);
      expect((await s.call('GET', `/api/v1/chart/${chart.id}/data/`, undefined, tokens.denied)).status).toBe(404);

      const bare = await s.app.models().Chart.create({ slice_name: 'Old', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' });
      const refused = await s.call<{ message: string }>('GET', `/api/v1/chart/${bare.id}/data/`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Chart has no query context saved. Please save the chart again.');
      expect((await s.call('GET', '/api/v1/chart/999999/data/')).status).toBe(404);
    });

    it('answers the legacy explore_json', async () => {
      const formData = { datasource: `${datasetId}__table`, viz_type: 'table', metrics: ['count'], groupby: ['gender'], time_range: 'No filter', row_limit: 10, adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy' }] };
      const get = await s.call<Json & { data: Json[] }>('GET', `/superset/explore_json/?form_data=${encodeURIComponent(JSON.stringify(formData))}`);
      expect(get.status, get.text).toBe(200);
      expect(get.body).toMatchObject({ data: [{ gender: 'boy', count: truth.boys }], status: 'success', rowcount: 1, colnames: ['gender', 'count'], errors: [], form_data: formData, is_cached: false });
      expect(get.body.cache_key).toMatch(/^qc-/);

      const posted = await fetchRaw('/superset/explore_json/', { method: 'POST', body: new URLSearchParams({ form_data: JSON.stringify({ ...formData, adhoc_filters: [] }) }) });
      expect(posted.status).toBe(200);
      expect(((await posted.json()) as { data: Json[] }).data).toEqual([{ gender: 'boy', count: truth.boys }, { gender: 'girl', count: truth.girls }]);

      const csv = await fetchRaw(`/superset/explore_json/?csv=true&form_data=${encodeURIComponent(JSON.stringify(formData))}`);
      expect(csv.status).toBe(200);
      expect((await csv.text()).trim().split('\r\n')).toEqual(['Gender,COUNT(*)', `boy,${truth.boys}`]);
      const query = await s.call<Json>('GET', `/superset/explore_json/?query=true&form_data=${encodeURIComponent(JSON.stringify(formData))}`);
      expect(query.body).toEqual({ query: expect.stringMatching(/SELECT/i), language: 'sql' });
      const noDataset = await s.call<{ message: string }>('GET', `/superset/explore_json/?form_data=${encodeURIComponent('{"viz_type":"table"}')}`);
      expect(noDataset.status).toBe(400);
      expect((await s.call('GET', '/superset/explore_json/?form_data=%7B')).status).toBe(400);
    });

    it('pages samples and drill-detail rows with their total count', async () => {
      const page = await post<{ result: Payload & { total_count: number; page: number; per_page: number } }>(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}&per_page=5&page=2`, undefined);
      expect(page.status, page.text).toBe(200);
      expect(page.body.result).toMatchObject({ total_count: truth.rows, page: 2, per_page: 5, rowcount: 5 });
      expect(page.body.result.colnames).toEqual(['ds', 'gender', 'name', 'num', 'state', 'num_boys', 'num_girls']);

      const drill = await post<{ result: Payload & { total_count: number } }>(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}&per_page=3`, { filters: [{ col: 'gender', op: '==', val: 'girl' }] });
      expect(drill.status, drill.text).toBe(200);
      expect(drill.body.result.total_count).toBe(truth.girls);
      expect(drill.body.result.data.every((r) => r.gender === 'girl')).toBe(true);

      for (const bad of ['per_page=0', 'per_page=1001', 'page=0', 'datasource_type=druid', 'datasource_id=abc', 'force=maybe']) {
        const params = new URLSearchParams(`datasource_type=table&datasource_id=${datasetId}`);
        const [k, v] = bad.split('=');
        params.set(k, v);
        expect((await post(`/datasource/samples?${params}`, undefined)).status, bad).toBe(400);
      }
      expect((await post(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}`, { filters: 'all' })).status).toBe(400);
      expect((await post('/datasource/samples?datasource_type=table&datasource_id=999999', undefined)).status).toBe(404);
      expect((await post(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}`, undefined, tokens.denied)).status).toBe(403);
    });

    it('lists a column\'s distinct values', async () => {
      const values = await s.call<{ result: unknown[] }>('GET', `/api/v1/datasource/table/${datasetId}/column/gender/values/`);
      expect(values.status, values.text).toBe(200);
      expect(values.body).toEqual({ result: ['boy', 'girl'] });
      expect((await s.call('GET', `/api/v1/datasource/table/${datasetId}/column/nope/values/`)).status).toBe(400);
      expect((await s.call('GET', `/api/v1/datasource/druid/${datasetId}/column/gender/values/`)).status).toBe(400);
      expect((await s.call('GET', `/api/v1/datasource/table/999999/column/gender/values/`)).status).toBe(404);
      expect((await s.call('GET', `/api/v1/datasource/table/${datasetId}/column/gender/values/`, undefined, tokens.denied)).status).toBe(403);
      const years = await s.call<{ result: unknown[] }>('GET', `/api/v1/datasource/table/${datasetId}/column/ds/values/`);
      expect(years.body.result[0]).toBe(Date.UTC(truth.firstYear, 0, 1));
    });

    it('applies row-level security to chart data, samples and values, in a cache entry of its own', async () => {
      const body = context([byGender()]);
      const admin = await post('/api/v1/chart/data', body);
      const rls = await post('/api/v1/chart/data', body, tokens.rls);
      expect(rls.status, rls.text).toBe(200);
      expect(rls.body.result[0].data).toEqual([{ gender: 'girl', count: truth.girls }]);
      expect(rls.body.result[0].cache_key).not.toBe(admin.body.result[0].cache_key);
      const granted = await post('/api/v1/chart/data', body, tokens.granted);
      expect(granted.body.result[0].data).toHaveLength(2);
      const samples = await post<{ result: { total_count: number } }>(`/datasource/samples?datasource_type=table&datasource_id=${datasetId}&per_page=1`, undefined, tokens.rls);
      expect(samples.body.result.total_count).toBe(truth.girls);
      const values = await s.call<{ result: unknown[] }>('GET', `/api/v1/datasource/table/${datasetId}/column/gender/values/`, undefined, tokens.rls);
      expect(values.body.result).toEqual(['girl']);
      expect((await s.call('GET', `/api/v1/chart/data/${admin.body.result[0].cache_key}`, undefined, tokens.rls)).status).toBe(404);
      expect((await s.call('GET', `/api/v1/chart/data/${admin.body.result[0].cache_key}`, undefined, tokens.granted)).status).toBe(200);
    });

    it('refuses without permission: 401, 403 without dataset access or can_csv, 404 for an unknown dataset', async () => {
      const body = context([byGender()]);
      const anonymous = await s.app.fetch('/api/v1/chart/data', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(anonymous.status).toBe(401);
      const denied = await post<{ message: string }>('/api/v1/chart/data', body, tokens.denied);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toContain('datasource_access');
      expect((await post('/api/v1/chart/data', { ...body, result_format: 'csv' }, tokens.noCsv)).status).toBe(403);
      expect((await post('/api/v1/chart/data', body, tokens.noCsv)).status).toBe(200);
      expect((await post('/api/v1/chart/data', { ...body, datasource: { id: 999999, type: 'table' } })).status).toBe(404);
      const key = (await post('/api/v1/chart/data', body)).body.result[0].cache_key;
      expect((await s.call('GET', `/api/v1/chart/data/${key}`, undefined, tokens.denied)).status).toBe(403);
    });

    it('answers 400, never 500, to malformed requests and failing queries', async () => {
      const good = context([byGender()]);
      const shapes: unknown[] = [
        {}, [], 'text', 42, null,
        { ...good, datasource: null }, { ...good, datasource: { id: 'x', type: 'table' } }, { ...good, datasource: { id: datasetId, type: 'cube' } },
        { ...good, queries: null }, { ...good, queries: 'all' }, { ...good, queries: [null] }, { ...good, queries: [[1]] },
        { ...good, result_format: 'pdf' }, { ...good, result_type: 'everything' }, { ...good, force: 'perhaps' }, { ...good, custom_cache_timeout: '1h' },
        { ...good, form_data: 'x' },
        context([{ metrics: ['no_such_metric'] }]),
        context([{ metrics: ['count'], columns: ['no_such_column'] }]),
        context([{ metrics: ['count'], time_range: '2021-01-01 : 2020-01-01', granularity: 'ds' }]),
        context([{ metrics: ['count'], filters: [{ col: 'gender', op: 'SOUNDS LIKE', val: 'boy' }] }]),
        context([{ metrics: ['count'], row_limit: 'many' }]),
        context([{ metrics: ['count'], post_processing: [{ operation: 'teleport' }] }]),
        context([{ metrics: ['count'], post_processing: [{ operation: 'pivot', options: { index: 'nope' } }] }]),
      ];
      for (const shape of shapes) {
        const answer = await post<{ message: unknown }>('/api/v1/chart/data', shape);
        expect(answer.status, `${JSON.stringify(shape)} → ${answer.text}`).toBe(400);
        expect(answer.body.message, JSON.stringify(shape)).toBeTruthy();
      }
      const raw = [
        { headers: { 'Content-Type': 'application/json' }, body: '{"datasource":' },
        { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'form_data=%7Bnot%20json' },
        { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'other=1' },
      ];
      for (const init of raw) expect((await fetchRaw('/api/v1/chart/data', { method: 'POST', ...init })).status, init.body).toBe(400);
      expect((await fetchRaw(`/api/v1/chart/data?form_data=${encodeURIComponent('{bad')}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(good) })).status).toBe(400);
      expect((await fetchRaw('/api/v1/chart/data?force=sometimes', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(good) })).status).toBe(400);

      const failing = await post<{ message: string; errors: { error_type: string; message: string }[] }>('/api/v1/chart/data', context([{ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(no_such_column)', label: 'broken' }], columns: [] }]));
      expect(failing.status, failing.text).toBe(400);
      expect(failing.body.message).toMatch(/^Error: /);
      expect(failing.body.errors[0].error_type).toMatch(/ERROR$/);

      expect((await s.call('GET', '/api/v1/chart/data/not-a-key')).status).toBe(404);
      expect((await s.call('GET', `/api/v1/chart/data/qc-${'0'.repeat(64)}`)).status).toBe(404);
      const unreadable = `qc-${'1'.repeat(64)}`;
      await s.app.models().CacheEntry.upsert({ cache_key: unreadable, value: '{"version":', expires_at: new Date(Date.now() + 60_000) });
      expect((await s.call('GET', `/api/v1/chart/data/${unreadable}`)).status).toBe(422);
    });

    it('answers GET with the query context in the query string, and a legacy form data', async () => {
      const asContext = await s.call<Answer>('GET', `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify(context([byGender()])))}`);
      expect(asContext.status, asContext.text).toBe(200);
      expect(asContext.body.result[0].data).toHaveLength(2);
      const legacy = { datasource: `${datasetId}__table`, viz_type: 'table', metrics: ['count'], groupby: ['gender'], time_range: 'No filter' };
      const asLegacy = await s.call<Answer>('GET', `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify(legacy))}`);
      expect(asLegacy.status, asLegacy.text).toBe(200);
      expect(asLegacy.body.result[0].colnames).toEqual(['gender', 'count']);
      expect((await s.call('GET', '/api/v1/chart/data')).status).toBe(400);
    });
  });
}
