/**
 * Explore's transient form data (`/api/v1/explore/form_data[/{key}]`, Superset's
 * ExploreFormDataRestApi), kept in the key-value store's EXPLORE_FORM_DATA namespace (7 days).
 * Every call checks access to the state's datasource and chart (access.server.ts); only the user
 * who stored a value may change or delete it (the store's rule, a 403). A tab (`?tab_id=`) keeps
 * one key per user, tab, datasource and chart, as Superset's contextual cache key does: posting
 * again from the same tab updates that key instead of making a new one, so the tab's URL stays
 * valid. The tab's key is remembered in the shared cache for as long as the state lives.
 */
import type { ExploreFormDataState } from '~/lib/key-value/states';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { cacheDelete, cacheGet, cacheSet } from '../cache/cache.server';
import { NotFoundError } from '../domain-errors.server';
import { EXPLORE_FORM_DATA } from '../key-value/namespaces.server';
import { deleteValue, readValue, storeValue, updateValue } from '../key-value/store.server';
import { requireExploreAccess } from './access.server';

const VIEW = 'ExploreFormDataRestApi';
const TAB_TTL_SECONDS = (EXPLORE_FORM_DATA.ttlMs ?? 0) / 1000;

const targetOf = (state: ExploreFormDataState) => ({ datasourceId: state.datasource_id, datasourceType: state.datasource_type, chartId: state.chart_id });

/** Superset's contextual key, with the user standing in for the session: one user's tabs never share a key with another's. */
function tabKey(user: CurrentUser, tabId: number, state: ExploreFormDataState): string {
  return `explore_form_data_tab:${user.id}:${tabId}:${state.datasource_type}:${state.datasource_id}:${state.chart_id ?? ''}`;
}

/** The key the tab last used, if its state is still there and still the user's. */
async function tabValueKey(user: CurrentUser, tabId: number, state: ExploreFormDataState): Promise<string | null> {
  const key = await cacheGet<string>(tabKey(user, tabId, state));
  if (!key) return null;
  try {
    const stored = await readValue(EXPLORE_FORM_DATA, key);
    return stored.ownerId === user.id ? key : null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** `POST /api/v1/explore/form_data[?tab_id=]`: the key of the stored state (the tab's own key when it has one). */
export async function createFormData(user: CurrentUser, state: ExploreFormDataState, tabId: number | null): Promise<{ key: string }> {
  requirePermission(user, 'can_write', VIEW);
  await requireExploreAccess(user, targetOf(state));
  const existing = tabId === null ? null : await tabValueKey(user, tabId, state);
  if (existing) {
    await updateValue(EXPLORE_FORM_DATA, existing, user, state);
    return { key: existing };
  }
  const key = await storeValue(EXPLORE_FORM_DATA, user, state);
  if (tabId !== null) await cacheSet(tabKey(user, tabId, state), key, TAB_TTL_SECONDS);
  return { key };
}

/**
 * `PUT /api/v1/explore/form_data/{key}[?tab_id=]`: replaces the owner's state. Superset's client
 * reads `key` from the answer, its API documents `message`: both are given.
 */
export async function updateFormData(user: CurrentUser, key: string | undefined, state: ExploreFormDataState, tabId: number | null) {
  requirePermission(user, 'can_write', VIEW);
  await readValue(EXPLORE_FORM_DATA, key);
  await requireExploreAccess(user, targetOf(state));
  await updateValue(EXPLORE_FORM_DATA, key, user, state);
  if (tabId !== null) await cacheSet(tabKey(user, tabId, state), key, TAB_TTL_SECONDS);
  return { key: key as string, message: 'Value updated successfully.' };
}

/** `GET /api/v1/explore/form_data/{key}`: the stored form data, as the JSON text it was given. */
export async function getFormData(user: CurrentUser, key: string | undefined): Promise<{ form_data: string }> {
  requirePermission(user, 'can_read', VIEW);
  const { value } = await readValue(EXPLORE_FORM_DATA, key);
  await requireExploreAccess(user, targetOf(value));
  return { form_data: value.form_data };
}

/** `DELETE /api/v1/explore/form_data/{key}[?tab_id=]`: the owner's state goes, and the tab forgets it. */
export async function deleteFormData(user: CurrentUser, key: string | undefined, tabId: number | null): Promise<{ message: string }> {
  requirePermission(user, 'can_write', VIEW);
  const { value } = await readValue(EXPLORE_FORM_DATA, key);
  await requireExploreAccess(user, targetOf(value));
  await deleteValue(EXPLORE_FORM_DATA, key, user);
  if (tabId !== null) await cacheDelete(tabKey(user, tabId, value));
  return { message: 'Deleted successfully' };
}
