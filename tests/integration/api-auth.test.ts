/**
 * Authentication of the API through the real request handler: JWT login and refresh, the CSRF
 * token, cookie sessions (CSRF enforced on changes) and bearer tokens (no CSRF), and `me/`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

let app: AppUnderTest;
// A published dashboard: every Gamma user may see it (a chart shows only to those who may access its dataset).
let dashboardId: number;

beforeAll(async () => {
  app = await startApp();
  await app.createUser({ username: 'gina', first_name: 'Gina', last_name: 'Gamma', email: 'gina@example.com' });
  await app.createUser({ username: 'leaver' });
  dashboardId = (await app.models().Dashboard.create({ dashboard_title: 'Starred', published: true })).id;
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('POST /api/v1/security/login', () => {
  it('answers access and refresh tokens that work as bearer tokens', async () => {
    const response = await postJson('/api/v1/security/login', { username: 'gina', password: 'gina-password', provider: 'db', refresh: true });
    expect(response.status).toBe(200);
    const { access_token, refresh_token } = (await response.json()) as Record<string, string>;
    expect(access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refresh_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await app.fetch('/api/v1/me/', { headers: bearer(access_token) });
    expect(me.status).toBe(200);
    const { result } = (await me.json()) as { result: Record<string, unknown> & { roles: Record<string, [string, string][]> } };
    expect(result).toMatchObject({ userId: result.id, username: 'gina', first_name: 'Gina', lastName: 'Gamma', email: 'gina@example.com', isActive: true });
    expect(Object.keys(result.roles)).toEqual(['Gamma']);
    expect(result.roles.Gamma).toContainEqual(['can_read', 'Chart']);
    expect(JSON.stringify(result)).not.toMatch(/password/);

    expect((await app.fetch('/api/v1/database/', { headers: bearer(access_token) })).status).toBe(200);
    expect((await app.fetch('/api/v1/me/roles/', { headers: bearer(access_token) })).status).toBe(200);
  });

  it('gives no refresh token unless asked', async () => {
    const response = await postJson('/api/v1/security/login', { username: 'gina', password: 'gina-password', provider: 'db' });
    expect(Object.keys((await response.json()) as object)).toEqual(['access_token']);
  });

  it('answers 401 for wrong credentials and 400 for a malformed request', async () => {
    const wrong = await postJson('/api/v1/security/login', { username: 'gina', password: 'nope', provider: 'db' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Not authorized' });

    const missing = await postJson('/api/v1/security/login', { username: 'gina' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: { password: ['Missing data for required field.'], provider: ['Missing data for required field.'] } });

    const ldap = await postJson('/api/v1/security/login', { username: 'gina', password: 'gina-password', provider: 'ldap' });
    expect(ldap.status).toBe(400);
    expect(await ldap.json()).toEqual({ message: { provider: ["Only the 'db' provider is supported."] } });

    const notJson = await app.fetch('/api/v1/security/login', { method: 'POST', body: 'username=gina', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const get = await app.fetch('/api/v1/security/login');
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
  });

  it('passes the login throttle\'s 429 through', async () => {
    await app.createUser({ username: 'target' });
    for (let i = 0; i < 5; i++) {
      expect((await postJson('/api/v1/security/login', { username: 'target', password: `guess-${i}`, provider: 'db' })).status).toBe(401);
    }
    const throttled = await postJson('/api/v1/security/login', { username: 'target', password: 'target-password', provider: 'db' });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('Retry-After')).toBe('60');
    expect(((await throttled.json()) as { message: string }).message).toMatch(/Too many failed login attempts/);
  });
});

describe('POST /api/v1/security/refresh', () => {
  it('trades a refresh token for a working access token, and refuses an access token', async () => {
    const { accessToken, refreshToken } = await app.login('gina', 'gina-password');
    const refreshed = await app.fetch('/api/v1/security/refresh', { method: 'POST', headers: bearer(refreshToken) });
    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as Record<string, string>;
    expect(Object.keys(body)).toEqual(['access_token']);
    expect((await app.fetch('/api/v1/me/', { headers: bearer(body.access_token) })).status).toBe(200);

    const withAccess = await app.fetch('/api/v1/security/refresh', { method: 'POST', headers: bearer(accessToken) });
    expect(withAccess.status).toBe(401);
    expect(await withAccess.json()).toEqual({ message: 'Not authorized' });
    expect((await app.fetch('/api/v1/security/refresh', { method: 'POST' })).status).toBe(401);
    expect((await app.fetch('/api/v1/security/refresh', { method: 'POST', headers: bearer('not.a.token') })).status).toBe(401);
    // Nor does a refresh token work as an access token.
    expect((await app.fetch('/api/v1/me/', { headers: bearer(refreshToken) })).status).toBe(401);
  });

  it('stops refreshing for a deactivated user', async () => {
    const { refreshToken } = await app.login('leaver', 'leaver-password');
    await app.models().User.update({ active: false }, { where: { username: 'leaver' } });
    expect((await app.fetch('/api/v1/security/refresh', { method: 'POST', headers: bearer(refreshToken) })).status).toBe(401);
  });
});

describe('sessions, CSRF and bearer tokens', () => {
  it('answers 401 in JSON without credentials', async () => {
    for (const path of ['/api/v1/me/', '/api/v1/security/csrf_token/', '/api/v1/chart/']) {
      const response = await app.fetch(path);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Not authorized' });
    }
  });

  it('gives a bearer client a CSRF token too', async () => {
    const { accessToken } = await app.login('gina', 'gina-password');
    const response = await app.fetch('/api/v1/security/csrf_token/', { headers: bearer(accessToken) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: string }).result).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses a cookie-authenticated change without the CSRF token, and accepts it with the token', async () => {
    const { cookie, csrfToken } = await app.loginWithCookie('gina', 'gina-password');
    const path = `/api/v1/dashboard/${dashboardId}/favorites/`;
    expect((await app.fetch('/api/v1/me/', { headers: { Cookie: cookie } })).status).toBe(200);

    const without = await app.fetch(path, { method: 'POST', headers: { Cookie: cookie } });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { message: string }).message).toMatch(/CSRF/);
    const wrong = await app.fetch(path, { method: 'POST', headers: { Cookie: cookie, 'X-CSRFToken': 'forged' } });
    expect(wrong.status).toBe(400);

    const withToken = await app.fetch(path, { method: 'POST', headers: { Cookie: cookie, 'X-CSRFToken': csrfToken } });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toEqual({ result: 'OK' });

    // The token stays the same for the session: asking again answers it again.
    const again = await app.fetch('/api/v1/security/csrf_token/', { headers: { Cookie: cookie } });
    expect(((await again.json()) as { result: string }).result).toBe(csrfToken);
  });

  it('serves Superset\'s paths with and without the trailing slash', async () => {
    const { accessToken } = await app.login('gina', 'gina-password');
    for (const path of ['/api/v1/me', '/api/v1/me/', '/api/v1/chart', '/api/v1/chart/', '/api/v1/chart/_info', '/api/v1/chart/_info/',
      '/api/v1/chart/related/owners/', '/api/v1/chart/distinct/viz_type/', '/api/v1/chart/favorite_status/', '/api/v1/me/roles/']) {
      const response = await app.fetch(path, { headers: bearer(accessToken) });
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
  });

  it('needs no CSRF token with a bearer token', async () => {
    const { accessToken } = await app.login(ADMIN_USERNAME, ADMIN_PASSWORD);
    const response = await app.fetch(`/api/v1/dashboard/${dashboardId}/favorites/`, { method: 'DELETE', headers: bearer(accessToken) });
    expect(response.status).toBe(200);
  });
});
