import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempStore } from '../helpers/temp-store';

let close: () => Promise<void>;
let checkCredentials: typeof import('../../app/server/auth/login.server').checkCredentials;
let loadUser: typeof import('../../app/server/auth/current-user.server').loadUser;
let requirePermission: typeof import('../../app/server/auth/current-user.server').requirePermission;
let issueToken: typeof import('../../app/server/auth/tokens.server').issueToken;
let verifyToken: typeof import('../../app/server/auth/tokens.server').verifyToken;

beforeAll(async () => {
  ({ close } = await useTempStore());
  ({ checkCredentials } = await import('../../app/server/auth/login.server'));
  ({ loadUser, requirePermission } = await import('../../app/server/auth/current-user.server'));
  ({ issueToken, verifyToken } = await import('../../app/server/auth/tokens.server'));
  const { createUser } = await import('../../app/server/security/users.server');
  await createUser({ username: 'ann', password: 'ann-password', roles: ['Gamma'] });
  await createUser({ username: 'bob', password: 'bob-password', roles: ['Gamma'] });
  await createUser({ username: 'root', password: 'root-password', roles: ['Admin'] });
  await createUser({ username: 'gone', password: 'gone-password', roles: ['Gamma'], active: false });
});
afterAll(() => close());

describe('credentials', () => {
  it('accepts the right password and gives one message for every failure', async () => {
    expect(await checkCredentials('ann', 'ann-password')).toMatchObject({ ok: true });
    expect(await checkCredentials('ann', 'nope')).toEqual({ ok: false, message: 'Invalid username or password.' });
    expect(await checkCredentials('nobody', 'nope')).toEqual({ ok: false, message: 'Invalid username or password.' });
    expect(await checkCredentials('gone', 'gone-password')).toEqual({ ok: false, message: 'Invalid username or password.' });
  });

  it('answers 429 after five failures for one user within a minute, and only for that user', async () => {
    for (let i = 0; i < 5; i++) expect((await checkCredentials('bob', `wrong-${i}`)).ok).toBe(false);
    const throttled = await checkCredentials('bob', 'bob-password').then(() => null, (e: unknown) => e);
    expect(throttled).toBeInstanceOf(Response);
    expect((throttled as Response).status).toBe(429);
    expect((await checkCredentials('ann', 'ann-password')).ok).toBe(true);
  });
});

describe('roles and tokens', () => {
  it('loads roles as role name to [permission, view] pairs and checks them', async () => {
    const { models } = await import('../../app/server/db.server');
    const ann = await models().User.findOne({ where: { username: 'ann' } });
    const user = (await loadUser(ann!.id, 'cookie'))!;
    expect(Object.keys(user.roles)).toEqual(['Gamma']);
    expect(user.roles.Gamma).toContainEqual(['can_read', 'Chart']);
    expect(() => requirePermission(user, 'can_read', 'Chart')).not.toThrow();
    const denied = (() => { try { requirePermission(user, 'menu_access', 'SQL Lab'); return null; } catch (e) { return e; } })();
    expect((denied as Response).status).toBe(403);
    const root = await models().User.findOne({ where: { username: 'root' } });
    const admin = (await loadUser(root!.id, 'cookie'))!;
    expect(() => requirePermission(admin, 'anything', 'Anywhere')).not.toThrow();
  });

  it('keeps access and refresh tokens apart and refuses forged ones', async () => {
    const access = await issueToken(7, 'access');
    const refresh = await issueToken(7, 'refresh');
    expect(await verifyToken(access, 'access')).toBe(7);
    expect(await verifyToken(refresh, 'refresh')).toBe(7);
    expect(await verifyToken(access, 'refresh')).toBeNull();
    expect(await verifyToken(refresh, 'access')).toBeNull();
    expect(await verifyToken(`${access.slice(0, -2)}xx`, 'access')).toBeNull();
  });

  it('refuses a token once it has expired, though it was verified (and remembered) before', async () => {
    const access = await issueToken(8, 'access');
    expect(await verifyToken(access, 'access')).toBe(8);
    const { env } = await import('../../app/server/env.server');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (env().ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
      expect(await verifyToken(access, 'access')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads a user with the permissions and the ids of every role they hold', async () => {
    const { models } = await import('../../app/server/db.server');
    const ann = await models().User.findOne({ where: { username: 'ann' } });
    const gamma = await models().Role.findOne({ where: { name: 'Gamma' } });
    const user = (await loadUser(ann!.id, 'bearer'))!;
    expect(user.roleIds).toEqual([gamma!.id]);
    expect(Object.keys(user.roles)).toEqual(['Gamma']);
    expect(user.roles.Gamma).toContainEqual(['can_read', 'Chart']);
    const gone = await models().User.findOne({ where: { username: 'gone' } });
    expect(await loadUser(gone!.id, 'bearer')).toBeNull();
  });
});
