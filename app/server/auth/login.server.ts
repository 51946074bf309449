/**
 * Checking credentials, shared by the login page and `POST /api/v1/security/login`. Failures
 * are recorded in the metadata store (not in memory) so the throttle holds across processes.
 * Every failure answers the same message, so it never tells which of the two was wrong.
 */
import { Op } from 'sequelize';
import { models } from '../db.server';
import { httpError } from '../http.server';
import { verifyPassword } from './password.server';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Wait a minute and try again.';
const MAX_FAILURES = 5;
const WINDOW_MS = 60_000;

export type CredentialsResult = { ok: true; userId: number } | { ok: false; message: string };

/** Checks a username and password; throws a 429 Response while the username is throttled. */
export async function checkCredentials(username: string, password: string): Promise<CredentialsResult> {
  const { User, LoginFailure } = models();
  const since = new Date(Date.now() - WINDOW_MS);
  const recentFailures = await LoginFailure.count({ where: { username, failed_at: { [Op.gte]: since } } });
  if (recentFailures >= MAX_FAILURES) throw httpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': '60' });

  const user = await User.findOne({ where: { username } });
  const valid = user !== null && user.active && (await verifyPassword(password, user.password_hash));
  if (!user || !valid) {
    await LoginFailure.create({ username, failed_at: new Date() });
    // Old rows only matter for the window; drop them as we go so the table stays small.
    await LoginFailure.destroy({ where: { failed_at: { [Op.lt]: since } } });
    return { ok: false, message: INVALID_CREDENTIALS };
  }
  await LoginFailure.destroy({ where: { username } });
  await user.update({ last_login: new Date(), login_count: user.login_count + 1 });
  return { ok: true, userId: user.id };
}
