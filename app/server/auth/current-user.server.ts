/**
 * Who is asking. A request is authenticated by a bearer token (API clients) or by the session
 * cookie (the browser). Cookie-authenticated mutations must carry the session's CSRF token,
 * in the X-CSRFToken header or a `csrf_token` form field; bearer requests need none, since a
 * browser never attaches a bearer token on its own.
 */
import { redirect } from '@remix-run/node';
import type { RolePermissions } from '~/lib/permissions';
import { hasPermission } from '~/lib/permissions';
import { isFormRequest, readForm } from '../api/body.server';
import { QueryTypes } from 'sequelize';
import { store } from '../db.server';
import { ForbiddenError } from '../domain-errors.server';
import { forbidden, httpError, unauthorized } from '../api/http-errors.server';
import { bearerToken, verifyToken } from './tokens.server';
import { getSession } from './session.server';

export type CurrentUser = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  theme: 'system' | 'light' | 'dark';
  roles: RolePermissions;
  /** The ids of the roles in `roles`, when the user was read from the store (row-level security matches on them). */
  roleIds?: number[];
  authenticatedBy: 'cookie' | 'bearer';
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type UserRow = { id: number; username: string; first_name: string; last_name: string; email: string | null; active: boolean | number; theme: string };
type GrantRow = { role_id: number; role_name: string; permission_name: string | null; view_name: string | null };

/**
 * The user with their roles' permissions, on every request: two plain queries read as rows, not
 * model instances (a join through roles to a few hundred permissions built as Sequelize instances
 * cost more than the rest of a cached chart data answer). SQLite answers booleans as 0 and 1.
 */
export async function loadUser(id: number, authenticatedBy: CurrentUser['authenticatedBy']): Promise<CurrentUser | null> {
  const { sequelize } = store();
  const [user] = await sequelize.query<UserRow>('SELECT id, username, first_name, last_name, email, active, theme FROM users WHERE id = ?', {
    replacements: [id],
    type: QueryTypes.SELECT,
  });
  if (!user || !user.active) return null;
  const grants = await sequelize.query<GrantRow>(
    `SELECT r.id AS role_id, r.name AS role_name, p.permission_name, p.view_name
       FROM user_roles ur
       JOIN roles r ON r.id = ur.role_id
       LEFT JOIN role_permissions rp ON rp.role_id = r.id
       LEFT JOIN permissions p ON p.id = rp.permission_id
      WHERE ur.user_id = ?`,
    { replacements: [id], type: QueryTypes.SELECT },
  );
  const roles: RolePermissions = {};
  const roleIds = new Set<number>();
  for (const grant of grants) {
    roleIds.add(Number(grant.role_id));
    const permissions = (roles[grant.role_name] ??= []);
    if (grant.permission_name !== null && grant.view_name !== null) permissions.push([grant.permission_name, grant.view_name]);
  }
  const saved = String(user.theme);
  const theme: CurrentUser['theme'] = saved === 'light' || saved === 'dark' ? saved : 'system';
  return {
    id: Number(user.id), username: user.username, firstName: user.first_name, lastName: user.last_name,
    email: user.email, theme, roles, roleIds: [...roleIds].sort((a, b) => a - b), authenticatedBy,
  };
}

/** The user behind the request, or null when nobody valid is logged in. */
export async function findCurrentUser(request: Request): Promise<CurrentUser | null> {
  const token = bearerToken(request);
  if (token) {
    const id = await verifyToken(token, 'access');
    return id === null ? null : loadUser(id, 'bearer');
  }
  const session = await getSession(request);
  const id = session.get('userId');
  return typeof id === 'number' ? loadUser(id, 'cookie') : null;
}

function isApi(request: Request) {
  return new URL(request.url).pathname.startsWith('/api/');
}

/**
 * The logged-in user, or: 401 for the API, a redirect to the login page for pages. Also
 * enforces CSRF on cookie-authenticated mutations.
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await findCurrentUser(request);
  if (!user) {
    if (isApi(request) || bearerToken(request)) throw unauthorized();
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (user.authenticatedBy === 'cookie' && !SAFE_METHODS.has(request.method.toUpperCase())) {
    await requireCsrf(request);
  }
  return user;
}

async function submittedCsrf(request: Request): Promise<string | null> {
  const header = request.headers.get('X-CSRFToken');
  if (header) return header;
  if (isFormRequest(request)) {
    // readForm keeps the parsed form with the request: the action reads the same one.
    const value = (await readForm(request)).get('csrf_token');
    return typeof value === 'string' ? value : null;
  }
  return null;
}

export async function requireCsrf(request: Request): Promise<void> {
  const session = await getSession(request);
  const expected = session.get('csrf');
  const given = await submittedCsrf(request);
  if (!expected || !given || given !== expected) {
    throw httpError(400, 'The CSRF token is missing or invalid.');
  }
}

const lacking = (permission: string, view: string) => `You do not have the permission ${permission} on ${view}.`;

/**
 * The one permission check domain functions make: a ForbiddenError unless the user holds the
 * pair. The API and pageResult() answer it as a 403 `{message}`.
 */
export function requirePermission(user: CurrentUser, permission: string, view: string): void {
  if (!hasPermission(user.roles, permission, view)) throw new ForbiddenError(lacking(permission, view));
}

/**
 * A page's gate: the logged-in user holding the pair. Request-level like requireUser, so it
 * throws what the page answers: the login redirect, or a 403 `{message}` Response its
 * ErrorBoundary shows, with no pageResult() around it.
 */
export async function requireUserWith(request: Request, permission: string, view: string): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!hasPermission(user.roles, permission, view)) throw forbidden(lacking(permission, view));
  return user;
}
