/**
 * The HTTP edge (issue 8, findings 6 and 7): request bodies have a size limit (413), a refused
 * body leaves a kept-alive connection usable, NUL bytes and deep nesting are a 400 at the edge,
 * `__proto__` / `constructor` keys are never a 500, and page actions given JSON or a broken
 * multipart body answer 400. The connection tests run the production edge (server-app.mjs)
 * around the in-process build on a real socket; the rest go through the same handler directly.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';
import { RawConnection } from '../helpers/raw-http';
import { createServerApp } from '../../server-app.mjs';

// Small enough to test past it cheaply; 300 KB bodies stay under it, as the do.
const LIMIT = 1024 * 1024;
process.env.REQUEST_BODY_MAX_BYTES = String(LIMIT);

let app: AppUnderTest;
let server: http.Server;
let port: number;
let bearer: Record<string, string>;
let page: { Cookie: string; 'X-CSRFToken': string };
let csrfToken: string;
let cookie: string;

beforeAll(async () => {
  app = await startApp();
  const build = await app.load<ServerBuild>('virtual:remix/server-build');
  server = createServerApp(build, { mode: 'test' }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  bearer = { Authorization: `Bearer ${(await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken}` };
  ({ cookie, csrfToken } = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD));
  page = { Cookie: cookie, 'X-CSRFToken': csrfToken };
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await app?.close();
});

const KB300 = Buffer.alloc(300 * 1024, 'a');
const json = (body: unknown) => JSON.stringify(body);
const postJson = (path: string, body: string, headers: Record<string, string> = bearer, method = 'POST') =>
  app.fetch(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body });

async function messageOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return JSON.stringify((JSON.parse(text) as { message: unknown }).message);
  } catch {
    return text;
  }
}

describe('a refused body on a kept-alive connection (finding 6)', () => {
  it.each([
    ['401', 'POST', '/api/v1/saved_query/', {}, 401],
    ['405', 'POST', '/api/v1/me/', {}, 405],
  ])('a 300 KB body to a route answering %s, then a second request on the same socket is answered', async (_name, method, path, headers, status) => {
    const connection = await RawConnection.open(port);
    try {
      connection.send(method, path, { 'Content-Type': 'application/json', ...headers }, KB300);
      const first = await connection.read();
      expect(first.status).toBe(status);
      expect(first.headers.connection).not.toBe('close');
      connection.send('GET', '/health');
      const second = await connection.read();
      expect(second.status).toBe(200);
      expect(second.body).toBe('OK');
    } finally {
      connection.close();
    }
  });

  it('a body of unknown length that a route did not read gets Connection: close instead of a stalled connection', async () => {
    const connection = await RawConnection.open(port);
    try {
      connection.send('POST', '/api/v1/saved_query/', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
      connection.write(`${(64 * 1024).toString(16)}\r\n${'a'.repeat(64 * 1024)}\r\n`);
      const answer = await connection.read();
      expect(answer.status).toBe(401);
      expect(answer.headers.connection).toBe('close');
    } finally {
      connection.close();
    }
  });

  it('a body that is read keeps the connection as well', async () => {
    const connection = await RawConnection.open(port);
    try {
      const body = json({ username: 'nobody', password: 'p'.repeat(300 * 1024), provider: 'db' });
      connection.send('POST', '/api/v1/security/login', { 'Content-Type': 'application/json' }, body);
      expect((await connection.read()).status).toBe(401);
      connection.send('GET', '/health');
      expect((await connection.read()).status).toBe(200);
    } finally {
      connection.close();
    }
  });
});

describe('the body size limit (REQUEST_BODY_MAX_BYTES)', () => {
  it('answers 413 with a message for a declared length over the limit, before reading it, and closes', async () => {
    const connection = await RawConnection.open(port);
    try {
      connection.send('POST', '/api/v1/sqllab/format_sql/', { 'Content-Type': 'application/json', 'Content-Length': String(LIMIT + 1), ...bearer });
      const answer = await connection.read();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: 'The request body is larger than 1 MiB, the most this server takes (REQUEST_BODY_MAX_BYTES).' });
      expect(answer.headers.connection).toBe('close');
    } finally {
      connection.close();
    }
  });

  it('answers 413 for a chunked body that grows past the limit while a route reads it', async () => {
    const connection = await RawConnection.open(port);
    try {
      connection.send('POST', '/api/v1/sqllab/format_sql/', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...bearer });
      const chunk = 'a'.repeat(256 * 1024);
      for (let i = 0; i < 5; i++) connection.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      const answer = await connection.read();
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/larger than 1 MiB/);
      expect(answer.headers.connection).toBe('close');
    } finally {
      connection.close();
    }
  });

  it('takes a body just under the limit', async () => {
    // A wrong password for nobody: the 401 says the body was read and parsed whole.
    const body = json({ username: 'nobody', password: 'p'.repeat(LIMIT - 100), provider: 'db' });
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/security/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(response.status).toBe(401);
  });
});

describe('NUL bytes are a 400 at the edge (finding 7)', () => {
  it.each([
    ['a rison filter value', `/api/v1/database/?q=${encodeURIComponent("(filters:!((col:database_name,opr:ct,value:'a\0b')))")}`],
    ['a JSON q', `/api/v1/saved_query/?q=${encodeURIComponent('{"filters":[{"col":"label","opr":"ct","value":"a\\u0000"}]}')}`],
    ['a path segment', '/api/v1/sqllab/export/%00/'],
    ['a path segment among others', '/tabstateview/1/query/ab%00cd'],
    ['a page\'s search box', '/savedqueryview/list/?search=%00'],
    ['a query parameter name', '/api/v1/database/?a%00=1'],
  ])('in %s', async (_what, path) => {
    const response = await app.fetch(path, { headers: bearer });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/NUL character/);
  });

  it.each([
    ['a login username (API)', '/api/v1/security/login', json({ username: 'admin\u0000', password: 'x', provider: 'db' }), {}],
    ['a saved query label', '/api/v1/saved_query/', json({ label: 'a\u0000', sql: 'SELECT 1', db_id: 1 }), undefined],
    ['a raw NUL in the JSON text', '/api/v1/saved_query/', '{"label":"a\u0000"}', undefined],
    ['template parameters inside JSON', '/api/v1/sqllab/execute/', json({ database_id: 1, sql: 'SELECT 1', templateParams: '{"a":"\\u0000"}' }), undefined],
  ])('in %s', async (_what, path, body, headers) => {
    const response = await postJson(path, body, headers ?? bearer);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/NUL character/);
  });

  it('in a form field: the login form, and a page action', async () => {
    const login = await app.fetch('/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'username=admin%00&password=x' });
    expect(login.status).toBe(400);
    const role = await app.fetch('/roles/add', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrfToken, intent: 'create-role', name: 'a\0b' }).toString(),
    });
    expect(role.status).toBe(400);
    expect(await app.models().Role.count({ where: { name: 'ab' } })).toBe(0);
  });
});

describe('nesting deeper than the bound is a 400 (finding 7)', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObject = `{"a":${deep(10_000)}}`;

  it('rison nested 7,000 deep in q', async () => {
    const response = await app.fetch(`/api/v1/database/?q=(filters:${'!('.repeat(7_000)}${')'.repeat(7_001)}`, { headers: bearer });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/nesting deeper than 100 levels/);
  });

  it.each([
    ['a JSON body', '/api/v1/saved_query/', `{"label":"x","sql":"SELECT 1","db_id":1,"extra_json":${deepObject}}`],
    ['templateParams (execute)', '/api/v1/sqllab/execute/', json({ database_id: 1, sql: 'SELECT 1', templateParams: deepObject })],
    ['template_parameters (saved query)', '/api/v1/saved_query/', json({ label: 'x', sql: 'SELECT 1', db_id: 1, template_parameters: deepObject })],
    ['extra_json (saved query)', '/api/v1/saved_query/', json({ label: 'x', sql: 'SELECT 1', db_id: 1, extra_json: deepObject })],
    ['extra (database)', '/api/v1/database/', json({ database_name: 'deep', sqlalchemy_uri: 'sqlite://', extra: deepObject })],
    ['a tab\'s queryEditor (form field holding JSON)', '/tabstateview/', json({ queryEditor: deepObject })],
  ])('JSON nested 10,000 deep in %s', async (_what, path, body) => {
    const response = await postJson(path, body);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/Nesting is deeper than 100 levels/);
  });
});

describe('__proto__ and constructor in a body are ordinary keys, never a 500 (finding 7)', () => {
  const hostile = '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}';

  it.each([
    ['saved_query', 'POST', '/api/v1/saved_query/', `{"label":"x","sql":"SELECT 1",${hostile}}`],
    ['dataset', 'POST', '/api/v1/dataset/', `{"table_name":"x","database":1,${hostile}}`],
    ['get_or_create', 'POST', '/api/v1/dataset/get_or_create/', `{"table_name":"x","database_id":1,${hostile}}`],
    ['the legacy create', 'POST', '/savedqueryviewapi/api/create', `{"label":"x","sql":"SELECT 1","db_id":1,${hostile}}`],
    ['the API login', 'POST', '/api/v1/security/login', `{"username":"admin","password":"x","provider":"db",${hostile}}`],
  ])('%s', async (_what, method, path, body) => {
    const response = await postJson(path, body, bearer, method);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('tabstateview PUT, on a tab that exists', async () => {
    const created = await postJson('/tabstateview/', json({ queryEditor: { name: 'Tab', sql: 'SELECT 1' } }));
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: number };
    const response = await postJson(`/tabstateview/${id}`, `{"sql":"SELECT 2",${hostile}}`, bearer, 'PUT');
    expect(response.status).toBe(400);
    const message = JSON.parse(await messageOf(response)) as Record<string, unknown>;
    expect(Object.entries(message)).toEqual([['__proto__', ['Unknown field.']], ['constructor', ['Unknown field.']]]);
    const form = await app.fetch(`/tabstateview/${id}`, {
      method: 'PUT', headers: { ...bearer, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'constructor=1&__proto__=2',
    });
    expect(form.status).toBe(400);
  });
});

describe('query parameters named like Object.prototype members are plain values', () => {
  it.each(['constructor', '__proto__', 'toString'])('%s in every parameter of the list pages', async (name) => {
    const query = ['engine', 'search', 'sort', 'dir', 'page', 'filter', 'database'].map((p) => `${p}=${name}`).join('&');
    for (const path of ['/databaseview/list/', '/savedqueryview/list/', '/users/list/', '/roles/list/', '/tablemodelview/list/']) {
      const response = await app.fetch(`${path}?${query}`, { headers: { Cookie: cookie } });
      expect([path, response.status]).toEqual([path, 200]);
    }
  });
});

describe('page actions given JSON or a broken form answer 400 (finding 7)', () => {
  let userId: number;
  let roleId: number;
  beforeAll(async () => {
    userId = (await app.createUser({ username: 'edited' })).id;
    roleId = (await app.models().Role.create({ name: 'Edited' })).id;
  });

  const pages = () => [
    ['/users/add', page], [`/users/${userId}/edit`, page], ['/roles/add', page], [`/roles/${roleId}/edit`, page],
    ['/databaseview/add', page], ['/databaseview/list/', page], ['/settings', page], ['/savedqueryview/list/?index', page],
    ['/sqllab/?index', page], ['/login', {}], ['/sqllab/', {}],
  ] as const;

  it('JSON', async () => {
    for (const [path, headers] of pages()) {
      const response = await app.fetch(path, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{"intent":"delete"}' });
      expect([path, response.status]).toEqual([path, 400]);
    }
  });

  it('a multipart body that does not parse', async () => {
    for (const [path, headers] of pages()) {
      const response = await app.fetch(path, {
        method: 'POST', headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nbroken',
      });
      expect([path, response.status]).toEqual([path, 400]);
    }
  });

  it('a form with a file where text is expected', async () => {
    const form = new FormData();
    form.append('csrf_token', csrfToken);
    form.append('intent', new Blob(['create-role']), 'intent.txt');
    const response = await app.fetch('/roles/add', { method: 'POST', headers: { Cookie: cookie }, body: form });
    expect(response.status).toBe(400);
  });

  it('still takes the forms the pages send', async () => {
    const response = await app.fetch('/roles/add', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrfToken, intent: 'create-role', name: 'Posted' }).toString(),
    });
    expect(response.status).toBe(302);
    expect(await app.models().Role.count({ where: { name: 'Posted' } })).toBe(1);
  });
});
