/**
 * The shared cache on Redis (REDIS_URL set), against the real server on 127.0.0.1:6379: entries
 * under a prefixed key with Redis's own expiry, prefix deletes that take `*` and `?` literally, an
 * unreadable entry told apart from a missing one, and chart data answered from it (nothing in
 * the metadata store's cache table). With CI=true an unreachable Redis fails the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, requireRedis } from '../helpers/redis';
import { loadExamples } from '../../app/server/examples/load.server';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

const up = await requireRedis();

type CacheModule = typeof import('../../app/server/cache/cache.server');

describe.skipIf(!up)('cache on Redis', () => {
  let s: SqlLabApp;
  let cache: CacheModule;
  const raw = createClient({ url: REDIS_URL });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-chart-redis-'));
  const run = Math.random().toString(36).slice(2, 10);

  beforeAll(async () => {
    process.env.REDIS_URL = REDIS_URL;
    const url = `sqlite:///${path.join(dir, 'examples.sqlite')}`;
    await loadExamples({ url, tables: ['birth_names'] });
    s = await startSqlLabApp({ worker: false });
    cache = await s.app.load<CacheModule>('/app/server/cache/cache.server.ts');
    await raw.connect();
  }, 120_000);
  afterAll(async () => {
    await cache?.closeCacheStore();
    if (raw.isOpen) await raw.close();
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores under a prefixed key with Redis\'s expiry, and reads it back', async () => {
    expect(cache.cacheStore().name).toBe('redis');
    await cache.cacheSet(`t:${run}:a`, { n: 1, s: 'é' }, 60);
    expect(await cache.cacheGet(`t:${run}:a`)).toEqual({ n: 1, s: 'é' });
    const ttl = await raw.pTTL(`sightline:cache:t:${run}:a`);
    expect(ttl).toBeGreaterThan(59_000);
    await cache.cacheSet(`t:${run}:short`, 1, 0.05);
    await new Promise((r) => setTimeout(r, 120));
    expect(await cache.cacheGet(`t:${run}:short`)).toBeUndefined();
    await cache.cacheSet(`t:${run}:never`, 1, 0);
    expect(await raw.exists(`sightline:cache:t:${run}:never`)).toBe(0);
  });

  it('deletes by prefix, taking glob characters literally', async () => {
    for (const key of ['p*:1', 'p*:2', 'px:1', 'p?:1']) await cache.cacheSet(`t:${run}:${key}`, 1, 60);
    await cache.cacheDelete(`t:${run}:p*`);
    expect(await cache.cacheGet(`t:${run}:p*:1`)).toBeUndefined();
    expect(await cache.cacheGet(`t:${run}:p*:2`)).toBeUndefined();
    expect(await cache.cacheGet(`t:${run}:px:1`)).toBe(1);
    expect(await cache.cacheGet(`t:${run}:p?:1`)).toBe(1);
    await cache.cacheDelete(`t:${run}:`);
    expect(await raw.keys(`sightline:cache:t:${run}:*`)).toEqual([]);
  });

  it('tells an unreadable entry from a missing one, and `cached` recomputes it', async () => {
    await raw.set(`sightline:cache:t:${run}:bad`, '{"cut', { expiration: { type: 'EX', value: 60 } });
    await expect(cache.cacheGet(`t:${run}:bad`)).rejects.toBeInstanceOf(cache.CacheUnreadableError);
    expect(await cache.cached(`t:${run}:bad`, 60, async () => 'fresh')).toBe('fresh');
    expect(await cache.cacheGet(`t:${run}:bad`)).toBe('fresh');
  });

  it('answers chart data from Redis on the second call', async () => {
    const db = await s.addDatabase({ database_name: 'examples', sqlalchemy_uri: `sqlite:///${path.join(dir, 'examples.sqlite')}` });
    const created = await s.call<{ id: number }>('POST', '/api/v1/dataset/', { database: db.id, schema: 'main', table_name: 'birth_names' });
    expect(created.status, created.text).toBe(201);
    const body = { datasource: { id: created.body.id, type: 'table' }, queries: [{ metrics: ['count'], columns: ['state'], row_limit: 3, orderby: [['count', false]] }] };
    type Answer = { result: (Json & { cache_key: string; is_cached: boolean; data: Json[] })[] };
    const first = await s.call<Answer>('POST', '/api/v1/chart/data', body);
    expect(first.status, first.text).toBe(200);
    const second = await s.call<Answer>('POST', '/api/v1/chart/data', body);
    expect(second.body.result[0]).toMatchObject({ is_cached: true, data: first.body.result[0].data });
    expect(await raw.exists(`sightline:cache:${first.body.result[0].cache_key}`)).toBe(1);
    expect(await s.app.models().CacheEntry.count()).toBe(0);
    const byKey = await s.call<Answer>('GET', `/api/v1/chart/data/${first.body.result[0].cache_key}`);
    expect(byKey.body.result[0].data).toEqual(first.body.result[0].data);
    await raw.del(`sightline:cache:${first.body.result[0].cache_key}`);
  });
});
