/**
 * One way to reach Redis for every store that uses it (chart data cache, SQL Lab results): the
 * same connection settings, and a client connected on first use and shared by the commands that
 * arrive while it connects. Trusted: node-redis's protocol handling. Checked: every command has a
 * deadline (a Redis that stops answering fails the request instead of hanging it) and the client
 * reconnects by itself after a drop.
 */
import { createClient } from 'redis';

const COMMAND_TIMEOUT_MS = 10_000;

export function createRedisClient(url: string) {
  const client = createClient({
    url,
    socket: { connectTimeout: 5_000, reconnectStrategy: (retries) => Math.min(retries * 200, 5_000) },
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
  });
  // Without a listener node-redis would throw on a dropped connection; the next command reports it.
  client.on('error', () => {});
  return client;
}

interface Connectable {
  readonly isReady: boolean;
  readonly isOpen: boolean;
  connect(): Promise<unknown>;
  close(): Promise<unknown>;
}

/**
 * `ready()` answers `make()`'s client once connected: made on the first call, reused after, one
 * connect at a time; `close()` closes it, and the next `ready()` makes a new one.
 */
export function lazyConnection<C extends Connectable>(make: () => C): { ready(): Promise<C>; close(): Promise<void> } {
  let client: C | null = null;
  let connecting: Promise<C> | null = null;
  return {
    async ready() {
      if (client?.isReady) return client;
      connecting ??= (async () => {
        const c = client ?? make();
        client = c;
        if (!c.isOpen) await c.connect();
        return c;
      })().finally(() => {
        connecting = null;
      });
      return connecting;
    },
    async close() {
      const c = client;
      client = null;
      if (c?.isOpen) await c.close();
    },
  };
}
