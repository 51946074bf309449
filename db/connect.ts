/**
 * Opens the metadata store from a URL. Trusts nothing about the URL: an unknown scheme or a
 * malformed one is an Error that names what was wrong, so scripts can print it as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Sequelize } from 'sequelize';

export type MetadataDialect = 'sqlite' | 'postgres';

export function parseMetadataUrl(url: string): { dialect: 'sqlite'; storage: string } | { dialect: 'postgres'; url: string } {
  const sqlite = /^sqlite:(?:\/\/)?(.*)$/.exec(url);
  if (sqlite) {
    // sqlite:var/x.sqlite, sqlite:///relative/x.sqlite, sqlite:////abs/x.sqlite, sqlite:/abs/x.sqlite
    let file = sqlite[1];
    if (url.startsWith('sqlite:///')) file = url.slice('sqlite:///'.length);
    if (!file) throw new Error(`DATABASE_URL "${url}" names no SQLite file`);
    return { dialect: 'sqlite', storage: file === ':memory:' ? file : path.resolve(file) };
  }
  const pg = /^(postgres|postgresql)(\+[a-z0-9]+)?:\/\//i.exec(url);
  if (pg) {
    try {
      new URL(url.replace(pg[0], 'postgres://'));
    } catch {
      throw new Error(`DATABASE_URL "${redact(url)}" is not a valid PostgreSQL URL`);
    }
    return { dialect: 'postgres', url: url.replace(pg[0], 'postgres://') };
  }
  throw new Error(`DATABASE_URL "${redact(url)}" has an unsupported scheme: use sqlite:path or postgresql://user:pass@host:port/db`);
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:XXXXXXXXXX@');
}

export function createSequelize(url: string, opts: { logging?: boolean } = {}): Sequelize {
  const parsed = parseMetadataUrl(url);
  const logging = opts.logging ? console.log : false;
  if (parsed.dialect === 'sqlite') {
    if (parsed.storage !== ':memory:') fs.mkdirSync(path.dirname(parsed.storage), { recursive: true });
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: parsed.storage, logging, pool: { max: 1 } });
    // WAL lets readers proceed during a write; busy_timeout waits for a lock instead of failing at once.
    sequelize.addHook('afterConnect', async (connection: unknown) => {
      const db = connection as { run(sql: string, cb: (err: Error | null) => void): void };
      for (const pragma of ['PRAGMA journal_mode=WAL', 'PRAGMA busy_timeout=5000', 'PRAGMA foreign_keys=ON']) {
        await new Promise<void>((resolve, reject) => db.run(pragma, (err) => (err ? reject(err) : resolve())));
      }
    });
    return sequelize;
  }
  return new Sequelize(parsed.url, {
    dialect: 'postgres',
    logging,
    pool: { max: 10, idle: 10_000 },
    dialectOptions: { connectionTimeoutMillis: 5000 },
  });
}

/** A connection error as one line a person can act on. */
export function describeConnectionError(url: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `cannot reach the metadata database ${redact(url)}: ${message}`;
}
