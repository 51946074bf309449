/**
 * The Redis results store (REDIS_URL set): each payload is one key with Redis's own expiry, so
 * nothing needs purging. The client and its deadlines: app/server/redis/client.server.ts. Keys
 * are prefixed so the same Redis can serve other uses.
 */
import { RESP_TYPES } from 'redis';
import { createRedisClient, lazyConnection } from '../redis/client.server';
import type { ResultsStore } from './results-backend.server';

const PREFIX = 'sightline:sqllab:results:';

export function redisResultsStore(url: string): ResultsStore {
  // Payloads are bytes: blob strings come back as Buffers.
  const connection = lazyConnection(() => createRedisClient(url).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }));
  const ready = connection.ready;

  return {
    name: 'redis',
    async put(key, payload, ttlSeconds) {
      await (await ready()).set(PREFIX + key, payload, { expiration: { type: 'EX', value: Math.max(1, Math.round(ttlSeconds)) } });
    },
    async get(key) {
      const value = await (await ready()).get(PREFIX + key);
      return value ?? null;
    },
    async delete(key) {
      await (await ready()).del(PREFIX + key);
    },
    async purgeExpired() {
      return 0;
    },
    close: connection.close,
  };
}
