/**
 * Who may look inside a database (its schemas, tables, columns, a SELECT * of a table): the one
 * rule, as Superset's security manager has it. `can_read` on Database only lets a user see that
 * a database exists; reaching into it takes Admin, `all_database_access`, or the database's own
 * `database_access` permission, whose view name carries the name and id (`[examples].(id:1)`),
 * so granting one database never grants another that later takes the same name. Managing the
 * connection itself (registering, editing, testing, deleting, and seeing its URI) takes
 * `can_write` on Database, which only Admin holds unless an admin grants it.
 */
import { hasPermission, isAdmin } from '~/lib/permissions';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { ForbiddenError } from '../domain-errors.server';

export type DatabaseRef = { id: number; database_name: string };

/** The view name of a database's `database_access` permission, as Superset spells it. */
export function databasePermissionView(db: DatabaseRef): string {
  return `[${db.database_name}].(id:${db.id})`;
}

export function canAccessDatabase(user: Pick<CurrentUser, 'roles'>, db: DatabaseRef): boolean {
  return (
    isAdmin(user.roles) ||
    hasPermission(user.roles, 'all_database_access', 'all_database_access') ||
    hasPermission(user.roles, 'database_access', databasePermissionView(db))
  );
}

/** Throws a ForbiddenError (403 `{message}`) naming the permission that would grant access. */
export function requireDatabaseAccess(user: Pick<CurrentUser, 'roles'>, db: DatabaseRef): void {
  if (!canAccessDatabase(user, db)) {
    throw new ForbiddenError(
      `You do not have access to the database "${db.database_name}". Ask an admin for database_access on ${databasePermissionView(db)} or all_database_access.`,
    );
  }
}

/**
 * Who may manage connections and see them whole (URI, host, user, file path): holders of
 * can_write on Database, Admin alone by default, as Superset shows the URI only to its editors.
 */
export function canWriteDatabases(user: Pick<CurrentUser, 'roles'>): boolean {
  return hasPermission(user.roles, 'can_write', 'Database');
}

/** Throws a ForbiddenError unless the user may manage connections (canWriteDatabases). */
export function requireDatabaseWriter(user: CurrentUser): void {
  requirePermission(user, 'can_write', 'Database');
}
