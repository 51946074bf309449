/**
 * A small shared cache: JSON values under string keys with a time to live, kept in the
 * metadata store so every process sees the same entries (a `force` refresh in one process is
 * seen by all). Expired rows are ignored on read and swept now and then on write.
 */
import { col, fn, Op, where } from 'sequelize';
import { models } from '../db.server';

const SWEEP_EVERY_WRITES = 200;
let writesSinceSweep = 0;

export async function cacheGet<T>(key: string): Promise<T | undefined> {
  const entry = await models().CacheEntry.findByPk(key);
  if (!entry || entry.expires_at.getTime() <= Date.now()) return undefined;
  return JSON.parse(entry.value) as T;
}

export async function cacheSet(key: string, value: unknown, ttlSeconds: number): Promise<void> {
  if (ttlSeconds <= 0) return;
  const { CacheEntry } = models();
  await CacheEntry.upsert({ cache_key: key, value: JSON.stringify(value), expires_at: new Date(Date.now() + ttlSeconds * 1000) });
  writesSinceSweep += 1;
  if (writesSinceSweep >= SWEEP_EVERY_WRITES) {
    writesSinceSweep = 0;
    await CacheEntry.destroy({ where: { expires_at: { [Op.lte]: new Date() } } });
  }
}

/** Drops every entry whose key starts with `prefix` (compared as text, so `_` and `%` are literal). */
export async function cacheDelete(prefix: string): Promise<void> {
  await models().CacheEntry.destroy({ where: where(fn('substr', col('cache_key'), 1, prefix.length), prefix) });
}

/**
 * The cached value, or `load()`'s result stored for `ttlSeconds`. `force` skips the read and
 * refreshes the entry; a ttl of 0 (or less) never caches.
 */
export async function cached<T>(key: string, ttlSeconds: number, load: () => Promise<T>, force = false): Promise<T> {
  if (!force && ttlSeconds > 0) {
    const hit = await cacheGet<T>(key);
    if (hit !== undefined) return hit;
  }
  const value = await load();
  await cacheSet(key, value, ttlSeconds);
  return value;
}
