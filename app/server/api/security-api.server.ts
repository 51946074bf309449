/**
 * Superset's token and session endpoints: `security/login` (credentials → JWTs), `security/refresh`
 * (refresh JWT → access JWT), `security/csrf_token/` and `me/`. Login and refresh are the two
 * endpoints that cannot start with requireUser: the credentials or the refresh token in the
 * request are what they check, with the same code as the login page (checkCredentials, its
 * throttle included) and the same token rules (tokens.server.ts).
 */
import { z } from 'zod';
import type { RolePermissions } from '~/lib/permissions';
import { loadUser, requireUser, type CurrentUser } from '../auth/current-user.server';
import { checkCredentials } from '../auth/login.server';
import { commitSession, csrfToken, getSession } from '../auth/session.server';
import { bearerToken, issueToken, verifyToken } from '../auth/tokens.server';
import { unauthorized } from '../http.server';
import { apiRoute, json, parseJsonBody, resultResponse } from './respond.server';

const REQUIRED = 'Missing data for required field.';
const requiredString = () => z.string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid string.') });

export const LoginBodySchema = z.object({
  username: requiredString().min(1, REQUIRED),
  password: requiredString().min(1, REQUIRED),
  provider: requiredString().refine((p) => p === 'db', "Only the 'db' provider is supported."),
  refresh: z.boolean({ error: 'Not a valid boolean.' }).default(false),
});

export function handleLogin(request: Request): Promise<Response> {
  return apiRoute(async () => {
    const body = await parseJsonBody(request, LoginBodySchema);
    // Throws the throttle's 429 itself; apiRoute passes it through.
    const checked = await checkCredentials(body.username, body.password);
    if (!checked.ok) return unauthorized();
    const tokens: { access_token: string; refresh_token?: string } = { access_token: await issueToken(checked.userId, 'access', true) };
    if (body.refresh) tokens.refresh_token = await issueToken(checked.userId, 'refresh');
    return json(tokens);
  });
}

export function handleRefresh(request: Request): Promise<Response> {
  return apiRoute(async () => {
    const token = bearerToken(request);
    const userId = token ? await verifyToken(token, 'refresh') : null;
    // A deactivated or deleted user's refresh token stops working at once.
    const user = userId === null ? null : await loadUser(userId, 'bearer');
    if (!user) return unauthorized();
    return json({ access_token: await issueToken(user.id, 'access', false) });
  });
}

/** The session's CSRF token for cookie-authenticated clients (created on first use, kept in the cookie). */
export function handleCsrfToken(request: Request): Promise<Response> {
  return apiRoute(async () => {
    // Any logged-in user needs this to make any change: login is the only requirement, as in Superset.
    await requireUser(request);
    const session = await getSession(request);
    const token = csrfToken(session);
    return resultResponse(token, { headers: { 'Set-Cookie': await commitSession(session) } });
  });
}

/** The pairs of a permission across the user's roles: `datasource_access` → the datasources granted. */
function viewsWith(roles: RolePermissions, permission: string): string[] {
  const views = new Set<string>();
  for (const pairs of Object.values(roles)) for (const [p, v] of pairs) if (p === permission) views.add(v);
  return [...views].sort();
}

/** The user as `me/` answers: Superset's field names, plus the camelCase ones the spec's User uses. */
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
      database_access: viewsWith(user.roles, 'database_access'),
      datasource_access: viewsWith(user.roles, 'datasource_access'),
    },
  };
}

export function handleMe(request: Request): Promise<Response> {
  return apiRoute(async () => {
    // Who am I is open to every logged-in user (only active users load at all), as in Superset.
    const user = await requireUser(request);
    return resultResponse(describeMe(user));
  });
}
