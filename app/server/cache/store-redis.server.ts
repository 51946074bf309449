/**
 * The cache in Redis (REDIS_URL set): each entry is one key with Redis's own expiry, so nothing
 * needs sweeping. The client and its deadlines: app/server/redis/client.server.ts. Keys are
 * prefixed, so the same Redis can serve SQL Lab's results and other uses; a prefix delete escapes
 * the glob characters of the prefix.
 */
import { createRedisClient, lazyConnection } from '../redis/client.server';
import type { CacheStore } from './cache.server';

const PREFIX = 'sightline:cache:';
const SCAN_BATCH = 500;

/** `prefix` as a SCAN MATCH pattern that matches it literally. */
export const globLiteral = (prefix: string) => prefix.replace(/[\\*?[\]]/g, (c) => `\\${c}`);

export function redisCacheStore(url: string): CacheStore {
  const connection = lazyConnection(() => createRedisClient(url));
  const ready = connection.ready;

  return {
    name: 'redis',
    async get(key) {
      return (await ready()).get(PREFIX + key);
    },
    async set(key, text, ttlSeconds) {
      // Milliseconds: a fraction of a second is a real expiry, not a rounding to zero or one.
      await (await ready()).set(PREFIX + key, text, { expiration: { type: 'PX', value: Math.max(1, Math.round(ttlSeconds * 1000)) } });
    },
    async deletePrefix(prefix) {
      const c = await ready();
      for await (const keys of c.scanIterator({ MATCH: `${globLiteral(PREFIX + prefix)}*`, COUNT: SCAN_BATCH })) {
        if (keys.length) await c.del(keys);
      }
    },
    close: connection.close,
  };
}
