/**
 * The machine's Redis for integration tests (127.0.0.1:6379): whether it answers, and a suite
 * that runs only when it does — with CI=true an unreachable Redis fails the run instead.
 */
import { createClient } from 'redis';
import { mustHaveServices } from './databases';

export const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.close();
  }
}

/** True when Redis answers; throws under CI=true when it does not. */
export async function requireRedis(): Promise<boolean> {
  const up = await redisReachable();
  if (!up && mustHaveServices) throw new Error(`Redis is not reachable at ${REDIS_URL} and CI=true: failing instead of skipping`);
  return up;
}
