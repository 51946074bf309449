/**
 * Dashboard permalinks through the real Remix handler, on both metadata stores: POST
 * /api/v1/dashboard/{id or slug}/permalink answers 201 `{key, url}` and GET
 * /api/v1/dashboard/permalink/{key} gives the state back as Superset does; the same user and
 * state always get the same key; bad bodies are 400 with marshmallow's messages; a dashboard the
 * caller may not see (another's draft, a deleted one) is a 404 both ways; and
 * /superset/dashboard/p/{key}/ redirects to the dashboard page carrying the state.
 */
import { matchRoutes } from '@remix-run/react';
import type { ServerBuild } from '@remix-run/node';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, cookieFrom, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Json = Record<string, unknown>;
type Who = 'admin' | 'ann' | 'bob' | 'reader';

const KEY = /^[A-Za-z0-9_-]{22}$/;
const DATA_MASK = {
  'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['Brazil'] }] }, filterState: { value: ['Brazil'] }, ownState: {} },
};
const STATE = { urlParams: [['show_filters', '0'], ['focused', 'x y']], dataMask: DATA_MASK, activeTabs: ['TAB-a', 'TAB-b'], anchor: 'CHART-42' };

function defineCases(app: () => AppUnderTest) {
  type Fixtures = { tokens: Record<Who, string>; annCookie: string; published: number; noSlug: number; draft: number };
  let fixtures: Promise<Fixtures> | undefined;
  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const ann = await app().createUser({ username: 'link-ann', roles: ['Gamma'] });
    const bob = await app().createUser({ username: 'link-bob', roles: ['Gamma'] });
    // Logged in, without the permalink permissions (and without Dashboard).
    const reader = await app().createUser({ username: 'link-reader', roles: ['sql_lab'] });
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;
    const published = await m.Dashboard.create({ dashboard_title: 'Sales', slug: 'sales-board', published: true });
    const noSlug = await m.Dashboard.create({ dashboard_title: 'No slug', published: true });
    const draft = await m.Dashboard.create({ dashboard_title: "Ann's draft", published: false, created_by_fk: ann.id });
    return {
      tokens: { admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken, ann: await token(ann), bob: await token(bob), reader: await token(reader) },
      annCookie: (await app().loginWithCookie(ann.username, ann.password)).cookie,
      published: published.id,
      noSlug: noSlug.id,
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

  async function create(who: Who, dashboard: number | string, body: unknown = STATE): Promise<string> {
    const answer = await call(who, 'POST', `/api/v1/dashboard/${dashboard}/permalink`, body);
    expect(answer.status, answer.text).toBe(201);
    return answer.body.key as string;
  }

  const permalinkRows = () => app().models().KeyValue.count({ where: { resource: 'dashboard_permalink' } });

  it('routes its paths to its own modules, beside the other dashboard routes', async () => {
    const build = await app().load<ServerBuild>('virtual:remix/server-build');
    type RouteObject = Parameters<typeof matchRoutes>[0][number];
    const tree = (parentId: string): RouteObject[] => Object.values(build.routes)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, children: route!.index ? undefined : tree(route!.id) }) as RouteObject);
    const reached = (pathname: string) => matchRoutes(tree('root'), pathname)?.at(-1)?.route.id;
    expect(reached('/api/v1/dashboard/5/permalink')).toBe('routes/api.v1.dashboard.$pk.permalink');
    expect(reached('/api/v1/dashboard/sales-board/permalink/')).toBe('routes/api.v1.dashboard.$pk.permalink');
    expect(reached('/api/v1/dashboard/permalink/AAAAAAAAAAAAAAAAAAAAAA')).toBe('routes/api.v1.dashboard.permalink.$key');
    expect(reached('/superset/dashboard/p/AAAAAAAAAAAAAAAAAAAAAA/')).toBe('routes/superset.dashboard.p.$key');
  });

  it('makes a permalink and gives its state back, as Superset answers both', async () => {
    const f = await setup();
    const made = await call('ann', 'POST', `/api/v1/dashboard/${f.published}/permalink`, STATE);
    expect(made.status, made.text).toBe(201);
    const key = made.body.key as string;
    expect(key).toMatch(KEY);
    expect(made.body).toEqual({ key, url: `http://localhost/superset/dashboard/p/${key}/` });

    // Anyone who may see the dashboard may open the link.
    const opened = await call('bob', 'GET', `/api/v1/dashboard/permalink/${key}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body).toEqual({ dashboardId: f.published, state: { dashboardId: f.published, ...STATE } });

    // The path's pk may be the slug: the same dashboard, so the same state and the same key.
    expect(await create('ann', 'sales-board')).toBe(key);
    // Every field is optional.
    const bare = await create('ann', f.published, {});
    expect((await call('ann', 'GET', `/api/v1/dashboard/permalink/${bare}`)).body).toEqual({ dashboardId: f.published, state: { dashboardId: f.published } });
  });

  it('answers the same key for the same user and state, without storing it again', async () => {
    const f = await setup();
    const key = await create('ann', f.published);
    const empty = await create('ann', f.published, {});
    const rows = await permalinkRows();
    expect(await create('ann', f.published)).toBe(key);
    // Key order and nulls do not make another state (Superset hashes with sorted keys).
    const filter = DATA_MASK['NATIVE_FILTER-1'];
    const reordered = {
      anchor: STATE.anchor,
      activeTabs: STATE.activeTabs,
      dataMask: { 'NATIVE_FILTER-1': { ownState: {}, filterState: filter.filterState, extraFormData: filter.extraFormData, id: filter.id } },
      urlParams: STATE.urlParams,
    };
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(STATE));
    expect(await create('ann', f.published, reordered)).toBe(key);
    expect(await create('ann', f.published, { anchor: null, dataMask: null, activeTabs: null, urlParams: null })).toBe(empty);
    expect(await permalinkRows()).toBe(rows);

    // Another state, dashboard or user is another key.
    const others = [
      await create('ann', f.published, { ...STATE, anchor: 'CHART-43' }),
      await create('ann', f.published, { ...STATE, activeTabs: ['TAB-b', 'TAB-a'] }),
      await create('ann', f.noSlug),
      await create('bob', f.published),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
    for (const other of others) expect(other).toMatch(KEY);
  });

  it('refuses bad bodies with 400 and marshmallow-style messages, storing nothing', async () => {
    const f = await setup();
    const path = `/api/v1/dashboard/${f.published}/permalink`;
    const cases: [unknown, string, string][] = [
      [{ urlParams: 'a=b' }, 'urlParams', 'Must be a list of [name, value] pairs.'],
      [{ dataMask: [] }, 'dataMask', 'Must be a JSON object.'],
      [{ dataMask: 'x' }, 'dataMask', 'Must be a JSON object.'],
      [{ activeTabs: 'TAB-a' }, 'activeTabs', 'Must be a list of tab ids.'],
      [{ anchor: 5 }, 'anchor', 'Not a valid string.'],
      [{ dashboardId: f.noSlug }, 'dashboardId', 'Unknown field.'],
      [{ hash: 'CHART-1' }, 'hash', 'Unknown field.'],
      [[STATE], '_schema', 'The request body must be a JSON object.'],
    ];
    const before = await permalinkRows();
    for (const [body, field, message] of cases) {
      const answer = await call('ann', 'POST', path, body);
      expect(answer.status, `${JSON.stringify(body)}: ${answer.text}`).toBe(400);
      expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
    }
    // Shapes inside the lists: each pair is two strings, each tab id a string.
    for (const body of [{ urlParams: [['only-a-name']] }, { urlParams: [['a', 1]] }, { activeTabs: [1] }]) {
      const answer = await call('ann', 'POST', path, body);
      expect(answer.status, answer.text).toBe(400);
      expect(Object.keys(answer.body.message as Json)[0], answer.text).toMatch(/^(urlParams|activeTabs)\.0/);
    }
    expect((await call('ann', 'POST', path, '{"anchor":')).status).toBe(400);
    // The size limit of every stored state (1 MiB of JSON), as Explore's permalinks have it.
    const huge = await call('ann', 'POST', path, { dataMask: { big: 'x'.repeat(1024 * 1024) } });
    expect(huge.status, huge.text.slice(0, 200)).toBe(400);
    expect(huge.body.message).toMatch(/too large/);
    expect(await permalinkRows()).toBe(before);
  });

  it('needs a dashboard that exists: 404 by id or slug otherwise', async () => {
    for (const pk of ['999999', 'no-such-board', '99999999999999999999', '0']) {
      const answer = await call('admin', 'POST', `/api/v1/dashboard/${pk}/permalink`, STATE);
      expect(answer.status, `${pk}: ${answer.text}`).toBe(404);
      expect(answer.body.message).toBe('Dashboard not found.');
    }
    for (const key of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..']) {
      const answer = await call('ann', 'GET', `/api/v1/dashboard/permalink/${key}`);
      expect(answer.status, key).toBe(404);
      expect(answer.body.message).toMatch(/no dashboard permalink with this key/);
    }
    // Another namespace's key is not a dashboard permalink.
    const f = await setup();
    await app().models().KeyValue.create({ uuid: 'BBBBBBBBBBBBBBBBBBBBBB', resource: 'explore_permalink', value: JSON.stringify({ dashboardId: f.published }), created_by_fk: null, expires_on: null });
    expect((await call('admin', 'GET', '/api/v1/dashboard/permalink/BBBBBBBBBBBBBBBBBBBBBB')).status).toBe(404);
  });

  it('keeps links to a dashboard among those who may see it: 404 for everyone else, both ways', async () => {
    const f = await setup();
    const key = await create('ann', f.draft);
    expect((await call('ann', 'GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(200);
    expect((await call('admin', 'GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(200);

    // Bob cannot see Ann's draft: he can neither link it nor open Ann's link.
    const made = await call('bob', 'POST', `/api/v1/dashboard/${f.draft}/permalink`, STATE);
    expect(made.status, made.text).toBe(404);
    expect(made.body.message).toBe('Dashboard not found.');
    const opened = await call('bob', 'GET', `/api/v1/dashboard/permalink/${key}`);
    expect(opened.status, opened.text).toBe(404);
    expect(opened.body.message).toBe('Dashboard not found.');

    // Published, the draft is everyone's to see; deleted, nobody's.
    await app().models().Dashboard.update({ published: true }, { where: { id: f.draft } });
    expect((await call('bob', 'GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(200);
    const gone = await app().models().Dashboard.create({ dashboard_title: 'Gone soon', published: true });
    const goneKey = await create('ann', gone.id);
    await gone.destroy();
    expect((await call('ann', 'GET', `/api/v1/dashboard/permalink/${goneKey}`)).status).toBe(404);

    // Without the DashboardPermalinkRestApi permissions: 403 before anything is read; nobody logged in: 401.
    expect((await call('reader', 'POST', `/api/v1/dashboard/${f.published}/permalink`, { anchor: 5 })).status).toBe(403);
    expect((await call('reader', 'GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(403);
    expect((await call(null, 'POST', `/api/v1/dashboard/${f.published}/permalink`, STATE)).status).toBe(401);
    expect((await call(null, 'GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(401);
    expect((await call('ann', 'GET', `/api/v1/dashboard/${f.published}/permalink`)).status).toBe(405);
    expect((await call('ann', 'POST', `/api/v1/dashboard/permalink/${key}`, {})).status).toBe(405);
  });

  it('redirects /superset/dashboard/p/{key}/ to the dashboard page carrying the state', async () => {
    const f = await setup();
    const open = (path: string, cookie = f.annCookie) => app().fetch(path, { headers: { Cookie: cookie }, redirect: 'manual' });

    const key = await create('ann', f.published);
    const bySlug = await open(`/superset/dashboard/p/${key}/`);
    expect(bySlug.status).toBe(302);
    // The state's data mask comes along as Superset's native_filters (rison).
    expect(bySlug.headers.get('Location')).toBe(`/superset/dashboard/sales-board/?permalink_key=${key}&show_filters=0&focused=x+y&native_filters=${new URLSearchParams({ x: '(NATIVE_FILTER-1:(id:NATIVE_FILTER-1,extraFormData:(filters:!((col:country,op:IN,val:!(Brazil)))),filterState:(value:!(Brazil)),ownState:()))' }).toString().slice(2)}#CHART-42`);

    // No slug: the id. The parameters the link is opened with (an embed's) are carried too; a
    // permalink_key among them or in the state never replaces the link's own.
    const stored = await create('ann', f.noSlug, { urlParams: [['permalink_key', 'other'], ['standalone', '1']], anchor: 'TAB a#b' });
    const byId = await open(`/superset/dashboard/p/${stored}/?standalone=2&permalink_key=x`);
    expect(byId.headers.get('Location')).toBe(`/superset/dashboard/${f.noSlug}/?permalink_key=${stored}&standalone=1&standalone=2#TAB%20a%23b`);
    const plain = await create('ann', f.noSlug, {});
    expect((await open(`/superset/dashboard/p/${plain}`)).headers.get('Location')).toBe(`/superset/dashboard/${f.noSlug}/?permalink_key=${plain}`);

    // The link's data mask (its filters and cross-filters) opens as Superset's native_filters, unless the parameters say which filters.
    const dataMask = { 'NATIVE_FILTER-r': { id: 'NATIVE_FILTER-r', extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['Europe'] }] }, filterState: { value: ['Europe'] } } };
    const filtered = await create('ann', f.noSlug, { dataMask });
    const withMask = new URL(`http://x${(await open(`/superset/dashboard/p/${filtered}/`)).headers.get('Location')}`);
    expect(withMask.searchParams.get('native_filters')).toBe('(NATIVE_FILTER-r:(id:NATIVE_FILTER-r,extraFormData:(filters:!((col:region,op:IN,val:!(Europe)))),filterState:(value:!(Europe)),ownState:()))');
    const overridden = new URL(`http://x${(await open(`/superset/dashboard/p/${filtered}/?native_filters_key=abc`)).headers.get('Location')}`);
    expect(overridden.searchParams.get('native_filters')).toBeNull();

    // An unknown key, or a dashboard the user may not see: the dashboard list, with the error as a notice.
    const bob = await app().loginWithCookie('link-bob', 'link-bob-password');
    const hidden = await app().models().Dashboard.create({ dashboard_title: 'Hidden', published: false, created_by_fk: null });
    const hiddenKey = await create('admin', hidden.id);
    for (const [path, text] of [
      [`/superset/dashboard/p/${hiddenKey}/`, 'Error: Dashboard not found.'],
      ['/superset/dashboard/p/AAAAAAAAAAAAAAAAAAAAAA/', 'Error: There is no dashboard permalink with this key'],
    ] as const) {
      const refused = await open(path, bob.cookie);
      expect(refused.status, path).toBe(302);
      expect(refused.headers.get('Location')).toBe('/dashboard/list/');
      const list = await app().fetch('/dashboard/list/', { headers: { Cookie: cookieFrom(refused, bob.cookie) } });
      expect(await list.text()).toContain(text);
    }

    // Nobody logged in: the login page, coming back to the link afterwards.
    const anonymous = await app().fetch(`/superset/dashboard/p/${key}/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toBe(`/login?next=${encodeURIComponent(`/superset/dashboard/p/${key}/`)}`);
  });
}

describeOnSqliteStore('dashboard permalinks', defineCases);
await describeOnPostgresStore('dashboard permalinks', defineCases);
