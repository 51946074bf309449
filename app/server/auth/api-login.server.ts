/**
 * Superset's token endpoints: `security/login` trades credentials for JWTs, `security/refresh` a
 * refresh JWT for an access JWT. They are the two calls nobody is logged in for: what they check
 * is the credentials or the token they were given, with the login page's own code
 * (checkCredentials, its throttle included, whose 429 Response passes through as it is) and the
 * token rules of tokens.server.ts. Any failure is one 401 "Not authorized", as Superset answers.
 */
import type { LoginBody } from '~/lib/auth-forms';
import { NotAuthenticatedError } from '../domain-errors.server';
import { loadUser } from './current-user.server';
import { checkCredentials } from './login.server';
import { issueToken, verifyToken } from './tokens.server';

export type LoginTokens = { access_token: string; refresh_token?: string };

export async function logInForTokens(body: LoginBody): Promise<LoginTokens> {
  const checked = await checkCredentials(body.username, body.password);
  if (!checked.ok) throw new NotAuthenticatedError();
  const tokens: LoginTokens = { access_token: await issueToken(checked.userId, 'access', true) };
  if (body.refresh) tokens.refresh_token = await issueToken(checked.userId, 'refresh');
  return tokens;
}

/** `refreshToken`: the request's bearer token, which must be a refresh token. */
export async function refreshAccessToken(refreshToken: string | null): Promise<{ access_token: string }> {
  const userId = refreshToken ? await verifyToken(refreshToken, 'refresh') : null;
  // A deactivated or deleted user's refresh token stops working at once.
  const user = userId === null ? null : await loadUser(userId, 'bearer');
  if (!user) throw new NotAuthenticatedError();
  return { access_token: await issueToken(user.id, 'access', false) };
}
