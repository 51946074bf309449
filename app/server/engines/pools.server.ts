/**
 * One session pool per database, keyed by the database's id and a hash of its connection
 * parameters: editing a database (host, password, …) gives it a new pool and retires the old one.
 * Idle sessions and unused pools are closed by a sweeper. Settings are passed in by whoever owns
 * the configuration (env.server.ts): this module reads no environment.
 */
import crypto from 'node:crypto';
import { engineForUri } from './registry.server';
import { SessionPool } from './session-pool.server';
import type { ConnectionParams, Engine } from './types.server';

export interface ConnectionTarget {
  /** The Database record's id: one pool per database. */
  databaseId: number | string;
  /** Its SQLAlchemy URI. */
  uri: string;
  /** The stored password, replacing whatever (a mask, nothing) the URI holds. */
  password?: string | null;
}

export interface PoolSettings {
  /** Time to establish a connection before CONNECTION_HOST_DOWN_ERROR. */
  connectTimeoutMs: number;
  /** Time to wait for a free connection of a busy pool. */
  acquireTimeoutMs: number;
  /** An idle connection is closed after this long. */
  idleSessionMs: number;
  /** A pool with no connections and no use for this long is forgotten. */
  idlePoolMs: number;
  /** Overrides each engine's own maximum connections per database. */
  maxConnections: number | null;
}

const DEFAULTS: PoolSettings = {
  connectTimeoutMs: 5_000,
  acquireTimeoutMs: 10_000,
  idleSessionMs: 60_000,
  idlePoolMs: 10 * 60_000,
  maxConnections: null,
};

interface Entry {
  hash: string;
  pool: SessionPool;
  engine: Engine;
  params: ConnectionParams;
}

interface Registry {
  settings: PoolSettings;
  pools: Map<string, Entry>;
  sweeper: ReturnType<typeof setInterval> | null;
}

declare global {
  // Vite's dev server reloads modules; keep the pools (and their connections) across reloads.
  var __sightlineEnginePools: Registry | undefined;
}

function registry(): Registry {
  globalThis.__sightlineEnginePools ??= { settings: { ...DEFAULTS }, pools: new Map(), sweeper: null };
  return globalThis.__sightlineEnginePools;
}

export function configurePools(settings: Partial<PoolSettings>): void {
  Object.assign(registry().settings, settings);
}

export function poolSettings(): Readonly<PoolSettings> {
  return registry().settings;
}

export function resolveTarget(target: ConnectionTarget): { engine: Engine; params: ConnectionParams } {
  const engine = engineForUri(target.uri);
  const params = engine.connection.parseUri(target.uri);
  if (target.password !== undefined && target.password !== null) params.password = target.password;
  return { engine, params };
}

function hashParams(params: ConnectionParams): string {
  const { engine, host, port, database, username, password, query } = params;
  const canonical = JSON.stringify([engine, host ?? null, port ?? null, database, username ?? null, password ?? null, Object.entries(query).sort()]);
  return crypto.createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

export function poolFor(target: ConnectionTarget): Entry {
  const reg = registry();
  const { engine, params } = resolveTarget(target);
  const key = String(target.databaseId);
  const hash = hashParams(params);
  const existing = reg.pools.get(key);
  if (existing?.hash === hash) return existing;
  if (existing) void existing.pool.close(); // the database was edited: new connections from now on
  const settings = reg.settings;
  const pool = new SessionPool(() => engine.connect(params, { connectTimeoutMs: settings.connectTimeoutMs }), {
    max: settings.maxConnections ?? engine.maxConnections,
    acquireTimeoutMs: settings.acquireTimeoutMs,
    idleTimeoutMs: settings.idleSessionMs,
    engineLabel: engine.label,
  });
  const entry: Entry = { hash, pool, engine, params };
  reg.pools.set(key, entry);
  startSweeper(reg);
  return entry;
}

function startSweeper(reg: Registry) {
  if (reg.sweeper) return;
  reg.sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of reg.pools) {
      entry.pool.sweep(now);
      const { idle } = entry.pool.size;
      if (!entry.pool.inUse && idle === 0 && now - entry.pool.lastUsed > reg.settings.idlePoolMs) {
        reg.pools.delete(key);
        void entry.pool.close();
      }
    }
  }, 15_000);
  reg.sweeper.unref(); // never keeps the process (or a test run) alive
}

/** Closes the pool of one database, e.g. when it is deleted. Running queries finish first. */
export async function closePool(databaseId: number | string): Promise<void> {
  const reg = registry();
  const entry = reg.pools.get(String(databaseId));
  if (!entry) return;
  reg.pools.delete(String(databaseId));
  await entry.pool.close();
}

export async function closeAllPools(): Promise<void> {
  const reg = registry();
  const entries = [...reg.pools.values()];
  reg.pools.clear();
  if (reg.sweeper) clearInterval(reg.sweeper);
  reg.sweeper = null;
  await Promise.all(entries.map((e) => e.pool.close()));
}
