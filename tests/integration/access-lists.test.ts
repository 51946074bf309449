/**
 * Superset's database permissions through the real request handler (issue 8, findings 3 and 4):
 * every write on Database is Admin's (Alpha reads: no create, edit, delete, connection test or
 * form page), lists, `related` and `distinct` show only the databases and datasets a user may
 * reach (database_access, schema_access, datasource_access, as Superset's DatabaseFilter and
 * DatasourceFilter), with counts and paging that agree, and no non-admin answer carries a URI,
 * a host or a server file path. Also: an existing install loses Alpha's can_write on Database
 * at upgrade while the pairs an admin granted by hand stay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import type { PermissionPair } from '../../app/lib/permissions';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

type Json = Record<string, unknown>;
type ListBody = { count: number; ids: number[]; result: Json[] };
type RelatedBody = { count: number; result: { value: number; text: string }[] };

let app: AppUnderTest;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-access-'));
/** A directory name that must never reach a non-admin: it stands for the server's var dir. */
const SECRET_DIR = path.join(tmp, 'private-var-dir');
const tokens: Record<string, string> = {};
const cookies: Record<string, { cookie: string; csrfToken: string }> = {};
const db: Record<string, number> = {};
const ds: Record<string, number> = {};

const SECRETS = ['private-var-dir', 'tiger-secret', 'vault-secret', 'wh.internal.example', 'vault.internal.example', 'sqlite:', 'postgresql:', 'mysql:'];
const SQL_MARKERS = ['SALARY_SQL_MARKER', 'VAULT_SQL_MARKER'];

async function grantRole(name: string, pairs: PermissionPair[]) {
  const m = app.models();
  const role = await m.Role.create({ name });
  const ids: number[] = [];
  for (const [permission_name, view_name] of pairs) ids.push((await m.Permission.findOrCreate({ where: { permission_name, view_name } }))[0].id);
  await (role as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions(ids);
}

const get = async (as: string, p: string) => {
  const response = await app.fetch(p, { headers: as === 'public' ? {} : { Authorization: `Bearer ${tokens[as]}` } });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, text, body: body as Json & ListBody & RelatedBody };
};
const send = async (as: string, method: string, p: string, body?: unknown) => {
  const response = await app.fetch(p, {
    method,
    headers: { Authorization: `Bearer ${tokens[as]}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};
const page = (as: string, p: string) => app.fetch(p, { headers: { Cookie: cookies[as].cookie } });
const postForm = (as: string, p: string, fields: Record<string, string>) =>
  app.fetch(p, {
    method: 'POST',
    body: new URLSearchParams({ csrf_token: cookies[as].csrfToken, ...fields }),
    headers: { Cookie: cookies[as].cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
const q = (value: unknown) => `?q=${encodeRisonUri(value)}`;
const sorted = (values: unknown[]) => [...values].map(String).sort();

beforeAll(async () => {
  app = await startApp();
  const m = app.models();
  const adminId = (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id;
  for (const [name, uri] of [
    ['sales_db', `sqlite:///${path.join(SECRET_DIR, 'sales.sqlite')}`],
    // Same prefix as sales_db: a grant on one must not leak the other.
    ['sales_db_annex', `sqlite:///${path.join(SECRET_DIR, 'annex.sqlite')}`],
    ['warehouse_db', 'postgresql://etl:tiger-secret@wh.internal.example:5432/wh'],
    ['vault_db', 'mysql://root:vault-secret@vault.internal.example/vault'],
  ] as const) {
    // Connection settings in extra (a certificate file here) are the editors' business too.
    const extra = JSON.stringify({ engine_params: { connect_args: { sslrootcert: path.join(SECRET_DIR, 'ca.pem') } }, cost_estimate_enabled: true });
    const record = await m.Database.create({ database_name: name, sqlalchemy_uri: uri, extra, created_by_fk: adminId, changed_by_fk: adminId });
    await m.Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: `[${name}].(id:${record.id})` } });
    db[name] = record.id;
  }
  for (const [key, database, schema, table_name, sql] of [
    ['orders', 'sales_db', null, 'orders', null],
    ['annex', 'sales_db_annex', null, 'annex_rows', null],
    ['events', 'warehouse_db', 'public', 'events', null],
    ['salaries', 'warehouse_db', 'private', 'salaries', 'SELECT * FROM salaries -- SALARY_SQL_MARKER'],
    ['audit', 'warehouse_db', 'private', 'audit', null],
    ['vault_view', 'vault_db', 'vault', 'vault_view', 'SELECT 1 -- VAULT_SQL_MARKER'],
  ] as const) {
    ds[key] = (await m.Dataset.create({ database_id: db[database], schema, table_name, sql, created_by_fk: adminId, changed_by_fk: adminId })).id;
  }
  for (const [name, dataset] of [['orders chart', 'orders'], ['salaries chart', 'salaries'], ['vault chart', 'vault_view'], ['events chart', 'events']] as const) {
    await m.Chart.create({ slice_name: name, viz_type: 'table', datasource_type: 'table', datasource_id: ds[dataset] });
  }

  await grantRole('gina_grants', [['database_access', `[sales_db].(id:${db.sales_db})`]]);
  await grantRole('sam_grants', [
    ['schema_access', '[warehouse_db].[public]'],
    ['datasource_access', `[warehouse_db].[audit](id:${ds.audit})`],
    // Stale grants: a renamed dataset's old name, another database's id. Neither opens anything.
    ['datasource_access', `[warehouse_db].[old_name](id:${ds.salaries})`],
    ['database_access', `[vault_db].(id:${db.sales_db})`],
  ]);
  for (const [username, roles] of [
    ['alpha', ['Alpha']],
    ['gina', ['Gamma', 'gina_grants']],
    ['sam', ['Gamma', 'sql_lab', 'sam_grants']],
    ['nadia', ['Gamma', 'sql_lab']],
  ] as const) {
    const user = await app.createUser({ username, roles: [...roles] });
    tokens[username] = (await app.login(username, user.password)).accessToken;
    cookies[username] = await app.loginWithCookie(username, user.password);
  }
  tokens.admin = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  cookies.admin = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('finding 3: every write on Database is Admin only; Alpha reads', () => {
  it('refuses Alpha create, edit, delete, test_connection and validate_parameters with 403, changing nothing', async () => {
    const created = await send('alpha', 'POST', '/api/v1/database/', { database_name: 'alpha_made', sqlalchemy_uri: 'sqlite://', allow_dml: true });
    expect(created.status, created.text).toBe(403);
    expect(await app.models().Database.count({ where: { database_name: 'alpha_made' } })).toBe(0);

    const edited = await send('alpha', 'PUT', `/api/v1/database/${db.sales_db}`, { allow_dml: true });
    expect(edited.status, edited.text).toBe(403);
    expect((await app.models().Database.findByPk(db.sales_db))!.allow_dml).toBe(false);

    expect((await send('alpha', 'DELETE', `/api/v1/database/${db.sales_db}`)).status).toBe(403);
    expect(await app.models().Database.findByPk(db.sales_db)).not.toBeNull();

    expect((await send('alpha', 'POST', '/api/v1/database/test_connection/', { sqlalchemy_uri: 'sqlite://' })).status).toBe(403);
    expect((await send('alpha', 'POST', '/api/v1/database/validate_parameters/', { engine: 'sqlite', parameters: { database: 'x.db' } })).status).toBe(403);
  });

  it('refuses Alpha the database form pages and their actions', async () => {
    expect((await page('alpha', '/databaseview/add')).status).toBe(403);
    expect((await page('alpha', `/databaseview/${db.sales_db}/edit`)).status).toBe(403);
    const save = { intent: 'save', connect_with: 'uri', database_name: 'alpha_form', sqlalchemy_uri: 'sqlite://', allow_dml: 'on', expose_in_sqllab: 'on' };
    expect((await postForm('alpha', '/databaseview/add', save)).status).toBe(403);
    expect((await postForm('alpha', `/databaseview/${db.sales_db}/edit`, { ...save, database_name: 'sales_db' })).status).toBe(403);
    expect((await postForm('alpha', `/databaseview/${db.sales_db}/edit`, { intent: 'test-connection', connect_with: 'uri', sqlalchemy_uri: 'sqlite://' })).status).toBe(403);
    expect((await postForm('alpha', `/databaseview/${db.sales_db}/edit`, { intent: 'delete' })).status).toBe(403);
    expect((await postForm('alpha', '/databaseview/list/', { intent: 'delete', id: String(db.sales_db) })).status).toBe(403);
    expect(await app.models().Database.count({ where: { database_name: 'alpha_form' } })).toBe(0);
    expect((await app.models().Database.findByPk(db.sales_db))!.allow_dml).toBe(false);

    const list = await page('alpha', '/databaseview/list/');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('warehouse_db');
    expect(html).not.toContain('+ Database');
    expect(html).not.toContain('/edit"');
  });

  it('Alpha still reads every database; its role holds no can_write on Database; the admin still writes', async () => {
    const list = await get('alpha', '/api/v1/database/');
    expect(list.body.count).toBe(4);
    const me = await get('alpha', '/api/v1/me/');
    const pairs = (me.body.result as unknown as { roles: Record<string, PermissionPair[]> }).roles.Alpha;
    expect(pairs).toContainEqual(['can_read', 'Database']);
    expect(pairs).not.toContainEqual(['can_write', 'Database']);
    expect((await get('alpha', '/api/v1/database/_info')).body.permissions).toEqual(['can_read', 'can_upload']);

    const made = await send('admin', 'POST', '/api/v1/database/', { database_name: 'admin_made', sqlalchemy_uri: 'postgresql://u@pg.invalid/x' });
    expect(made.status, made.text).toBe(201);
    const id = (JSON.parse(made.text) as { id: number }).id;
    expect((await send('admin', 'PUT', `/api/v1/database/${id}`, { allow_dml: true })).status).toBe(200);
    expect((await send('admin', 'DELETE', `/api/v1/database/${id}`)).status).toBe(200);
    expect((await page('admin', '/databaseview/add')).status).toBe(200);
  });
});

/** What each user may see, by Superset's DatabaseFilter and DatasourceFilter. */
const EXPECTED: Record<string, { databases: string[]; datasets: string[]; schemas: string[]; charts: string[] }> = {
  admin: {
    databases: ['sales_db', 'sales_db_annex', 'vault_db', 'warehouse_db'],
    datasets: ['annex_rows', 'audit', 'events', 'orders', 'salaries', 'vault_view'],
    schemas: ['private', 'public', 'vault'],
    charts: ['events chart', 'orders chart', 'salaries chart', 'vault chart'],
  },
  // database_access on sales_db: that database and every dataset in it.
  gina: { databases: ['sales_db'], datasets: ['orders'], schemas: [], charts: ['orders chart'] },
  // schema_access on warehouse_db.public and datasource_access on one private dataset: the database is listed, and only those datasets.
  sam: { databases: ['warehouse_db'], datasets: ['audit', 'events'], schemas: ['private', 'public'], charts: ['events chart'] },
  // Gamma and sql_lab without any data grant: nothing.
  nadia: { databases: [], datasets: [], schemas: [], charts: [] },
};

describe('finding 4: lists, related and distinct show only what the user may access', () => {
  it.each(Object.keys(EXPECTED))('%s: GET /api/v1/database/ and /api/v1/dataset/, with counts, ids and paging that agree', async (user) => {
    const expected = EXPECTED[user];
    const databases = await get(user, `/api/v1/database/${q({ order_column: 'database_name', order_direction: 'asc' })}`);
    expect(databases.status).toBe(200);
    expect(databases.body.result.map((r) => r.database_name)).toEqual(expected.databases);
    expect(databases.body.count).toBe(expected.databases.length);
    expect(sorted(databases.body.ids)).toEqual(sorted(expected.databases.map((n) => db[n])));

    const datasets = await get(user, `/api/v1/dataset/${q({ order_column: 'table_name', order_direction: 'asc' })}`);
    expect(datasets.status).toBe(200);
    expect(datasets.body.result.map((r) => r.table_name)).toEqual(expected.datasets);
    expect(datasets.body.count).toBe(expected.datasets.length);

    // Paging one row at a time walks exactly the visible rows, and every page counts all of them.
    const walked: unknown[] = [];
    for (let n = 0; n <= expected.datasets.length; n++) {
      const one = await get(user, `/api/v1/dataset/${q({ order_column: 'table_name', order_direction: 'asc', page: n, page_size: 1, select_columns: ['table_name'] })}`);
      expect(one.body.count).toBe(expected.datasets.length);
      walked.push(...one.body.result.map((r) => r.table_name));
    }
    expect(walked).toEqual(expected.datasets);

    // A filter on a hidden database finds nothing rather than its datasets.
    const hidden = await get(user, `/api/v1/dataset/${q({ filters: [{ col: 'database', opr: 'rel_o_m', value: db.vault_db }] })}`);
    expect(hidden.body.count).toBe(user === 'admin' ? 1 : 0);
    if (user !== 'admin') for (const marker of SQL_MARKERS) expect(datasets.text + hidden.text).not.toContain(marker);
  });

  it.each(Object.keys(EXPECTED))('%s: related/database of datasets, saved queries and queries, and distinct schemas', async (user) => {
    const expected = EXPECTED[user];
    const canSqlLab = user !== 'gina';
    for (const resource of ['dataset', 'saved_query', 'query']) {
      const related = await get(user, `/api/v1/${resource}/related/database`);
      if (resource !== 'dataset' && !canSqlLab) {
        expect(related.status, `${resource} without SQL Lab`).toBe(403);
        continue;
      }
      expect(related.status, resource).toBe(200);
      expect(related.body.result.map((r) => r.text), resource).toEqual(expected.databases);
      expect(related.body.count, resource).toBe(expected.databases.length);
      // include_ids names values already chosen in a picker: a hidden database is not named for them.
      const included = await get(user, `/api/v1/${resource}/related/database${q({ include_ids: [db.vault_db] })}`);
      expect(included.body.result.some((r) => r.text === 'vault_db'), resource).toBe(user === 'admin');
    }
    const schemas = await get(user, '/api/v1/dataset/distinct/schema');
    expect(schemas.body.result.map((r) => r.text)).toEqual(expected.schemas);
    expect(schemas.body.count).toBe(expected.schemas.length);
  });

  it.each(Object.keys(EXPECTED))('%s: charts are listed only on datasets the user may access', async (user) => {
    const charts = await get(user, `/api/v1/chart/${q({ order_column: 'slice_name', order_direction: 'asc' })}`);
    expect(charts.body.result.map((r) => r.slice_name)).toEqual(EXPECTED[user].charts);
    expect(charts.body.count).toBe(EXPECTED[user].charts.length);
  });

  it.each(Object.keys(EXPECTED))('%s: the Databases and Datasets pages list the same rows', async (user) => {
    const expected = EXPECTED[user];
    const databases = await (await page(user, '/databaseview/list/')).text();
    for (const name of EXPECTED.admin.databases) {
      expect(databases.includes(`>${name}<`), `${name} on /databaseview/list/`).toBe(expected.databases.includes(name));
    }
    const datasets = await (await page(user, '/tablemodelview/list/')).text();
    for (const name of EXPECTED.admin.datasets) {
      expect(datasets.includes(`>${name}<`), `${name} on /tablemodelview/list/`).toBe(expected.datasets.includes(name));
    }
    const charts = await (await page(user, '/chart/list/')).text();
    for (const name of EXPECTED.admin.charts) expect(charts.includes(`>${name}<`), `${name} on /chart/list/`).toBe(EXPECTED[user].charts.includes(name));
    for (const marker of SQL_MARKERS) expect(datasets).not.toContain(marker);
  });

  it('related_objects of a database names only the dashboards the user may see', async () => {
    const m = app.models();
    const chart = await m.Chart.findOne({ where: { slice_name: 'orders chart' } });
    const draft = await m.Dashboard.create({ dashboard_title: 'admin draft', published: false });
    const board = await m.Dashboard.create({ dashboard_title: 'public board', published: true });
    await (chart as unknown as { setDashboards(ids: number[]): Promise<void> }).setDashboards([draft.id, board.id]);
    const titles = async (user: string) => {
      const answer = await get(user, `/api/v1/database/${db.sales_db}/related_objects/`);
      expect(answer.status, user).toBe(200);
      return (answer.body.dashboards as unknown as { result: { title: string }[] }).result.map((d) => d.title).sort();
    };
    expect(await titles('admin')).toEqual(['admin draft', 'public board']);
    expect(await titles('gina')).toEqual(['public board']);
    expect((await get('sam', `/api/v1/database/${db.sales_db}/related_objects/`)).status).toBe(403);
  });

  it('opening a dataset agrees with the lists: 403 where it is hidden, 200 where it is listed', async () => {
    expect((await get('sam', `/api/v1/dataset/${ds.salaries}`)).status).toBe(403);
    expect((await get('sam', `/api/v1/dataset/${ds.audit}`)).status).toBe(200);
    expect((await get('gina', `/api/v1/dataset/${ds.orders}`)).status).toBe(200);
  });
});

describe('non-admins never see a URI, a host or a server file path', () => {
  it('GET /api/v1/database/<id> answers the URI and connection parameters to the admin only', async () => {
    const admin = await get('admin', `/api/v1/database/${db.sales_db}`);
    expect(admin.status).toBe(200);
    expect((admin.body.result as unknown as Json).sqlalchemy_uri).toContain('private-var-dir');
    expect((admin.body.result as unknown as Json).extra).toContain('ca.pem');
    for (const user of ['alpha', 'gina']) {
      const shown = await get(user, `/api/v1/database/${db.sales_db}`);
      expect(shown.status, user).toBe(200);
      const result = shown.body.result as unknown as Json;
      expect(result).toMatchObject({ id: db.sales_db, database_name: 'sales_db', backend: 'sqlite' });
      expect(result).not.toHaveProperty('sqlalchemy_uri');
      expect(result).not.toHaveProperty('parameters');
      expect(JSON.parse(result.extra as string)).toEqual({ cost_estimate_enabled: true });
      for (const secret of SECRETS) expect(shown.text, `${user}: ${secret}`).not.toContain(secret);
    }
    const warehouse = await get('alpha', `/api/v1/database/${db.warehouse_db}`);
    for (const secret of SECRETS) expect(warehouse.text).not.toContain(secret);
  });

  it('no answer or page a non-admin can open shows one', async () => {
    const paths = [
      '/api/v1/database/', `/api/v1/database/${q({ select_columns: ['sqlalchemy_uri', 'password', 'encrypted_password', 'parameters', 'database_name'] })}`,
      `/api/v1/database/${db.sales_db}`, `/api/v1/database/${db.warehouse_db}`, `/api/v1/database/${db.sales_db}/related_objects/`,
      '/api/v1/database/_info', '/api/v1/database/available/', '/api/v1/dataset/', `/api/v1/dataset/${ds.orders}`, `/api/v1/dataset/${ds.audit}`,
      '/api/v1/dataset/related/database', '/api/v1/saved_query/related/database', '/api/v1/sqllab/', '/api/v1/me/',
      '/databaseview/list/', '/tablemodelview/list/', '/chart/list/', '/sqllab/',
    ];
    for (const user of ['alpha', 'gina', 'sam', 'nadia']) {
      for (const p of paths) {
        const answer = p.startsWith('/api/') ? await get(user, p) : { status: 0, text: await (await page(user, p)).text() };
        for (const secret of SECRETS.slice(0, 5)) expect(answer.text, `${user} ${p}: ${secret}`).not.toContain(secret);
      }
    }
  });
});

describe('upgrading an existing install', () => {
  it('a migration takes can_write on Database from Alpha once; seeding keeps every pair an admin granted by hand', async () => {
    const { createMigrator, createSequelize, initModels } = await import('../../db/index');
    const { seedRoles } = await import('../../app/server/security/seed-roles.server');
    const sequelize = createSequelize(`sqlite:${path.join(tmp, 'upgrade.sqlite')}`);
    try {
      const migrator = createMigrator(sequelize);
      await migrator.up({ to: '0004-dataset-columns' });
      const models = initModels(sequelize);
      await seedRoles(models);
      const pairsOf = async (roleName: string) => {
        const role = await models.Role.findOne({ where: { name: roleName }, include: [{ model: models.Permission, as: 'permissions' }] });
        return (role?.permissions ?? []).map((p): PermissionPair => [p.permission_name, p.view_name]);
      };
      const grant = async (roleName: string, pair: PermissionPair) => {
        const [role] = await models.Role.findOrCreate({ where: { name: roleName } });
        const [permission] = await models.Permission.findOrCreate({ where: { permission_name: pair[0], view_name: pair[1] } });
        await (role as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([permission.id]);
      };
      // The store as the previous version left it: Alpha seeded with can_write on Database, plus an admin's own grants.
      await grant('Alpha', ['can_write', 'Database']);
      await grant('Gamma', ['can_write', 'Dataset']);
      await grant('db_owners', ['can_write', 'Database']);

      expect((await migrator.up()).map((m) => m.name)).toContain('0005-alpha-reads-databases');
      expect(await pairsOf('Alpha')).not.toContainEqual(['can_write', 'Database']);
      expect(await pairsOf('Alpha')).toContainEqual(['can_read', 'Database']);
      expect(await pairsOf('db_owners')).toContainEqual(['can_write', 'Database']);

      await seedRoles(models);
      expect(await pairsOf('Alpha')).not.toContainEqual(['can_write', 'Database']);
      expect(await pairsOf('Gamma')).toContainEqual(['can_write', 'Dataset']);
      // An admin who wants it back grants it by hand; later starts keep it.
      await grant('Alpha', ['can_write', 'Database']);
      await seedRoles(models);
      expect(await pairsOf('Alpha')).toContainEqual(['can_write', 'Database']);
    } finally {
      await sequelize.close();
    }
  });
});
