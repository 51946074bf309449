/**
 * A dashboard's filter sets through the real Remix handler, on both metadata stores (dashboards.md
 * §7, Superset's FilterSetRestApi): list `{count, ids, result}` with the shared sets and the
 * caller's own, create, update and delete under the owner rules (a shared set is the dashboard
 * editors', a private one its user's), 404 for sets of other dashboards or out of sight, 403 with
 * the words for each refusal, 422 for json_metadata the dashboard cannot apply, 409 for a name
 * the owner already used, and the sets going with their dashboard.
 */
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type AppUnderTest } from '../helpers/app-under-test';
import { describeOnPostgresStore, describeOnSqliteStore } from '../helpers/store-suites';

type Json = Record<string, unknown>;
type Who = 'admin' | 'ann' | 'bob' | 'reader';
type SetRow = { id: number; name: string; description: string | null; params: Json; json_metadata: string; owner_id: number; owner_type: string; dashboard_id: number; changed_on: string };

const SHARE_FORBIDDEN = 'You do not have permission to edit this dashboard, so you cannot save filter sets shared on it.';
const SHARED_SET_FORBIDDEN = 'You do not have permission to edit this dashboard, so you cannot change or delete its shared filter sets.';
const metadata = (country: string) => JSON.stringify({
  nativeFilters: { 'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', name: 'Country', filterType: 'filter_select' } },
  dataMask: { 'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', extraFormData: { filters: [{ col: 'country', op: 'IN', val: [country] }] }, filterState: { value: [country] } } },
});

function defineCases(app: () => AppUnderTest) {
  type Fixtures = { tokens: Record<Who, string>; ids: Record<'ann' | 'bob', number>; sales: number; other: number; draft: number };
  let fixtures: Promise<Fixtures> | undefined;
  const setup = () => (fixtures ??= (async () => {
    const m = app().models();
    const ann = await app().createUser({ username: 'sets-ann', roles: ['Gamma'] });
    const bob = await app().createUser({ username: 'sets-bob', roles: ['Gamma'] });
    // Logged in, without can_read / can_write on Dashboard.
    const reader = await app().createUser({ username: 'sets-reader', roles: ['sql_lab'] });
    const token = async (u: { username: string; password: string }) => (await app().login(u.username, u.password)).accessToken;
    const sales = await m.Dashboard.create({ dashboard_title: 'Sales', slug: 'sales-sets', published: true });
    // Ann owns Sales, so she may edit it; Bob only sees it.
    await (sales as unknown as { setOwners(ids: number[]): Promise<void> }).setOwners([ann.id]);
    const other = await m.Dashboard.create({ dashboard_title: 'Other', published: true });
    await (other as unknown as { setOwners(ids: number[]): Promise<void> }).setOwners([ann.id]);
    const draft = await m.Dashboard.create({ dashboard_title: "Ann's draft", published: false, created_by_fk: ann.id });
    return {
      tokens: { admin: (await app().login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken, ann: await token(ann), bob: await token(bob), reader: await token(reader) },
      ids: { ann: ann.id, bob: bob.id },
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

  const setsPath = (dashboard: number | string) => `/api/v1/dashboard/${dashboard}/filtersets`;

  async function create(who: Who, dashboard: number, body: Json): Promise<SetRow> {
    const answer = await call(who, 'POST', setsPath(dashboard), body);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.id).toBe((answer.body.result as SetRow).id);
    return answer.body.result as SetRow;
  }

  async function names(who: Who, dashboard: number | string): Promise<string[]> {
    const answer = await call(who, 'GET', setsPath(dashboard));
    expect(answer.status, answer.text).toBe(200);
    const result = answer.body.result as SetRow[];
    expect(answer.body.count).toBe(result.length);
    expect(answer.body.ids).toEqual(result.map((s) => s.id));
    return result.map((s) => s.name);
  }

  it('lists the shared sets and the caller\'s own, as Superset answers a list', async () => {
    const f = await setup();
    const shared = await create('ann', f.sales, { name: 'Brazil for all', description: 'Shared', json_metadata: metadata('Brazil'), owner_type: 'Dashboard', owner_id: f.sales });
    expect(shared).toMatchObject({
      name: 'Brazil for all', description: 'Shared', json_metadata: metadata('Brazil'), params: JSON.parse(metadata('Brazil')) as Json,
      owner_type: 'Dashboard', owner_id: f.sales, dashboard_id: f.sales,
    });
    expect(Date.parse(shared.changed_on)).not.toBeNaN();
    // owner_id may be left out: it can only be the caller's.
    const bobs = await create('bob', f.sales, { name: 'Bob: Chile', json_metadata: metadata('Chile'), owner_type: 'User' });
    expect(bobs).toMatchObject({ owner_type: 'User', owner_id: f.ids.bob, description: null });
    await create('ann', f.sales, { name: 'Ann: Peru', json_metadata: metadata('Peru'), owner_type: 'User', owner_id: f.ids.ann });
    await create('ann', f.other, { name: 'Elsewhere', json_metadata: metadata('Peru'), owner_type: 'Dashboard' });

    expect(await names('ann', f.sales)).toEqual(['Brazil for all', 'Ann: Peru']);
    expect(await names('bob', f.sales)).toEqual(['Brazil for all', 'Bob: Chile']);
    // The slug names the same dashboard; Admin sees every set, as Superset's filter lets it.
    expect(await names('bob', 'sales-sets')).toEqual(['Brazil for all', 'Bob: Chile']);
    expect(await names('admin', f.sales)).toEqual(['Brazil for all', 'Bob: Chile', 'Ann: Peru']);
    expect(await names('bob', f.other)).toEqual(['Elsewhere']);
  });

  it('applies the owner rules when creating: shared sets are the dashboard editors\', private ones their user\'s', async () => {
    const f = await setup();
    const refused = await call('bob', 'POST', setsPath(f.sales), { name: 'Not mine to share', json_metadata: metadata('Chile'), owner_type: 'Dashboard', owner_id: f.sales });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toBe(SHARE_FORBIDDEN);
    const forAnn = await call('bob', 'POST', setsPath(f.sales), { name: 'For Ann', json_metadata: metadata('Chile'), owner_type: 'User', owner_id: f.ids.ann });
    expect(forAnn.status, forAnn.text).toBe(403);
    expect(forAnn.body.message).toBe('You may only save filter sets owned by yourself: owner_id must be your user id.');
    const wrongBoard = await call('ann', 'POST', setsPath(f.sales), { name: 'Wrong board', json_metadata: metadata('Chile'), owner_type: 'Dashboard', owner_id: f.other });
    expect(wrongBoard.status, wrongBoard.text).toBe(400);
    expect(wrongBoard.body.message).toEqual({ owner_id: ["Must be the dashboard's id when owner_type is Dashboard."] });
    // Admin edits every dashboard.
    expect((await create('admin', f.sales, { name: 'By admin', json_metadata: metadata('Chile'), owner_type: 'Dashboard' })).owner_id).toBe(f.sales);
    expect(await names('bob', f.sales)).not.toContain('Not mine to share');
  });

  it('lets the owner or the dashboard\'s editors change and delete a set, and nobody else', async () => {
    const f = await setup();
    const shared = await create('ann', f.sales, { name: 'Team view', json_metadata: metadata('Brazil'), owner_type: 'Dashboard' });
    const bobs = await create('bob', f.sales, { name: 'Bob private', json_metadata: metadata('Chile'), owner_type: 'User' });
    const anns = await create('ann', f.sales, { name: 'Ann private', json_metadata: metadata('Peru'), owner_type: 'User' });
    const one = (id: number) => `${setsPath(f.sales)}/${id}`;

    const changed = await call('ann', 'PUT', one(shared.id), { name: 'Team view 2', description: 'Now with Peru', json_metadata: metadata('Peru') });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.id).toBe(shared.id);
    expect(changed.body.result).toMatchObject({ name: 'Team view 2', description: 'Now with Peru', params: JSON.parse(metadata('Peru')) as Json, owner_type: 'Dashboard' });

    // Bob sees the shared set but may not change it; Ann's private set he cannot even see.
    const notEditor = await call('bob', 'PUT', one(shared.id), { name: 'Hijacked' });
    expect(notEditor.status, notEditor.text).toBe(403);
    expect(notEditor.body.message).toBe(SHARED_SET_FORBIDDEN);
    expect((await call('bob', 'DELETE', one(shared.id))).body.message).toBe(SHARED_SET_FORBIDDEN);
    for (const [method, body] of [['PUT', { name: 'x' }], ['DELETE', undefined]] as const) {
      const hidden = await call('bob', method, one(anns.id), body);
      expect(hidden.status, hidden.text).toBe(404);
      expect(hidden.body.message).toBe('Filter set not found.');
      expect((await call('ann', method, one(bobs.id), body)).status).toBe(404);
    }
    // Admin may change anyone's set.
    expect((await call('admin', 'PUT', one(bobs.id), { description: 'Checked' })).body.result).toMatchObject({ description: 'Checked', owner_id: f.ids.bob });

    // Sharing a private set is saving a shared one: Bob may not, Ann (an editor) may.
    const bobShares = await call('bob', 'PUT', one(bobs.id), { owner_type: 'Dashboard' });
    expect(bobShares.status, bobShares.text).toBe(403);
    expect(bobShares.body.message).toBe(SHARE_FORBIDDEN);
    const annShares = await call('ann', 'PUT', one(anns.id), { owner_type: 'Dashboard' });
    expect(annShares.body.result).toMatchObject({ owner_type: 'Dashboard', owner_id: f.sales });
    expect(await names('bob', f.sales)).toContain('Ann private');

    const deleted = await call('bob', 'DELETE', one(bobs.id));
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ id: bobs.id, message: 'OK' });
    expect(await names('bob', f.sales)).not.toContain('Bob private');
    expect((await call('bob', 'DELETE', one(bobs.id))).status).toBe(404);
    expect((await call('ann', 'DELETE', one(shared.id))).status).toBe(200);
  });

  it('keeps sets to their dashboard and to dashboards the caller may see', async () => {
    const f = await setup();
    const onOther = await create('ann', f.other, { name: 'Other set', json_metadata: metadata('Peru'), owner_type: 'Dashboard' });
    for (const [method, body] of [['PUT', { name: 'Moved' }], ['DELETE', undefined]] as const) {
      const answer = await call('ann', method, `${setsPath(f.sales)}/${onOther.id}`, body);
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body.message).toBe('Filter set not found.');
    }
    for (const id of ['999999', '99999999999', 'abc', '0']) expect((await call('ann', 'PUT', `${setsPath(f.sales)}/${id}`, {})).status, id).toBe(404);

    await create('ann', f.draft, { name: 'Draft set', json_metadata: metadata('Peru'), owner_type: 'User' });
    for (const [method, path, body] of [
      ['GET', setsPath(f.draft), undefined],
      ['POST', setsPath(f.draft), { name: 'Mine', json_metadata: metadata('Peru'), owner_type: 'User' }],
      ['GET', setsPath(999999), undefined],
      ['GET', setsPath('no-such-board'), undefined],
    ] as const) {
      const answer = await call('bob', method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(404);
      expect(answer.body.message).toBe('Dashboard not found.');
    }

    // A dashboard's sets go with it.
    const doomed = await app().models().Dashboard.create({ dashboard_title: 'Doomed', published: true });
    await create('admin', doomed.id, { name: 'Doomed set', json_metadata: metadata('Peru'), owner_type: 'Dashboard' });
    expect((await call('admin', 'DELETE', `/api/v1/dashboard/${doomed.id}`)).status).toBe(200);
    expect(await app().models().FilterSet.count({ where: { dashboard_id: doomed.id } })).toBe(0);
  });

  it('refuses json_metadata the dashboard cannot apply with 422, and bad fields with 400', async () => {
    const f = await setup();
    const target = await create('ann', f.sales, { name: 'Valid', json_metadata: metadata('Brazil'), owner_type: 'User' });
    const count = () => app().models().FilterSet.count();
    const before = await count();
    const unprocessable: [string, RegExp][] = [
      ['not json', /^json_metadata is not valid JSON/],
      ['[]', /^json_metadata must be a JSON object\.$/],
      ['{"dataMask":{}}', /^nativeFilters: Missing data for required field\.$/],
      ['{"nativeFilters":[]}', /^nativeFilters: Must be a JSON object\.$/],
      ['{"nativeFilters":{},"dataMask":3}', /^dataMask: Must be a JSON object\.$/],
    ];
    for (const [text, message] of unprocessable) {
      for (const [method, path, body] of [
        ['POST', setsPath(f.sales), { name: 'Broken', json_metadata: text, owner_type: 'User' }],
        ['PUT', `${setsPath(f.sales)}/${target.id}`, { json_metadata: text }],
      ] as const) {
        const answer = await call('ann', method, path, body);
        expect(answer.status, `${method} ${text}: ${answer.text}`).toBe(422);
        expect((answer.body.message as Record<string, string[]>).json_metadata[0]).toMatch(message);
      }
    }
    const bad: [string, Json, string, string][] = [
      ['POST', { json_metadata: metadata('x'), owner_type: 'User' }, 'name', 'Missing data for required field.'],
      ['POST', { name: '  ', json_metadata: metadata('x'), owner_type: 'User' }, 'name', 'Length must be between 1 and 500.'],
      ['POST', { name: 'n', owner_type: 'User' }, 'json_metadata', 'Missing data for required field.'],
      ['POST', { name: 'n', json_metadata: metadata('x'), owner_type: 'Team' }, 'owner_type', 'Must be one of: Dashboard, User.'],
      ['POST', { name: 'n', json_metadata: metadata('x') }, 'owner_type', 'Missing data for required field.'],
      ['POST', { name: 'n', json_metadata: metadata('x'), owner_type: 'User', params: {} }, 'params', 'Unknown field.'],
      ['PUT', { owner_type: 'User' }, 'owner_type', 'Must be one of: Dashboard.'],
      ['PUT', { owner_id: f.ids.bob }, 'owner_id', 'Unknown field.'],
      ['PUT', { name: 5 }, 'name', 'Not a valid string.'],
    ];
    for (const [method, body, field, message] of bad) {
      const answer = await call('ann', method, method === 'POST' ? setsPath(f.sales) : `${setsPath(f.sales)}/${target.id}`, body);
      expect(answer.status, `${method} ${JSON.stringify(body)}: ${answer.text}`).toBe(400);
      expect((answer.body.message as Record<string, string[]>)[field], answer.text).toContain(message);
    }
    expect(await count()).toBe(before);
    const unchanged = (await call('ann', 'GET', setsPath(f.sales))).body.result as SetRow[];
    expect(unchanged.find((s) => s.id === target.id)?.json_metadata).toBe(metadata('Brazil'));

    // Without can_read / can_write on Dashboard: 403 before the body is read; nobody logged in: 401.
    expect((await call('reader', 'GET', setsPath(f.sales))).status).toBe(403);
    expect((await call('reader', 'POST', setsPath(f.sales), {})).status).toBe(403);
    expect((await call('reader', 'DELETE', `${setsPath(f.sales)}/${target.id}`)).status).toBe(403);
    expect((await call(null, 'GET', setsPath(f.sales))).status).toBe(401);
  });

  it('refuses a name the same owner already gave a set on the dashboard', async () => {
    const f = await setup();
    await create('ann', f.sales, { name: 'Favourite', json_metadata: metadata('Chile'), owner_type: 'User' });
    const again = await call('ann', 'POST', setsPath(f.sales), { name: 'Favourite', json_metadata: metadata('Peru'), owner_type: 'User' });
    expect(again.status, again.text).toBe(409);
    expect(again.body.message).toBe('A filter set named "Favourite" already exists.');
    // Other owners, and other dashboards, may use it.
    await create('bob', f.sales, { name: 'Favourite', json_metadata: metadata('Peru'), owner_type: 'User' });
    const sharedFavourite = await create('ann', f.sales, { name: 'Favourite', json_metadata: metadata('Peru'), owner_type: 'Dashboard' });
    await create('ann', f.other, { name: 'Favourite', json_metadata: metadata('Peru'), owner_type: 'User' });
    // Renaming onto a taken name, or sharing onto a shared set's name, is the same conflict.
    const other = await create('ann', f.sales, { name: 'Second', json_metadata: metadata('Peru'), owner_type: 'User' });
    expect((await call('ann', 'PUT', `${setsPath(f.sales)}/${other.id}`, { name: 'Favourite' })).status).toBe(409);
    const mine = (await call('ann', 'GET', setsPath(f.sales))).body.result as SetRow[];
    const privateFavourite = mine.find((s) => s.name === 'Favourite' && s.owner_type === 'User')!;
    expect((await call('ann', 'PUT', `${setsPath(f.sales)}/${privateFavourite.id}`, { owner_type: 'Dashboard' })).status).toBe(409);
    // Saving a set under its own name is no conflict.
    expect((await call('ann', 'PUT', `${setsPath(f.sales)}/${sharedFavourite.id}`, { name: 'Favourite' })).status).toBe(200);
  });
}

describeOnSqliteStore('dashboard filter sets', defineCases);
await describeOnPostgresStore('dashboard filter sets', defineCases);
