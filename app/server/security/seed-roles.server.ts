import type { Models } from '../../../db/index';
import { BUILTIN_ROLES } from './role-definitions.server';

/** Creates the built-in roles and adds their missing permissions. Safe to run at every start. */
export async function seedRoles({ Role, Permission }: Pick<Models, 'Role' | 'Permission'>, log: (m: string) => void = () => {}) {
  const permissionIds = new Map<string, number>();
  const existing = await Permission.findAll();
  for (const p of existing) permissionIds.set(`${p.permission_name}\u0000${p.view_name}`, p.id);

  for (const [roleName, pairs] of Object.entries(BUILTIN_ROLES)) {
    const [role, created] = await Role.findOrCreate({ where: { name: roleName } });
    if (created) log(`created role ${roleName}`);
    const ids: number[] = [];
    for (const [permission_name, view_name] of pairs) {
      const key = `${permission_name}\u0000${view_name}`;
      let id = permissionIds.get(key);
      if (id === undefined) {
        id = (await Permission.create({ permission_name, view_name })).id;
        permissionIds.set(key, id);
      }
      ids.push(id);
    }
    // Built-in roles are managed like Superset's: their pairs come back at every start; extra pairs an admin granted stay.
    await (role as unknown as { addPermissions(ids: number[]): Promise<void> }).addPermissions(ids);
  }
}
