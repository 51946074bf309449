/**
 * The domain behind the admin pages and the list pages, against a real SQLite metadata store
 * set up by the app's own bootstrap (migrations, built-in roles, the admin user, the examples
 * database registration).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewUserFormSchema } from '../../app/lib/admin-forms';
import type { CurrentUser } from '../../app/server/auth/current-user.server';

type Users = typeof import('../../app/server/security/users.server');
type Roles = typeof import('../../app/server/security/roles.server');

let dir: string;
let users: Users;
let roles: Roles;
let loadUser: typeof import('../../app/server/auth/current-user.server').loadUser;
let models: typeof import('../../app/server/db.server').models;
let closeStore: typeof import('../../app/server/db.server').closeStore;
let DomainError: typeof import('../../app/server/domain-errors.server').DomainError;
let admin: CurrentUser;

/** What a call that should be refused threw (a Response, or a domain error with its status), or null when it was not. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number } | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof Response || error instanceof DomainError) return error;
    throw error;
  }
}

async function actorNamed(username: string): Promise<CurrentUser> {
  const record = await models().User.findOne({ where: { username } });
  const user = await loadUser(record!.id, 'cookie');
  if (!user) throw new Error(`${username} cannot act (inactive?)`);
  return user;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-admin-'));
  process.env.DATABASE_URL = `sqlite:${path.join(dir, 'meta.sqlite')}`;
  process.env.VAR_DIR = dir;
  process.env.SECRET_KEY = 'x'.repeat(32);
  process.env.ADMIN_PASSWORD = 'admin-password';
  process.env.NODE_ENV = 'test';
  // Examples on, but with the warehouse file already present: bootstrap then only registers the
  // examples database (as after a real first start) without spending time building the data.
  process.env.LOAD_EXAMPLES = 'true';
  fs.writeFileSync(path.join(dir, 'examples.sqlite'), '');
  const { bootstrap } = await import('../../app/server/bootstrap.server');
  await bootstrap(() => {});
  ({ models, closeStore } = await import('../../app/server/db.server'));
  ({ DomainError } = await import('../../app/server/domain-errors.server'));
  ({ loadUser } = await import('../../app/server/auth/current-user.server'));
  users = await import('../../app/server/security/users.server');
  roles = await import('../../app/server/security/roles.server');
  admin = await actorNamed('admin');
});

afterAll(async () => {
  await closeStore?.();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const alice = {
  username: 'alice', first_name: 'Alice', last_name: 'Liddell', email: 'alice@example.com',
  password: 'wonderland-1', confirm_password: 'wonderland-1', roles: ['Gamma', 'sql_lab'],
};

describe('users', () => {
  it('creates a user with roles', async () => {
    const result = await users.addUser(admin, alice);
    expect(result.ok).toBe(true);
    const created = await users.findUserByUsername('alice');
    expect(created).toMatchObject({ first_name: 'Alice', email: 'alice@example.com', active: true, roles: ['Gamma', 'sql_lab'] });
    const actor = await actorNamed('alice');
    expect(Object.keys(actor.roles).sort()).toEqual(['Gamma', 'sql_lab']);
  });

  it('refuses a duplicate username as a field error, and createUser answers 409', async () => {
    const again = await users.addUser(admin, { ...alice, first_name: 'Other' });
    expect(again).toEqual({ ok: false, errors: { username: 'The username alice is already taken.' } });
    const direct = await refusal(users.createUser({ username: 'alice', password: 'another-password' }));
    expect(direct?.status).toBe(409);
    expect((await users.listUsers(admin, { search: 'alice' })).map((u) => u.first_name)).toEqual(['Alice']);
  });

  it('validates the add form: matching passwords, a role, an email', () => {
    const parsed = NewUserFormSchema.safeParse({ ...alice, username: 'carol', confirm_password: 'different', roles: [], email: 'nope' });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['roles', 'email']));
    const mismatch = NewUserFormSchema.safeParse({ ...alice, username: 'carol', confirm_password: 'different' });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['confirm_password', 'The passwords do not match.']]);
  });

  it('refuses an unknown role as a field error', async () => {
    const result = await users.addUser(admin, { ...alice, username: 'dave', roles: ['Gamma', 'Wizards'] });
    expect(result).toEqual({ ok: false, errors: { roles: 'Unknown role: Wizards.' } });
    expect(await users.findUserByUsername('dave')).toBeNull();
  });

  it('lists users matching a search in username, names or email, taking wildcards literally', async () => {
    await users.addUser(admin, { ...alice, username: 'bob_smith', first_name: 'Bob', last_name: 'Smith', email: 'bob@corp.test', roles: ['Alpha'] });
    const names = async (search: string) => (await users.listUsers(admin, { search })).map((u) => u.username);
    expect(await names('')).toEqual(['admin', 'alice', 'bob_smith']);
    expect(await names('LIDDELL')).toEqual(['alice']);
    expect(await names('corp.test')).toEqual(['bob_smith']);
    // '_' and '%' are literal characters, not LIKE wildcards: 'a_i' must not match 'alice'.
    expect(await names('a_i')).toEqual([]);
    expect(await names('%')).toEqual([]);
    expect(await names('_smith')).toEqual(['bob_smith']);
  });

  it('updates roles and leaves the fields it was not given alone', async () => {
    const id = (await users.findUserByUsername('alice'))!.id;
    const result = await users.updateUser(admin, id, { roles: ['Alpha'] });
    expect(result.ok && result.value).toMatchObject({ roles: ['Alpha'], first_name: 'Alice', email: 'alice@example.com', active: true });
    const named = await users.updateUser(admin, id, { first_name: 'Alicia', email: '' });
    expect(named.ok && named.value).toMatchObject({ first_name: 'Alicia', email: null, roles: ['Alpha'] });
  });

  it('deactivates a user, who can then no longer act, and reactivates them', async () => {
    const id = (await users.findUserByUsername('alice'))!.id;
    const off = await users.updateUser(admin, id, { active: false });
    expect(off.ok && off.value.active).toBe(false);
    expect(await loadUser(id, 'cookie')).toBeNull();
    const on = await users.updateUser(admin, id, { active: true });
    expect(on.ok && on.value.active).toBe(true);
    expect(await loadUser(id, 'cookie')).not.toBeNull();
  });

  it('changes the password only when a new one is given', async () => {
    const { verifyPassword } = await import('../../app/server/auth/password.server');
    const id = (await users.findUserByUsername('alice'))!.id;
    await users.updateUser(admin, id, { password: 'looking-glass' });
    const record = await models().User.findByPk(id);
    expect(await verifyPassword('looking-glass', record!.password_hash)).toBe(true);
  });

  it('refuses to let an admin deactivate themselves or drop their own Admin role', async () => {
    const self = await users.updateUser(admin, admin.id, { active: false });
    expect(self).toEqual({ ok: false, errors: { active: 'You cannot deactivate your own account.' } });
    const demote = await users.updateUser(admin, admin.id, { roles: ['Alpha'] });
    expect(demote).toEqual({ ok: false, errors: { roles: 'You cannot remove the Admin role from your own account.' } });
    const after = await users.getUser(admin.id);
    expect(after).toMatchObject({ active: true, roles: ['Admin'] });
    // Another admin may do both to this one; that is how a team hands over.
    const ok = await users.updateUser(admin, admin.id, { roles: ['Admin', 'Alpha'], first_name: 'Root' });
    expect(ok.ok).toBe(true);
  });

  it('answers 403 to a user without the User permissions and 404 for a missing user', async () => {
    const bob = await actorNamed('bob_smith');
    expect((await refusal(users.listUsers(bob)))?.status).toBe(403);
    expect((await refusal(users.updateUser(bob, admin.id, { active: false })))?.status).toBe(403);
    expect((await refusal(users.updateUser(admin, 999_999, { active: false })))?.status).toBe(404);
  });
});

describe('roles', () => {
  let analystsId: number;

  it('lists the built-in roles with user and permission counts', async () => {
    const list = await roles.listRoles(admin);
    const byName = Object.fromEntries(list.map((r) => [r.name, r]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['Admin', 'Alpha', 'Gamma', 'Public', 'sql_lab']));
    expect(byName.Admin).toMatchObject({ builtIn: true, userCount: 1 });
    expect(byName.Alpha.userCount).toBe(3);
    expect(byName.Public.permissionCount).toBe(0);
    expect(byName.Gamma.permissionCount).toBeGreaterThan(10);
  });

  it('creates a role, refusing a name that differs from an existing one only in case', async () => {
    const created = await roles.createRole(admin, { name: ' Analysts ' });
    expect(created.ok).toBe(true);
    analystsId = created.ok ? created.value.id : 0;
    expect(await roles.createRole(admin, { name: 'ANALYSTS' })).toEqual({ ok: false, errors: { name: 'A role named Analysts already exists.' } });
    expect(await roles.createRole(admin, { name: 'gamma' })).toEqual({ ok: false, errors: { name: 'A role named Gamma already exists.' } });
  });

  it('sets permissions among those shown, keeping the ones a filter hid', async () => {
    const first = await roles.setRolePermissions(admin, analystsId, {
      shown: [['can_read', 'Chart'], ['can_write', 'Chart'], ['can_read', 'Dashboard']],
      granted: [['can_read', 'Chart'], ['can_read', 'Dashboard']],
    });
    expect(first).toEqual({ ok: true, value: { added: 2, removed: 0 } });
    // A filtered save ("sql"): only SQL Lab pairs were on screen.
    const filtered = await roles.setRolePermissions(admin, analystsId, {
      shown: [['menu_access', 'SQL Lab'], ['can_read', 'SQLLab']],
      granted: [['menu_access', 'SQL Lab']],
    });
    expect(filtered).toEqual({ ok: true, value: { added: 1, removed: 0 } });
    const removal = await roles.setRolePermissions(admin, analystsId, { shown: [['can_read', 'Dashboard']], granted: [] });
    expect(removal).toEqual({ ok: true, value: { added: 0, removed: 1 } });
    const role = await roles.getRole(admin, analystsId);
    expect(role.permissions.sort()).toEqual([['can_read', 'Chart'], ['menu_access', 'SQL Lab']]);
  });

  it('refuses pairs the form did not show or that do not exist', async () => {
    const unshown = await roles.setRolePermissions(admin, analystsId, { shown: [], granted: [['can_write', 'User']] });
    expect(unshown.ok).toBe(false);
    const unknown = await roles.setRolePermissions(admin, analystsId, { shown: [['can_fly', 'Broom']], granted: [['can_fly', 'Broom']] });
    expect(unknown.ok).toBe(false);
    expect((await roles.getRole(admin, analystsId)).permissions).toHaveLength(2);
  });

  it('offers extra permission rows beside the built-in catalog', async () => {
    // Registering the example datasets already made this row; findOrCreate keeps the test about the catalog.
    await models().Permission.findOrCreate({ where: { permission_name: 'datasource_access', view_name: '[examples].[birth_names](id:1)' } });
    const catalog = await roles.permissionCatalog();
    expect(catalog).toContainEqual(['datasource_access', '[examples].[birth_names](id:1)']);
    expect(catalog).toContainEqual(['can_read', 'Chart']);
    const granted = await roles.setRolePermissions(admin, analystsId, {
      shown: [['datasource_access', '[examples].[birth_names](id:1)']], granted: [['datasource_access', '[examples].[birth_names](id:1)']],
    });
    expect(granted.ok).toBe(true);
  });

  it('refuses to rename a built-in role and renames others', async () => {
    const gammaId = (await roles.listRoles(admin)).find((r) => r.name === 'Gamma')!.id;
    expect(await roles.renameRole(admin, gammaId, { name: 'Viewers' })).toEqual({
      ok: false, errors: { name: 'Gamma is a built-in role and cannot be renamed.' },
    });
    expect(await roles.renameRole(admin, analystsId, { name: 'Alpha' })).toEqual({ ok: false, errors: { name: 'A role named Alpha already exists.' } });
    expect(await roles.renameRole(admin, analystsId, { name: 'Data analysts' })).toEqual({ ok: true, value: { name: 'Data analysts' } });
    expect((await roles.getRole(admin, gammaId)).name).toBe('Gamma');
  });

  it('deletes only a non-built-in role nobody has', async () => {
    const publicId = (await roles.listRoles(admin)).find((r) => r.name === 'Public')!.id;
    expect((await roles.deleteRole(admin, publicId)).ok).toBe(false);
    const bobId = (await users.findUserByUsername('bob_smith'))!.id;
    await users.updateUser(admin, bobId, { roles: ['Alpha', 'Data analysts'] });
    const inUse = await roles.deleteRole(admin, analystsId);
    expect(inUse).toEqual({ ok: false, errors: { form: 'Data analysts still has 1 user: take the role away from them first.' } });
    await users.updateUser(admin, bobId, { roles: ['Alpha'] });
    expect(await roles.deleteRole(admin, analystsId)).toEqual({ ok: true, value: { name: 'Data analysts' } });
    expect((await refusal(roles.getRole(admin, analystsId)))?.status).toBe(404);
  });

  it('answers 403 to a user without the Role permissions', async () => {
    const bob = await actorNamed('bob_smith');
    expect((await refusal(roles.listRoles(bob)))?.status).toBe(403);
    expect((await refusal(roles.createRole(bob, { name: 'Mine' })))?.status).toBe(403);
  });
});

describe('databases list', () => {
  it('shows the examples database after bootstrap, and never a password', async () => {
    const { listDatabases } = await import('../../app/server/databases/list-databases.server');
    await models().Database.create({
      database_name: 'warehouse', sqlalchemy_uri: 'postgresql+psycopg2://scott:tiger-secret@db.internal:5432/sales',
      allow_dml: true, allow_file_upload: true, expose_in_sqllab: false, created_by_fk: admin.id,
    });
    const page = await listDatabases(admin, { page: 1, sort: 'name', dir: 'asc', search: '' });
    expect(page.rows.map((r) => [r.name, r.backend])).toEqual([['examples', 'sqlite'], ['warehouse', 'postgresql']]);
    expect(page.rows[0]).toMatchObject({ allowRunAsync: true, exposeInSqllab: true, allowDml: false, createdBy: null });
    expect(page.rows[1]).toMatchObject({ allowDml: true, allowFileUpload: true, exposeInSqllab: false, createdBy: 'Root User' });
    const serialized = JSON.stringify(page);
    expect(serialized).not.toContain('tiger-secret');
    expect(serialized).not.toContain('scott');
    expect(serialized).not.toContain('sqlalchemy_uri');

    const searched = await listDatabases(admin, { page: 1, sort: 'changed_on', dir: 'desc', search: 'WARE' });
    expect(searched.rows.map((r) => r.name)).toEqual(['warehouse']);
    const desc = await listDatabases(admin, { page: 1, sort: 'name', dir: 'desc', search: '' });
    expect(desc.rows.map((r) => r.name)).toEqual(['warehouse', 'examples']);

    const query = { page: 1, sort: 'name', dir: 'asc', search: '' } as const;
    expect((await listDatabases(admin, query, 'postgresql')).rows.map((r) => r.name)).toEqual(['warehouse']);
    expect((await listDatabases(admin, query, 'sqlite')).rows.map((r) => r.name)).toEqual(['examples']);
    expect((await listDatabases(admin, query, 'mysql')).rows).toEqual([]);
    expect((await listDatabases(admin, query, 'postgresql')).filters).toEqual({ engine: 'postgresql' });
  });

  it('lists for SQL Lab only the exposed databases, to holders of SQL Lab access', async () => {
    const { listSqlLabDatabases } = await import('../../app/server/databases/list-databases.server');
    expect((await listSqlLabDatabases(admin)).map((d) => d.name)).toEqual(['examples']);
    expect((await refusal(listSqlLabDatabases(await actorNamed('bob_smith'))))?.status).toBe(403);
  });
});

describe('list paging, sorting and search', () => {
  // Bootstrap registered the example charts and dashboards; these tests count and order their own.
  beforeAll(async () => {
    await models().Dashboard.destroy({ where: {} });
    await models().Chart.destroy({ where: {} });
  });

  it('pages charts 25 at a time, sorts by name either way, searches, and clamps a page past the end', async () => {
    const { listCharts, CHART_LIST } = await import('../../app/server/charts/list.server');
    const { parsePageQuery } = await import('../../app/server/lists/page-query.server');
    const { Chart, Dataset, Database } = models();
    const examples = await Database.findOne({ where: { database_name: 'examples' } });
    const dataset = await Dataset.create({ database_id: examples!.id, schema: 'main', table_name: 'birth_names' });
    for (let i = 1; i <= 30; i++) {
      await Chart.create({
        slice_name: `Chart ${String(i).padStart(2, '0')}`, viz_type: i % 2 ? 'table' : 'pie',
        datasource_type: 'table', datasource_id: dataset.id, changed_by_fk: admin.id,
      });
    }
    await Chart.create({ slice_name: '100% done_ok', viz_type: 'big_number' });
    const list = (qs: string) => listCharts(admin, parsePageQuery(new URLSearchParams(qs), CHART_LIST));

    const first = await list('sort=name&dir=asc');
    expect(first).toMatchObject({ total: 31, page: 1, pageCount: 2, pageSize: 25, sort: 'name', dir: 'asc' });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0].name).toBe('100% done_ok');
    expect(first.rows[1]).toMatchObject({ name: 'Chart 01', vizType: 'table', dataset: 'main.birth_names', modifiedBy: 'Root User' });
    const second = await list('sort=name&dir=asc&page=2');
    expect(second.rows.map((r) => r.name)).toEqual(['Chart 25', 'Chart 26', 'Chart 27', 'Chart 28', 'Chart 29', 'Chart 30']);
    expect((await list('sort=name&dir=asc&page=40')).page).toBe(2);
    expect((await list('sort=name&dir=desc')).rows[0].name).toBe('Chart 30');
    expect((await list('sort=nonsense')).sort).toBe('changed_on');

    const searched = await list('search=chart%200&sort=name&dir=asc');
    expect(searched.rows.map((r) => r.name)).toEqual(['Chart 01', 'Chart 02', 'Chart 03', 'Chart 04', 'Chart 05', 'Chart 06', 'Chart 07', 'Chart 08', 'Chart 09']);
    expect((await list('search=%25')).rows.map((r) => r.name)).toEqual(['100% done_ok']);
    expect((await list('search=e_o')).total).toBe(1);
  });

  it('marks datasets physical or virtual and names their database', async () => {
    const { listDatasets } = await import('../../app/server/datasets/list.server');
    const examples = await models().Database.findOne({ where: { database_name: 'examples' } });
    await models().Dataset.create({ database_id: examples!.id, schema: 'main', table_name: 'boys', sql: 'SELECT * FROM birth_names' });
    // The example datasets are registered too: search narrows the page to the two compared here.
    const page = await listDatasets(admin, { page: 1, sort: 'name', dir: 'asc', search: 'b' });
    const rows = page.rows.map((d) => [d.name, d.kind, d.database, d.schema]);
    expect(rows).toContainEqual(['birth_names', 'physical', 'examples', null]);
    expect(rows).toContainEqual(['boys', 'virtual', 'examples', 'main']);
  });

  it('shows drafts only to their owners and admins, with owners listed', async () => {
    const { listDashboards } = await import('../../app/server/dashboards/list.server');
    const { Dashboard, User } = models();
    const bobRecord = await User.findOne({ where: { username: 'bob_smith' } });
    await Dashboard.create({ dashboard_title: 'Sales', published: true });
    const draft = await Dashboard.create({ dashboard_title: 'Bob draft', published: false });
    await (draft as unknown as { setOwners(u: unknown[]): Promise<void> }).setOwners([bobRecord]);
    await Dashboard.create({ dashboard_title: 'Secret draft', published: false });
    const query = { page: 1, sort: 'title' as const, dir: 'asc' as const, search: '' };
    const asAdmin = await listDashboards(admin, query);
    expect(asAdmin.rows.map((d) => d.title)).toEqual(['Bob draft', 'Sales', 'Secret draft']);
    expect(asAdmin.rows[0]).toMatchObject({ published: false, owners: ['Bob Smith'] });
    const asBob = await listDashboards(await actorNamed('bob_smith'), query);
    expect(asBob.rows.map((d) => d.title)).toEqual(['Bob draft', 'Sales']);
    const asAlice = await listDashboards(await actorNamed('alice'), query);
    expect(asAlice.rows.map((d) => d.title)).toEqual(['Sales']);
  });

  it('lists only the saved queries of the user asking', async () => {
    // The saved queries page's list, every database (0): the same rows the list module used to answer.
    const savedQueryList = await import('../../app/server/sqllab/saved-query-list.server');
    const listSavedQueries = (actor: Parameters<typeof savedQueryList.listSavedQueries>[0], query: Parameters<typeof savedQueryList.listSavedQueries>[1]) =>
      savedQueryList.listSavedQueries(actor, query, 0);
    const examples = await models().Database.findOne({ where: { database_name: 'examples' } });
    await users.updateUser(admin, (await users.findUserByUsername('alice'))!.id, { roles: ['Gamma', 'sql_lab'] });
    const alice = await actorNamed('alice');
    await models().SavedQuery.create({ db_id: examples!.id, label: 'Top names', sql: 'SELECT 1', schema: 'main', created_by_fk: alice.id });
    await models().SavedQuery.create({ db_id: examples!.id, label: 'Admin query', sql: 'SELECT 2', created_by_fk: admin.id });
    const query = { page: 1, sort: 'label' as const, dir: 'asc' as const, search: '' };
    expect((await listSavedQueries(alice, query)).rows.map((q) => [q.label, q.database, q.schema])).toEqual([['Top names', 'examples', 'main']]);
    expect((await listSavedQueries(admin, query)).rows.map((q) => q.label)).toEqual(['Admin query']);
    expect((await refusal(listSavedQueries(await actorNamed('bob_smith'), query)))?.status).toBe(403);
  });
});
