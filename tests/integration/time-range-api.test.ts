/**
 * GET /api/v1/time_range/ through the real server: Superset's answer shape for one range and for
 * a list, a 400 naming the problem for a range that does not parse, 401 without a login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRisonUri } from '../../app/lib/rison';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startApp, type AppUnderTest } from '../helpers/app-under-test';

let app: AppUnderTest;
let token: string;

beforeAll(async () => {
  app = await startApp();
  const login = await app.fetch('/api/v1/security/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD, provider: 'db' }),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await app?.close();
});

const get = (q: unknown, auth = true) =>
  app.fetch(`/api/v1/time_range/?q=${encodeRisonUri(q)}`, { headers: auth ? { Authorization: `Bearer ${token}` } : {} });

describe('GET /api/v1/time_range/', () => {
  it('answers a fixed range with its bounds', async () => {
    const answer = await get('2024-01-01 : 2024-02-01');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ result: [{ since: '2024-01-01T00:00:00', until: '2024-02-01T00:00:00', timeRange: '2024-01-01 : 2024-02-01', shift: null }] });
  });

  it('answers a list of ranges with shifts, in order', async () => {
    const answer = await get([{ timeRange: 'No filter' }, { timeRange: '2024-03-01 : 2024-03-08', shift: '1 week ago' }]);
    expect(answer.status).toBe(200);
    const { result } = (await answer.json()) as { result: { since: string; until: string }[] };
    expect(result.map((r) => [r.since, r.until])).toEqual([['', ''], ['2024-02-23T00:00:00', '2024-03-01T00:00:00']]);
  });

  it('refuses a range it cannot read with a 400 that says why, and callers who are not logged in with a 401', async () => {
    const bad = await get('DATEADD(DATETIME("today"), -7) : today');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Unexpected time range: /);
    expect((await get('Last week', false)).status).toBe(401);
  });
});
