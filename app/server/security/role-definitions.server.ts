/**
 * The built-in roles, with Superset's meaning: Admin has everything; Alpha everything but
 * security administration, SQL Lab and writing databases (Database is read-only to all but
 * Admin, as Superset's READ_ONLY_MODEL_VIEWS: whoever registers a connection chooses what the
 * server opens and with which rights); Gamma reads and builds charts and dashboards on data it
 * is granted; sql_lab adds SQL Lab; Public starts empty. Seeding is idempotent: it adds what is
 * missing and never removes a pair an admin granted by hand, so taking a pair away from a
 * built-in role on existing installs is a migration's job (migrations/0005-alpha-reads-databases.ts).
 */
import type { PermissionPair } from '~/lib/permissions';

const crud = (view: string): PermissionPair[] => [['can_read', view], ['can_write', view]];

const SQL_LAB_ONLY: PermissionPair[] = [
  ['menu_access', 'SQL Lab'],
  ['menu_access', 'SQL Editor'],
  ['menu_access', 'Saved Queries'],
  ['menu_access', 'Query Search'],
  ['can_execute_sql_query', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ['can_read', 'SQLLab'],
  ['can_estimate_query_cost', 'SQL Lab'],
  ['can_sqllab', 'Superset'],
  ['can_sqllab_history', 'Superset'],
  ...crud('SavedQuery'),
  ['can_export', 'SavedQuery'],
  ['can_read', 'Query'],
  ['can_export_csv', 'Query'],
  ['can_read', 'TabStateView'],
  ['can_write', 'TabStateView'],
  ['can_read', 'SqlLabPermalinkRestApi'],
  ['can_write', 'SqlLabPermalinkRestApi'],
];

const SQL_LAB_EXTRA: PermissionPair[] = [
  ['can_csv', 'Superset'],
  ['can_read', 'Superset'],
  ['can_read', 'Database'],
];

const ADMIN_ONLY: PermissionPair[] = [
  ['menu_access', 'Security'],
  ['menu_access', 'List Users'],
  ['menu_access', 'List Roles'],
  ...crud('User'),
  ...crud('Role'),
  ['menu_access', 'Row Level Security'],
  ...crud('Row Level Security'),
  ['can_write', 'Database'],
  ['all_query_access', 'all_query_access'],
  ['can_grant_guest_token', 'SecurityRestApi'],
  ['can_warm_up_cache', 'Chart'],
];

const ALPHA_ONLY: PermissionPair[] = [
  ['can_write', 'Dataset'],
  ['can_export', 'Dataset'],
  ['can_upload', 'Database'],
  ['menu_access', 'Manage'],
  ['menu_access', 'Alerts & Report'],
  ['menu_access', 'Annotation Layers'],
  ['menu_access', 'CSS Templates'],
  ['menu_access', 'Import dashboards'],
  ...crud('ReportSchedule'),
  ...crud('CssTemplate'),
  ...crud('Annotation'),
  ['can_read', 'ImportExportRestApi'],
  ['can_write', 'ImportExportRestApi'],
  ['muldelete', 'Chart'],
  ['muldelete', 'Dashboard'],
  ['all_database_access', 'all_database_access'],
  ['all_datasource_access', 'all_datasource_access'],
];

const GAMMA: PermissionPair[] = [
  ...crud('Chart'),
  ['can_export', 'Chart'],
  ...crud('Dashboard'),
  ['can_export', 'Dashboard'],
  ['can_read', 'Dataset'],
  ['can_read', 'Database'],
  ['can_read', 'Explore'],
  ['can_read', 'ExploreFormDataRestApi'],
  ['can_write', 'ExploreFormDataRestApi'],
  ['can_read', 'ExplorePermalinkRestApi'],
  ['can_write', 'ExplorePermalinkRestApi'],
  ['can_read', 'DashboardFilterStateRestApi'],
  ['can_write', 'DashboardFilterStateRestApi'],
  ['can_read', 'DashboardPermalinkRestApi'],
  ['can_write', 'DashboardPermalinkRestApi'],
  ['can_csv', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_read', 'Superset'],
  ['can_userinfo', 'UserDBModelView'],
  ['can_recent_activity', 'Log'],
  ['menu_access', 'Charts'],
  ['menu_access', 'Dashboards'],
  ['menu_access', 'Datasets'],
];

/** Every pair the product knows, in a stable order; the admin's role editor offers these. */
export const ALL_PERMISSIONS: PermissionPair[] = dedupe([...GAMMA, ...ALPHA_ONLY, ...SQL_LAB_ONLY, ...SQL_LAB_EXTRA, ...ADMIN_ONLY]);

export const BUILTIN_ROLES: Record<string, PermissionPair[]> = {
  Admin: ALL_PERMISSIONS,
  Alpha: dedupe([...GAMMA, ...ALPHA_ONLY]),
  Gamma: GAMMA,
  sql_lab: dedupe([...SQL_LAB_ONLY, ...SQL_LAB_EXTRA]),
  Public: [],
};

function dedupe(pairs: PermissionPair[]): PermissionPair[] {
  const seen = new Set<string>();
  return pairs.filter(([p, v]) => {
    const key = `${p}\u0000${v}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
