/**
 * A small shared cache: JSON values under string keys with a time to live, kept where every
 * process sees the same entries (a `force` refresh in one process is seen by all): the metadata
 * store by default, Redis when REDIS_URL is set (store-redis.server.ts). Values are JSON text;
 * one that does not parse (written by hand, or cut short) is a CacheUnreadableError for the
 * caller that asks for it by key, and a miss for `cached`, which writes it anew.
 */
import { env } from '../env.server';
import { metadataCacheStore } from './store-metadata.server';
import { redisCacheStore } from './store-redis.server';

/** Where entries go. `get` answers null for unknown and expired keys alike. */
export interface CacheStore {
  readonly name: 'metadata' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, text: string, ttlSeconds: number): Promise<void>;
  /** Drops every entry whose key starts with `prefix`, taken literally. */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export class CacheUnreadableError extends Error {
  constructor(readonly key: string) {
    super(`The cached value under "${key}" cannot be read.`);
    this.name = 'CacheUnreadableError';
  }
}

declare global {
  // One Redis connection per process, kept across Vite's module reloads in development.
  var __sightlineCacheStore: CacheStore | undefined;
}

export function cacheStore(): CacheStore {
  const url = env().REDIS_URL;
  globalThis.__sightlineCacheStore ??= url ? redisCacheStore(url) : metadataCacheStore;
  return globalThis.__sightlineCacheStore;
}

export async function closeCacheStore(): Promise<void> {
  await flushCacheWrites();
  const current = globalThis.__sightlineCacheStore;
  globalThis.__sightlineCacheStore = undefined;
  await current?.close();
}

/** Writes started by cacheSetInBackground and not settled yet, by key. */
const pendingWrites = new Map<string, Promise<void>>();

/**
 * Stores `value` after the caller has answered: serialising and writing a large payload is not
 * the client's wait. A failure is logged (a cache that cannot take an entry costs the next caller
 * a run, as Superset's set_and_log_cache). This process reads its own pending writes (cacheGet
 * waits for one under the same key); another process may miss the entry until it lands, and
 * then computes it again, as with any cache miss.
 */
export function cacheSetInBackground(key: string, value: unknown, ttlSeconds: number): void {
  if (ttlSeconds <= 0) return;
  const write = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => cacheSet(key, value, ttlSeconds))
    .catch((error: unknown) => console.warn(`sightline: caching ${key} failed`, error))
    .finally(() => {
      if (pendingWrites.get(key) === write) pendingWrites.delete(key);
    });
  pendingWrites.set(key, write);
}

/** Waits for every background write started so far (before closing the store, and in tests). */
export async function flushCacheWrites(): Promise<void> {
  while (pendingWrites.size) await Promise.all([...pendingWrites.values()]);
}

/** The value under `key`, or undefined when there is none (or it expired). */
export async function cacheGet<T>(key: string): Promise<T | undefined> {
  const pending = pendingWrites.get(key);
  if (pending) await pending;
  const text = await cacheStore().get(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CacheUnreadableError(key);
  }
}

/** Stores `value` as JSON for `ttlSeconds`; a ttl of 0 (or less) stores nothing. */
export async function cacheSet(key: string, value: unknown, ttlSeconds: number): Promise<void> {
  if (ttlSeconds <= 0) return;
  await cacheStore().set(key, JSON.stringify(value), ttlSeconds);
}

/** Drops every entry whose key starts with `prefix` (compared as text, so `_`, `%` and `*` are literal). */
export async function cacheDelete(prefix: string): Promise<void> {
  await cacheStore().deletePrefix(prefix);
}

/**
 * The cached value, or `load()`'s result stored for `ttlSeconds`. `force` skips the read and
 * refreshes the entry; a ttl of 0 (or less) never caches.
 */
export async function cached<T>(key: string, ttlSeconds: number, load: () => Promise<T>, force = false): Promise<T> {
  if (!force && ttlSeconds > 0) {
    const hit = await cacheGet<T>(key).catch((error: unknown) => {
      if (error instanceof CacheUnreadableError) return undefined;
      throw error;
    });
    if (hit !== undefined) return hit;
  }
  const value = await load();
  await cacheSet(key, value, ttlSeconds);
  return value;
}
