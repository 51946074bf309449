import { describe, expect, it } from 'vitest';
import { hasPermission, isAdmin, permissionsOnView, viewsWithPermission, visibleNavItems } from './permissions';

describe('permissions', () => {
  it('grants everything to any role named admin, whatever its case', () => {
    expect(hasPermission({ ADMIN: [] }, 'can_write', 'Dashboard')).toBe(true);
    expect(hasPermission({ aDmIn: [] }, 'menu_access', 'SQL Lab')).toBe(true);
    expect(isAdmin({ Administrators: [] })).toBe(false);
  });

  it('grants a pair only when a role holds exactly that pair', () => {
    const roles = { Gamma: [['can_read', 'Chart']] as [string, string][] };
    expect(hasPermission(roles, 'can_read', 'Chart')).toBe(true);
    expect(hasPermission(roles, 'can_write', 'Chart')).toBe(false);
    expect(hasPermission(roles, 'can_read', 'Dashboard')).toBe(false);
  });

  it('lists the permissions held on a view', () => {
    const roles = { A: [['can_read', 'Chart']] as [string, string][], B: [['can_write', 'Chart']] as [string, string][] };
    expect(permissionsOnView(roles, 'Chart', ['can_read', 'can_write', 'can_export'])).toEqual(['can_read', 'can_write']);
  });

  it('shows SQL Lab in the navigation only with menu_access on SQL Lab', () => {
    const without = visibleNavItems({ Gamma: [['can_read', 'Chart']] }).map((i) => i.label);
    expect(without).toEqual(['Charts']);
    const withSqlLab = visibleNavItems({ sql_lab: [['menu_access', 'SQL Lab']] }).map((i) => i.label);
    expect(withSqlLab).toContain('SQL Lab');
  });

  it('lists the views a permission is held on across roles, once each and sorted', () => {
    const roles = {
      A: [['datasource_access', '[db].[t2]'], ['can_read', 'Chart']] as [string, string][],
      B: [['datasource_access', '[db].[t1]'], ['datasource_access', '[db].[t2]']] as [string, string][],
    };
    expect(viewsWithPermission(roles, 'datasource_access')).toEqual(['[db].[t1]', '[db].[t2]']);
    expect(viewsWithPermission(roles, 'database_access')).toEqual([]);
  });
});
