/**
 * Datasets on PostgreSQL, with PostgreSQL as the metadata store too: a physical dataset of a
 * table in a scratch schema gets its columns, time column and count metric; the editor's changes
 * survive 'Sync columns' after the table is altered (a column dropped, one added, one retyped);
 * `override_columns` re-reads a virtual dataset's new SQL; renames that swap names and the
 * all-or-nothing bulk delete run in the store's transactions. Fresh databases, dropped afterwards;
 * with CI=true an unreachable server fails the run instead of skipping.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '~/lib/rison';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { serviceAvailable } from '../helpers/engine-fixtures';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

const up = await serviceAvailable('postgresql');

type Column = Json & { id: number; column_name: string; type: string | null; type_generic: number | null; is_dttm: boolean; verbose_name: string | null };
type Detail = Json & { id: number; columns: Column[]; metrics: (Json & { id: number; metric_name: string })[]; main_dttm_col: string | null };

const FIXTURE = `
  CREATE SCHEMA scratch;
  CREATE TABLE scratch.events (id int PRIMARY KEY, kind text, amount numeric(10, 2), happened_at timestamptz, note text);
  INSERT INTO scratch.events VALUES (1, 'sale', 12.50, '2024-03-01 10:00:00+00', 'first'), (2, 'refund', -2.00, '2024-03-02 11:00:00+00', NULL);`;

describe.skipIf(!up)('datasets on PostgreSQL', () => {
  let warehouse: TempDatabase;
  let store: TempDatabase;
  let admin: pg.Client;
  let s: SqlLabApp;
  let db: { id: number; database_name: string };

  const show = async (id: number) => (await s.call<{ result: Detail }>('GET', `/api/v1/dataset/${id}`)).body.result;

  beforeAll(async () => {
    warehouse = await createTempPostgresDatabase('sightline_test_dsync');
    store = await createTempPostgresDatabase('sightline_test_dsync_meta');
    admin = new pg.Client({ connectionString: warehouse.url });
    await admin.connect();
    await admin.query(FIXTURE);
    s = await startSqlLabApp({ databaseUrl: store.url, worker: false });
    db = await s.addDatabase({ database_name: 'pg_events', sqlalchemy_uri: warehouse.url });
  }, 180_000);
  afterAll(async () => {
    await admin?.end();
    await s?.close();
    await warehouse?.drop();
    await store?.drop();
  });

  it('syncs a physical dataset of a scratch schema, keeping the editor’s changes', async () => {
    const made = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'scratch', table_name: 'events' });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id;
    const d = await show(id);
    expect(d).toMatchObject({ schema: 'scratch', main_dttm_col: 'happened_at', database: { backend: 'postgresql' } });
    expect(d.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
      ['id', 0, false], ['kind', 1, false], ['amount', 0, false], ['happened_at', 2, true], ['note', 1, false],
    ]);
    expect(d.metrics.map((m) => m.metric_name)).toEqual(['count']);
    expect(String(d.select_star)).toContain('"scratch"."events"');

    const col = (name: string) => d.columns.find((c) => c.column_name === name)!;
    const edited = await s.call('PUT', `/api/v1/dataset/${id}`, {
      columns: [
        ...d.columns.map((c) => ({ id: c.id, column_name: c.column_name })),
        { column_name: 'signed_amount', expression: "CASE WHEN kind = 'refund' THEN -amount ELSE amount END", type: 'NUMERIC' },
      ].map((c) => (c.column_name === 'kind' ? { ...c, verbose_name: 'Event kind', groupby: false } : c.column_name === 'amount' ? { ...c, verbose_name: 'Amount', description: 'In EUR' } : c)),
    });
    expect(edited.status, edited.text).toBe(200);

    await admin.query('ALTER TABLE scratch.events DROP COLUMN note; ALTER TABLE scratch.events ADD COLUMN region varchar(20); ALTER TABLE scratch.events ALTER COLUMN amount TYPE double precision');
    const refreshed = await s.call('PUT', `/api/v1/dataset/${id}/refresh`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const synced = await show(id);
    const now = (name: string) => synced.columns.find((c) => c.column_name === name);
    expect(synced.columns.map((c) => c.column_name).sort()).toEqual(['amount', 'happened_at', 'id', 'kind', 'region', 'signed_amount']);
    expect(now('note')).toBeUndefined();
    expect(now('kind')).toMatchObject({ id: col('kind').id, verbose_name: 'Event kind', groupby: false });
    expect(now('amount')).toMatchObject({ id: col('amount').id, verbose_name: 'Amount', description: 'In EUR', type_generic: 0 });
    expect(now('amount')!.type).not.toBe(col('amount').type);
    expect(now('region')).toMatchObject({ type_generic: 1, is_dttm: false, verbose_name: null });
    expect(now('signed_amount')!.expression).toContain('refund');
  });

  it('re-reads a virtual dataset’s new SQL with override_columns and swaps names in one save', async () => {
    const made = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'scratch', table_name: 'sales', sql: 'SELECT id, kind FROM events' });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id;
    const before = await show(id);
    const changed = await s.call('PUT', `/api/v1/dataset/${id}?override_columns=true`, {
      sql: 'SELECT id, kind, happened_at AS at FROM events',
      columns: before.columns.map((c) => ({ column_name: c.column_name, verbose_name: c.column_name.toUpperCase() })),
    });
    expect(changed.status, changed.text).toBe(200);
    const after = await show(id);
    expect(after.columns.map((c) => [c.column_name, c.verbose_name])).toEqual([['id', 'ID'], ['kind', 'KIND'], ['at', null]]);
    expect(after.main_dttm_col).toBe('at');

    const [a, b] = after.columns;
    const swapped = await s.call('PUT', `/api/v1/dataset/${id}`, { columns: [{ id: a.id, column_name: b.column_name }, { id: b.id, column_name: a.column_name }, { id: after.columns[2].id, column_name: 'at' }] });
    expect(swapped.status, swapped.text).toBe(200);
    expect((await show(id)).columns.map((c) => [c.id, c.column_name])).toEqual([[a.id, 'kind'], [b.id, 'id'], [after.columns[2].id, 'at']]);
    const taken = await s.call<{ message: Json }>('PUT', `/api/v1/dataset/${id}`, { table_name: 'events' });
    expect(taken.status).toBe(422);
    expect(taken.body.message).toEqual({ table: ['Dataset events already exists'] });

    const meta = await s.call<Json>('GET', `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`);
    expect(meta.body).toMatchObject({ schema: 'scratch', main_dttm_col: 'at', database: { backend: 'postgresql' } });

    const q = encodeRisonUri([id, 999_999]);
    expect((await s.call('DELETE', `/api/v1/dataset/?q=${q}`)).status).toBe(404);
    expect((await s.call<Json>('DELETE', `/api/v1/dataset/?q=${encodeRisonUri([id])}`)).body).toEqual({ message: 'Deleted 1 dataset' });
    expect((await s.call('GET', `/api/v1/dataset/${id}`)).status).toBe(404);
  });
});
