/**
 * Every namespace of the key-value store, in one place, so a resource name is never reused and
 * each kind of state says how long it lives. SQL Lab's two are routed; the Explore and dashboard
 * ones are declared for their endpoints to come (explore.md and dashboards.md list them).
 * Permalinks and shares live for ever (a link in a ticket or a mail must keep working); the
 * transient state of a page visit expires, as Superset's caches of it do by default: Explore's
 * form data after 7 days, a dashboard's filter state after 90.
 */
import {
  DashboardFilterStateSchema, DashboardPermalinkStateSchema, ExploreFormDataStateSchema, ExplorePermalinkStateSchema, MAX_STATE_CHARS,
} from '~/lib/key-value/states';
import { MAX_SHARED_STATE_CHARS, SharedQuerySchema, SqlLabPermalinkStateSchema } from '~/lib/sqllab/state-schemas';
import { defineNamespace } from './store.server';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `/api/v1/sqllab/permalink`: an editor's state behind `/sqllab/p/<key>`. */
export const SQLLAB_PERMALINKS = defineNamespace({
  resource: 'sqllab_permalink', state: SqlLabPermalinkStateSchema, ttlMs: null, noun: 'shared query', maxChars: MAX_SHARED_STATE_CHARS,
});

/** `/kv/store/`, `/kv/<id>`: the legacy share older editors make. */
export const SQLLAB_SHARES = defineNamespace({
  resource: 'kv_share', state: SharedQuerySchema, ttlMs: null, noun: 'shared query', maxChars: MAX_SHARED_STATE_CHARS,
});

/** `/api/v1/explore/form_data[/<key>]`: a visit's unsaved chart, its key in `?form_data_key=`. */
export const EXPLORE_FORM_DATA = defineNamespace({
  resource: 'explore_form_data', state: ExploreFormDataStateSchema, ttlMs: 7 * DAY_MS, noun: 'chart state', maxChars: MAX_STATE_CHARS,
});

/** `/api/v1/explore/permalink[/<key>]`: a chart as shared, behind `/superset/explore/p/<key>/`. */
export const EXPLORE_PERMALINKS = defineNamespace({
  resource: 'explore_permalink', state: ExplorePermalinkStateSchema, ttlMs: null, noun: 'chart permalink', maxChars: MAX_STATE_CHARS,
});

/** `/api/v1/dashboard/<id>/permalink`, `/api/v1/dashboard/permalink/<key>`: behind `/superset/dashboard/p/<key>/`. */
export const DASHBOARD_PERMALINKS = defineNamespace({
  resource: 'dashboard_permalink', state: DashboardPermalinkStateSchema, ttlMs: null, noun: 'dashboard permalink', maxChars: MAX_STATE_CHARS,
});

/** `/api/v1/dashboard/<id>/filter_state[/<key>]`: a visit's filters, its key in `?native_filters_key=`; one dashboard's key is not another's. */
export const DASHBOARD_FILTER_STATE = defineNamespace({
  resource: 'dashboard_filter_state',
  state: DashboardFilterStateSchema,
  ttlMs: 90 * DAY_MS,
  noun: 'filter state',
  maxChars: MAX_STATE_CHARS,
  scopeOf: (state) => state.dashboardId,
});

export const NAMESPACES = [SQLLAB_PERMALINKS, SQLLAB_SHARES, EXPLORE_FORM_DATA, EXPLORE_PERMALINKS, DASHBOARD_PERMALINKS, DASHBOARD_FILTER_STATE] as const;
