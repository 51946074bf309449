/**
 * The REST API against the real server: health, token login, and the database list a fresh
 * install starts with (the examples warehouse).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

async function login(password: string) {
  return fetch(`${server.baseUrl}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, provider: 'db', refresh: true }),
  });
}

describe('API smoke', () => {
  it('GET /health answers 200 "OK"', async () => {
    const res = await fetch(`${server.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
  });

  it('logs in for a token and lists the examples database with it', async () => {
    const res = await login(server.adminPassword);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { access_token?: unknown; refresh_token?: unknown };
    expect(typeof tokens.access_token).toBe('string');
    expect(typeof tokens.refresh_token).toBe('string');

    const list = await fetch(`${server.baseUrl}/api/v1/database/`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { result: { database_name: string }[]; count: number };
    expect(body.result.map((d) => d.database_name)).toContain('examples');
    expect(body.count).toBeGreaterThanOrEqual(1);
  });

  it('refuses a wrong password with 401 and no token', async () => {
    const res = await login('not-the-password');
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.access_token).toBeUndefined();
  });

  it('answers 401 to the database list without a token', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/database/`);
    expect(res.status).toBe(401);
  });
});
