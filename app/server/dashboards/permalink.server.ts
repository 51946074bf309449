/**
 * Dashboard permalinks (`POST /api/v1/dashboard/{pk}/permalink`, `GET
 * /api/v1/dashboard/permalink/{key}`, Superset's DashboardPermalinkRestApi), kept for ever in the
 * key-value store's DASHBOARD_PERMALINKS namespace. Trusts neither the path nor the body: the
 * body is parsed strictly (marshmallow's unknown-field rule), the dashboard must exist and be
 * one the caller may see (the dashboards' row scope; 404 otherwise, so a hidden dashboard is
 * indistinguishable from a missing one), and the same check runs again whenever a key is opened.
 * As in Superset, a key is derived from the user and the state, so sharing the same view twice
 * gives the same link instead of a new row each time.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { DataMaskMap } from '~/lib/dashboard/native-filters/types';
import { FORM_PREFIX, NATIVE_FILTERS_PARAM, encodeNativeFiltersParam } from '~/lib/dashboard/native-filters/url';
import { permalinkPaths } from '~/lib/key-value/keys';
import { DashboardPermalinkStateSchema, type DashboardPermalinkState } from '~/lib/key-value/states';
import type { Dashboard } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { NotFoundError } from '../domain-errors.server';
import { secretKey } from '../env.server';
import { DASHBOARD_PERMALINKS } from '../key-value/namespaces.server';
import { readValue, storeValueAt } from '../key-value/store.server';
import { findVisibleDashboard } from './access.server';
import { dashboardRefOf } from './inputs.server';

const VIEW = 'DashboardPermalinkRestApi';
const DASHBOARD_NOT_FOUND = 'Dashboard not found.';

/**
 * The POST body: Superset's DashboardPermalinkStateSchema, every field optional and nullable. The
 * dashboard comes from the path, so `dashboardId` is not taken from the body.
 */
export const DashboardPermalinkBodySchema = z.strictObject(DashboardPermalinkStateSchema.omit({ dashboardId: true }).shape, {
  error: (issue) => (issue.code === 'invalid_type' ? 'The request body must be a JSON object.' : undefined),
});
export type DashboardPermalinkBody = z.output<typeof DashboardPermalinkBodySchema>;

type VisibleDashboard = Pick<Dashboard, 'id' | 'slug'>;


async function requireVisibleDashboard(user: CurrentUser, idOrSlug: string | number | undefined): Promise<VisibleDashboard> {
  const ref = idOrSlug === undefined ? null : dashboardRefOf(String(idOrSlug));
  const dashboard = ref ? await findVisibleDashboard(user, ref) : null;
  if (!dashboard) throw new NotFoundError(DASHBOARD_NOT_FOUND);
  return dashboard;
}

/** JSON with object keys sorted at every depth (Superset's sort_keys), built as text so no client key becomes a prototype. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The key of this user's permalink to this state: 128 bits of an HMAC under the server's secret,
 * in the store's key format. Keyed by the secret so nobody can work out which key a state has
 * without the server (keys stay unguessable); the user is part of it, as in Superset.
 */
function permalinkKey(userId: number, state: DashboardPermalinkState): string {
  return crypto
    .createHmac('sha256', secretKey())
    .update(`${DASHBOARD_PERMALINKS.resource}\u0000${userId}\u0000${canonicalJson(state)}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}



/** Top-level fields given as null say nothing more than absent ones: dropped, so both make one key. */
function withoutNulls(body: DashboardPermalinkBody): Omit<DashboardPermalinkState, 'dashboardId'> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined));
}

/** `POST /api/v1/dashboard/{pk}/permalink`: 201 `{key, url}`, the url under the origin the client called. */
export async function createDashboardPermalink(user: CurrentUser, idOrSlug: string | undefined, body: DashboardPermalinkBody, origin: string): Promise<{ key: string; url: string }> {
  requirePermission(user, 'can_write', VIEW);
  const dashboard = await requireVisibleDashboard(user, idOrSlug);
  const state: DashboardPermalinkState = { dashboardId: dashboard.id, ...withoutNulls(body) };
  const key = permalinkKey(user.id, state);
  await storeValueAt(DASHBOARD_PERMALINKS, key, user, state);
  return { key, url: `${origin}${permalinkPaths.dashboard(key)}` };
}

export type OpenedDashboardPermalink = { dashboard: VisibleDashboard; state: DashboardPermalinkState };

/** A permalink's dashboard and state: 404 for an unknown key, and for a dashboard gone or out of the caller's sight. */
export async function openDashboardPermalink(user: CurrentUser, key: string | undefined): Promise<OpenedDashboardPermalink> {
  requirePermission(user, 'can_read', VIEW);
  const { value } = await readValue(DASHBOARD_PERMALINKS, key);
  return { dashboard: await requireVisibleDashboard(user, value.dashboardId), state: value };
}

/** `GET /api/v1/dashboard/permalink/{key}`: Superset's stored value, `{dashboardId, state: {dashboardId, urlParams, dataMask, activeTabs, anchor}}`. */
export async function getDashboardPermalink(user: CurrentUser, key: string | undefined): Promise<{ dashboardId: number; state: DashboardPermalinkState }> {
  const { dashboard, state } = await openDashboardPermalink(user, key);
  return { dashboardId: dashboard.id, state };
}

/** Parameters that say which filters are in force (the data mask's own, the filter state's key, the bar's form). */
const FILTER_PARAMS: ReadonlySet<string> = new Set([NATIVE_FILTERS_PARAM, 'native_filters_key', FORM_PREFIX]);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Where `/superset/dashboard/p/{key}/` leads, as Superset's view builds it: the dashboard page
 * (by slug when it has one) with `permalink_key`, the state's URL parameters, the parameters the
 * link itself was opened with (an embed's standalone), and the anchor as the hash.
 */
export function permalinkRedirectPath(opened: OpenedDashboardPermalink, key: string, openedWith: URLSearchParams): string {
  const params = new URLSearchParams({ permalink_key: key });
  const carry = (name: string, value: string) => {
    // The key is the link's own: no stored or given parameter may replace it.
    if (name !== 'permalink_key') params.append(name, value);
  };
  for (const [name, value] of opened.state.urlParams ?? []) carry(name, value);
  for (const [name, value] of openedWith) carry(name, value);
  // The link's filters: its data mask as Superset's `native_filters`, unless the parameters already say which filters.
  const dataMask = opened.state.dataMask;
  const saysFilters = [...params.keys()].some((name) => FILTER_PARAMS.has(name) || name.startsWith(`${FORM_PREFIX}.`));
  if (!saysFilters && isPlainObject(dataMask) && Object.keys(dataMask).length > 0) {
    params.set(NATIVE_FILTERS_PARAM, encodeNativeFiltersParam(dataMask as DataMaskMap));
  }
  // encodeURI keeps an anchor readable (the page reads the hash as a plain string) while no
  // character can end the header or the fragment; a lone surrogate (which it refuses) becomes U+FFFD.
  const anchor = opened.state.anchor?.replace(LONE_SURROGATE, '\uFFFD');
  const hash = anchor ? `#${encodeURI(anchor).replace(/#/g, '%23')}` : '';
  const { id, slug } = opened.dashboard;
  return `/superset/dashboard/${encodeURIComponent(slug || String(id))}/?${params.toString()}${hash}`;
}
