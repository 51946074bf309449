/**
 * The login throttle's cases (issue 8, finding 5), run against each metadata store by its own test
 * file (login-throttle.test.ts on SQLite, login-throttle-postgres.test.ts on PostgreSQL): attempts
 * are counted atomically before the password is hashed, and hashing is shared fairly, so one
 * username's burst cannot slow another user's login. Timings are compared with one login
 * measured in the same test, never with a fixed number of milliseconds.
 */
import { expect, it } from 'vitest';
import type { AppUnderTest } from './app-under-test';

type ThrottleModule = typeof import('../../app/server/auth/login-throttle.server');

function login(app: AppUnderTest, username: string, password: string): Promise<Response> {
  return app.fetch('/api/v1/security/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, provider: 'db' }),
  });
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const status of statuses) out[status] = (out[status] ?? 0) + 1;
  return out;
}

async function timed(work: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await work();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function defineLoginThrottleCases(getApp: () => AppUnderTest) {
  it('checks exactly 5 of 30 parallel wrong attempts for one username and answers the other 25 with 429', async () => {
    const app = getApp();
    await app.createUser({ username: 'parallel' });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(app, 'parallel', `wrong-${i}`)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 25 });
    const throttled = answers.find((a) => a.status === 429)!;
    expect(throttled.headers.get('Retry-After')).toBe('60');
    expect(((await throttled.json()) as { message: string }).message).toMatch(/Too many failed login attempts/);
    // The right password waits for the window too.
    expect((await login(app, 'parallel', 'parallel-password')).status).toBe(429);
  });

  it('counts parallel attempts in the store one after the other: 30 at once get the counts 1 to 30', async () => {
    // Straight to the store's statement, past this process's own cap, as 30 processes would send them.
    const throttle = await getApp().load<ThrottleModule>('/app/server/auth/login-throttle.server.ts');
    const now = Date.now();
    const counted = await Promise.all(Array.from({ length: 30 }, () => throttle.countAttempt('atomic', now)));
    expect(counted.map((c) => c.attempts).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('holds for a username nobody has, too', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(getApp(), 'no-such-user', `wrong-${i}`)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 7 });
  });

  it('does not let a burst of 100 wrong attempts for one username slow another user\'s login', async () => {
    const app = getApp();
    await app.createUser({ username: 'victim' });
    await app.createUser({ username: 'bystander' });
    // One login, hash included, measured here and now: the unit the burst is compared with.
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { ms, status } = await timed(() => login(app, 'bystander', 'bystander-password'));
      expect(status).toBe(200);
      alone.push(ms);
    }
    const burst = Promise.all(Array.from({ length: 100 }, (_, i) => login(app, 'victim', `guess-${i}`)));
    const during = await timed(() => login(app, 'bystander', 'bystander-password'));
    const answers = await burst;
    expect(during.status).toBe(200);
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 5, 429: 95 });
    // Unbounded, the burst's hashes took every pool thread and this login waited seconds behind them.
    expect(during.ms, `a login alone took ${alone.map(Math.round).join(', ')} ms; during the burst ${Math.round(during.ms)} ms`).toBeLessThan(4 * median(alone));
  });

  it('starts a username afresh after a successful login, and after its window has passed', async () => {
    const app = getApp();
    const throttle = await app.load<ThrottleModule>('/app/server/auth/login-throttle.server.ts');
    const { id } = await app.createUser({ username: 'forgetful' });
    for (let i = 0; i < 4; i++) expect((await login(app, 'forgetful', `typo-${i}`)).status).toBe(401);
    expect((await login(app, 'forgetful', 'forgetful-password')).status).toBe(200);
    expect(await app.models().LoginAttempt.count({ where: { username: 'forgetful' } })).toBe(0);
    expect(id).toBeGreaterThan(0);

    const t0 = Date.now();
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) counts.push((await throttle.countAttempt('windowed', t0 + i)).attempts);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    // The window runs from the first attempt; once it has passed, counting starts again.
    expect(await throttle.countAttempt('windowed', t0 + throttle.WINDOW_MS - 1)).toEqual({ attempts: 7, windowStart: t0 });
    expect(await throttle.countAttempt('windowed', t0 + throttle.WINDOW_MS)).toEqual({ attempts: 1, windowStart: t0 + throttle.WINDOW_MS });
    await throttle.dropExpiredAttempts(t0 + 3 * throttle.WINDOW_MS, { force: true });
    expect(await app.models().LoginAttempt.count({ where: { username: 'windowed' } })).toBe(0);
  });
}
