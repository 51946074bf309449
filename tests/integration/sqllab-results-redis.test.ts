/**
 * The Redis results backend (REDIS_URL set) against the real server on 127.0.0.1:6379: payloads
 * stored under a prefixed key with Redis's own expiry, read back exact, gone once expired. With
 * CI=true an unreachable Redis fails the run instead of skipping.
 */
import crypto from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, requireRedis } from '../helpers/redis';
import { useTempStore } from '../helpers/temp-store';

const up = await requireRedis();

type Backend = typeof import('../../app/server/sqllab/results-backend.server');

describe.skipIf(!up)('results backend on Redis', () => {
  let store: Awaited<ReturnType<typeof useTempStore>>;
  let backend: Backend;
  const raw = createClient({ url: REDIS_URL });

  beforeAll(async () => {
    process.env.REDIS_URL = REDIS_URL;
    process.env.RESULTS_TTL_SECONDS = '2';
    store = await useTempStore();
    backend = await import('../../app/server/sqllab/results-backend.server');
    await raw.connect();
  });
  afterAll(async () => {
    await backend?.closeResultsStore();
    await raw.close();
    await store?.close();
  });

  it('stores, reads back exactly, and lets Redis expire the key', async () => {
    expect(backend.resultsStore().name).toBe('redis');
    const key = crypto.randomUUID();
    const results = { columns: [{ column_name: 'n', name: 'n', type: 'BIGINT', type_generic: 0, is_dttm: false }], rows: [[9007199254740993n], ['é']] };
    await backend.storeResults(key, results);
    expect(await backend.loadResults(key)).toEqual(results);
    const ttl = await raw.ttl(`sightline:sqllab:results:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2);
    expect(await store.models().QueryResult.count()).toBe(0);
    await new Promise((r) => setTimeout(r, 2_600));
    expect(await backend.loadResults(key)).toBeNull();
    expect(await backend.loadResults('never-stored')).toBeNull();
  });
});
