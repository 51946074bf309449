/**
 * Query signals over Redis (REDIS_URL on a SQLite metadata store): a state change published by
 * one publisher (as another process would, with its own origin) reaches a subscriber through the
 * real Redis on 127.0.0.1:6379, once; the publisher's own listeners get it once too (locally, not
 * again through Redis); a deployment on other channels (another metadata store) hears nothing.
 * Each run uses channels of its own (a prefix from a fresh store path), so parallel runs don't
 * collide. With CI=true an unreachable Redis fails the run instead of skipping.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_URL, requireRedis } from '../helpers/redis';
import { redisSignalPrefix, redisSignals, type Signals } from '../../app/server/jobs/signals.server';

const up = await requireRedis();

function collect(signals: Signals) {
  const got: string[] = [];
  signals.subscribe('sqllab_query', (id) => got.push(id));
  return got;
}

async function until(check: () => boolean, ms = 3_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(!up)('SQL Lab query signals on Redis', () => {
  const store = path.join(os.tmpdir(), `sightline-signals-${crypto.randomUUID()}.sqlite`);
  const prefix = redisSignalPrefix(store);
  const web = redisSignals(REDIS_URL, prefix);
  const worker = redisSignals(REDIS_URL, prefix);
  const elsewhere = redisSignals(REDIS_URL, redisSignalPrefix(`${store}-another-deployment`));
  afterAll(async () => {
    await Promise.all([web.close(), worker.close(), elsewhere.close()]);
  });

  it('names channels per metadata store', () => {
    expect(prefix).toMatch(/^sightline:signals:[0-9a-f]{16}:$/);
    expect(redisSignalPrefix(store)).toBe(prefix);
    expect(redisSignalPrefix(`${store}-another-deployment`)).not.toBe(prefix);
  });

  it('delivers a query\'s state change from one publisher to another\'s subscriber, once', async () => {
    expect(web.kind).toBe('redis');
    expect(web.crossProcess).toBe(true);
    const atWeb = collect(web);
    const atWorker = collect(worker);
    const atElsewhere = collect(elsewhere);
    // Subscriptions are made on first subscribe; give the SUBSCRIBE a moment to reach Redis.
    await new Promise((r) => setTimeout(r, 300));

    const sent = Date.now();
    worker.publish('sqllab_query', '42');
    await until(() => atWeb.includes('42'));
    // Pushed, well before a follower's fallback poll (2 s) would have re-read the record.
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(atWeb).toEqual(['42']);

    web.publish('sqllab_query', '43');
    await until(() => atWorker.includes('43'));
    await new Promise((r) => setTimeout(r, 300));
    // Each side hears its own signal once (locally) and the other's once (over Redis).
    expect(atWeb).toEqual(['42', '43']);
    expect(atWorker).toEqual(['42', '43']);
    expect(atElsewhere).toEqual([]);
  });
});
