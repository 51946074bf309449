/**
 * Roles and the permission pairs they grant, for the admin pages. Every function takes the acting
 * user and checks ('can_read'|'can_write', 'Role') itself. Built-in roles keep their names (the
 * seeding at start and Superset's conventions find them by name) and cannot be deleted; their
 * pairs can be edited, but seeding puts the built-in pairs back at the next start.
 */
import type { z } from 'zod';
import { QueryTypes, type Transaction } from 'sequelize';
import { RoleFormSchema, RolePermissionsSchema, type FormMessages, type Outcome } from '~/lib/admin-forms';
import type { PermissionPair } from '~/lib/permissions';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { ALL_PERMISSIONS, BUILTIN_ROLES } from './role-definitions.server';

export const BUILTIN_ROLE_NAMES: readonly string[] = Object.keys(BUILTIN_ROLES);

export function isBuiltinRole(name: string): boolean {
  return BUILTIN_ROLE_NAMES.includes(name);
}

const pairKey = ([p, v]: PermissionPair) => `${p}\u0000${v}`;

export type RoleSummary = { id: number; name: string; builtIn: boolean; userCount: number; permissionCount: number };
export type RoleDetail = RoleSummary & { permissions: PermissionPair[] };
export type PermissionGroup = { view: string; permissions: string[] };

async function countsBy(table: 'user_roles' | 'role_permissions'): Promise<Map<number, number>> {
  const rows = await store().sequelize.query<{ role_id: number; n: number | string }>(
    `SELECT role_id, COUNT(*) AS n FROM ${table} GROUP BY role_id`,
    { type: QueryTypes.SELECT },
  );
  // PostgreSQL answers COUNT(*) as a string (it is a bigint).
  return new Map(rows.map((r) => [Number(r.role_id), Number(r.n)]));
}

export async function roleNames(): Promise<string[]> {
  const roles = await models().Role.findAll({ attributes: ['name'], order: [['name', 'ASC']] });
  return roles.map((r) => r.name);
}

export async function listRoles(actor: CurrentUser): Promise<RoleSummary[]> {
  requirePermission(actor, 'can_read', 'Role');
  const [roles, users, permissions] = await Promise.all([
    models().Role.findAll({ order: [['name', 'ASC']] }),
    countsBy('user_roles'),
    countsBy('role_permissions'),
  ]);
  return roles.map((r) => ({
    id: r.id, name: r.name, builtIn: isBuiltinRole(r.name), userCount: users.get(r.id) ?? 0, permissionCount: permissions.get(r.id) ?? 0,
  }));
}

async function loadRole(id: number, transaction?: Transaction) {
  const { Role, Permission } = models();
  const role = await Role.findByPk(id, { include: [{ model: Permission, as: 'permissions' }], transaction });
  if (!role) throw new NotFoundError(`Role ${id} does not exist.`);
  return role;
}

export async function getRole(actor: CurrentUser, id: number): Promise<RoleDetail> {
  requirePermission(actor, 'can_read', 'Role');
  const role = await loadRole(id);
  const userCount = (await countsBy('user_roles')).get(role.id) ?? 0;
  const permissions = (role.permissions ?? []).map((p): PermissionPair => [p.permission_name, p.view_name]);
  return { id: role.id, name: role.name, builtIn: isBuiltinRole(role.name), userCount, permissionCount: permissions.length, permissions };
}

/** Every pair a role may be given: the product's own, then any other rows (granted by hand or by an older version). */
export async function permissionCatalog(): Promise<PermissionPair[]> {
  const rows = await models().Permission.findAll({ order: [['view_name', 'ASC'], ['permission_name', 'ASC']] });
  const known = new Set(ALL_PERMISSIONS.map(pairKey));
  const extra = rows.map((p): PermissionPair => [p.permission_name, p.view_name]).filter((pair) => !known.has(pairKey(pair)));
  return [...ALL_PERMISSIONS, ...extra];
}

/** Pairs grouped by view, views alphabetical; `filter` keeps pairs whose permission or view contains it. */
export function groupPermissions(pairs: PermissionPair[], filter = ''): PermissionGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, string[]>();
  for (const [permission, view] of pairs) {
    if (needle && !permission.toLowerCase().includes(needle) && !view.toLowerCase().includes(needle)) continue;
    const list = groups.get(view) ?? [];
    if (!list.includes(permission)) list.push(permission);
    groups.set(view, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map(([view, permissions]) => ({ view, permissions }));
}

async function nameProblem(name: string, exceptId?: number): Promise<string | null> {
  // Case-insensitive: "admin" beside "Admin" would be two roles nobody can tell apart.
  const others = await models().Role.findAll({ attributes: ['id', 'name'] });
  const clash = others.find((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase());
  return clash ? `A role named ${clash.name} already exists.` : null;
}

export async function createRole(actor: CurrentUser, input: z.input<typeof RoleFormSchema>): Promise<Outcome<RoleSummary>> {
  requirePermission(actor, 'can_write', 'Role');
  const { name } = RoleFormSchema.parse(input);
  const problem = await nameProblem(name);
  if (problem) return { ok: false, errors: { name: problem } };
  const role = await models().Role.create({ name });
  return { ok: true, value: { id: role.id, name: role.name, builtIn: isBuiltinRole(role.name), userCount: 0, permissionCount: 0 } };
}

export async function renameRole(actor: CurrentUser, id: number, input: z.input<typeof RoleFormSchema>): Promise<Outcome<{ name: string }>> {
  requirePermission(actor, 'can_write', 'Role');
  const { name } = RoleFormSchema.parse(input);
  const role = await loadRole(id);
  if (role.name === name) return { ok: true, value: { name } };
  if (isBuiltinRole(role.name)) return { ok: false, errors: { name: `${role.name} is a built-in role and cannot be renamed.` } };
  const problem = await nameProblem(name, role.id);
  if (problem) return { ok: false, errors: { name: problem } };
  await role.update({ name });
  return { ok: true, value: { name } };
}

/**
 * Sets the role's pairs among those the form showed: pairs outside `shown` (hidden by a filter)
 * stay as they are, so saving a filtered list never drops what the admin could not see.
 */
export async function setRolePermissions(
  actor: CurrentUser, id: number, input: z.input<typeof RolePermissionsSchema>,
): Promise<Outcome<{ added: number; removed: number }>> {
  requirePermission(actor, 'can_write', 'Role');
  const { shown, granted } = RolePermissionsSchema.parse(input);
  const catalog = new Set((await permissionCatalog()).map(pairKey));
  const shownKeys = new Set(shown.map(pairKey));
  const errors: FormMessages = {};
  if (shown.some((p) => !catalog.has(pairKey(p)))) errors.form = 'The form named a permission that does not exist.';
  if (granted.some((p) => !shownKeys.has(pairKey(p)))) errors.form = 'The form granted a permission it did not show.';
  if (Object.keys(errors).length) return { ok: false, errors };

  const { Permission } = models();
  return store().sequelize.transaction(async (transaction) => {
    const role = await loadRole(id, transaction);
    const current = (role.permissions ?? []).map((p): PermissionPair => [p.permission_name, p.view_name]);
    const currentKeys = new Set(current.map(pairKey));
    const grantedKeys = new Set(granted.map(pairKey));
    const kept = current.filter((p) => !shownKeys.has(pairKey(p)));
    const next = [...kept, ...granted];
    const ids: number[] = [];
    for (const [permission_name, view_name] of next) {
      // A catalog pair may have no row yet (added to ALL_PERMISSIONS since the last start).
      const [row] = await Permission.findOrCreate({ where: { permission_name, view_name }, transaction });
      ids.push(row.id);
    }
    await (role as unknown as { setPermissions(ids: number[], o: { transaction: Transaction }): Promise<void> })
      .setPermissions(ids, { transaction });
    const added = granted.filter((p) => !currentKeys.has(pairKey(p))).length;
    const removed = current.filter((p) => shownKeys.has(pairKey(p)) && !grantedKeys.has(pairKey(p))).length;
    return { ok: true as const, value: { added, removed } };
  });
}

export async function deleteRole(actor: CurrentUser, id: number): Promise<Outcome<{ name: string }>> {
  requirePermission(actor, 'can_write', 'Role');
  const role = await loadRole(id);
  if (isBuiltinRole(role.name)) return { ok: false, errors: { form: `${role.name} is a built-in role and cannot be deleted.` } };
  const users = (await countsBy('user_roles')).get(role.id) ?? 0;
  if (users > 0) {
    return { ok: false, errors: { form: `${role.name} still has ${users} user${users === 1 ? '' : 's'}: take the role away from them first.` } };
  }
  await store().sequelize.transaction(async (transaction) => {
    await (role as unknown as { setPermissions(ids: number[], o: { transaction: Transaction }): Promise<void> })
      .setPermissions([], { transaction });
    await role.destroy({ transaction });
  });
  return { ok: true, value: { name: role.name } };
}
