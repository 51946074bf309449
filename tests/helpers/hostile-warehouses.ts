/**
 * The three warehouses the hostile-SQL property test attacks, each watched through an admin
 * connection of its own (never through the code under test): a snapshot is a map of digests
 * (rows of every fixture table, sequence and AUTO_INCREMENT positions, the list of tables,
 * functions and schemas, server and database settings, files written where the servers can
 * write), and `restore` puts the fixture back after a script got through. Everything made on
 * the shared servers (a database, a role, settings) is undone by `close`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type mysql from 'mysql2/promise';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { closePool, type ConnectionTarget } from '~/server/engines/pools.server';
import { createTempPostgresDatabase } from './databases';
import { createTempMariaDatabase, mariadbAdmin, tempSqliteFile } from './engine-fixtures';
import type { HostileContext, HostileEngine } from './hostile-sql';

export type Snapshot = Record<string, string>;

export interface Warehouse {
  engine: HostileEngine;
  target: ConnectionTarget;
  ctx: HostileContext;
  snapshot(): Promise<Snapshot>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Keys whose digests differ. */
export function changedKeys(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]).sort();
}

const ROWS = [1, 2, 3, 4, 5].map((id) => [id, `row ${id}`] as const);
const suffix = () => crypto.randomBytes(4).toString('hex');

/** A directory both servers (other users on this machine) may write into; its files are the evidence. */
function markerDirectory() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-hostile-'));
  fs.chmodSync(dir, 0o777);
  let n = 0;
  return {
    marker: () => path.join(dir, `marker-${++n}`),
    files: () => fs.readdirSync(dir).sort().join(','),
    clear: () => {
      for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { force: true, recursive: true });
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function context(database: string, marker: () => string, extra: Partial<HostileContext> = {}): HostileContext {
  return { database, marker, maxConnections: 0, evilDatabase: '', role: '', user: '', ...extra };
}

export async function postgresWarehouse(): Promise<Warehouse> {
  const db = await createTempPostgresDatabase('sightline_test_hostile');
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  // A session the engine left holding a lock makes the restore fail, not wait forever.
  await admin.query("SET lock_timeout = '5s'");
  const markers = markerDirectory();
  const one = async (sql: string) => String(Object.values((await admin.query(sql)).rows[0] ?? {})[0] ?? '');
  const fixture = async () => {
    await closePool('hostile-postgresql');
    await admin.query(`
      DROP SCHEMA IF EXISTS evil CASCADE; DROP TABLE IF EXISTS t, t2, evil CASCADE; DROP FUNCTION IF EXISTS bump(int);
      CREATE TABLE t (id int PRIMARY KEY, v text NOT NULL);
      INSERT INTO t VALUES ${ROWS.map(([id, v]) => `(${id}, '${v}')`).join(', ')};
      CREATE TABLE t2 (id serial PRIMARY KEY, w text);
      INSERT INTO t2 (w) VALUES ('a'), ('b');
      CREATE FUNCTION bump(k int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN UPDATE t SET v = v || '!' WHERE id = k; RETURN k; END $$;
      ALTER DATABASE "${db.name}" RESET ALL;
      SELECT lo_unlink(oid) FROM pg_largeobject_metadata;`);
  };
  const systemSettings = () => one("SELECT coalesce(string_agg(name || '=' || setting, ',' ORDER BY name), '') FROM pg_file_settings WHERE sourcefile LIKE '%postgresql.auto.conf'");
  await fixture();
  const initialSystem = await systemSettings();

  return {
    engine: 'postgresql',
    target: { databaseId: 'hostile-postgresql', uri: db.url },
    ctx: context(db.name, markers.marker),
    async snapshot() {
      const tables = await one(`SELECT coalesce(string_agg(format('%s.%s:%s', n.nspname, c.relname, c.relkind), ',' ORDER BY 1), '')
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'`);
      const snap: Snapshot = {
        tables,
        schemas: await one("SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'"),
        functions: await one("SELECT coalesce(string_agg(p.proname, ',' ORDER BY p.proname), '') FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'"),
        'large-objects': await one('SELECT count(*) FROM pg_largeobject_metadata'),
        'database-settings': await one(
          "SELECT coalesce(string_agg(array_to_string(s.setconfig, ','), ';'), '') FROM pg_db_role_setting s LEFT JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = current_database() OR s.setrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)",
        ),
        'alter-system': await systemSettings(),
        files: markers.files(),
      };
      for (const table of ['t', 't2']) {
        if (tables.includes(`public.${table}:r`)) snap[`rows:${table}`] = await one(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${table} x`);
      }
      if (tables.includes('public.t2_id_seq:S')) snap.sequence = await one("SELECT last_value || ':' || is_called FROM t2_id_seq");
      return snap;
    },
    async restore() {
      await fixture();
      // ALTER SYSTEM cannot run in the implicit transaction of a multi-statement query.
      if ((await systemSettings()) !== initialSystem) {
        await admin.query('ALTER SYSTEM RESET cursor_tuple_fraction');
        await admin.query('SELECT pg_reload_conf()');
      }
      markers.clear();
    },
    async close() {
      await closePool('hostile-postgresql');
      if ((await systemSettings()) !== initialSystem) await admin.query('ALTER SYSTEM RESET cursor_tuple_fraction');
      await admin.end();
      await db.drop();
      markers.remove();
    },
  };
}

export async function mariadbWarehouse(): Promise<Warehouse> {
  const db = await createTempMariaDatabase('sightline_test_hostile');
  const admin: mysql.Connection = await mariadbAdmin(db.name);
  // A session the engine left holding a metadata lock makes the restore fail, not wait a year.
  await admin.query('SET SESSION lock_wait_timeout = 5');
  const markers = markerDirectory();
  const tag = suffix();
  const role = `sl_hostile_role_${tag}`;
  const user = `sl_hostile_user_${tag}`;
  const evilDatabase = `sightline_test_hostile_evil_${tag}`;
  const one = async (sql: string, params: unknown[] = []) => {
    const [rows] = await admin.query<mysql.RowDataPacket[]>(sql, params);
    return String(Object.values(rows[0] ?? {})[0] ?? '');
  };
  const globals = async () => {
    const [rows] = await admin.query<mysql.RowDataPacket[]>('SHOW GLOBAL VARIABLES');
    return new Map(rows.map((r) => [String(r.Variable_name), String(r.Value)]));
  };
  const original = await globals();
  // Positions and clocks that move on their own.
  const volatile = new Set(['gtid_binlog_pos', 'gtid_binlog_state', 'gtid_current_pos', 'gtid_slave_pos', 'timestamp', 'rand_seed1', 'rand_seed2']);
  await admin.query(`CREATE ROLE ${role}; CREATE USER '${user}'@'%'; GRANT ${role} TO '${user}'@'%';`);
  const fixture = async () => {
    await closePool('hostile-mysql');
    await admin.query(`
      DROP TABLE IF EXISTS t, t2, evil; DROP FUNCTION IF EXISTS bump; DROP DATABASE IF EXISTS ${evilDatabase};
      CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(100) NOT NULL);
      INSERT INTO t VALUES ${ROWS.map(([id, v]) => `(${id}, '${v}')`).join(', ')};
      CREATE TABLE t2 (id INT AUTO_INCREMENT PRIMARY KEY, w VARCHAR(20));
      INSERT INTO t2 (w) VALUES ('a'), ('b');
      CREATE FUNCTION bump(k INT) RETURNS INT MODIFIES SQL DATA BEGIN UPDATE t SET v = CONCAT(v, '!') WHERE id = k; RETURN k; END;
      SET DEFAULT ROLE NONE FOR '${user}'@'%';`);
  };
  const resetGlobals = async () => {
    const now = await globals();
    if (now.get('max_connections') !== original.get('max_connections')) await admin.query(`SET GLOBAL max_connections = ${Number(original.get('max_connections'))}`);
  };
  await fixture();

  return {
    engine: 'mysql',
    target: { databaseId: 'hostile-mysql', uri: db.url },
    ctx: context(db.name, markers.marker, {
      maxConnections: Number(original.get('max_connections')) + 7,
      evilDatabase,
      role,
      user: `'${user}'@'%'`,
    }),
    async snapshot() {
      const tables = await one("SELECT COALESCE(GROUP_CONCAT(TABLE_NAME, ':', TABLE_TYPE ORDER BY TABLE_NAME), '') FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?", [db.name]);
      const snap: Snapshot = {
        tables,
        routines: await one("SELECT COALESCE(GROUP_CONCAT(ROUTINE_NAME ORDER BY ROUTINE_NAME), '') FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?", [db.name]),
        databases: await one('SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [evilDatabase]),
        'default-role': await one('SELECT default_role FROM mysql.user WHERE User = ?', [user]),
        files: markers.files(),
      };
      for (const [name, value] of await globals()) if (!volatile.has(name)) snap[`global:${name}`] = value;
      for (const table of ['t', 't2']) {
        if (tables.split(',').includes(`${table}:BASE TABLE`)) {
          snap[`rows:${table}`] = await one(`SELECT MD5(COALESCE(GROUP_CONCAT(CONCAT_WS(':', ${table === 't' ? 'id, v' : 'id, w'}) ORDER BY id SEPARATOR '|'), '')) FROM ${table}`);
        }
      }
      snap['auto-increment'] = await one("SELECT COALESCE(AUTO_INCREMENT, '') FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 't2'", [db.name]);
      return snap;
    },
    async restore() {
      await fixture();
      await resetGlobals();
      markers.clear();
    },
    async close() {
      await closePool('hostile-mysql');
      await resetGlobals();
      await admin.query(`DROP DATABASE IF EXISTS ${evilDatabase}; DROP USER IF EXISTS '${user}'@'%'; DROP ROLE IF EXISTS ${role};`);
      await admin.end();
      await db.drop();
      markers.remove();
    },
  };
}

function sqliteAdmin(file: string) {
  const conn = new sqlite3.Database(file);
  const all = (sql: string) => new Promise<Record<string, unknown>[]>((resolve, reject) => conn.all(sql, (e: Error | null, rows: Record<string, unknown>[]) => (e ? reject(e) : resolve(rows))));
  const exec = (sql: string) => new Promise<void>((resolve, reject) => conn.exec(sql, (e: Error | null) => (e ? reject(e) : resolve())));
  const close = () => new Promise<void>((resolve) => conn.close(() => resolve()));
  return { all, exec, close };
}

export async function sqliteWarehouse(): Promise<Warehouse> {
  const file = tempSqliteFile();
  const markers = markerDirectory();
  const admin = sqliteAdmin(file.file);
  const one = async (sql: string) => String(Object.values((await admin.all(sql))[0] ?? {})[0] ?? '');
  const databaseId = 'hostile-sqlite';
  const fixture = async () => {
    // Sessions of the engine would keep a WAL file or a lock: closed first.
    await closePool(databaseId);
    await admin.exec(`
      PRAGMA journal_mode = DELETE; PRAGMA user_version = 0;
      DROP TABLE IF EXISTS t; DROP TABLE IF EXISTS t2; DROP TABLE IF EXISTS evil;
      CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL);
      INSERT INTO t VALUES ${ROWS.map(([id, v]) => `(${id}, '${v}')`).join(', ')};
      CREATE TABLE t2 (id INTEGER PRIMARY KEY AUTOINCREMENT, w TEXT);
      INSERT INTO t2 (w) VALUES ('a'), ('b');`);
  };
  await fixture();
  const dir = path.dirname(file.file);

  return {
    engine: 'sqlite',
    target: { databaseId, uri: `sqlite:///${file.file}` },
    ctx: context(path.basename(file.file), markers.marker),
    async snapshot() {
      const header = Buffer.alloc(20);
      const fd = fs.openSync(file.file, 'r');
      fs.readSync(fd, header, 0, 20, 0);
      fs.closeSync(fd);
      const schema = await one("SELECT group_concat(type || ':' || name, ',') FROM (SELECT type, name FROM sqlite_master ORDER BY 1, 2)");
      const snap: Snapshot = {
        schema,
        'user-version': await one('PRAGMA user_version'),
        // Bytes 18 and 19 of the header: 1 for a rollback journal, 2 for WAL.
        'journal-mode': `${header[18]}/${header[19]}`,
        'database-files': fs.readdirSync(dir).filter((f) => !f.endsWith('-journal')).sort().join(','),
        files: markers.files(),
      };
      for (const table of ['t', 't2']) {
        if (schema.split(',').includes(`table:${table}`)) snap[`rows:${table}`] = await one(`SELECT group_concat(x, '|') FROM (SELECT quote(id) || ':' || quote(${table === 't' ? 'v' : 'w'}) AS x FROM ${table} ORDER BY id)`);
      }
      if (schema.includes('table:sqlite_sequence')) snap.sequence = await one("SELECT group_concat(name || '=' || seq) FROM sqlite_sequence");
      return snap;
    },
    async restore() {
      await fixture();
      markers.clear();
    },
    async close() {
      await closePool(databaseId);
      await admin.close();
      file.remove();
      markers.remove();
    },
  };
}
