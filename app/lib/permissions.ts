/**
 * Permission checks as pure functions, shared by the server (which enforces them) and the UI
 * (which only hides what the user cannot use). A permission is a (permission, view) pair.
 */
export type PermissionPair = [permission: string, view: string];

/** Role name → the pairs it grants: the shape of `GET /api/v1/me/`'s `roles`. */
export type RolePermissions = Record<string, PermissionPair[]>;

export function isAdminRoleName(name: string): boolean {
  return name.toLowerCase() === 'admin';
}

export function isAdmin(roles: RolePermissions): boolean {
  return Object.keys(roles).some(isAdminRoleName);
}

export function hasPermission(roles: RolePermissions, permission: string, view: string): boolean {
  if (isAdmin(roles)) return true;
  return Object.values(roles).some((pairs) => pairs.some(([p, v]) => p === permission && v === view));
}

/** The permission names a user holds on one view, as `_info` answers them. */
export function permissionsOnView(roles: RolePermissions, view: string, candidates: readonly string[]): string[] {
  return candidates.filter((p) => hasPermission(roles, p, view));
}

/** The views a permission is held on across the roles, sorted: `datasource_access` → the datasources granted. */
export function viewsWithPermission(roles: RolePermissions, permission: string): string[] {
  const views = new Set<string>();
  for (const pairs of Object.values(roles)) for (const [p, v] of pairs) if (p === permission) views.add(v);
  return [...views].sort();
}

export type NavItem = { label: string; to: string; permission: PermissionPair };

/** The shell's navigation: each item shows only to users holding its permission. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'SQL Lab', to: '/sqllab/', permission: ['menu_access', 'SQL Lab'] },
  { label: 'Charts', to: '/chart/list/', permission: ['can_read', 'Chart'] },
  { label: 'Dashboards', to: '/dashboard/list/', permission: ['can_read', 'Dashboard'] },
  { label: 'Datasets', to: '/tablemodelview/list/', permission: ['can_read', 'Dataset'] },
  { label: 'Databases', to: '/databaseview/list/', permission: ['can_read', 'Database'] },
  { label: 'Saved queries', to: '/savedqueryview/list/', permission: ['can_read', 'SavedQuery'] },
  { label: 'Query history', to: '/sqllab/history/', permission: ['can_read', 'Query'] },
];

export function visibleNavItems(roles: RolePermissions): NavItem[] {
  return NAV_ITEMS.filter((item) => hasPermission(roles, ...item.permission));
}
