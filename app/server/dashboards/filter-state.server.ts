/**
 * A dashboard visit's native filter state (`/api/v1/dashboard/{pk}/filter_state[/{key}]`,
 * Superset's DashboardFilterStateRestApi), kept 90 days in the key-value store's
 * DASHBOARD_FILTER_STATE namespace; its key travels in the page's `?native_filters_key=`.
 * Trusts neither the path nor the body: the dashboard (id or slug) must be one the caller may see
 * (404 otherwise, as a missing one), a key must have the store's shape ('Cannot parse invalid
 * filter key') and belong to this dashboard (another dashboard's key is a 404), the value must be
 * a JSON object's text within the namespace's size. Anyone who may see the dashboard may read a
 * key (links are shared); only whoever stored a value changes it in place: someone else's PUT
 * gets a key of their own holding the new value, so a shared link never changes under its owner.
 * A browser tab (`?tab_id=`) keeps one key per user, tab and dashboard, as Superset's contextual
 * key does with the session: posting again from the same tab updates that key, so a fresh visit
 * in the tab reuses it. The tab's key is remembered in the shared cache while the value lives.
 */
import { z } from 'zod';
import { isValueKey } from '~/lib/key-value/keys';
import { DashboardFilterStateSchema } from '~/lib/key-value/states';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { cacheDelete, cacheGet, cacheSet } from '../cache/cache.server';
import { NotFoundError } from '../domain-errors.server';
import { DASHBOARD_FILTER_STATE } from '../key-value/namespaces.server';
import { deleteValue, readValue, storeValue, updateValue } from '../key-value/store.server';
import { findVisibleDashboard } from './access.server';
import { dashboardRefOf } from './inputs.server';

export const FILTER_STATE_VIEW = 'DashboardFilterStateRestApi';
const TAB_TTL_SECONDS = (DASHBOARD_FILTER_STATE.ttlMs ?? 0) / 1000;

export const DASHBOARD_NOT_FOUND = 'Dashboard not found.';
/** The spec's words (dashboards.md §8) for a key that cannot be one. */
export const INVALID_FILTER_KEY = 'Cannot parse invalid filter key.';

export const requireFilterStateRead = (user: CurrentUser) => requirePermission(user, 'can_read', FILTER_STATE_VIEW);
export const requireFilterStateWrite = (user: CurrentUser) => requirePermission(user, 'can_write', FILTER_STATE_VIEW);

/** `POST|PUT` body: Superset's TemporaryCachePostSchema, `value` being the data mask's JSON text. Unknown fields are refused. */
export const FilterStateBodySchema = z.strictObject({ value: DashboardFilterStateSchema.shape.value }, {
  error: (issue) => (issue.code === 'invalid_type' ? 'The request body must be a JSON object.' : undefined),
});
export type FilterStateBody = z.output<typeof FilterStateBodySchema>;

/** `?tab_id=`: the browser tab (a positive integer); absent or 0, the state has no tab, as in Superset. */
export const TabIdQuerySchema = z.object({
  tab_id: z.string().regex(/^\d{1,9}$/, 'tab_id: Not a valid integer.').transform(Number).optional().transform((v) => (v ? v : null)),
});

async function requireDashboardId(user: CurrentUser, pk: string | undefined): Promise<number> {
  const ref = pk === undefined ? null : dashboardRefOf(pk);
  const dashboard = ref ? await findVisibleDashboard(user, ref) : null;
  if (!dashboard) throw new NotFoundError(DASHBOARD_NOT_FOUND);
  return dashboard.id;
}

function requireKeyShape(key: string | undefined): string {
  if (!isValueKey(key)) throw new NotFoundError(INVALID_FILTER_KEY);
  return key;
}

/** The tab's entry in the shared cache; the trailing colon keeps it from being a prefix of another's. */
const tabKey = (user: CurrentUser, tabId: number, dashboardId: number) => `dashboard_filter_state_tab:${dashboardId}:${user.id}:${tabId}:`;

/** The key the tab last used on this dashboard, if its value is still there and still the user's. */
async function tabValueKey(user: CurrentUser, tabId: number, dashboardId: number): Promise<string | null> {
  const key = await cacheGet<string>(tabKey(user, tabId, dashboardId));
  if (!isValueKey(key)) return null;
  try {
    const stored = await readValue(DASHBOARD_FILTER_STATE, key, { scope: dashboardId });
    return stored.ownerId === user.id ? key : null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Stores the value under the tab's key when it has one, else under a new key the tab then remembers. */
async function storeForTab(user: CurrentUser, dashboardId: number, value: string, tabId: number | null): Promise<string> {
  const state = { dashboardId, value };
  const existing = tabId === null ? null : await tabValueKey(user, tabId, dashboardId);
  if (existing) {
    await updateValue(DASHBOARD_FILTER_STATE, existing, user, state, { scope: dashboardId });
    return existing;
  }
  const key = await storeValue(DASHBOARD_FILTER_STATE, user, state);
  if (tabId !== null) await cacheSet(tabKey(user, tabId, dashboardId), key, TAB_TTL_SECONDS);
  return key;
}

/** `POST /api/v1/dashboard/{pk}/filter_state[?tab_id=]`: 201 `{key}`, the tab's own key when it has one. */
export async function createFilterState(user: CurrentUser, pk: string | undefined, body: FilterStateBody, tabId: number | null): Promise<{ key: string }> {
  requireFilterStateWrite(user);
  const dashboardId = await requireDashboardId(user, pk);
  return { key: await storeForTab(user, dashboardId, body.value, tabId) };
}

/**
 * `PUT /api/v1/dashboard/{pk}/filter_state/{key}[?tab_id=]`: `{message, key}`. The owner's value
 * changes in place and the key stays; another user's value is left alone and the caller gets a
 * key of their own (the tab's, or a new one), which the page then puts in its URL.
 */
export async function updateFilterState(user: CurrentUser, pk: string | undefined, key: string | undefined, body: FilterStateBody, tabId: number | null): Promise<{ message: string; key: string }> {
  requireFilterStateWrite(user);
  const dashboardId = await requireDashboardId(user, pk);
  const stored = await readValue(DASHBOARD_FILTER_STATE, requireKeyShape(key), { scope: dashboardId });
  let answered = stored.key;
  if (stored.ownerId === user.id) {
    await updateValue(DASHBOARD_FILTER_STATE, stored.key, user, { dashboardId, value: body.value }, { scope: dashboardId });
    if (tabId !== null) await cacheSet(tabKey(user, tabId, dashboardId), stored.key, TAB_TTL_SECONDS);
  } else {
    answered = await storeForTab(user, dashboardId, body.value, tabId);
  }
  return { message: 'Value updated successfully.', key: answered };
}

/** `GET /api/v1/dashboard/{pk}/filter_state/{key}`: `{value}`, the JSON text as stored, for anyone who may see the dashboard. */
export async function getFilterState(user: CurrentUser, pk: string | undefined, key: string | undefined): Promise<{ value: string }> {
  requireFilterStateRead(user);
  const dashboardId = await requireDashboardId(user, pk);
  const { value } = await readValue(DASHBOARD_FILTER_STATE, requireKeyShape(key), { scope: dashboardId });
  return { value: value.value };
}

/** `DELETE /api/v1/dashboard/{pk}/filter_state/{key}[?tab_id=]`: the owner's value goes (403 for another's), and the tab forgets it. */
export async function deleteFilterState(user: CurrentUser, pk: string | undefined, key: string | undefined, tabId: number | null): Promise<{ message: string }> {
  requireFilterStateWrite(user);
  const dashboardId = await requireDashboardId(user, pk);
  const shaped = requireKeyShape(key);
  await deleteValue(DASHBOARD_FILTER_STATE, shaped, user, { scope: dashboardId });
  if (tabId !== null && (await cacheGet<string>(tabKey(user, tabId, dashboardId))) === shaped) await cacheDelete(tabKey(user, tabId, dashboardId));
  return { message: 'Deleted successfully' };
}
