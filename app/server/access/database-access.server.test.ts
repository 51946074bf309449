import { describe, expect, it } from 'vitest';
import { errorResponse } from '../api/error-response.server';
import { canAccessDatabase, databasePermissionView, requireDatabaseAccess } from './database-access.server';

const db = { id: 7, database_name: 'sales' };

describe('database access', () => {
  it('spells the permission view as Superset does', () => {
    expect(databasePermissionView(db)).toBe('[sales].(id:7)');
  });

  it('is granted to admins, to all_database_access, and to the database_access of this very database', () => {
    expect(canAccessDatabase({ roles: { Admin: [] } }, db)).toBe(true);
    expect(canAccessDatabase({ roles: { Alpha: [['all_database_access', 'all_database_access']] } }, db)).toBe(true);
    expect(canAccessDatabase({ roles: { r: [['database_access', '[sales].(id:7)']] } }, db)).toBe(true);
  });

  it('is refused for reading rights alone, another database, or a same-named database with another id', () => {
    expect(canAccessDatabase({ roles: { Gamma: [['can_read', 'Database']] } }, db)).toBe(false);
    expect(canAccessDatabase({ roles: { r: [['database_access', '[other].(id:8)']] } }, db)).toBe(false);
    expect(canAccessDatabase({ roles: { r: [['database_access', '[sales].(id:70)']] } }, db)).toBe(false);
  });

  it('throws a 403 naming the permission to ask for', async () => {
    let thrown: unknown;
    try {
      requireDatabaseAccess({ roles: {} }, db);
    } catch (error) {
      // As the client gets it, through the one error mapper.
      thrown = errorResponse(error);
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(
      'You do not have access to the database "sales". Ask an admin for database_access on [sales].(id:7) or all_database_access.',
    );
  });
});
