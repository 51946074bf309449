import { describe, expect, it } from 'vitest';
import type { PermissionPair } from '~/lib/permissions';
import { groupPermissions, isBuiltinRole } from './roles.server';

const PAIRS: PermissionPair[] = [
  ['can_read', 'Chart'],
  ['can_write', 'Chart'],
  ['menu_access', 'SQL Lab'],
  ['can_read', 'alerts & Report'],
  ['can_read', 'Chart'],
];

describe('groupPermissions', () => {
  it('groups by view, views in alphabetical order whatever their case, without duplicates', () => {
    expect(groupPermissions(PAIRS)).toEqual([
      { view: 'alerts & Report', permissions: ['can_read'] },
      { view: 'Chart', permissions: ['can_read', 'can_write'] },
      { view: 'SQL Lab', permissions: ['menu_access'] },
    ]);
  });

  it('filters on the permission or the view name, ignoring case', () => {
    expect(groupPermissions(PAIRS, 'sql')).toEqual([{ view: 'SQL Lab', permissions: ['menu_access'] }]);
    expect(groupPermissions(PAIRS, ' WRITE ')).toEqual([{ view: 'Chart', permissions: ['can_write'] }]);
    expect(groupPermissions(PAIRS, 'nothing-like-this')).toEqual([]);
  });
});

describe('isBuiltinRole', () => {
  it('knows the five built-in roles by their exact names', () => {
    for (const name of ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public']) expect(isBuiltinRole(name)).toBe(true);
    expect(isBuiltinRole('Analysts')).toBe(false);
  });
});
