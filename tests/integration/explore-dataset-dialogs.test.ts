/**
 * Explore's dataset dialogs against the real API on a SQLite warehouse, with the requests the
 * dialogs build (app/lib/explore/dataset-save.ts, app/ui/explore/dataset-dialogs/): the swap
 * dialog's page of datasets, the overwrite picker's "datasets I own", Save as new and Overwrite
 * followed by the form data key Explore opens, and SQL Lab's "View in SQL Lab" handoff opening a
 * new tab with the SQL on the datasource's database.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formDataStateBody, newDatasetBody, overwriteDatasetBody, overwriteDatasetUrl, ownedDatasetsQuery, savedDatasetFormData,
} from '~/lib/explore/dataset-save';
import { encodeRisonUri } from '~/lib/rison';
import { sqlLabHandoffFields } from '~/ui/explore/dataset-dialogs/sql-lab-handoff';
import { swapDatasetsQuery, type SwapRow } from '~/ui/explore/dataset-dialogs/swap-query';
import { ADMIN_USERNAME } from '../helpers/app-under-test';
import { tempSqliteFile } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

type HandoffModule = typeof import('../../app/routes/sqllab._index/explore-handoff.server');
type CurrentUserModule = typeof import('../../app/server/auth/current-user.server');
type BootstrapModule = typeof import('../../app/server/sqllab/bootstrap.server');
type CurrentUser = import('../../app/server/auth/current-user.server').CurrentUser;

/** The page action's mapping of a domain refusal, reduced to what the handoff reads. */
const refusal = async (error: unknown) => {
  const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
  return { status, error: { message: error instanceof Error ? error.message : String(error) } };
};

describe('Explore dataset dialogs', () => {
  let s: SqlLabApp;
  let file: ReturnType<typeof tempSqliteFile>;
  let db: { id: number; database_name: string };
  let owner: { id: number; token: string };
  let handoff: HandoffModule;
  let admin: CurrentUser;

  beforeAll(async () => {
    s = await startSqlLabApp({ worker: false });
    file = tempSqliteFile();
    fs.writeFileSync(file.file, '');
    db = await s.addDatabase({ database_name: 'shop', sqlalchemy_uri: `sqlite:///${file.file}`, allow_dml: true });
    const setup = await s.execute({
      database_id: db.id,
      sql: `CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL);
            INSERT INTO orders VALUES (1, 'Ada', 10.5), (2, 'Bob', 3)`,
    });
    expect(setup.status, setup.text).toBe(200);
    owner = await s.userWith('dataset_owner', [['can_write', 'Dataset'], s.databaseAccess(db)], ['sql_lab', 'Gamma']);
    handoff = await s.app.load<HandoffModule>('/app/routes/sqllab._index/explore-handoff.server.ts');
    const { loadUser } = await s.app.load<CurrentUserModule>('/app/server/auth/current-user.server.ts');
    const adminRecord = await s.app.models().User.findOne({ where: { username: ADMIN_USERNAME } });
    const loaded = await loadUser(adminRecord?.id ?? 0, 'bearer');
    if (!loaded) throw new Error('no admin');
    admin = loaded;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    file?.remove();
  });

  const source = (sql: string) => ({ sql, databaseId: db.id, schema: null, templateParams: null });

  it("lists the swap dialog's page: filtered by name, sorted, with the table's fields", async () => {
    for (const name of ['swap_a', 'swap_b']) {
      const created = await s.call('POST', '/api/v1/dataset/', newDatasetBody(source('SELECT id, customer FROM orders'), name));
      expect(created.status, created.text).toBe(201);
    }
    const physical = await s.call('POST', '/api/v1/dataset/', { database: db.id, schema: null, table_name: 'orders' });
    expect(physical.status, physical.text).toBe(201);

    const page = await s.call<{ result: SwapRow[]; count: number }>('GET', `/api/v1/dataset/?q=${encodeRisonUri(swapDatasetsQuery('swap_', 0, { column: 'table_name', direction: 'desc' }))}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.count).toBe(2);
    expect(page.body.result.map((r) => r.table_name)).toEqual(['swap_b', 'swap_a']);
    expect(page.body.result[0]).toMatchObject({ kind: 'virtual', schema: null, database: { database_name: 'shop' }, owners: [{ first_name: expect.any(String) }] });

    const byConnection = await s.call<{ result: SwapRow[] }>('GET', `/api/v1/dataset/?q=${encodeRisonUri(swapDatasetsQuery('orders', 0, { column: 'database.database_name', direction: 'asc' }))}`);
    expect(byConnection.status, byConnection.text).toBe(200);
    expect(byConnection.body.result.map((r) => [r.table_name, r.kind])).toEqual([['orders', 'physical']]);
  });

  it('the overwrite picker lists only the datasets the user owns', async () => {
    const mine = await s.call<{ id: number }>('POST', '/api/v1/dataset/', newDatasetBody(source('SELECT amount FROM orders'), 'owned_by_me'), owner.token);
    expect(mine.status, mine.text).toBe(201);
    const theirs = await s.call('POST', '/api/v1/dataset/', newDatasetBody(source('SELECT amount FROM orders'), 'owned_by_admin'));
    expect(theirs.status, theirs.text).toBe(201);

    const listed = await s.call<{ result: { id: number; table_name: string; owners: { id: number }[] }[] }>(
      'GET', `/api/v1/dataset/?q=${encodeRisonUri(ownedDatasetsQuery('owned_by', owner.id))}`, undefined, owner.token);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.result.map((d) => d.table_name)).toEqual(['owned_by_me']);
    expect(listed.body.result[0].owners.map((o) => o.id)).toContain(owner.id);
  });

  it('Save as new, then Overwrite it, each followed by the form data key Explore opens on', async () => {
    const chart = { viz_type: 'table', datasource: '1__query', query_mode: 'raw', all_columns: ['customer'], row_limit: 10 };
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', newDatasetBody(source('SELECT customer FROM orders'), 'saved_from_query'), owner.token);
    expect(created.status, created.text).toBe(201);
    const state = await s.call<{ key: string }>('POST', '/api/v1/explore/form_data', formDataStateBody(created.body.id, savedDatasetFormData(created.body.id, chart, null)), owner.token);
    expect(state.status, state.text).toBe(201);
    const stored = await s.call<{ form_data: string }>('GET', `/api/v1/explore/form_data/${state.body.key}`, undefined, owner.token);
    expect(stored.status, stored.text).toBe(200);
    expect(JSON.parse(stored.body.form_data)).toMatchObject({ ...chart, datasource: `${created.body.id}__table` });

    const chosen = { id: created.body.id, table_name: 'saved_from_query', owners: [{ id: owner.id }] };
    const columns = [{ column_name: 'customer', type: 'TEXT', is_dttm: false }, { column_name: 'amount', type: 'REAL', is_dttm: false }];
    const overwritten = await s.call('PUT', overwriteDatasetUrl(created.body.id), overwriteDatasetBody(source('SELECT customer, amount FROM orders'), chosen, columns), owner.token);
    expect(overwritten.status, overwritten.text).toBe(200);
    const shown = await s.call<{ result: Json & { sql: string; columns: { column_name: string }[]; owners: { id: number }[] } }>('GET', `/api/v1/dataset/${created.body.id}`);
    expect(shown.body.result.sql).toBe('SELECT customer, amount FROM orders');
    expect(shown.body.result.columns.map((c) => c.column_name).sort()).toEqual(['amount', 'customer']);
    expect(shown.body.result.owners.map((o) => o.id)).toEqual([owner.id]);

    // Not the owner: the overwrite is refused (the picker never offers it, the server says so too).
    const other = await s.userWith('not_owner', [['can_write', 'Dataset'], s.databaseAccess(db)], ['sql_lab', 'Gamma']);
    const refused = await s.call('PUT', overwriteDatasetUrl(created.body.id), overwriteDatasetBody(source('SELECT 1'), chosen, null), other.token);
    expect(refused.status).toBe(403);
  });

  describe('View in SQL Lab', () => {
    const post = (fields: Record<string, string>) => new Request('http://localhost/sqllab/?index', { method: 'POST', body: new URLSearchParams(fields) });
    const activeTab = async () => (await (await s.app.load<BootstrapModule>('/app/server/sqllab/bootstrap.server.ts')).sqlLabBootstrap(admin)).active_tab;

    it("opens a new, active tab with a virtual dataset's SQL on its database, not run", async () => {
      const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', newDatasetBody(source('SELECT customer FROM orders'), 'handoff_virtual'));
      const fields = sqlLabHandoffFields({ id: created.body.id, type: 'table', name: 'handoff_virtual', schema: null, sql: 'SELECT customer FROM orders' }, 'token');
      const answer = await handoff.exploreHandoffIntent(post(fields), admin, fields, refusal);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('Location')).toBe('/sqllab/');
      const tab = await activeTab();
      expect(tab).toMatchObject({ label: 'handoff_virtual', sql: 'SELECT customer FROM orders', database_id: db.id, autorun: false });
      expect(tab?.latest_query).toBeFalsy();

      // A second time: another tab, named apart.
      await handoff.exploreHandoffIntent(post(fields), admin, fields, refusal);
      expect((await activeTab())?.label).toBe('handoff_virtual (2)');
    });

    it("a physical dataset opens with the server's SELECT * when the browser left the SQL to it", async () => {
      const physical = await s.app.models().Dataset.findOne({ where: { table_name: 'orders' } });
      if (!physical) throw new Error('the physical dataset of the swap test is missing');
      const fields = sqlLabHandoffFields({ id: physical.id, type: 'table', name: 'order details', schema: null, sql: null }, 'token');
      expect(fields.sql).toBe('');
      await handoff.exploreHandoffIntent(post(fields), admin, fields, refusal);
      expect((await activeTab())?.sql).toMatch(/SELECT\s+\*[\s\S]*orders/i);
    });

    it("a SQL Lab query opens with the query's database", async () => {
      const ran = await s.execute({ database_id: db.id, sql: 'SELECT amount FROM orders', client_id: clientId(), runAsync: false, tab: 'Sales' });
      expect(ran.status, ran.text).toBe(200);
      const query = await s.app.models().Query.findOne({ where: { sql: 'SELECT amount FROM orders' }, order: [['id', 'DESC']] });
      if (!query) throw new Error('no query recorded');
      const fields = sqlLabHandoffFields({ id: query.id, type: 'query', name: 'Sales', schema: null, sql: 'SELECT amount FROM orders' }, 'token');
      await handoff.exploreHandoffIntent(post(fields), admin, fields, refusal);
      expect(await activeTab()).toMatchObject({ sql: 'SELECT amount FROM orders', database_id: db.id });
    });

    it('a dataset that is gone comes back to SQL Lab as a danger toast', async () => {
      const fields = sqlLabHandoffFields({ id: 999_999, type: 'table', name: 'gone', schema: null, sql: 'SELECT 1' }, 'token');
      const before = (await activeTab())?.id;
      const answer = await handoff.exploreHandoffIntent(post(fields), admin, fields, refusal);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('Location')).toBe('/sqllab/');
      expect(answer.headers.get('Set-Cookie')).toBeTruthy();
      expect((await activeTab())?.id).toBe(before);
    });

    it("without backend persistence, SQL Lab's own URL for the datasource", () => {
      expect(handoff.handoffUrl({ datasourceKey: { id: 12, type: 'table' }, sql: '' })).toBe('/sqllab/?datasourceKey=12__table');
      expect(handoff.handoffUrl({ datasourceKey: { id: 7, type: 'query' }, sql: '' })).toBe('/sqllab/?queryId=7');
    });

    it('refuses a malformed key (400)', async () => {
      const fields = { datasourceKey: '12__druid', sql: '' };
      await expect(handoff.exploreHandoffIntent(post(fields), admin, fields, refusal)).rejects.toMatchObject({ status: 400 });
    });
  });
});
