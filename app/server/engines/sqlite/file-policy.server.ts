/**
 * Which files a SQLite data source may open, as Superset's PREVENT_UNSAFE_DB_CONNECTIONS: the
 * in-memory database always; a file only inside a directory the operator allows (SQLITE_DATA_DIRS)
 * or when it is the examples warehouse; the metadata store (and its -wal, -shm, -journal) never,
 * by whatever path, symlink or hard link it is named. Trusted: the settings given by whoever owns
 * the configuration (bootstrap, the worker; env.server.ts reads them); this module reads no
 * environment. Checked: every path, after resolving `..` and symlinks (the deepest existing
 * ancestor of a missing file). Unconfigured, nothing but memory is allowed. The settings live on
 * globalThis so every copy of this module (Vite's reloads, tests' loaders) sees the same ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseMetadataUrl } from '../../../../db/connect';
import { engineError } from '../errors.server';
import type { ConnectionParams } from '../types.server';
import { MEMORY, parseSqliteUri, sqliteFile } from './connection.server';

export interface SqliteFileSettings {
  /** Directories whose files, at any depth, may be opened. */
  dataDirs: readonly string[];
  /** The examples warehouse URL (EXAMPLES_URL): its file may be opened wherever it is. */
  examplesUrl?: string | null;
  /** The metadata store URL (DATABASE_URL): its file may never be opened. */
  metadataUrl?: string | null;
}

interface Policy {
  settings: SqliteFileSettings;
  dirs: string[];
  allowed: string[];
  forbidden: string[];
}

declare global {
  var __sightlineSqliteFiles: Policy | undefined;
}

export const METADATA_STORE_REFUSAL = "This file is Sightline's own metadata store; it cannot be used as a database.";
export const OUTSIDE_DATA_DIRS_REFUSAL =
  'SQLite files can only be opened from the directories the server allows for data (SQLITE_DATA_DIRS); this one is outside them.';

/** The metadata store's file, read as the store reads DATABASE_URL; null for PostgreSQL or memory. */
function metadataFileOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = parseMetadataUrl(url);
    return parsed.dialect === 'sqlite' && parsed.storage !== MEMORY ? parsed.storage : null;
  } catch {
    return null; // the store itself refuses such a URL at start
  }
}

/** The examples warehouse's file, read as this engine reads the data source's URI; null when it is no SQLite file. */
function examplesFileOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const file = sqliteFile(parseSqliteUri(url));
    return file === MEMORY ? null : file;
  } catch {
    return null; // another engine's URI
  }
}

/** The canonical path: symlinks and `..` resolved; for a missing file, through its deepest existing ancestor. */
function canonical(file: string): string {
  const absolute = path.resolve(file);
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

export function configureSqliteFiles(settings: SqliteFileSettings): void {
  const metadata = metadataFileOf(settings.metadataUrl);
  const examples = examplesFileOf(settings.examplesUrl);
  globalThis.__sightlineSqliteFiles = {
    settings: { ...settings, dataDirs: [...settings.dataDirs] },
    // Kept unresolved: a directory or file created after start-up is resolved when it is used.
    dirs: settings.dataDirs.map((d) => path.resolve(d)),
    allowed: examples ? [examples] : [],
    forbidden: metadata ? ['', '-wal', '-shm', '-journal'].map((suffix) => metadata + suffix) : [],
  };
}

export function sqliteFileSettings(): Readonly<SqliteFileSettings> {
  return globalThis.__sightlineSqliteFiles?.settings ?? { dataDirs: [] };
}

function sameFile(a: string, b: string): boolean {
  if (canonical(a) === canonical(b)) return true;
  try {
    // A hard link has its own path but the same inode.
    const [x, y] = [fs.statSync(a), fs.statSync(b)];
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

function inside(file: string, dir: string): boolean {
  const relative = path.relative(canonical(dir), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Why `database` (a path, or ':memory:') may not be opened, or null when it may. */
export function sqliteFileRefusal(database: string): string | null {
  if (database === MEMORY) return null;
  const policy = globalThis.__sightlineSqliteFiles;
  const file = canonical(database);
  if (policy?.forbidden.some((f) => sameFile(file, f))) return METADATA_STORE_REFUSAL;
  if (policy?.allowed.some((f) => sameFile(file, f))) return null;
  if (policy?.dirs.some((d) => inside(file, d))) return null;
  return OUTSIDE_DATA_DIRS_REFUSAL;
}

/**
 * The file the engine opens for `params`: its canonical path, so what was checked is what is
 * opened. Throws a 422 EngineError naming the connection's `database` when it may not be opened.
 */
export function allowedSqliteFile(params: ConnectionParams): string {
  const file = sqliteFile(params);
  if (file === MEMORY) return MEMORY;
  const refusal = sqliteFileRefusal(file);
  if (refusal) throw engineError('GENERIC_DB_ENGINE_ERROR', refusal, { engineName: 'SQLite', invalid: ['database'], status: 422 });
  return canonical(file);
}
