/**
 * Who may see a dataset, as Superset's security manager decides it: Admin, all_datasource_access,
 * access to its database (app/server/access/database-access.server.ts), schema_access on its
 * schema, or datasource_access on the dataset itself. The permission view names carry the
 * database's name and the dataset's id as Superset spells them (`[examples].[birth_names](id:3)`,
 * spelled in app/server/access/data-grants.server.ts, which resolves the same grants for lists).
 */
import type { Transaction } from 'sequelize';
import { hasPermission } from '~/lib/permissions';
import { datasetPermissionView, schemaPermissionView, type DatasetRef } from '../access/data-grants.server';
import { canAccessDatabase } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { ForbiddenError } from '../domain-errors.server';

export function canAccessDataset(user: Pick<CurrentUser, 'roles'>, d: DatasetRef): boolean {
  return (
    hasPermission(user.roles, 'all_datasource_access', 'all_datasource_access') ||
    canAccessDatabase(user, d.database) ||
    (d.schema !== null && hasPermission(user.roles, 'schema_access', schemaPermissionView(d.database, d.schema))) ||
    hasPermission(user.roles, 'datasource_access', datasetPermissionView(d))
  );
}

export function requireDatasetAccess(user: Pick<CurrentUser, 'roles'>, d: DatasetRef): void {
  if (!canAccessDataset(user, d)) {
    throw new ForbiddenError(`You do not have access to the dataset "${d.table_name}". Ask an admin for datasource_access on ${datasetPermissionView(d)}.`);
  }
}

/**
 * The dataset's own datasource_access permission, made with the dataset as Superset's set_perm
 * makes it, so an admin can grant it in the roles editor at once.
 */
export async function createDatasetPermission(d: DatasetRef, transaction: Transaction): Promise<void> {
  await models().Permission.findOrCreate({ where: { permission_name: 'datasource_access', view_name: datasetPermissionView(d) }, transaction });
}
