/**
 * The Redis results store (REDIS_URL set): each payload is one key with Redis's own expiry, so
 * nothing needs purging. Trusted: node-redis's protocol handling. Checked: every command has a
 * deadline (a Redis that stops answering fails the request instead of hanging it), and the
 * client reconnects on its own after a drop. Keys are prefixed so the same Redis can serve
 * other uses.
 */
import { createClient, RESP_TYPES } from 'redis';
import type { ResultsStore } from './results-backend.server';

const PREFIX = 'sightline:sqllab:results:';
const COMMAND_TIMEOUT_MS = 10_000;

function connect(url: string) {
  const client = createClient({
    url,
    socket: { connectTimeout: 5_000, reconnectStrategy: (retries) => Math.min(retries * 200, 5_000) },
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
  }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  // Without a listener node-redis would throw on a dropped connection; the next command reports it.
  client.on('error', () => {});
  return client;
}

export function redisResultsStore(url: string): ResultsStore {
  let client: ReturnType<typeof connect> | null = null;
  let connecting: Promise<ReturnType<typeof connect>> | null = null;

  const ready = async () => {
    if (client?.isReady) return client;
    connecting ??= (async () => {
      const c = client ?? connect(url);
      client = c;
      if (!c.isOpen) await c.connect();
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

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
    async close() {
      const c = client;
      client = null;
      if (c?.isOpen) await c.close();
    },
  };
}
