/**
 * Helpers for the SQL Lab integration tests: an app with its background work started (the same
 * module instances the handler uses, loaded through app.load), databases registered through the
 * models, roles granted through the admin's own domain functions, JSON calls with a bearer token
 * that keep big integers exact, and polling.
 */
import { parseLossless } from '~/lib/sql/lossless-json';
import type { PermissionPair } from '~/lib/permissions';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from './app-under-test';

type WorkerModule = typeof import('../../app/server/jobs/worker.server');
type PoolsModule = typeof import('../../app/server/engines/pools.server');
type ResultsModule = typeof import('../../app/server/sqllab/results-backend.server');
type RolesModule = typeof import('../../app/server/security/roles.server');
type CurrentUserModule = typeof import('../../app/server/auth/current-user.server');
type DatabaseAccessModule = typeof import('../../app/server/access/database-access.server');

export type Json = Record<string, unknown>;
export type Answer<T = Json> = { status: number; body: T; text: string; headers: Headers };

export interface SqlLabApp {
  app: AppUnderTest;
  adminToken: string;
  call<T = Json>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  execute<T = Json>(body: Json, token?: string): Promise<Answer<T>>;
  addDatabase(fields: { database_name: string; sqlalchemy_uri: string } & Json): Promise<{ id: number; database_name: string }>;
  /** A user with sql_lab plus a role of its own granting `pairs` (database_access etc.); answers a token. */
  userWith(username: string, pairs: PermissionPair[], roles?: string[]): Promise<{ id: number; token: string }>;
  databaseAccess(db: { id: number; database_name: string }): PermissionPair;
  close(): Promise<void>;
}

export async function startSqlLabApp(opts: { databaseUrl?: string; worker?: boolean } = {}): Promise<SqlLabApp> {
  const app = await startApp({ databaseUrl: opts.databaseUrl });
  const worker = await app.load<WorkerModule>('/app/server/jobs/worker.server.ts');
  await worker.startBackgroundWork({ worker: opts.worker ?? true, sweep: false, log: () => {} });
  const { accessToken: adminToken } = await app.login(ADMIN_USERNAME, ADMIN_PASSWORD);
  const access = await app.load<DatabaseAccessModule>('/app/server/access/database-access.server.ts');

  async function call<T = Json>(method: string, path: string, body?: unknown, token = adminToken): Promise<Answer<T>> {
    const response = await app.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = parseLossless(text);
    } catch {
      // Not JSON (a CSV): the test reads the text.
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  return {
    app,
    adminToken,
    call,
    execute: (body, token) => call('POST', '/api/v1/sqllab/execute/', body, token),
    async addDatabase(fields) {
      const record = await app.models().Database.create({ expose_in_sqllab: true, ...fields } as never);
      await app.models().Permission.findOrCreate({ where: { permission_name: 'database_access', view_name: access.databasePermissionView(record) } });
      return { id: record.id, database_name: record.database_name };
    },
    databaseAccess: (db) => ['database_access', access.databasePermissionView(db)],
    async userWith(username, pairs, roles = ['sql_lab']) {
      const rolesModule = await app.load<RolesModule>('/app/server/security/roles.server.ts');
      const { loadUser } = await app.load<CurrentUserModule>('/app/server/auth/current-user.server.ts');
      const adminRecord = await app.models().User.findOne({ where: { username: ADMIN_USERNAME } });
      const admin = await loadUser(adminRecord?.id ?? 0, 'bearer');
      if (!admin) throw new Error('no admin');
      const roleNames = [...roles];
      if (pairs.length) {
        for (const [permission_name, view_name] of pairs) await app.models().Permission.findOrCreate({ where: { permission_name, view_name } });
        const created = await rolesModule.createRole(admin, { name: `${username}_grants` });
        if (!created.ok) throw new Error(JSON.stringify(created.errors));
        const set = await rolesModule.setRolePermissions(admin, created.value.id, { shown: pairs, granted: pairs });
        if (!set.ok) throw new Error(JSON.stringify(set.errors));
        roleNames.push(created.value.name);
      }
      const user = await app.createUser({ username, roles: roleNames });
      const { accessToken } = await app.login(username, user.password);
      return { id: user.id, token: accessToken };
    },
    async close() {
      await worker.stopBackgroundWork().catch(() => {});
      await (await app.load<ResultsModule>('/app/server/sqllab/results-backend.server.ts')).closeResultsStore().catch(() => {});
      await (await app.load<PoolsModule>('/app/server/engines/pools.server.ts')).closeAllPools().catch(() => {});
      await app.close();
    },
  };
}

/** Polls until `check` answers a value, or fails after `ms`. */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 20_000, every = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** A short unique client id, as the editor makes them. */
export const clientId = () => Math.random().toString(36).slice(2, 13);
