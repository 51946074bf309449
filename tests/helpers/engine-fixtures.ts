/**
 * Fixtures for the engine integration tests, on this machine's real servers: a fresh MariaDB
 * database per run (the PostgreSQL one comes from databases.ts), restricted users, a scratch
 * PostgreSQL cluster that asks for passwords (the shared server trusts 127.0.0.1, so it can never
 * answer "wrong password"), temp SQLite files, and an RSS sampler for the memory assertions.
 * When CI=true an unreachable server fails the run; elsewhere the tests skip with a reason.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { EngineError } from '~/server/engines/errors.server';
import { configureSqliteFiles, sqliteFileSettings } from '~/server/engines/sqlite/file-policy.server';
import { mustHaveServices, POSTGRES_ADMIN_URL, postgresReachable, type TempDatabase } from './databases';

export const MARIADB_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

const suffix = () => crypto.randomBytes(5).toString('hex');

export async function mariadbReachable(): Promise<boolean> {
  try {
    const c = await mysql.createConnection({ ...MARIADB_ADMIN, connectTimeout: 3000 });
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether the tests of a server run: true when reachable; false (skip) when not, outside CI. */
export async function serviceAvailable(name: 'postgresql' | 'mariadb'): Promise<boolean> {
  const up = name === 'postgresql' ? await postgresReachable() : await mariadbReachable();
  if (!up && mustHaveServices) throw new Error(`${name} is not reachable on 127.0.0.1 and CI=true: failing instead of skipping`);
  if (!up) console.warn(`${name} is not reachable on 127.0.0.1: skipping its engine tests`);
  return up;
}

export async function mariadbAdmin(database?: string): Promise<mysql.Connection> {
  return mysql.createConnection({ ...MARIADB_ADMIN, database, multipleStatements: true });
}

export async function createTempMariaDatabase(prefix = 'sightline_test_engines'): Promise<TempDatabase> {
  const name = `${prefix}_${suffix()}`;
  const admin = await mariadbAdmin();
  try {
    await admin.query(`CREATE DATABASE \`${name}\``);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: `mysql://root@127.0.0.1:3306/${name}`,
    async drop() {
      const c = await mariadbAdmin();
      try {
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TempUser {
  username: string;
  password: string;
  drop(): Promise<void>;
}

/** A MariaDB user with a password, allowed to read `allowedTable` of `database` only. */
export async function createRestrictedMariaUser(database: string, allowedTable: string): Promise<TempUser> {
  const username = `sl_ro_${suffix()}`;
  const password = `pw-${suffix()}`;
  const admin = await mariadbAdmin();
  try {
    await admin.query(`CREATE USER '${username}'@'%' IDENTIFIED BY '${password}'`);
    await admin.query(`GRANT SELECT ON \`${database}\`.\`${allowedTable}\` TO '${username}'@'%'`);
  } finally {
    await admin.end();
  }
  return {
    username,
    password,
    async drop() {
      const c = await mariadbAdmin();
      try {
        await c.query(`DROP USER IF EXISTS '${username}'@'%'`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A PostgreSQL role that may connect to `database` and read nothing in it. */
export async function createRestrictedPostgresUser(database: string): Promise<TempUser> {
  const username = `sl_ro_${suffix()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE "${username}" LOGIN`);
    await admin.query(`GRANT CONNECT ON DATABASE "${database}" TO "${username}"`);
  } finally {
    await admin.end();
  }
  return {
    username,
    password: '',
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      try {
        // Its grants live in the test database, which is dropped first; REASSIGN/DROP OWNED cover the rest.
        await c.query(`DROP ROLE IF EXISTS "${username}"`);
      } finally {
        await c.end();
      }
    },
  };
}

// One implementation of the password-checking scratch cluster, shared with the e2e tests.
export { startPasswordPostgres as startScratchPostgres, type PasswordPostgres as ScratchPostgres } from './scratch-postgres';

/**
 * An empty SQLite database file (a zero-length file is one) in a temp directory of its own, which
 * the SQLite engine is allowed to open (added to the file policy this process runs with).
 */
export function tempSqliteFile(): { file: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-sqlite-'));
  const file = path.join(dir, 'test.db');
  fs.writeFileSync(file, '');
  allowSqliteDir(dir);
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Adds `dir` to the directories SQLite data sources may open files from, keeping the rest of the policy. */
export function allowSqliteDir(dir: string): void {
  const settings = sqliteFileSettings();
  configureSqliteFiles({ ...settings, dataDirs: [...settings.dataDirs, dir] });
}

/**
 * Samples RSS while `work` runs; answers the growth over the RSS before it started (after a GC
 * when exposed). A behaviour check: memory stays flat while rows stream through.
 */
export async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1024 / 1024, peakMb: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Polls `check` until it is true or `ms` pass; answers whether it became true. */
export async function eventually(check: () => Promise<boolean>, ms: number, every = 50): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, every));
  }
}

/** The EngineError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function engineErrorOf(promise: Promise<unknown>): Promise<EngineError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected an EngineError, got a result: ${JSON.stringify(outcome.value)?.slice(0, 200)}`);
  if (!(outcome.error instanceof EngineError)) throw outcome.error;
  return outcome.error;
}

/** The issue codes of an EngineError, for comparing with Superset's mapping. */
export const issueCodes = (error: EngineError) => error.error.extra.issue_codes.map((i) => i.code);

/** A TCP server that accepts connections and never answers: a database host that hangs. */
export async function startBlackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Time grains applied to fixed timestamps, and what every engine must answer (Monday-based P1W).
 * 2024-03-14 is a Thursday, 2024-03-16 a Saturday, 2024-03-17 a Sunday.
 */
export const GRAIN_CASES: { at: string; expected: Record<string, string> }[] = [
  {
    at: '2024-03-14 15:37:42',
    expected: {
      PT1S: '2024-03-14T15:37:42',
      PT5S: '2024-03-14T15:37:40',
      PT30S: '2024-03-14T15:37:30',
      PT1M: '2024-03-14T15:37:00',
      PT5M: '2024-03-14T15:35:00',
      PT10M: '2024-03-14T15:30:00',
      PT15M: '2024-03-14T15:30:00',
      PT30M: '2024-03-14T15:30:00',
      'PT0.5H': '2024-03-14T15:30:00',
      PT1H: '2024-03-14T15:00:00',
      PT6H: '2024-03-14T12:00:00',
      P1D: '2024-03-14T00:00:00',
      P1W: '2024-03-11T00:00:00',
      '1969-12-28T00:00:00Z/P1W': '2024-03-10T00:00:00',
      '1969-12-29T00:00:00Z/P1W': '2024-03-11T00:00:00',
      'P1W/1970-01-03T00:00:00Z': '2024-03-16T00:00:00',
      'P1W/1970-01-04T00:00:00Z': '2024-03-17T00:00:00',
      P1M: '2024-03-01T00:00:00',
      P3M: '2024-01-01T00:00:00',
      'P0.25Y': '2024-01-01T00:00:00',
      P1Y: '2024-01-01T00:00:00',
    },
  },
  {
    at: '2024-03-17 09:00:00',
    expected: {
      P1W: '2024-03-11T00:00:00',
      '1969-12-28T00:00:00Z/P1W': '2024-03-17T00:00:00',
      'P1W/1970-01-03T00:00:00Z': '2024-03-23T00:00:00',
      'P1W/1970-01-04T00:00:00Z': '2024-03-17T00:00:00',
      P3M: '2024-01-01T00:00:00',
    },
  },
  {
    at: '2024-03-16 23:59:59',
    expected: { P1W: '2024-03-11T00:00:00', '1969-12-28T00:00:00Z/P1W': '2024-03-10T00:00:00', 'P1W/1970-01-03T00:00:00Z': '2024-03-16T00:00:00' },
  },
];

/** A grain result from any engine (timestamp, DATE or SQLite text) as 'YYYY-MM-DDTHH:mm:ss'. */
export function normaliseGrain(value: unknown): string {
  const text = String(value).replace(' ', 'T');
  return text.length === 10 ? `${text}T00:00:00` : text.slice(0, 19);
}
