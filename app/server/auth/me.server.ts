import { viewsWithPermission } from '~/lib/permissions';
import type { CurrentUser } from './current-user.server';

/**
 * The user as `me/` and `me/roles/` answer it: Superset's field names, plus the camelCase ones the
 * spec's User uses. Open to every logged-in user (only active users load at all), as in Superset.
 */
export function describeMe(user: CurrentUser) {
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    is_active: true,
    isActive: true,
    is_anonymous: false,
    roles: user.roles,
    permissions: {
      database_access: viewsWithPermission(user.roles, 'database_access'),
      datasource_access: viewsWithPermission(user.roles, 'datasource_access'),
    },
  };
}
