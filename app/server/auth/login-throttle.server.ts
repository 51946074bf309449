/**
 * The login throttle: at most MAX_ATTEMPTS logins per username within WINDOW_MS, counted in the
 * metadata store so it holds across processes. An attempt is counted by one atomic statement
 * before its password is checked, an upsert that answers the new count (SQLite and PostgreSQL
 * alike): parallel attempts each get their own count, so exactly MAX_ATTEMPTS of them reach the
 * password hash and the others are refused. (Reading the count first and recording a failure
 * after the hash, as before, let 15 to 29 of 30 parallel attempts through.) A successful login
 * clears its username's count. Usernames are text from the client, bound as parameters.
 *
 * Within one window, this process sends at most MAX_ATTEMPTS attempts per username to the store
 * and refuses the others itself: a burst then costs the store a handful of writes, not one each
 * (every SQLite commit waits for the disk, and other users' logins wait behind them). Across
 * processes the store's count decides. The local count is the stricter of the two only when
 * another process's successful login reset the username within the same minute.
 */
import { Op, QueryTypes } from 'sequelize';
import { models, store } from '../db.server';

export const MAX_ATTEMPTS = 5;
export const WINDOW_MS = 60_000;
/** The longest username the users table holds: a longer one names nobody, and the counter's key column is as wide. */
export const MAX_USERNAME_LENGTH = 100;

// In both dialects the SET expressions read the row as it was, and ON CONFLICT locks it, so
// concurrent attempts for one username are counted one after the other. The leading comment
// is load-bearing: Sequelize's SQLite dialect runs text starting with INSERT INTO without
// reading rows, and this statement's answer is its RETURNING row.
const COUNT_ATTEMPT = `/* login throttle: count one attempt */
INSERT INTO login_attempts (username, window_start, attempts) VALUES ($1, $2, 1)
ON CONFLICT (username) DO UPDATE SET
  attempts = CASE WHEN login_attempts.window_start <= $3 THEN 1 ELSE login_attempts.attempts + 1 END,
  window_start = CASE WHEN login_attempts.window_start <= $3 THEN $2 ELSE login_attempts.window_start END
RETURNING attempts, window_start`;

/** This process's attempts per username in the current window: how many it sent to the store, and when the window ends. */
const local = new Map<string, { sent: number; windowEnd: number }>();
/** Enough for any real burst; past it the map is emptied rather than grown (the store still decides). */
const MAX_LOCAL = 10_000;

/**
 * Whether an attempt may go on to the password check: counted in the store first (or refused
 * here, when this process has sent its MAX_ATTEMPTS for the window already).
 */
export async function admitAttempt(username: string, now = Date.now()): Promise<boolean> {
  let entry = local.get(username);
  if (entry && entry.windowEnd <= now) entry = undefined;
  if (entry && entry.sent >= MAX_ATTEMPTS) return false;
  if (!entry) {
    if (local.size >= MAX_LOCAL) local.clear();
    entry = { sent: 0, windowEnd: now + WINDOW_MS };
    local.set(username, entry);
  }
  entry.sent++;
  const { attempts, windowStart } = await countAttempt(username, now);
  // The store's window, which another process may have opened earlier.
  entry.windowEnd = windowStart + WINDOW_MS;
  return attempts <= MAX_ATTEMPTS;
}

/**
 * Counts one attempt for the username in the store: how many it has made in the current window,
 * this one included, and when that window started.
 */
export async function countAttempt(username: string, now = Date.now()): Promise<{ attempts: number; windowStart: number }> {
  const rows = await store().sequelize.query<{ attempts: number | string; window_start: number | string }>(COUNT_ATTEMPT, {
    bind: [username, now, now - WINDOW_MS],
    type: QueryTypes.SELECT,
  });
  const attempts = Number(rows[0]?.attempts);
  const windowStart = Number(rows[0]?.window_start);
  if (!Number.isInteger(attempts) || !Number.isFinite(windowStart)) throw new Error('the login throttle did not count the attempt');
  return { attempts, windowStart };
}

/** After a successful login: the username starts afresh. */
export async function forgetAttempts(username: string): Promise<void> {
  local.delete(username);
  await models().LoginAttempt.destroy({ where: { username } });
}

let lastSweep = 0;

/** Windows that have passed matter no more: dropped now and then as failures come, so the table stays small. */
export async function dropExpiredAttempts(now = Date.now(), { force = false } = {}): Promise<void> {
  if (!force && now - lastSweep < WINDOW_MS / 6) return;
  lastSweep = now;
  await models().LoginAttempt.destroy({ where: { window_start: { [Op.lte]: now - WINDOW_MS } } });
}
