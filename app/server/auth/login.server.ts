/**
 * Checking credentials, shared by the login page and `POST /api/v1/security/login`. Trusts
 * nothing in the username and password (both text from the client, NUL already refused where
 * the body was read). Each attempt is counted before the password is hashed (login-throttle.server.ts),
 * and the hash runs in the fair slots under the username's share (hash-slots.server.ts); an
 * unknown or inactive username is hashed too, against a dummy, under one share for all of them.
 * Every failure answers the same message, so it never tells which of the two was wrong.
 */
import { models } from '../db.server';
import { httpError } from '../api/http-errors.server';
import { HashSlotsBusyError } from './hash-slots.server';
import { admitAttempt, dropExpiredAttempts, forgetAttempts, MAX_USERNAME_LENGTH, WINDOW_MS } from './login-throttle.server';
import { UNKNOWN_USER_HASH, verifyPassword } from './password.server';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Wait a minute and try again.';
const TOO_MANY_AT_ONCE = 'Too many login attempts for this username at once. Wait a moment and try again.';

export type CredentialsResult = { ok: true; userId: number } | { ok: false; message: string };

/** The share of the hashing slots every unknown or inactive username takes together: a spray of made-up names waits behind itself. */
const UNKNOWN_SHARE = 'unknown-user';

/** Checks a username and password; throws a 429 Response while the username is throttled. */
export async function checkCredentials(username: string, password: string): Promise<CredentialsResult> {
  if (username.length > MAX_USERNAME_LENGTH) return { ok: false, message: INVALID_CREDENTIALS };
  if (!(await admitAttempt(username))) {
    throw httpError(429, TOO_MANY_ATTEMPTS, { 'Retry-After': String(WINDOW_MS / 1000) });
  }
  const user = await models().User.findOne({ where: { username } });
  const known = user !== null && user.active;
  let valid: boolean;
  try {
    valid = await verifyPassword(password, known ? user.password_hash : UNKNOWN_USER_HASH, known ? `user:${username}` : UNKNOWN_SHARE);
  } catch (error) {
    if (error instanceof HashSlotsBusyError) throw httpError(429, TOO_MANY_AT_ONCE, { 'Retry-After': '1' });
    throw error;
  }
  if (!known || !valid) {
    await dropExpiredAttempts();
    return { ok: false, message: INVALID_CREDENTIALS };
  }
  await forgetAttempts(username);
  await user.update({ last_login: new Date(), login_count: user.login_count + 1 });
  return { ok: true, userId: user.id };
}
