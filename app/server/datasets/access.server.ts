/**
 * Who may see a dataset, as Superset's security manager decides it: Admin, all_datasource_access,
 * access to its database (app/server/access/database-access.server.ts), schema_access on its
 * schema, or datasource_access on the dataset itself. The permission view names carry the
 * database's name and the dataset's id as Superset spells them (`[examples].[birth_names](id:3)`).
 */
import { hasPermission } from '~/lib/permissions';
import { canAccessDatabase, type DatabaseRef } from '../access/database-access.server';
import type { CurrentUser } from '../auth/current-user.server';
import { forbidden } from '../http.server';

export type DatasetRef = { id: number; table_name: string; schema: string | null; database: DatabaseRef };

export function datasetPermissionView(d: DatasetRef): string {
  return `[${d.database.database_name}].[${d.table_name}](id:${d.id})`;
}

export function schemaPermissionView(db: DatabaseRef, schema: string): string {
  return `[${db.database_name}].[${schema}]`;
}

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
    throw forbidden(`You do not have access to the dataset "${d.table_name}". Ask an admin for datasource_access on ${datasetPermissionView(d)}.`);
  }
}
