/**
 * The dashboard page's edit mode without JavaScript, through the real handler with the session
 * cookie: the owner's `?edit=true` page says layout editing needs JavaScript and holds the
 * properties, publish and delete forms (someone who may not edit gets the dashboard, no forms);
 * the properties form saves title, slug, owners, roles, certification, colour scheme, metadata and
 * CSS and leads to the new address in edit mode; invalid metadata or a taken slug is the spec's
 * danger toast with nothing saved; publish and set to draft; delete after the confirmation tick;
 * and a Gamma user or an Alpha who does not own the dashboard is refused with the spec's words,
 * nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, cookieFrom, startApp, type AppUnderTest } from '../helpers/app-under-test';

type Session = { cookie: string; csrfToken: string };
type Detail = {
  dashboard_title: string;
  slug: string | null;
  published: boolean;
  css: string | null;
  json_metadata: string | null;
  certified_by: string | null;
  certification_details: string | null;
  owners: { id: number }[];
  roles: { id: number; name: string }[];
};

const NO_PERMISSION = 'You do not have permissions to edit this dashboard.';
const SAVE_ERROR = 'Sorry, there was an error saving this dashboard: ';

let app: AppUnderTest;
let adminToken: string;
let owner: Session;
let otherAlpha: Session;
let gamma: Session;
let ownerId: number;
let otherAlphaId: number;
let viewersRoleId: number;

function post(path: string, fields: [string, string][], who: Session) {
  const body = new URLSearchParams(fields);
  body.set('csrf_token', who.csrfToken);
  return app.fetch(path, { method: 'POST', body, headers: { Cookie: who.cookie, 'Content-Type': 'application/x-www-form-urlencoded' } });
}

/** The redirect's target and the toasts the page it leads to shows (the flash cookie it set). */
async function follow(response: Response, who: Session): Promise<{ location: string; toasts: string[]; html: string }> {
  expect(response.status, await response.clone().text()).toBe(302);
  const location = response.headers.get('Location')!;
  const page = await app.fetch(location, { headers: { Cookie: cookieFrom(response, who.cookie) } });
  const html = await page.text();
  const toasts = [...html.matchAll(/data-toast-type="[A-Z_]+"[^>]*>.*?<p class="flex-1">(.*?)<\/p>/gs)].map((m) => m[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
  return { location, toasts, html };
}

/** The dashboard as the API reads it, without the humanized ages (they move with the clock); changed_on stays, so a save shows. */
async function detail(idOrSlug: number | string): Promise<Detail> {
  const response = await app.fetch(`/api/v1/dashboard/${idOrSlug}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  const { result } = (await response.json()) as { result: Record<string, unknown> };
  return Object.fromEntries(Object.entries(result).filter(([key]) => !key.endsWith('_humanized'))) as Detail;
}

async function createDashboard(fields: Record<string, unknown>): Promise<number> {
  const response = await app.fetch('/api/v1/dashboard/', {
    method: 'POST', headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(fields),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The properties form as the page fills it for this dashboard, with `changes` over it. */
function propertiesForm(d: Detail, changes: Record<string, string | string[]> = {}): [string, string][] {
  const scheme = (JSON.parse(d.json_metadata ?? '{}') as { color_scheme?: string }).color_scheme ?? '';
  const fields: Record<string, string | string[]> = {
    intent: 'properties',
    dashboard_title: d.dashboard_title,
    slug: d.slug ?? '',
    owners: d.owners.map((o) => String(o.id)),
    owners_add: '',
    roles: d.roles.map((r) => String(r.id)),
    roles_add: '',
    certified_by: d.certified_by ?? '',
    certification_details: d.certification_details ?? '',
    color_scheme: scheme,
    color_scheme_was: scheme,
    json_metadata: d.json_metadata ?? '{}',
    css: d.css ?? '',
    ...changes,
  };
  return Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]));
}

beforeAll(async () => {
  app = await startApp();
  adminToken = (await app.login(ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken;
  const ownerUser = await app.createUser({ username: 'forms-owner', roles: ['Alpha'], first_name: 'Olga', last_name: 'Owner' });
  const otherUser = await app.createUser({ username: 'forms-other-alpha', roles: ['Alpha'], first_name: 'Otto', last_name: 'Other' });
  const gammaUser = await app.createUser({ username: 'forms-gamma', roles: ['Gamma'] });
  ownerId = ownerUser.id;
  otherAlphaId = otherUser.id;
  owner = await app.loginWithCookie(ownerUser.username, ownerUser.password);
  otherAlpha = await app.loginWithCookie(otherUser.username, otherUser.password);
  gamma = await app.loginWithCookie(gammaUser.username, gammaUser.password);
  viewersRoleId = (await app.models().Role.create({ name: 'board_viewers' })).id;
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('the edit page without JavaScript', () => {
  it("gives the owner the notice and the three forms, and someone who may not edit only the dashboard", async () => {
    await createDashboard({ dashboard_title: 'Forms board', slug: 'forms-board', published: true, owners: [ownerId], css: '.x { color: red; }', json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 0 }) });
    const response = await app.fetch('/superset/dashboard/forms-board/?edit=true', { headers: { Cookie: owner.cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Layout editing needs JavaScript. You can change the properties, publish or delete the dashboard here.');
    expect(html).toMatch(/<form method="post" aria-label="Dashboard properties"/);
    expect(html).toContain('<input type="hidden" name="intent" value="properties"/>');
    expect(html).toMatch(/<input[^>]*name="dashboard_title"[^>]*value="Forms board"/);
    expect(html).toMatch(/<input[^>]*name="slug"[^>]*value="forms-board"/);
    expect(html).toMatch(/<select[^>]*name="owners"[^>]*multiple=""[^>]*>.*?<option value="\d+" selected="">Olga Owner<\/option>/s);
    expect(html).toMatch(/<select[^>]*name="color_scheme"[^>]*>.*?<option value="bnbColors" selected="">Airbnb Colors<\/option>/s);
    expect(html).toMatch(/<textarea[^>]*name="json_metadata"[^>]*>[^<]*&quot;refresh_frequency&quot;: 0/);
    expect(html).toMatch(/<textarea[^>]*name="css"[^>]*>\.x \{ color: red; \}<\/textarea>/);
    expect(html).toContain('<input type="hidden" name="intent" value="publish"/><input type="hidden" name="published" value="false"/>');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Set to draft<\/button>/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toMatch(/<label[^>]*><input type="checkbox" name="confirm"[^>]*>Yes, delete this dashboard<\/label>/);
    expect(html).toMatch(/<input type="checkbox" name="confirm"(?=[^>]*required="")(?=[^>]*value="yes")[^>]*>/);
    // Each form carries the session's CSRF token.
    expect(html.match(/name="csrf_token" value="[^"]+"/g)?.length).toBeGreaterThanOrEqual(3);

    for (const who of [gamma, otherAlpha]) {
      const page = await app.fetch('/superset/dashboard/forms-board/?edit=true', { headers: { Cookie: who.cookie } });
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toMatch(/<h1[^>]*>Forms board<\/h1>/);
      expect(text).not.toContain('Layout editing needs JavaScript');
      expect(text).not.toContain('name="intent" value="properties"');
      expect(text).not.toContain('name="intent" value="delete"');
    }
    // Without ?edit=true the owner sees the dashboard only.
    const plain = await (await app.fetch('/superset/dashboard/forms-board/', { headers: { Cookie: owner.cookie } })).text();
    expect(plain).not.toContain('name="intent" value="properties"');
  });
});

describe('the properties form', () => {
  it('saves every field and leads to the new slug in edit mode', async () => {
    const id = await createDashboard({ dashboard_title: 'Props board', slug: 'props-board', published: false, owners: [ownerId], json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 0 }) });
    const before = await detail(id);
    const response = await post('/superset/dashboard/props-board/?edit=true&standalone=1', propertiesForm(before, {
      dashboard_title: 'Props board renamed',
      slug: ' props board 2 ',
      owners_add: String(otherAlphaId),
      roles_add: String(viewersRoleId),
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      color_scheme: 'lyftColors',
      json_metadata: JSON.stringify({ color_scheme: 'bnbColors', refresh_frequency: 300 }),
      css: 'h1 { color: teal; }',
    }), owner);
    const { location, toasts, html } = await follow(response, owner);
    expect(location).toBe('/superset/dashboard/props-board-2/?edit=true&standalone=1');
    expect(toasts).toEqual(['This dashboard was saved successfully.']);
    expect(html).toMatch(/<input[^>]*name="dashboard_title"[^>]*value="Props board renamed"/);

    const after = await detail(id);
    expect(after).toMatchObject({ dashboard_title: 'Props board renamed', slug: 'props-board-2', certified_by: 'Data team', certification_details: 'Checked weekly', css: 'h1 { color: teal; }' });
    // The select changed, so its scheme replaced the text's; the text's other keys were kept.
    expect(JSON.parse(after.json_metadata!)).toEqual({ color_scheme: 'lyftColors', refresh_frequency: 300 });
    expect(after.owners.map((o) => o.id).sort((a, b) => a - b)).toEqual([ownerId, otherAlphaId].sort((a, b) => a - b));
    expect(after.roles.map((r) => r.id)).toEqual([viewersRoleId]);

    // An empty title is the untitled name; an empty slug leaves the dashboard at its id; unselected owners go.
    const cleared = await post('/superset/dashboard/props-board-2/?edit=true', propertiesForm(after, { dashboard_title: '', slug: '', owners: [String(ownerId)], roles: [] }), owner);
    expect((await follow(cleared, owner)).location).toBe(`/superset/dashboard/${id}/?edit=true`);
    const last = await detail(id);
    expect(last).toMatchObject({ dashboard_title: '[ untitled dashboard ]', slug: null });
    expect(last.owners.map((o) => o.id)).toEqual([ownerId]);
    expect(last.roles).toEqual([]);
  });

  it('refuses invalid metadata, a taken slug or an unknown owner with the danger toast, saving nothing', async () => {
    await createDashboard({ dashboard_title: 'Taken', slug: 'taken-slug', published: true, owners: [ownerId] });
    const id = await createDashboard({ dashboard_title: 'Careful board', slug: 'careful', published: true, owners: [ownerId], json_metadata: '{"refresh_frequency": 0}' });
    const before = await detail(id);
    const cases: [Record<string, string>, string][] = [
      [{ json_metadata: '{"refresh_frequency": 0,' }, 'JSON metadata: JSON not valid'],
      [{ json_metadata: '{"refresh_frequency": "often"}' }, 'JSON metadata (refresh_frequency): Not a valid integer.'],
      [{ json_metadata: '{"no_such_key": 1}' }, 'JSON metadata (no_such_key): Unknown field.'],
      [{ slug: 'taken-slug' }, 'URL slug: Must be unique'],
      [{ owners_add: '987654' }, 'Owners: Owners are invalid'],
      [{ owners_add: 'ann' }, 'Owners: Not a user id: ann'],
    ];
    for (const [changes, message] of cases) {
      const response = await post('/superset/dashboard/careful/?edit=true', propertiesForm(before, { dashboard_title: 'Must not be saved', ...changes }), owner);
      const { location, toasts } = await follow(response, owner);
      expect(location, message).toBe('/superset/dashboard/careful/?edit=true');
      expect(toasts, message).toEqual([`${SAVE_ERROR}${message}`]);
    }
    expect(await detail(id)).toEqual(before);
  });
});

describe('publish and delete', () => {
  it('publishes and sets to draft with the spec messages', async () => {
    const id = await createDashboard({ dashboard_title: 'Status board', slug: 'status-board', published: false, owners: [ownerId] });
    const published = await follow(await post('/superset/dashboard/status-board/?edit=true', [['intent', 'publish'], ['published', 'true']], owner), owner);
    expect(published.location).toBe('/superset/dashboard/status-board/?edit=true');
    expect(published.toasts).toEqual(['This dashboard is now published']);
    expect((await detail(id)).published).toBe(true);
    expect(published.html).toMatch(/<button[^>]*type="submit"[^>]*>Set to draft<\/button>/);

    const hidden = await follow(await post('/superset/dashboard/status-board/?edit=true', [['intent', 'publish'], ['published', 'false']], owner), owner);
    expect(hidden.toasts).toEqual(['This dashboard is now hidden']);
    expect((await detail(id)).published).toBe(false);
    expect(hidden.html).toMatch(/<button[^>]*type="submit"[^>]*>Publish<\/button>/);

    const bad = await post('/superset/dashboard/status-board/?edit=true', [['intent', 'publish'], ['published', 'maybe']], owner);
    expect(bad.status).toBe(400);
  });

  it('deletes only after the confirmation tick, then shows the list with the notice', async () => {
    const id = await createDashboard({ dashboard_title: 'Doomed board', slug: 'doomed', published: true, owners: [ownerId] });
    const unconfirmed = await follow(await post('/superset/dashboard/doomed/?edit=true', [['intent', 'delete']], owner), owner);
    expect(unconfirmed.toasts).toEqual(['Tick "Yes, delete this dashboard" to delete it.']);
    expect((await detail(id)).dashboard_title).toBe('Doomed board');

    const deleted = await follow(await post('/superset/dashboard/doomed/?edit=true', [['intent', 'delete'], ['confirm', 'yes']], owner), owner);
    expect(deleted.location).toBe('/dashboard/list/');
    expect(deleted.toasts).toEqual(['Deleted: Doomed board']);
    const gone = await app.fetch(`/api/v1/dashboard/${id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(gone.status).toBe(404);
  });
});

describe('someone who may not edit', () => {
  it('is refused with the spec words for every form, and nothing changes', async () => {
    const id = await createDashboard({ dashboard_title: 'Guarded board', slug: 'guarded', published: true, owners: [ownerId], json_metadata: '{}' });
    const before = await detail(id);
    for (const who of [gamma, otherAlpha]) {
      const attempts: [string, string][][] = [
        propertiesForm(before, { dashboard_title: 'Taken over', slug: 'taken-over', owners_add: String(otherAlphaId) }),
        // Even with invalid input, the refusal is about the rights.
        propertiesForm(before, { json_metadata: '{oops' }),
        [['intent', 'publish'], ['published', 'false']],
        [['intent', 'delete'], ['confirm', 'yes']],
      ];
      for (const fields of attempts) {
        const { location, toasts } = await follow(await post('/superset/dashboard/guarded/?edit=true', fields, who), who);
        expect(location).toBe('/superset/dashboard/guarded/?edit=true');
        expect(toasts).toEqual([NO_PERMISSION]);
      }
    }
    expect(await detail(id)).toEqual(before);
  });

  it('gets the 404 page for a draft out of sight', async () => {
    await createDashboard({ dashboard_title: 'Hidden draft', slug: 'hidden-draft', published: false, owners: [ownerId] });
    const response = await post('/superset/dashboard/hidden-draft/?edit=true', [['intent', 'delete'], ['confirm', 'yes']], gamma);
    expect(response.status).toBe(404);
  });
});
