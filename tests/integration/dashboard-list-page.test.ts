/**
 * The dashboards page (/dashboard/list/) as a browser without JavaScript uses it: plain GETs and
 * form POSTs with the session cookie, through the real Remix handler. Each filter of the GET form
 * keeps the dashboards the API keeps for the same rison filter; sorting by title, status and last
 * change; the favourite star's form; the bulk delete's confirm step, its 'Deleted: %s' notice and
 * its refusals (403 for someone else's, 404 for a hidden draft); the 'Dashboard' create button;
 * the card view's markup; and drafts hidden from users who neither own nor created them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, cookieFrom, startApp, type AppUnderTest } from '../helpers/app-under-test';

type DbModule = typeof import('../../app/server/db.server');
type Session = { cookie: string; csrfToken: string };

let app: AppUnderTest;
let admin: Session;
let adminToken: string;
let alpha: Session;
let gamma: Session;
/** Holds only can_read on Dashboard. */
let reader: Session;
let ids: { admin: number; alpha: number };
let boards: { sales: number; ops: number; plans: number; alphaDraft: number };

const get = (p: string, who = admin) => app.fetch(p, { headers: { Cookie: who.cookie } });
const html = async (p: string, who = admin) => {
  const response = await get(p, who);
  expect(response.status, p).toBe(200);
  return response.text();
};

function post(p: string, fields: [string, string][], who = admin) {
  const body = new URLSearchParams(fields);
  body.set('csrf_token', who.csrfToken);
  return app.fetch(p, { method: 'POST', body, headers: { Cookie: who.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

/** The page a redirect leads to, with the flash cookie it set: its toasts are in the HTML. */
async function follow(response: Response, who = admin): Promise<string> {
  expect(response.status).toBe(302);
  const cookie = cookieFrom(response, who.cookie);
  return (await app.fetch(response.headers.get('Location')!, { headers: { Cookie: cookie } })).text();
}

/** The dashboard titles of the list view, in order. */
async function titles(query: string, who = admin): Promise<string[]> {
  const page = await html(`/dashboard/list/${query}`, who);
  return [...page.matchAll(/<th scope="row"[^>]*><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
}

/** The dashboard ids `GET /api/v1/dashboard/` answers for these rison filters. */
async function apiIds(filters: { col: string; opr: string; value: unknown }[]): Promise<number[]> {
  const q = encodeRisonUri({ filters, page_size: 100, columns: ['id'] });
  const response = await app.fetch(`/api/v1/dashboard/?q=${q}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { ids: number[] }).ids.sort((a, b) => a - b);
}

const idsOf = (list: string[]) => list
  .map((t) => ({ 'Sales board': boards.sales, 'Ops board': boards.ops, 'Draft plans': boards.plans, 'Alpha draft': boards.alphaDraft })[t])
  .sort((a, b) => a! - b!);

async function createDashboard(fields: Record<string, unknown>): Promise<number> {
  const response = await app.fetch('/api/v1/dashboard/', {
    method: 'POST', headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(fields),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  app = await startApp();
  const m = app.models();
  admin = await app.loginWithCookie(ADMIN_USERNAME, ADMIN_PASSWORD);
  adminToken = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const alphaUser = await app.createUser({ username: 'dash-list-alpha', roles: ['Alpha'], first_name: 'Al', last_name: 'Pha' });
  const gammaUser = await app.createUser({ username: 'dash-list-gamma', roles: ['Gamma'] });
  alpha = await app.loginWithCookie(alphaUser.username, alphaUser.password);
  gamma = await app.loginWithCookie(gammaUser.username, gammaUser.password);
  const [canRead] = await m.Permission.findOrCreate({ where: { permission_name: 'can_read', view_name: 'Dashboard' } });
  const readers = await m.Role.create({ name: 'dashboard_readers' });
  await (readers as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions([canRead.id]);
  const readerUser = await app.createUser({ username: 'dash-list-reader', roles: ['dashboard_readers'] });
  reader = await app.loginWithCookie(readerUser.username, readerUser.password);
  ids = { admin: (await m.User.findOne({ where: { username: ADMIN_USERNAME } }))!.id, alpha: alphaUser.id };

  boards = {
    sales: await createDashboard({ dashboard_title: 'Sales board', slug: 'sales', published: true, owners: [ids.alpha] }),
    ops: await createDashboard({ dashboard_title: 'Ops board', published: true, owners: [ids.admin] }),
    plans: await createDashboard({ dashboard_title: 'Draft plans', published: false, owners: [ids.admin] }),
    alphaDraft: await createDashboard({ dashboard_title: 'Alpha draft', published: false, owners: [ids.alpha] }),
  };
  // Distinct, known times and editors of last change (the modified sort and the Modified by filter), and one certification.
  const { store } = await app.load<DbModule>('/app/server/db.server.ts');
  const changes: [number, string, number][] = [
    [boards.sales, '2024-01-03', ids.alpha], [boards.ops, '2024-01-01', ids.admin], [boards.plans, '2024-01-04', ids.admin], [boards.alphaDraft, '2024-01-02', ids.admin],
  ];
  for (const [id, day, by] of changes) {
    await store().sequelize.query('UPDATE dashboards SET changed_on = :at, changed_by_fk = :by WHERE id = :id', { replacements: { at: new Date(`${day}T00:00:00Z`), by, id } });
  }
  await store().sequelize.query("UPDATE dashboards SET certified_by = 'Data team', certification_details = 'Checked weekly' WHERE id = :id", { replacements: { id: boards.sales } });
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('filters, each the API filter of the same name', () => {
  it('keeps the dashboards the API keeps, and shows the filter chosen', async () => {
    const cases: [string, string, { col: string; opr: string; value: unknown }[], string[]][] = [
      ['search', '?search=board', [{ col: 'dashboard_title', opr: 'ct', value: 'board' }], ['Ops board', 'Sales board']],
      ['owner', `?owner=${ids.alpha}`, [{ col: 'owners', opr: 'rel_m_m', value: ids.alpha }], ['Alpha draft', 'Sales board']],
      ['published', '?status=published', [{ col: 'published', opr: 'eq', value: true }], ['Ops board', 'Sales board']],
      ['draft', '?status=draft', [{ col: 'published', opr: 'eq', value: false }], ['Alpha draft', 'Draft plans']],
      ['certified yes', '?certified=yes', [{ col: 'id', opr: 'dashboard_is_certified', value: true }], ['Sales board']],
      ['certified no', '?certified=no', [{ col: 'id', opr: 'dashboard_is_certified', value: false }], ['Alpha draft', 'Draft plans', 'Ops board']],
      ['modified by', `?modified_by=${ids.alpha}`, [{ col: 'changed_by', opr: 'rel_o_m', value: ids.alpha }], ['Sales board']],
    ];
    for (const [label, query, filters, expected] of cases) {
      const found = await titles(`${query}&sort=title&dir=asc`);
      expect(found, label).toEqual(expected);
      expect(idsOf(found), label).toEqual(await apiIds(filters));
    }
    const page = await html(`/dashboard/list/?owner=${ids.alpha}&status=draft&favorite=yes&certified=yes&modified_by=${ids.admin}`);
    expect(page).toContain(`<option value="${ids.alpha}" selected="">Al Pha</option>`);
    expect(page).toContain('<option value="draft" selected="">Draft</option>');
    expect(page).toMatch(/<select[^>]*name="modified_by"[^>]*>.*?<option value="\d+" selected="">/s);
    expect(page).toContain('No dashboards match these filters.');
    // Filters combine, and a malformed value is no filter rather than an error.
    expect(await titles(`?status=published&owner=${ids.alpha}`)).toEqual(['Sales board']);
    expect(await titles('?owner=abc&status=maybe&certified=perhaps&sort=title&dir=asc')).toEqual(['Alpha draft', 'Draft plans', 'Ops board', 'Sales board']);
  });

  it('filters favourites both ways, as dashboard_is_favorite does', async () => {
    await post('/dashboard/list/', [['intent', 'favorite'], ['id', String(boards.ops)], ['favorite', 'true']]);
    expect(await titles('?favorite=yes')).toEqual(['Ops board']);
    expect(idsOf(['Ops board'])).toEqual(await apiIds([{ col: 'id', opr: 'dashboard_is_favorite', value: true }]));
    expect(await titles('?favorite=no&sort=title&dir=asc')).toEqual(['Alpha draft', 'Draft plans', 'Sales board']);
    expect(idsOf(['Alpha draft', 'Draft plans', 'Sales board'])).toEqual(await apiIds([{ col: 'id', opr: 'dashboard_is_favorite', value: false }]));
    await post('/dashboard/list/', [['intent', 'favorite'], ['id', String(boards.ops)], ['favorite', 'false']]);
  });
});

describe('sorting', () => {
  it('sorts by title, status and last change, either way', async () => {
    expect(await titles('?sort=title&dir=asc')).toEqual(['Alpha draft', 'Draft plans', 'Ops board', 'Sales board']);
    expect(await titles('?sort=title&dir=desc')).toEqual(['Sales board', 'Ops board', 'Draft plans', 'Alpha draft']);
    // Drafts before published ones ascending; ties by id in the same direction.
    expect(await titles('?sort=published&dir=asc')).toEqual(['Draft plans', 'Alpha draft', 'Sales board', 'Ops board']);
    expect(await titles('?sort=published&dir=desc')).toEqual(['Ops board', 'Sales board', 'Alpha draft', 'Draft plans']);
    expect(await titles('')).toEqual(['Draft plans', 'Sales board', 'Alpha draft', 'Ops board']);
    expect(await titles('?sort=changed_on&dir=asc')).toEqual(['Ops board', 'Alpha draft', 'Sales board', 'Draft plans']);
    const page = await html('/dashboard/list/?sort=published&dir=asc&status=draft');
    expect(page).toMatch(/<th scope="col" aria-sort="ascending"[^>]*><a [^>]*href="\/dashboard\/list\/\?status=draft&amp;sort=published&amp;dir=desc"[^>]*>Status/);
    expect(page).toContain('<option value="published" selected="">Status</option>');
  });
});

describe('favourites', () => {
  it('stars and unstars a dashboard with a posted form, back to the list as it was', async () => {
    expect(await html('/dashboard/list/?search=sales')).toMatch(/aria-pressed="false" aria-label="Favorite Sales board"/);
    const starred = await post('/dashboard/list/?search=sales&view=card', [['intent', 'favorite'], ['id', String(boards.sales)], ['favorite', 'true']]);
    expect(starred.status).toBe(302);
    expect(starred.headers.get('Location')).toBe('/dashboard/list/?search=sales&view=card');
    expect(await app.models().Favorite.count({ where: { user_id: ids.admin, class_name: 'Dashboard', obj_id: boards.sales } })).toBe(1);
    expect(await follow(starred)).toMatch(/aria-pressed="true" aria-label="Favorite Sales board"/);
    const status = await app.fetch(`/api/v1/dashboard/favorite_status/?q=${encodeRisonUri([boards.sales])}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(await status.json()).toEqual({ result: [{ id: boards.sales, value: true }] });

    const unstarred = await post('/dashboard/list/', [['intent', 'favorite'], ['id', String(boards.sales)], ['favorite', 'false']]);
    expect(unstarred.status).toBe(302);
    expect(await app.models().Favorite.count({ where: { user_id: ids.admin, class_name: 'Dashboard', obj_id: boards.sales } })).toBe(0);
  });

  it('says so when the dashboard cannot be starred (a hidden draft), and refuses a bad intent', async () => {
    const hidden = await post('/dashboard/list/', [['intent', 'favorite'], ['id', String(boards.plans)], ['favorite', 'true']], gamma);
    expect(await follow(hidden, gamma)).toContain('There was an error saving the favorite status: ');
    expect(await app.models().Favorite.count({ where: { class_name: 'Dashboard', obj_id: boards.plans } })).toBe(0);
    expect((await post('/dashboard/list/', [['intent', 'favorite'], ['id', 'x']])).status).toBe(400);
    expect((await post('/dashboard/list/', [['intent', 'nope']])).status).toBe(400);
  });
});

describe('bulk delete', () => {
  it('offers selection only on dashboards the user may edit, confirms, then deletes with the spec notice', async () => {
    const m = app.models();
    const a = await createDashboard({ dashboard_title: 'Doomed A', published: true });
    const b = await createDashboard({ dashboard_title: 'Doomed B', published: true });
    await post('/dashboard/list/', [['intent', 'favorite'], ['id', String(a)], ['favorite', 'true']]);

    // Alpha owns neither: no box on them, and deleting them is a 403 naming them; nothing goes.
    const alphaPage = await html('/dashboard/list/?search=doomed', alpha);
    expect(alphaPage).not.toContain('aria-label="Select Doomed A"');
    const refused = await post('/dashboard/list/', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(a)], ['ids', String(boards.alphaDraft)]], alpha);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('There was an issue deleting the selected dashboards: Changing this dashboard is forbidden: Doomed A');
    expect(await m.Dashboard.count({ where: { id: [a, b, boards.alphaDraft] } })).toBe(3);
    // A draft Alpha cannot see is missing to them (404), whether or not they own the others.
    const hidden = await post('/dashboard/list/', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(boards.plans)], ['ids', String(boards.alphaDraft)]], alpha);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).toContain(`Dashboards not found: ${boards.plans}`);
    expect(await m.Dashboard.count({ where: { id: [boards.plans, boards.alphaDraft] } })).toBe(2);

    const adminPage = await html('/dashboard/list/?search=doomed');
    expect(adminPage).toContain('aria-label="Select Doomed A"');
    expect(adminPage).toContain('aria-label="Bulk delete dashboards"');

    const asked = await post('/dashboard/list/?search=doomed', [['intent', 'bulk-delete'], ['ids', String(a)], ['ids', String(b)]]);
    expect(asked.status).toBe(200);
    const confirm = await asked.text();
    expect(confirm).toContain('Delete these 2 dashboards?');
    expect(confirm).toContain('<li>Doomed A</li>');
    expect(confirm).toContain('Yes, delete all 2');
    expect(await m.Dashboard.count({ where: { id: [a, b] } })).toBe(2);

    const done = await post('/dashboard/list/?search=doomed', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(a)], ['ids', String(b)]]);
    expect(done.headers.get('Location')).toBe('/dashboard/list/?search=doomed');
    expect(await follow(done)).toContain('Deleted: Doomed A, Doomed B');
    expect(await m.Dashboard.count({ where: { id: [a, b] } })).toBe(0);
    expect(await m.Favorite.count({ where: { class_name: 'Dashboard', obj_id: a } })).toBe(0);

    expect((await post('/dashboard/list/', [['intent', 'bulk-delete']])).status).toBe(400);
  });

  it("lets an owner delete their own dashboard, and refuses Gamma someone else's", async () => {
    const mine = await createDashboard({ dashboard_title: 'Alpha scratch', published: true, owners: [ids.alpha] });
    expect(await html('/dashboard/list/?search=scratch', alpha)).toContain('aria-label="Select Alpha scratch"');
    const done = await post('/dashboard/list/', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(mine)]], alpha);
    expect(await follow(done, alpha)).toContain('Deleted: Alpha scratch');
    expect((await post('/dashboard/list/', [['intent', 'bulk-delete'], ['confirmed', 'yes'], ['ids', String(boards.ops)]], gamma)).status).toBe(403);
    expect(await app.models().Dashboard.count({ where: { id: boards.ops } })).toBe(1);
  });
});

describe('create', () => {
  it("creates an '[ untitled dashboard ]' owned by the user and opens it in edit mode", async () => {
    expect(await html('/dashboard/list/', alpha)).toMatch(/<input type="hidden" name="intent" value="create"\/><button[^>]*type="submit"[^>]*>.*Dashboard<\/button>/s);
    const created = await post('/dashboard/list/', [['intent', 'create']], alpha);
    expect(created.status).toBe(302);
    const id = Number(/^\/superset\/dashboard\/(\d+)\/\?edit=true$/.exec(created.headers.get('Location') ?? '')?.[1]);
    const dashboard = await app.models().Dashboard.findByPk(id, { include: ['owners'] });
    expect(dashboard).toMatchObject({ dashboard_title: '[ untitled dashboard ]', published: false, created_by_fk: ids.alpha });
    expect((dashboard as unknown as { owners: { id: number }[] }).owners.map((o) => o.id)).toEqual([ids.alpha]);
    await app.models().Dashboard.destroy({ where: { id } });
    // A reader without can_write on Dashboard: no button, and the post is refused.
    expect(await html('/dashboard/list/', reader)).not.toContain('value="create"');
    expect((await post('/dashboard/list/', [['intent', 'create']], reader)).status).toBe(403);
    expect(await app.models().Dashboard.count({ where: { dashboard_title: '[ untitled dashboard ]' } })).toBe(0);
  });
});

describe('card view', () => {
  it('shows each dashboard as a card with its link, status, certification, change and owners, and keeps the view in every link', async () => {
    const page = await html('/dashboard/list/?view=card&sort=title&dir=asc');
    expect(page).not.toContain('<table');
    expect(page).toMatch(/<ul aria-label="Dashboards"/);
    const card = /<article aria-labelledby="dashboard-card-(\d+)"[\s\S]*?<\/article>/g;
    const cards = new Map([...page.matchAll(card)].map((m) => [Number(m[1]), m[0]]));
    expect([...cards.keys()].sort((x, y) => x - y)).toEqual([boards.sales, boards.ops, boards.plans, boards.alphaDraft].sort((x, y) => x - y));
    const sales = cards.get(boards.sales)!;
    expect(sales).toMatch(new RegExp(`<img src="/api/v1/dashboard/${boards.sales}/thumbnail/[0-9a-f]{32}/" alt="" loading="lazy"`));
    expect(sales).toContain('href="/superset/dashboard/sales/"');
    expect(sales).toContain('>Sales board</a>');
    expect(sales).toContain('Certified by Data team: Checked weekly');
    expect(sales).toContain('>Published</span>');
    expect(sales).toMatch(/Owners: (<!-- -->)?Al Pha</);
    expect(sales).toContain('aria-label="Favorite Sales board"');
    expect(sales).toMatch(/Modified <time/);
    const plans = cards.get(boards.plans)!;
    expect(plans).toContain(`href="/superset/dashboard/${boards.plans}/"`);
    expect(plans).toContain('>Draft</span>');
    expect(plans).not.toContain('Certified by');
    expect(page).toMatch(/<a [^>]*aria-current="page"[^>]*>Card view<\/a>/);
    expect(page).toMatch(/<a [^>]*href="\/dashboard\/list\/\?sort=title&amp;dir=asc"[^>]*>List view<\/a>/);
    expect(page).toContain('<input type="hidden" name="view" value="card"/>');
    const list = await html('/dashboard/list/?sort=title&dir=asc');
    expect(list).toContain('<table');
    expect(list).not.toMatch(/<img [^>]*src="\/api\/v1\/dashboard\/\d+\/thumbnail\//);
  });
});

describe('access', () => {
  it('hides drafts from a Gamma user who neither owns nor created them', async () => {
    expect(await titles('?sort=title&dir=asc', gamma)).toEqual(['Ops board', 'Sales board']);
    expect(await titles('?status=draft', gamma)).toEqual([]);
    const page = await html('/dashboard/list/', gamma);
    expect(page).not.toContain('Draft plans');
    expect(page).not.toContain('Alpha draft');
    expect(page).not.toContain('aria-label="Bulk delete dashboards"');
    expect(await titles('?sort=title&dir=asc', reader)).toEqual(['Ops board', 'Sales board']);
    // Alpha sees the published ones and their own draft, not the admin's.
    expect(await titles('?sort=title&dir=asc', alpha)).toEqual(['Alpha draft', 'Ops board', 'Sales board']);
  });
});
