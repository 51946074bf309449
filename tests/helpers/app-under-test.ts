/**
 * The whole app in this process, for API integration tests: a fresh metadata store (a temp
 * SQLite file, or the database URL given), bootstrapped like `npm start` does (migrations,
 * roles, an admin), and Remix's real request handler over the real route modules, loaded
 * through Vite's SSR loader. Requests are plain `Request` objects handed to the handler: no
 * port, no socket. (tests/helpers/server-process.ts runs the built server as a real process.)
 *
 * Environment variables are set before any app module loads, and env() caches them: use one
 * app per test file (vitest runs each file in its own process).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from '@remix-run/node';

type DbModule = typeof import('../../app/server/db.server');
type UsersModule = typeof import('../../app/server/security/users.server');
type BootstrapModule = typeof import('../../app/server/bootstrap.server');

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin-password-for-tests';
export const TEST_SECRET_KEY = 'sightline-test-secret-key-0123456789';

export type NewUser = { username: string; password?: string; roles?: string[]; first_name?: string; last_name?: string; email?: string; active?: boolean };

export type AppUnderTest = {
  /** Sends a request to the app; `path` starts with '/'. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Logs in through `POST /api/v1/security/login`; throws with the answer if it fails. */
  login(username: string, password: string): Promise<{ accessToken: string; refreshToken: string }>;
  /** Logs in through the login form, as a browser does; returns the session cookie and its CSRF token. */
  loginWithCookie(username: string, password: string): Promise<{ cookie: string; csrfToken: string }>;
  /** Creates a user (default password `<username>-password`, default role Gamma). */
  createUser(user: NewUser): Promise<{ id: number; username: string; password: string }>;
  /** The app's own model classes (the ones its handler uses), to arrange data directly. */
  models(): ReturnType<DbModule['models']>;
  /** Loads any app module through the same loader the handler uses. */
  load<T>(moduleId: string): Promise<T>;
  databaseUrl: string;
  close(): Promise<void>;
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `name=value` of every Set-Cookie header, merged into one Cookie header value. */
export function cookieFrom(response: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = part.split('=');
    jar.set(name, rest.join('='));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [name, ...rest] = pair.split('=');
    jar.set(name.trim(), rest.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

export async function startApp(opts: { databaseUrl?: string } = {}): Promise<AppUnderTest> {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-app-'));
  const databaseUrl = opts.databaseUrl ?? `sqlite:${path.join(varDir, 'meta.sqlite')}`;
  Object.assign(process.env, {
    VAR_DIR: varDir,
    DATABASE_URL: databaseUrl,
    LOAD_EXAMPLES: 'false',
    SECRET_KEY: TEST_SECRET_KEY,
    ADMIN_PASSWORD,
    NODE_ENV: 'test',
    // Tests register SQLite files in temp directories; a test that checks the policy sets its own.
    SQLITE_DATA_DIRS: process.env.SQLITE_DATA_DIRS ?? os.tmpdir(),
  });

  const { createServer } = await import('vite');
  const { createRequestHandler } = await import('@remix-run/node');
  const vite = await createServer({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    // No HMR socket and no file watcher: several test files start an app at once.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const load = <T>(moduleId: string) => vite.ssrLoadModule(moduleId) as Promise<T>;

  let closed = false;
  const db = await load<DbModule>('/app/server/db.server.ts');
  const close = async () => {
    if (closed) return;
    closed = true;
    await db.closeStore();
    await vite.close();
    fs.rmSync(varDir, { recursive: true, force: true });
  };

  try {
    const build = await load<ServerBuild>('virtual:remix/server-build');
    const handler = createRequestHandler(build, 'test');
    await (await load<BootstrapModule>('/app/server/bootstrap.server.ts')).bootstrap(() => {});
    const users = await load<UsersModule>('/app/server/security/users.server.ts');

    // The app's own first look at a request, as server-app.mjs gives it in production.
    const { refuseAtEdge } = build.entry.module as unknown as { refuseAtEdge(request: Request): Response | null };
    const fetchApp = async (p: string, init?: RequestInit) => {
      const request = new Request(`http://localhost${p}`, init);
      return refuseAtEdge(request) ?? handler(request);
    };

    return {
      fetch: fetchApp,
      databaseUrl,
      models: () => db.models(),
      load,
      close,
      async login(username, password) {
        const response = await fetchApp('/api/v1/security/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username, password, provider: 'db', refresh: true }),
        });
        if (response.status !== 200) throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as { access_token: string; refresh_token: string };
        return { accessToken: body.access_token, refreshToken: body.refresh_token };
      },
      async loginWithCookie(username, password) {
        const form = new URLSearchParams({ username, password, next: '/' });
        const response = await fetchApp('/login', { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
        if (response.status !== 302) throw new Error(`form login as ${username} failed: ${response.status}`);
        let cookie = cookieFrom(response);
        const csrf = await fetchApp('/api/v1/security/csrf_token/', { headers: { Cookie: cookie } });
        if (csrf.status !== 200) throw new Error(`csrf_token failed: ${csrf.status} ${await csrf.text()}`);
        cookie = cookieFrom(csrf, cookie);
        return { cookie, csrfToken: ((await csrf.json()) as { result: string }).result };
      },
      async createUser(user) {
        const password = user.password ?? `${user.username}-password`;
        const created = await users.createUser({ roles: ['Gamma'], ...user, password });
        return { id: created.id, username: created.username, password };
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
