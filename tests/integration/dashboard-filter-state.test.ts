/**
 * A dashboard visit's filter state through the real Remix handler, on both metadata stores
 * (Superset's DashboardFilterStateRestApi): POST answers 201 `{key}`, GET gives the value back to
 * anyone who may see the dashboard, PUT changes the owner's value in place and gives anyone else a
 * key of their own, DELETE is the owner's; a tab (`?tab_id=`) keeps one key per user, tab and
 * dashboard; keys are the dashboard's own; a dashboard the caller may not see is a 404; bad keys,
 * bodies and sizes are refused with the spec's and marshmallow's words.
 */
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Json = Record<string, unknown>;
type Who = 'admin' | 'ann' | 'bob' | 'reader';

const KEY = /^[A-Za-z0-9_-]{22}$/;
const mask = (country: string) => JSON.stringify({
  'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', extraFormData: { filters: [{ col: 'country', op: 'IN', val: [country] }] }, filterState: { value: [country] }, ownState: {} },
});

function defineCases(app: () => AppUnderTest) {
  type Fixtures = { tokens: Record<Who, string>; sales: number; other: number; draft: number };
  let fixtures: Promise<Fixtures> | undefined;
  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const ann = await app().createUser({ username: 'state-ann', roles: ['Gamma'] });
    const bob = await app().createUser({ username: 'state-bob', roles: ['Gamma'] });
    // Logged in, without the DashboardFilterStateRestApi permissions.
    const reader = await app().createUser({ username: 'state-reader', roles: ['sql_lab'] });
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;
    const sales = await m.Dashboard.create({ dashboard_title: 'Sales', slug: 'sales-state', published: true });
    const other = await m.Dashboard.create({ dashboard_title: 'Other', published: true });
    const draft = await m.Dashboard.create({ dashboard_title: "Ann's draft", published: false, created_by_fk: ann.id });
    return {
      tokens: { admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken, ann: await token(ann), bob: await token(bob), reader: await token(reader) },
      sales: sales.id,
      other: other.id,
      draft: draft.id,
    };
  })());

  async function call(who: Who | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json; text: string }> {
    const f = await setup();
    const response = await app().fetch(path, {
      method,
      headers: { ...(who ? { Authorization: `Bearer ${f.tokens[who]}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json, text };
  }

  async function post(who: Who, dashboard: number | string, value: string, tab?: number): Promise<string> {
    const answer = await call(who, 'POST', `/api/v1/dashboard/${dashboard}/filter_state${tab === undefined ? '' : `?tab_id=${tab}`}`, { value });
    expect(answer.status, answer.text).toBe(201);
    expect(Object.keys(answer.body)).toEqual(['key']);
    expect(answer.body.key).toMatch(KEY);
    return answer.body.key as string;
  }

  async function valueOf(who: Who, dashboard: number, key: string): Promise<string | number> {
    const answer = await call(who, 'GET', `/api/v1/dashboard/${dashboard}/filter_state/${key}`);
    return answer.status === 200 ? (answer.body.value as string) : answer.status;
  }

  const stateRows = () => app().models().KeyValue.count({ where: { resource: 'dashboard_filter_state' } });

  it('stores a visit\'s filters and gives them back to whoever may see the dashboard', async () => {
    const f = await setup();
    const key = await post('ann', f.sales, mask('Brazil'));
    expect(await valueOf('ann', f.sales, key)).toBe(mask('Brazil'));
    // A link is shared: another user who sees the dashboard reads it too; the slug names the same dashboard.
    expect(await valueOf('bob', f.sales, key)).toBe(mask('Brazil'));
    const bySlug = await call('bob', 'GET', `/api/v1/dashboard/sales-state/filter_state/${key}`);
    expect(bySlug.body).toEqual({ value: mask('Brazil') });
    // Without a tab, each POST is a new key.
    expect(await post('ann', f.sales, mask('Brazil'))).not.toBe(key);
  });

  it('changes the owner\'s value in place; anyone else gets a key of their own', async () => {
    const f = await setup();
    const key = await post('ann', f.sales, mask('Chile'));
    const mine = await call('ann', 'PUT', `/api/v1/dashboard/${f.sales}/filter_state/${key}`, { value: mask('Peru') });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toEqual({ message: 'Value updated successfully.', key });
    expect(await valueOf('bob', f.sales, key)).toBe(mask('Peru'));

    // Bob changes the filters on Ann's link: Ann's value stays, Bob's lives under a new key he owns.
    const rows = await stateRows();
    const his = await call('bob', 'PUT', `/api/v1/dashboard/${f.sales}/filter_state/${key}`, { value: mask('Bolivia') });
    expect(his.status, his.text).toBe(200);
    const bobKey = his.body.key as string;
    expect(bobKey).toMatch(KEY);
    expect(bobKey).not.toBe(key);
    expect(await stateRows()).toBe(rows + 1);
    expect(await valueOf('ann', f.sales, key)).toBe(mask('Peru'));
    expect(await valueOf('ann', f.sales, bobKey)).toBe(mask('Bolivia'));
    const again = await call('bob', 'PUT', `/api/v1/dashboard/${f.sales}/filter_state/${bobKey}`, { value: mask('Ecuador') });
    expect(again.body.key).toBe(bobKey);
    expect(await valueOf('ann', f.sales, bobKey)).toBe(mask('Ecuador'));
  });

  it('keeps one key per user, tab and dashboard, so a fresh visit in the tab reuses it', async () => {
    const f = await setup();
    const first = await post('ann', f.sales, mask('Chile'), 7);
    const rows = await stateRows();
    expect(await post('ann', f.sales, mask('Peru'), 7)).toBe(first);
    expect(await stateRows()).toBe(rows);
    expect(await valueOf('ann', f.sales, first)).toBe(mask('Peru'));

    // Another tab, another user with the same tab number, another dashboard: other keys. Tab 0 is no tab.
    const others = [
      await post('ann', f.sales, mask('Peru'), 8),
      await post('bob', f.sales, mask('Peru'), 7),
      await post('ann', f.other, mask('Peru'), 7),
      await post('ann', f.sales, mask('Peru'), 0),
      await post('ann', f.sales, mask('Peru')),
    ];
    expect(new Set([first, ...others]).size).toBe(others.length + 1);
    expect(await post('ann', f.sales, mask('Peru'), 0)).not.toBe(others[3]);

    // A PUT from the tab makes that key the tab's: Bob's tab 9 takes his copy of Ann's value, and posts from tab 9 update it.
    const shared = await post('ann', f.sales, mask('Chile'));
    const copied = await call('bob', 'PUT', `/api/v1/dashboard/${f.sales}/filter_state/${shared}?tab_id=9`, { value: mask('Uruguay') });
    expect(copied.body.key).not.toBe(shared);
    expect(await post('bob', f.sales, mask('Paraguay'), 9)).toBe(copied.body.key);
    expect(await valueOf('bob', f.sales, shared)).toBe(mask('Chile'));

    // Deleted, the tab forgets its key: the next post from it is a new one.
    const gone = await call('ann', 'DELETE', `/api/v1/dashboard/${f.sales}/filter_state/${first}?tab_id=7`);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body).toEqual({ message: 'Deleted successfully' });
    expect(await valueOf('ann', f.sales, first)).toBe(404);
    const next = await post('ann', f.sales, mask('Peru'), 7);
    expect(next).not.toBe(first);
    expect(await post('ann', f.sales, mask('Chile'), 7)).toBe(next);
  });

  it('keeps keys to their dashboard, and says when a key cannot be one', async () => {
    const f = await setup();
    const key = await post('ann', f.sales, mask('Chile'));
    for (const [method, body] of [['GET', undefined], ['PUT', { value: mask('Peru') }], ['DELETE', undefined]] as const) {
      const elsewhere = await call('ann', method, `/api/v1/dashboard/${f.other}/filter_state/${key}`, body);
      expect(elsewhere.status, `${method}: ${elsewhere.text}`).toBe(404);
      expect(elsewhere.body.message).toMatch(/no filter state with this key/);
      const malformed = await call('ann', method, `/api/v1/dashboard/${f.sales}/filter_state/not-a-key`, body);
      expect(malformed.status, `${method}: ${malformed.text}`).toBe(404);
      expect(malformed.body.message).toBe('Cannot parse invalid filter key.');
      const unknown = await call('ann', method, `/api/v1/dashboard/${f.sales}/filter_state/AAAAAAAAAAAAAAAAAAAAAA`, body);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/no filter state with this key/);
    }
    expect(await valueOf('ann', f.sales, key)).toBe(mask('Chile'));
    // Another namespace's key is not filter state, even with the dashboard's id in it.
    await app().models().KeyValue.create({ uuid: 'BBBBBBBBBBBBBBBBBBBBBB', resource: 'dashboard_permalink', value: JSON.stringify({ dashboardId: f.sales, value: '{}' }), created_by_fk: null, expires_on: null });
    expect(await valueOf('admin', f.sales, 'BBBBBBBBBBBBBBBBBBBBBB')).toBe(404);
  });

  it('answers 404 for a dashboard the caller may not see, and lets only the owner delete', async () => {
    const f = await setup();
    const key = await post('ann', f.draft, mask('Chile'));
    expect(await valueOf('admin', f.draft, key)).toBe(mask('Chile'));
    for (const [method, path, body] of [
      ['POST', `/api/v1/dashboard/${f.draft}/filter_state`, { value: mask('Peru') }],
      ['GET', `/api/v1/dashboard/${f.draft}/filter_state/${key}`, undefined],
      ['PUT', `/api/v1/dashboard/${f.draft}/filter_state/${key}`, { value: mask('Peru') }],
      ['DELETE', `/api/v1/dashboard/${f.draft}/filter_state/${key}`, undefined],
      ['POST', '/api/v1/dashboard/999999/filter_state', { value: mask('Peru') }],
      ['POST', '/api/v1/dashboard/no-such-board/filter_state', { value: mask('Peru') }],
    ] as const) {
      const answer = await call('bob', method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(404);
      expect(answer.body.message).toBe('Dashboard not found.');
    }
    expect(await valueOf('ann', f.draft, key)).toBe(mask('Chile'));

    const shared = await post('ann', f.sales, mask('Chile'));
    const refused = await call('bob', 'DELETE', `/api/v1/dashboard/${f.sales}/filter_state/${shared}`);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toBe('Only whoever stored this filter state may change or delete it.');
    expect(await valueOf('bob', f.sales, shared)).toBe(mask('Chile'));
    expect((await call('ann', 'DELETE', `/api/v1/dashboard/${f.sales}/filter_state/${shared}`)).status).toBe(200);
    expect(await valueOf('ann', f.sales, shared)).toBe(404);
  });

  it('refuses bad bodies, tab ids and sizes with 400, storing nothing, and callers without the permission', async () => {
    const f = await setup();
    const path = `/api/v1/dashboard/${f.sales}/filter_state`;
    const key = await post('ann', f.sales, mask('Chile'));
    const before = await stateRows();
    const cases: [unknown, string, string][] = [
      [{}, 'value', 'Missing data for required field.'],
      [{ value: 5 }, 'value', 'Not a valid string.'],
      [{ value: '[1, 2]' }, 'value', 'Not a valid JSON object.'],
      [{ value: '{"a":' }, 'value', 'Not a valid JSON object.'],
      [{ value: '{}', dashboardId: f.other }, 'dashboardId', 'Unknown field.'],
      [[{ value: '{}' }], '_schema', 'The request body must be a JSON object.'],
    ];
    for (const [body, field, message] of cases) {
      for (const [method, target] of [['POST', path], ['PUT', `${path}/${key}`]] as const) {
        const answer = await call('ann', method, target, body);
        expect(answer.status, `${method} ${JSON.stringify(body)}: ${answer.text}`).toBe(400);
        expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
      }
    }
    const badTab = await call('ann', 'POST', `${path}?tab_id=abc`, { value: '{}' });
    expect(badTab.status).toBe(400);
    expect(badTab.body.message).toMatch(/tab_id: Not a valid integer/);
    // The namespace's bound on one value (1 MiB of JSON).
    const huge = JSON.stringify({ big: 'x'.repeat(1024 * 1024) });
    for (const [method, target] of [['POST', path], ['PUT', `${path}/${key}`]] as const) {
      const answer = await call('ann', method, target, { value: huge });
      expect(answer.status, answer.text.slice(0, 200)).toBe(400);
      expect(answer.body.message).toBe('The filter state is too large (at most 1048576 characters).');
    }
    expect(await stateRows()).toBe(before);
    expect(await valueOf('ann', f.sales, key)).toBe(mask('Chile'));

    // Without DashboardFilterStateRestApi: 403 before anything is read; nobody logged in: 401.
    expect((await call('reader', 'POST', path, { value: 5 })).status).toBe(403);
    expect((await call('reader', 'GET', `${path}/${key}`)).status).toBe(403);
    expect((await call('reader', 'DELETE', `${path}/${key}`)).status).toBe(403);
    expect((await call(null, 'GET', `${path}/${key}`)).status).toBe(401);
    expect((await call('ann', 'GET', path)).status).toBe(405);
  });
}

describeOnSqliteStore('dashboard filter state', defineCases);
await describeOnPostgresStore('dashboard filter state', defineCases);
