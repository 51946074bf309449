import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempStore } from '../helpers/temp-store';

let close: () => Promise<void>;
let cache: typeof import('../../app/server/cache/cache.server');

beforeAll(async () => {
  ({ close } = await useTempStore());
  cache = await import('../../app/server/cache/cache.server');
});
afterAll(() => close());

describe('shared cache', () => {
  it('answers a stored value until it expires', async () => {
    await cache.cacheSet('schemas:1', ['main'], 60);
    expect(await cache.cacheGet('schemas:1')).toEqual(['main']);
    await cache.cacheSet('short', 1, 0.05);
    await new Promise((r) => setTimeout(r, 80));
    expect(await cache.cacheGet('short')).toBeUndefined();
  });

  it('loads once, then serves the cache, and force reloads', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.cached('k', 60, load)).toBe(1);
    expect(await cache.cached('k', 60, load)).toBe(1);
    expect(await cache.cached('k', 60, load, true)).toBe(2);
    expect(await cache.cached('k', 60, load)).toBe(2);
    expect(await cache.cached('never', 0, load)).toBe(3);
    expect(await cache.cached('never', 0, load)).toBe(4);
  });

  it('deletes by prefix, treating _ and % literally', async () => {
    await cache.cacheSet('db:1:a', 1, 60);
    await cache.cacheSet('db:1:b', 1, 60);
    await cache.cacheSet('db:10:a', 1, 60);
    await cache.cacheSet('db_1:x', 1, 60);
    await cache.cacheSet('dbx1:x', 1, 60);
    await cache.cacheDelete('db:1:');
    await cache.cacheDelete('db_1');
    expect(await cache.cacheGet('db:1:a')).toBeUndefined();
    expect(await cache.cacheGet('db:1:b')).toBeUndefined();
    expect(await cache.cacheGet('db:10:a')).toBe(1);
    expect(await cache.cacheGet('db_1:x')).toBeUndefined();
    expect(await cache.cacheGet('dbx1:x')).toBe(1);
  });
});
