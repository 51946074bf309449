/**
 * The dataset API beyond create, through the real Remix handler on a SQLite warehouse: GET with
 * every field of the spec (columns, metrics, owners, computed choices), PUT (fields, columns and
 * metrics as whole sets, 400 and 422 with field messages, owners or Admin only, managed
 * externally), 'Sync columns' keeping edits (refresh and override_columns), deleting a dataset,
 * several, a column and a metric, duplicate, related_objects, the legacy
 * /superset/fetch_datasource_metadata, and the list's filters.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '~/lib/rison';
import { ADMIN_USERNAME } from '../helpers/app-under-test';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type Column = Json & { id: number; column_name: string; type: string | null; type_generic: number | null; is_dttm: boolean; verbose_name: string | null; expression: string | null };
type Metric = Json & { id: number; metric_name: string; expression: string; d3format: string | null; currency: Json | null; verbose_name: string | null };
type Detail = Json & { id: number; columns: Column[]; metrics: Metric[]; owners: { id: number }[]; main_dttm_col: string | null; table_name: string };
type Shown = { id: number; result: Detail };
type Fields = { message: Record<string, string[]> };
type Message = { message: string };

const OWNERS_ONLY = 'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.';

describe('dataset editing API', () => {
  let s: SqlLabApp;
  let file: ReturnType<typeof tempSqliteFile>;
  let db: { id: number; database_name: string };
  let other: { id: number; database_name: string };
  let adminId: number;
  let alpha: string;
  let gamma: string;
  let writer: { id: number; token: string };

  const sql = (text: string) => s.execute({ database_id: db.id, sql: text });
  const show = async (id: number, token?: string) => (await s.call<Shown>('GET', `/api/v1/dataset/${id}`, undefined, token)).body.result;
  const create = async (fields: Json, token?: string) => {
    const made = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: null, ...fields }, token);
    expect(made.status, made.text).toBe(201);
    return made.body.id;
  };
  const put = (id: number, body: unknown, token?: string, query = '') => s.call<Json>('PUT', `/api/v1/dataset/${id}${query}`, body, token);

  beforeAll(async () => {
    s = await startSqlLabApp({ worker: false });
    file = tempSqliteFile();
    fs.writeFileSync(file.file, '');
    db = await s.addDatabase({ database_name: 'shop', sqlalchemy_uri: `sqlite:///${file.file}`, allow_dml: true });
    other = await s.addDatabase({ database_name: 'elsewhere', sqlalchemy_uri: `sqlite:///${file.file}` });
    const setup = await sql(`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL, placed_at TIMESTAMP);
      INSERT INTO orders VALUES (1, 'Ada', 10.5, '2024-01-02 10:00:00'), (2, 'Bob', 3, '2024-02-03 11:00:00');
      CREATE TABLE items (sku TEXT, price REAL, created DATE, legacy TEXT);
      CREATE TABLE flt_physical (x INTEGER)`);
    expect(setup.status, setup.text).toBe(200);
    adminId = (await s.app.models().User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
    const alphaUser = await s.app.createUser({ username: 'alpha_editor', roles: ['Alpha'] });
    alpha = (await s.app.login(alphaUser.username, alphaUser.password)).accessToken;
    const gammaUser = await s.userWith('gamma_reader', [s.databaseAccess(db)], ['Gamma']);
    gamma = gammaUser.token;
    writer = await s.userWith('shop_writer', [['can_write', 'Dataset'], s.databaseAccess(db)], ['Gamma']);
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  it('creates with a count metric, the first temporal column as time column, and shows every field of the spec', async () => {
    const id = await create({ table_name: 'orders', external_url: null, template_params: '{"region": "emea"}' });
    const d = await show(id);
    for (const field of [
      'id', 'table_name', 'database', 'schema', 'sql', 'columns', 'metrics', 'owners', 'description', 'main_dttm_col', 'filter_select_enabled',
      'fetch_values_predicate', 'normalize_columns', 'always_filter_main_dttm', 'offset', 'default_endpoint', 'cache_timeout', 'is_sqllab_view',
      'template_params', 'extra', 'is_managed_externally', 'external_url', 'kind', 'edit_url', 'url', 'health_check_message', 'select_star',
      'verbose_map', 'column_formats', 'time_grain_sqla', 'granularity_sqla', 'order_by_choices', 'uid', 'datasource_type',
    ]) expect(d, field).toHaveProperty(field);
    expect(d).toMatchObject({
      kind: 'physical', main_dttm_col: 'placed_at', template_params: '{"region": "emea"}', filter_select_enabled: true, offset: 0,
      is_managed_externally: false, uid: `${id}__table`, url: `/dataset/${id}/edit`, database: { id: db.id, database_name: 'shop', backend: 'sqlite' },
      owners: [{ id: adminId, first_name: expect.any(String), last_name: expect.any(String) }], granularity_sqla: [['placed_at', 'placed_at']],
    });
    expect(d.metrics.map((m) => [m.metric_name, m.verbose_name, m.expression, m.metric_type])).toEqual([['count', 'COUNT(*)', 'COUNT(*)', 'count']]);
    expect(d.columns[0]).toMatchObject({ column_name: 'id', filterable: true, groupby: true, is_active: true, expression: null, python_date_format: null, advanced_data_type: null });
    expect(d.verbose_map).toMatchObject({ __timestamp: 'Time', count: 'COUNT(*)', customer: 'customer' });
    expect(d.time_grain_sqla).toContainEqual(['P1D', 'Day']);

    const picked = await s.call<{ result: Json }>('GET', `/api/v1/dataset/${id}?q=${encodeRisonUri({ columns: ['columns.column_name', 'owners.id', 'metrics.metric_name', 'main_dttm_col'] })}`);
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body.result).toEqual({
      main_dttm_col: 'placed_at', owners: [{ id: adminId }], metrics: [{ metric_name: 'count' }],
      columns: ['id', 'customer', 'amount', 'placed_at'].map((column_name) => ({ column_name })),
    });
    expect((await s.call('GET', `/api/v1/dataset/${id}?q=${encodeRisonUri({ columns: ['columns.password'] })}`)).status).toBe(400);
  });

  it('PUT changes fields, columns and metrics as whole sets, and answers {id, result}', async () => {
    const id = await create({ table_name: 'totals', sql: 'SELECT customer, SUM(amount) AS total, MAX(placed_at) AS last_at FROM orders GROUP BY customer' });
    const before = await show(id);
    const byName = (name: string) => before.columns.find((c) => c.column_name === name)!;
    const count = before.metrics[0];
    const changed = await put(id, {
      description: 'Totals per customer', cache_timeout: 600, offset: 2, filter_select_enabled: false, normalize_columns: true,
      always_filter_main_dttm: true, fetch_values_predicate: "customer <> ''", default_endpoint: '/explore/', is_sqllab_view: true,
      template_params: '{"year": 2024}', extra: '{"warning_markdown": "Partial data", "disallow_adhoc_metrics": true}', main_dttm_col: 'last_at',
      columns: [
        { id: byName('customer').id, column_name: 'customer', verbose_name: 'Customer', description: 'Who bought', groupby: true, filterable: false, type: 'TEXT' },
        { id: byName('last_at').id, column_name: 'last_at', is_dttm: true, python_date_format: '%Y-%m-%d %H:%M:%S' },
        { column_name: 'total_cents', expression: 'total * 100', type: 'REAL', verbose_name: 'Total (cents)', advanced_data_type: 'money', extra: { certification: { certified_by: 'Finance' } } },
      ],
      metrics: [
        { id: count.id, metric_name: 'count', expression: 'COUNT(*)', d3format: ',d', verbose_name: 'Orders' },
        { metric_name: 'revenue', expression: 'SUM(total)', currency: { symbol: 'EUR', symbolPosition: 'suffix' }, warning_text: 'Excludes refunds', extra: '{"warning_markdown": "beta"}' },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ id, result: { description: 'Totals per customer', cache_timeout: 600 } });

    const after = await show(id);
    expect(after).toMatchObject({
      description: 'Totals per customer', cache_timeout: 600, offset: 2, filter_select_enabled: false, normalize_columns: true, always_filter_main_dttm: true,
      fetch_values_predicate: "customer <> ''", default_endpoint: '/explore/', is_sqllab_view: true, template_params: '{"year": 2024}', main_dttm_col: 'last_at',
      column_formats: { count: ',d' }, verbose_map: { customer: 'Customer', count: 'Orders', total_cents: 'Total (cents)' },
    });
    expect(after.columns.map((c) => c.column_name)).toEqual(['customer', 'last_at', 'total_cents']);
    expect(after.columns[0]).toMatchObject({ id: byName('customer').id, verbose_name: 'Customer', description: 'Who bought', filterable: false });
    // SQLite gives MAX(placed_at) no declared type: the column is text the editor marked temporal.
    expect(after.columns[1]).toMatchObject({ is_dttm: true, python_date_format: '%Y-%m-%d %H:%M:%S', type_generic: 1 });
    expect(after.columns[2]).toMatchObject({ expression: 'total * 100', type_generic: 0, advanced_data_type: 'money', is_dttm: false });
    // Names swapped in one save.
    const [first, second] = after.columns;
    const swapped = await put(id, { columns: [{ id: first.id, column_name: second.column_name }, { id: second.id, column_name: first.column_name }, { id: after.columns[2].id, column_name: 'total_cents' }] });
    expect(swapped.status, swapped.text).toBe(200);
    expect((await show(id)).columns.map((c) => [c.id, c.column_name])).toEqual([[first.id, 'last_at'], [second.id, 'customer'], [after.columns[2].id, 'total_cents']]);
    await put(id, { columns: [{ id: first.id, column_name: 'customer' }, { id: second.id, column_name: 'last_at' }, { id: after.columns[2].id, column_name: 'total_cents' }] });
    expect(after.metrics.map((m) => [m.id === count.id, m.metric_name, m.d3format, m.currency])).toEqual([
      [true, 'count', ',d', null], [false, 'revenue', null, { symbol: 'EUR', symbolPosition: 'suffix' }],
    ]);

    // The explore client's metadata carries the certification and the formats.
    const meta = await s.call<Json & { columns: Json[]; metrics: Json[] }>('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`);
    expect(meta.status, meta.text).toBe(200);
    expect(meta.body).toMatchObject({ id, uid: `${id}__table`, type: 'table', main_dttm_col: 'last_at', currency_formats: { revenue: { symbol: 'EUR' } } });
    expect(meta.body.columns.find((c) => c.column_name === 'total_cents')).toMatchObject({ is_certified: true, certified_by: 'Finance' });
    expect(meta.body.metrics.find((m) => m.metric_name === 'revenue')).toMatchObject({ warning_markdown: 'beta', warning_text: 'Excludes refunds' });
  });

  it('refuses malformed fields with 400 and broken rules with 422, changing nothing', async () => {
    const id = await create({ table_name: 'rules', sql: 'SELECT id, customer FROM orders' });
    await create({ table_name: 'taken', sql: 'SELECT 1 AS one' });
    const d = await show(id);
    const bad = await put(id, {
      template_params: 'not json', extra: '[1]', offset: 'two', owners: 'me', surprise: true,
      columns: [{ column_name: '', python_date_format: '%d/%m/%Y' }], metrics: [{ metric_name: 'm' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as Fields).message).sort()).toEqual([
      'columns.0.column_name', 'columns.0.python_date_format', 'extra', 'metrics.0.expression', 'offset', 'owners', 'surprise', 'template_params',
    ]);
    expect((bad.body as Fields).message['columns.0.python_date_format']).toEqual(['Invalid date/timestamp format']);

    const cases: [Json, Record<string, string[]>][] = [
      [{ columns: [{ column_name: 'a' }, { column_name: 'a' }] }, { columns: ['One or more columns are duplicated'] }],
      [{ metrics: [{ metric_name: 'm', expression: '1' }, { metric_name: 'm', expression: '2' }] }, { metrics: ['One or more metrics are duplicated'] }],
      [{ columns: [{ id: 999_999, column_name: 'x' }] }, { columns: ['One or more columns do not exist'] }],
      [{ metrics: [{ id: 999_999, metric_name: 'x', expression: '1' }] }, { metrics: ['One or more metrics do not exist'] }],
      [{ table_name: 'taken' }, { table: ['Dataset taken already exists'] }],
      [{ owners: [999_999] }, { owners: ['Owners are invalid'] }],
      [{ sql: 'SELECT 1; SELECT 2' }, { sql: ['Only single queries supported: a virtual dataset is one SELECT statement.'] }],
      [{ main_dttm_col: 'nope' }, { main_dttm_col: ['There is no column nope in this dataset.'] }],
      [{ database_id: 999_999 }, { database: ['Database does not exist'] }],
    ];
    for (const [body, message] of cases) {
      const answer = await put(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((answer.body as Fields).message, JSON.stringify(body)).toEqual(message);
    }
    const after = await show(id);
    expect(after.columns.map((c) => c.column_name)).toEqual(d.columns.map((c) => c.column_name));
    expect(after).toMatchObject({ table_name: 'rules', main_dttm_col: null, changed_on: d.changed_on });
  });

  it('lets owners and Admin edit: 403 for others, 404 for a missing dataset, the editor stays an owner', async () => {
    const id = await create({ table_name: 'owned', sql: 'SELECT id FROM orders' });
    const refused = await put(id, { description: 'by alpha' }, alpha);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as Message).message).toBe(OWNERS_ONLY);
    expect((await s.call('DELETE', `/api/v1/dataset/${id}`, undefined, alpha)).status).toBe(403);
    expect((await s.call('PUT', `/api/v1/dataset/${id}/refresh`, undefined, alpha)).status).toBe(403);
    // Gamma reads datasets but holds no can_write: 403 before the body is even looked at.
    const gammaPut = await put(id, { nonsense: 1 }, gamma);
    expect(gammaPut.status).toBe(403);
    expect((gammaPut.body as unknown as Message).message).toContain('can_write');
    expect((await put(999_999, { description: 'x' })).status).toBe(404);
    expect((await s.call('PUT', '/api/v1/dataset/abc', { description: 'x' })).status).toBe(404);
    const hidden = await create({ table_name: 'hidden', sql: 'SELECT 1 AS one', database: other.id });
    expect((await put(hidden, { description: 'x' }, writer.token)).status).toBe(403);

    const own = await create({ table_name: 'writers', sql: 'SELECT id FROM orders' }, writer.token);
    const handed = await put(own, { owners: [adminId], description: 'shared' }, writer.token);
    expect(handed.status, handed.text).toBe(200);
    expect((await show(own)).owners.map((o) => o.id).sort()).toEqual([adminId, writer.id].sort());
    expect((await put(own, { description: 'admin may' })).status).toBe(200);
    expect((await put(id, { owners: [] })).status).toBe(200);
    expect((await show(id)).owners).toEqual([]);
  });

  it('refuses to change a dataset managed externally, unless the change releases it', async () => {
    const id = await create({ table_name: 'managed', sql: 'SELECT id FROM orders', is_managed_externally: true, external_url: 'https://dbt.example.com/models/managed' });
    expect(await show(id)).toMatchObject({ is_managed_externally: true, external_url: 'https://dbt.example.com/models/managed', extra: null });
    const refused = await put(id, { description: 'local edit' });
    expect(refused.status).toBe(422);
    expect((refused.body as unknown as Message).message).toContain('managed externally');
    const column = (await show(id)).columns[0];
    expect((await s.call('DELETE', `/api/v1/dataset/${id}/column/${column.id}`)).status).toBe(422);
    const released = await put(id, { is_managed_externally: false, external_url: null, description: 'ours now' });
    expect(released.status, released.text).toBe(200);
    expect(await show(id)).toMatchObject({ is_managed_externally: false, external_url: null, description: 'ours now' });
  });

  it('syncs columns from the table keeping the edits of those that remain (refresh), and from new SQL (override_columns)', async () => {
    const id = await create({ table_name: 'items' });
    const d = await show(id);
    expect(d.main_dttm_col).toBe('created');
    const col = (name: string) => d.columns.find((c) => c.column_name === name)!;
    const edited = await put(id, {
      columns: [
        { id: col('sku').id, column_name: 'sku', verbose_name: 'SKU', description: 'Stock unit', filterable: false },
        { id: col('price').id, column_name: 'price', verbose_name: 'Price', python_date_format: null, expression: 'price * 1.2' },
        { id: col('created').id, column_name: 'created', python_date_format: '%Y-%m-%d' },
        { id: col('legacy').id, column_name: 'legacy' },
        { column_name: 'price_band', expression: "CASE WHEN price > 10 THEN 'high' ELSE 'low' END", type: 'TEXT' },
      ],
      metrics: [],
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await show(id)).metrics).toEqual([]);
    const altered = await sql('ALTER TABLE items DROP COLUMN legacy; ALTER TABLE items ADD COLUMN sold_at TIMESTAMP');
    expect(altered.status, altered.text).toBe(200);

    const refreshed = await s.call<Message>('PUT', `/api/v1/dataset/${id}/refresh`);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body).toEqual({ message: 'OK' });
    const synced = await show(id);
    expect(synced.columns.map((c) => c.column_name).sort()).toEqual(['created', 'price', 'price_band', 'sku', 'sold_at']);
    const now = (name: string) => synced.columns.find((c) => c.column_name === name)!;
    expect(now('sku')).toMatchObject({ id: col('sku').id, verbose_name: 'SKU', description: 'Stock unit', filterable: false });
    expect(now('price')).toMatchObject({ verbose_name: 'Price', expression: 'price * 1.2' });
    expect(now('created')).toMatchObject({ python_date_format: '%Y-%m-%d', is_dttm: true });
    expect(now('sold_at')).toMatchObject({ is_dttm: true, type_generic: 2 });
    expect(now('price_band').expression).toContain('CASE');
    // Superset's refresh adds the count metric back when it is missing.
    expect(synced.metrics.map((m) => m.metric_name)).toEqual(['count']);

    const virtual = await create({ table_name: 'by_sql', sql: 'SELECT id, customer FROM orders' });
    const v = await show(virtual);
    const customer = v.columns.find((c) => c.column_name === 'customer')!;
    const overridden = await put(virtual, {
      sql: 'SELECT id, customer, placed_at FROM orders',
      columns: [{ column_name: 'id', type: 'INTEGER' }, { column_name: 'customer', verbose_name: 'Buyer', type: 'TEXT' }],
    }, undefined, '?override_columns=true');
    expect(overridden.status, overridden.text).toBe(200);
    const o = await show(virtual);
    expect(o.columns.map((c) => c.column_name)).toEqual(['id', 'customer', 'placed_at']);
    expect(o.columns[1]).toMatchObject({ id: customer.id, verbose_name: 'Buyer' });
    expect(o.main_dttm_col).toBe('placed_at');
    expect((await put(virtual, { sql: 'SELECT * FROM no_such_table' }, undefined, '?override_columns=true')).status).toBe(400);
    expect((await show(virtual)).sql).toBe('SELECT id, customer, placed_at FROM orders');
    expect((await put(virtual, {}, undefined, '?override_columns=maybe')).status).toBe(400);
  });

  it('deletes a column and a metric, 404 for ones of another dataset', async () => {
    const id = await create({ table_name: 'parts', sql: 'SELECT id, amount, placed_at FROM orders' });
    const otherId = await create({ table_name: 'parts_two', sql: 'SELECT id FROM orders' });
    const d = await show(id);
    const placed = d.columns.find((c) => c.column_name === 'placed_at')!;
    const foreign = (await show(otherId)).columns[0];
    expect((await s.call<Message>('DELETE', `/api/v1/dataset/${id}/column/${foreign.id}`)).body).toEqual({ message: 'Dataset column not found.' });
    expect((await s.call('DELETE', `/api/v1/dataset/${id}/column/${foreign.id}`)).status).toBe(404);
    const gone = await s.call<Message>('DELETE', `/api/v1/dataset/${id}/column/${placed.id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toEqual({ message: 'OK' });
    const after = await show(id);
    expect(after.columns.map((c) => c.column_name)).toEqual(['id', 'amount']);
    expect(after.main_dttm_col).toBeNull();
    expect((await s.call('DELETE', `/api/v1/dataset/${id}/metric/${after.metrics[0].id}`)).status).toBe(200);
    expect((await show(id)).metrics).toEqual([]);
    expect((await s.call('DELETE', `/api/v1/dataset/${id}/metric/${after.metrics[0].id}`)).status).toBe(404);
    expect((await s.call('DELETE', `/api/v1/dataset/${id}/metric/${after.metrics[0].id}`, undefined, alpha)).status).toBe(403);
  });

  it('duplicates a virtual dataset with its columns and metrics; 422 for a physical one or a taken name', async () => {
    const id = await create({ table_name: 'to_copy', sql: 'SELECT customer, amount FROM orders;', template_params: '{"a": 1}' });
    await put(id, { metrics: [{ metric_name: 'total', expression: 'SUM(amount)', d3format: '.2f' }], columns: (await show(id)).columns.map((c) => ({ id: c.id, column_name: c.column_name, verbose_name: c.column_name.toUpperCase() })) });
    const copy = await s.call<{ id: number; result: Json }>('POST', '/api/v1/dataset/duplicate', { base_model_id: id, table_name: 'copied' }, writer.token);
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body.result).toEqual({ base_model_id: id, table_name: 'copied' });
    const c = await show(copy.body.id);
    expect(c).toMatchObject({ table_name: 'copied', sql: 'SELECT customer, amount FROM orders', template_params: '{"a": 1}', is_sqllab_view: true, owners: [{ id: writer.id }] });
    expect(c.columns.map((col) => [col.column_name, col.verbose_name])).toEqual([['customer', 'CUSTOMER'], ['amount', 'AMOUNT']]);
    expect(c.metrics.map((m) => [m.metric_name, m.d3format])).toEqual([['total', '.2f']]);

    const physical = await create({ table_name: 'orders', schema: 'main' });
    const refused = await s.call<Fields>('POST', '/api/v1/dataset/duplicate', { base_model_id: physical, table_name: 'x' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.message)).toEqual(['datasource_type']);
    const taken = await s.call<Fields>('POST', '/api/v1/dataset/duplicate', { base_model_id: id, table_name: 'copied' });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toEqual({ table: ['Dataset copied already exists'] });
    expect((await s.call('POST', '/api/v1/dataset/duplicate', { base_model_id: 999_999, table_name: 'y' })).status).toBe(404);
    const invalid = await s.call<Fields>('POST', '/api/v1/dataset/duplicate', { table_name: '' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.message).sort()).toEqual(['base_model_id', 'table_name']);
    expect((await s.call('POST', '/api/v1/dataset/duplicate', { base_model_id: id, table_name: 'z' }, gamma)).status).toBe(403);
  });

  it('lists related charts and dashboards, and deletes a dataset charts use (they keep the dangling reference)', async () => {
    const id = await create({ table_name: 'charted', sql: 'SELECT customer FROM orders' });
    const m = s.app.models();
    const charts = await Promise.all(['Pie', 'Bar'].map((name) => m.Chart.create({ slice_name: name, viz_type: name.toLowerCase(), datasource_type: 'table', datasource_id: id })));
    await m.Chart.create({ slice_name: 'Unrelated', viz_type: 'table', datasource_type: 'table', datasource_id: id + 1000 });
    const board = await m.Dashboard.create({ dashboard_title: 'Sales', slug: 'sales', published: true, json_metadata: '{}' });
    const draft = await m.Dashboard.create({ dashboard_title: 'Draft', published: false });
    await (board as unknown as { addCharts(c: unknown[]): Promise<void> }).addCharts(charts);
    await (draft as unknown as { addCharts(c: unknown[]): Promise<void> }).addCharts([charts[0]]);

    type Related = { charts: { count: number; result: Json[] }; dashboards: { count: number; result: Json[] } };
    const related = await s.call<Related>('GET', `/api/v1/dataset/${id}/related_objects`);
    expect(related.status, related.text).toBe(200);
    expect(related.body.charts).toEqual({ count: 2, result: [{ id: charts[1].id, slice_name: 'Bar', viz_type: 'bar' }, { id: charts[0].id, slice_name: 'Pie', viz_type: 'pie' }] });
    expect(related.body.dashboards.result.map((d) => d.title)).toEqual(['Draft', 'Sales']);
    expect(related.body.dashboards.result[1]).toEqual({ id: board.id, title: 'Sales', slug: 'sales', json_metadata: '{}' });
    // Gamma sees published dashboards and its own drafts only.
    const asGamma = await s.call<Related>('GET', `/api/v1/dataset/${id}/related_objects`, undefined, gamma);
    expect(asGamma.body.dashboards.result.map((d) => d.title)).toEqual(['Sales']);
    expect((await s.call('GET', '/api/v1/dataset/999999/related_objects')).status).toBe(404);

    // The dataset's own datasource_access permission came with it, and follows a rename.
    expect((await put(id, { table_name: 'charted_renamed' })).status).toBe(200);
    const permission = await m.Permission.findOne({ where: { permission_name: 'datasource_access', view_name: `[shop].[charted_renamed](id:${id})` } });
    expect(permission).not.toBeNull();
    expect(await m.Permission.count({ where: { view_name: `[shop].[charted](id:${id})` } })).toBe(0);
    const deleted = await s.call<Message>('DELETE', `/api/v1/dataset/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ message: 'OK' });
    expect((await s.call('GET', `/api/v1/dataset/${id}`)).status).toBe(404);
    expect(await m.Chart.count({ where: { datasource_id: id } })).toBe(2);
    expect(await m.TableColumn.count({ where: { table_id: id } })).toBe(0);
    expect(await m.SqlMetric.count({ where: { table_id: id } })).toBe(0);
    expect(await m.Permission.findByPk(permission!.id)).toBeNull();
    expect((await s.call('DELETE', `/api/v1/dataset/${id}`)).status).toBe(404);
  });

  it('bulk deletes all or nothing', async () => {
    const ids = [await create({ table_name: 'bulk_a', sql: 'SELECT 1 AS a' }), await create({ table_name: 'bulk_b', sql: 'SELECT 1 AS b' })];
    const notOwned = await create({ table_name: 'bulk_w', sql: 'SELECT 1 AS w' }, writer.token);
    const q = (list: unknown) => `/api/v1/dataset/?q=${encodeRisonUri(list)}`;
    expect((await s.call('DELETE', q([...ids, 999_999]))).status).toBe(404);
    const refused = await s.call<Message>('DELETE', q([...ids, notOwned]), undefined, writer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('bulk_a');
    expect(await s.app.models().Dataset.count({ where: { id: [...ids, notOwned] } })).toBe(3);
    expect((await s.call('DELETE', q([]))).status).toBe(400);
    expect((await s.call('DELETE', '/api/v1/dataset/?q=!(abc)')).status).toBe(400);
    expect((await s.call('DELETE', q(ids), undefined, gamma)).status).toBe(403);
    const done = await s.call<Message>('DELETE', q(ids));
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ message: 'Deleted 2 datasets' });
    expect((await s.call<Message>('DELETE', q([notOwned]), undefined, writer.token)).body).toEqual({ message: 'Deleted 1 dataset' });
    expect(await s.app.models().Dataset.count({ where: { id: [...ids, notOwned] } })).toBe(0);
  });

  it('answers /superset/fetch_datasource_metadata for a datasource key, 400 for a bad key', async () => {
    const id = await create({ table_name: 'meta', sql: 'SELECT id, placed_at FROM orders' });
    const meta = await s.call<Json & { columns: Json[]; metrics: Json[]; database: Json }>('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`);
    expect(meta.status, meta.text).toBe(200);
    expect(meta.body).toMatchObject({
      id, name: 'meta', table_name: 'meta', datasource_name: 'meta', type: 'table', sql: 'SELECT id, placed_at FROM orders', main_dttm_col: 'placed_at',
      verbose_map: { __timestamp: 'Time', count: 'COUNT(*)', id: 'id', placed_at: 'placed_at' }, perm: `[shop].[meta](id:${id})`,
      database: { id: db.id, name: 'shop', backend: 'sqlite' }, granularity_sqla: [['placed_at', 'placed_at']],
      order_by_choices: [['["id",true]', 'id [asc]'], ['["id",false]', 'id [desc]'], ['["placed_at",true]', 'placed_at [asc]'], ['["placed_at",false]', 'placed_at [desc]']],
    });
    expect(meta.body.columns.map((c) => c.column_name)).toEqual(['id', 'placed_at']);
    expect(meta.body.metrics[0]).toMatchObject({ metric_name: 'count', is_certified: false });
    for (const key of ['', 'abc', `${id}`, `${id}__`, '0__table', `${id}__table__x`]) {
      expect((await s.call('GET', `/superset/fetch_datasource_metadata?datasourceKey=${encodeURIComponent(key)}`)).status, key).toBe(400);
    }
    expect((await s.call('GET', '/superset/fetch_datasource_metadata')).status).toBe(400);
    expect((await s.call('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__query`)).status).toBe(400);
    expect((await s.call('GET', '/superset/fetch_datasource_metadata?datasourceKey=999999__table')).status).toBe(404);
    expect((await s.app.fetch(`/superset/fetch_datasource_metadata?datasourceKey=${id}__table`)).status).toBe(401);
  });

  it('lists with the filters of the datasets page, only what the user may see', async () => {
    await create({ table_name: 'flt_virtual', sql: 'SELECT 1 AS one' }, writer.token);
    await create({ table_name: 'flt_physical' });
    await create({ table_name: 'flt_other_db', sql: 'SELECT 1 AS one', database: other.id });
    type List = { count: number; result: { table_name: string }[] };
    const list = async (filters: Json[], token?: string) => {
      const answer = await s.call<List>('GET', `/api/v1/dataset/?q=${encodeRisonUri({ filters: [{ col: 'table_name', opr: 'ct', value: 'flt_' }, ...filters], order_column: 'table_name', order_direction: 'asc' })}`, undefined, token);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.result.map((r) => r.table_name);
    };
    expect(await list([{ col: 'owners', opr: 'rel_m_m', value: writer.id }])).toEqual(['flt_virtual']);
    expect(await list([{ col: 'database', opr: 'rel_o_m', value: other.id }])).toEqual(['flt_other_db']);
    expect(await list([{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }])).toEqual(['flt_other_db', 'flt_virtual']);
    expect(await list([{ col: 'sql', opr: 'dataset_is_null_or_empty', value: true }])).toEqual(['flt_physical']);
    // Gamma holds database access to `shop` only.
    expect(await list([], gamma)).toEqual(['flt_physical', 'flt_virtual']);
  });
});
