/**
 * Loads the example warehouse into SQLite, PostgreSQL or MySQL/MariaDB. It trusts the table
 * definitions (names, columns, generators) and checks everything that comes from outside — the
 * URL's scheme, driver, path, host and database, the scale, the table names asked for, and the
 * connection — turning each failure into an Error whose message says what was wrong, with the
 * password redacted and no stack trace. It also holds the generators to their word: a row of the
 * wrong width, or a table yielding a different number of rows than it declared, aborts the load.
 * A SQLite warehouse is built in a temporary file beside the target and renamed into place only
 * when complete, so nobody ever opens a half-written one.
 */
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import sqlite3 from 'sqlite3';
import { mysqlDialect, postgresqlDialect, sqliteDialect, type SqlDialect } from '~/lib/sql/dialects';
import { seedFrom } from './random.server';
import { EXAMPLE_TABLES, type Cell, type ColumnDef, type ExampleTable, type LogicalType, type Storage } from './tables.server';

/** Which driver the loader connects with, read from the URL's scheme (a connection choice; the SQL is the dialect module's). */
export type WarehouseTarget =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres' | 'mysql'; host: string; port: number; user?: string; password?: string; database: string; ssl: boolean };

export interface LoadOptions {
  url: string;
  scale?: number;
  onProgress?: (msg: string) => void;
  /** Load only these tables (tests use it to stay quick); default all. */
  tables?: string[];
}

const PG_DRIVERS = new Set(['psycopg2', 'psycopg', 'pg8000', 'asyncpg']);
const MYSQL_DRIVERS = new Set(['mysqldb', 'pymysql', 'mysqlconnector', 'mariadbconnector', 'asyncmy', 'aiomysql']);
const USAGE = 'use sqlite:///relative.db, sqlite:////absolute.db, postgresql://user:pass@host:port/db or mysql://user:pass@host:port/db';

/** The URL with any password replaced, safe to put in a message. */
export function redactUrl(url: string): string {
  return url.replace(/^([^:/]+:\/\/[^:/@]*):[^@/]*@/, '$1:***@');
}

/** Parses a SQLAlchemy-style URL into where the warehouse goes. */
export function parseWarehouseUrl(url: string): WarehouseTarget {
  const raw = url.trim();
  if (!raw) throw new Error(`the examples URL is empty: ${USAGE}`);
  if (/^sqlite:/i.test(raw)) {
    let rest = raw.slice('sqlite:'.length).split('?')[0];
    if (rest.startsWith('///')) rest = rest.slice(3);
    else if (rest.startsWith('//')) {
      throw new Error(`SQLite URL "${raw}" names no file (an in-memory or host form cannot hold a warehouse): ${USAGE}`);
    }
    if (!rest) throw new Error(`SQLite URL "${raw}" names no file: ${USAGE}`);
    return { dialect: 'sqlite', file: path.resolve(rest) };
  }
  if (!raw.includes('://') && /\.(db|sqlite|sqlite3)$/i.test(raw)) return { dialect: 'sqlite', file: path.resolve(raw) };

  const scheme = /^([a-z][a-z0-9]*)(?:\+([a-z0-9_]+))?:\/\//i.exec(raw);
  if (!scheme) throw new Error(`"${redactUrl(raw)}" is not a database URL (no scheme://): ${USAGE}`);
  const [, name, driver] = scheme;
  const base = name.toLowerCase();
  let dialect: 'postgres' | 'mysql';
  if (base === 'postgres' || base === 'postgresql') dialect = 'postgres';
  else if (base === 'mysql' || base === 'mariadb') dialect = 'mysql';
  else throw new Error(`unsupported URL scheme "${scheme[0].slice(0, -3)}": ${USAGE}`);
  if (driver && !(dialect === 'postgres' ? PG_DRIVERS : MYSQL_DRIVERS).has(driver.toLowerCase())) {
    throw new Error(`unsupported driver "+${driver}" in URL scheme "${name}+${driver}": ${USAGE}`);
  }
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`malformed ${dialect === 'postgres' ? 'PostgreSQL' : 'MySQL'} URL "${redactUrl(raw)}": ${USAGE}`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database || database.includes('/')) {
    throw new Error(`URL "${redactUrl(raw)}" must name one database after the host, as in ${base}://host:port/dbname`);
  }
  const sslmode = parsed.searchParams.get('sslmode') ?? parsed.searchParams.get('ssl');
  return {
    dialect,
    host: parsed.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: parsed.port ? Number(parsed.port) : dialect === 'postgres' ? 5432 : 3306,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database,
    ssl: sslmode !== null && !['disable', 'allow', 'prefer', 'false', '0'].includes(sslmode),
  };
}

/** One line from whatever a driver threw; Node's AggregateError (IPv4 + IPv6 refused) has no message of its own. */
function describe(err: unknown): string {
  if (err instanceof AggregateError && !err.message && err.errors.length) return describe(err.errors[0]);
  if (err instanceof Error) return err.message || (err as NodeJS.ErrnoException).code || err.name;
  return String(err);
}

/** How a warehouse spells column types, bound parameters and table options (names are quoted by its SQL dialect). */
interface WarehouseSql {
  dialect: SqlDialect;
  types: Record<LogicalType, string>;
  storage: Record<Storage, string>;
  param(n: number): string;
  tableOptions: string;
}

// SQLite stores dates and timestamps as ISO text (which sorts correctly); declaring DATE/TIMESTAMP lets introspection call them temporal.
const SQLITE_SQL: WarehouseSql = {
  dialect: sqliteDialect,
  types: { integer: 'INTEGER', bigint: 'BIGINT', float: 'REAL', text: 'TEXT', date: 'DATE', timestamp: 'TIMESTAMP' },
  storage: { long: 'TEXT', boolean: 'BOOLEAN' },
  param: () => '?',
  tableOptions: '',
};

const POSTGRES_SQL: WarehouseSql = {
  dialect: postgresqlDialect,
  types: { integer: 'INTEGER', bigint: 'BIGINT', float: 'DOUBLE PRECISION', text: 'TEXT', date: 'DATE', timestamp: 'TIMESTAMP' },
  storage: { long: 'TEXT', boolean: 'BOOLEAN' },
  param: (n) => `$${n}`,
  tableOptions: '',
};

const MYSQL_SQL: WarehouseSql = {
  dialect: mysqlDialect,
  types: { integer: 'INT', bigint: 'BIGINT', float: 'DOUBLE', text: 'VARCHAR(255)', date: 'DATE', timestamp: 'DATETIME' },
  storage: { long: 'TEXT', boolean: 'BOOLEAN' },
  param: () => '?',
  tableOptions: ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4',
};

interface Writer {
  sql: WarehouseSql;
  maxParams: number;
  maxRows: number;
  ddlInTransaction: boolean;
  exec(sql: string): Promise<void>;
  insert(sql: string, params: Cell[]): Promise<void>;
  endTable(): Promise<void>;
  close(): Promise<void>;
}

async function openSqlite(file: string): Promise<Writer> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const d = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(d)));
  });
  // One insert stays in flight while the next batch is generated and bound, so the two overlap.
  let inflight: Promise<void> = Promise.resolve();
  const exec = async (sql: string): Promise<void> => {
    await inflight;
    await new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
  };
  // Two statements per table (full batch and remainder), so preparing once per shape is enough.
  let statements = new Map<string, sqlite3.Statement>();
  const prepare = (sql: string): Promise<sqlite3.Statement> =>
    new Promise((resolve, reject) => {
      const s = db.prepare(sql, (err) => (err ? reject(err) : resolve(s)));
    });
  // Nothing else reads the temporary file, and on failure it is deleted: durability buys nothing here.
  await exec('PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;');
  return {
    sql: SQLITE_SQL,
    // SQLite before 3.32 allowed only 999 bound parameters per statement; the bundled build allows 32766.
    maxParams: sqlite3.VERSION_NUMBER >= 3_032_000 ? 30_000 : 999,
    maxRows: 2000,
    ddlInTransaction: true,
    exec,
    async insert(sql, params) {
      let stmt = statements.get(sql);
      if (!stmt) statements.set(sql, (stmt = await prepare(sql)));
      const s = stmt;
      const previous = inflight;
      inflight = new Promise<void>((resolve, reject) => s.run(params, (err) => (err ? reject(err) : resolve())));
      inflight.catch(() => undefined);
      await previous;
    },
    async endTable() {
      await inflight.catch(() => undefined);
      for (const s of statements.values()) await new Promise<void>((resolve) => s.finalize(() => resolve()));
      statements = new Map();
    },
    close: async () => {
      await new Promise<void>((resolve) => db.close(() => resolve()));
    },
  };
}

async function openPostgres(t: Extract<WarehouseTarget, { dialect: 'postgres' | 'mysql' }>): Promise<Writer> {
  const client = new pg.Client({
    host: t.host, port: t.port, user: t.user, password: t.password, database: t.database,
    ssl: t.ssl ? { rejectUnauthorized: false } : undefined, connectionTimeoutMillis: 10_000,
  });
  // A dropped connection surfaces as the next query's error; without a listener it would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw new Error(`cannot connect to PostgreSQL at ${t.host}:${t.port}, database "${t.database}": ${describe(err)}`);
  }
  return {
    sql: POSTGRES_SQL,
    // The wire protocol counts bound parameters in 16 bits.
    maxParams: 65_000,
    maxRows: 2000,
    ddlInTransaction: true,
    exec: async (sql) => void (await client.query(sql)),
    insert: async (sql, params) => void (await client.query(sql, params)),
    endTable: async () => undefined,
    close: () => client.end(),
  };
}

async function openMysql(t: Extract<WarehouseTarget, { dialect: 'postgres' | 'mysql' }>): Promise<Writer> {
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      host: t.host, port: t.port, user: t.user, password: t.password, database: t.database,
      ssl: t.ssl ? { rejectUnauthorized: false } : undefined, connectTimeout: 10_000, charset: 'utf8mb4',
    });
  } catch (err) {
    throw new Error(`cannot connect to MySQL/MariaDB at ${t.host}:${t.port}, database "${t.database}": ${describe(err)}`);
  }
  conn.on('error', () => undefined);
  return {
    sql: MYSQL_SQL,
    // Well inside the default max_allowed_packet for rows of this width.
    maxParams: 60_000,
    maxRows: 1000,
    // MySQL commits implicitly around DDL, so only the inserts share a transaction.
    ddlInTransaction: false,
    exec: async (sql) => void (await conn.query(sql)),
    insert: async (sql, params) => void (await conn.query(sql, params)),
    endTable: async () => undefined,
    close: () => conn.end(),
  };
}

const columnType = (sql: WarehouseSql, c: ColumnDef): string => (c.storage ? sql.storage[c.storage] : sql.types[c.type]);

const fmt = (n: number): string => n.toLocaleString('en-US');

async function loadTable(w: Writer, table: ExampleTable, scale: number, progress: (msg: string) => void): Promise<number> {
  const expected = table.rowCount(scale);
  const started = Date.now();
  progress(`${table.name}: loading ${fmt(expected)} rows`);
  const sql = w.sql;
  const quote = sql.dialect.quoteIdentifier;
  const name = quote(table.name);
  const cols = table.columns.length;
  const batchRows = Math.max(1, Math.min(w.maxRows, Math.floor(w.maxParams / cols)));
  const head = `INSERT INTO ${name} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES `;
  const insertFor = new Map<number, string>();
  const flush = async (batch: Cell[], rows: number): Promise<void> => {
    let insert = insertFor.get(rows);
    if (!insert) {
      const tuples: string[] = [];
      for (let r = 0, n = 1; r < rows; r++) tuples.push(`(${table.columns.map(() => sql.param(n++)).join(',')})`);
      insertFor.set(rows, (insert = head + tuples.join(',')));
    }
    await w.insert(insert, batch);
  };
  const ddl = [
    `DROP TABLE IF EXISTS ${name}`,
    `CREATE TABLE ${name} (${table.columns.map((c) => `${quote(c.name)} ${columnType(sql, c)}`).join(', ')})${sql.tableOptions}`,
  ];
  if (!w.ddlInTransaction) for (const stmt of ddl) await w.exec(stmt);
  await w.exec('BEGIN');
  try {
    if (w.ddlInTransaction) for (const stmt of ddl) await w.exec(stmt);
    // Milestones only for tables big enough that a person would wonder whether it is stuck.
    const step = expected >= 20_000 ? Math.ceil(expected / 5) : Infinity;
    let nextMilestone = step;
    let count = 0;
    let batch: Cell[] = [];
    for (const row of table.rows(scale)) {
      if (row.length !== cols) throw new Error(`${table.name}: generator produced a row of ${row.length} values for ${cols} columns`);
      for (const v of row) batch.push(v);
      count++;
      if (batch.length === batchRows * cols) {
        await flush(batch, batchRows);
        batch = [];
      }
      if (count >= nextMilestone && count < expected) {
        progress(`${table.name}: ${Math.round((count / expected) * 100)}% (${fmt(count)} rows)`);
        nextMilestone += step;
      }
    }
    if (batch.length) await flush(batch, batch.length / cols);
    if (count !== expected) throw new Error(`${table.name}: generator produced ${fmt(count)} rows, declared ${fmt(expected)}`);
    for (const cols of table.indexes ?? []) {
      // Index names are per schema on PostgreSQL and SQLite: the table's name keeps them apart.
      await w.exec(`CREATE INDEX ${quote(`ix_${table.name}_${cols.join('_')}`)} ON ${name} (${cols.map(quote).join(', ')})`);
    }
    await w.exec('COMMIT');
  } catch (err) {
    await w.exec('ROLLBACK').catch(() => undefined);
    const message = describe(err);
    throw new Error(message.startsWith(`${table.name}:`) ? message : `${table.name}: ${message}`);
  } finally {
    await w.endTable();
  }
  progress(`${table.name}: done, ${fmt(expected)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return expected;
}

/**
 * Bump when a generator changes its data without changing any table's name, columns or row count;
 * those changes alter WAREHOUSE_VERSION by themselves.
 */
const DATA_REVISION = 1;

/**
 * What a SQLite warehouse records in its header (PRAGMA user_version) when built with every table:
 * a hash of the table set, so a warehouse built by an older Sightline is known to be stale.
 */
export const WAREHOUSE_VERSION = seedFrom(JSON.stringify([
  DATA_REVISION,
  EXAMPLE_TABLES.map((t) => [t.name, t.columns.map((c) => [c.name, c.type, c.storage ?? '']), t.rowCount(1)]),
])) >>> 1; // user_version is a signed 32-bit integer

/** Whether the SQLite file holds a complete warehouse of the current table set. */
export async function sqliteWarehouseIsCurrent(file: string): Promise<boolean> {
  if (!fs.existsSync(file)) return false;
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const d = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => (err ? reject(err) : resolve(d)));
  });
  try {
    const row = await new Promise<{ user_version?: number } | undefined>((resolve, reject) =>
      db.get('PRAGMA user_version', (err: Error | null, r: { user_version?: number } | undefined) => (err ? reject(err) : resolve(r))),
    );
    return row?.user_version === WAREHOUSE_VERSION;
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}

function selectTables(names: string[] | undefined): readonly ExampleTable[] {
  if (!names) return EXAMPLE_TABLES;
  const known = new Map(EXAMPLE_TABLES.map((t) => [t.name, t]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw new Error(`unknown example table(s) ${unknown.join(', ')}; known: ${[...known.keys()].join(', ')}`);
  return EXAMPLE_TABLES.filter((t) => names.includes(t.name));
}

export async function loadExamples(opts: LoadOptions): Promise<{ tables: { name: string; rows: number }[] }> {
  const scale = opts.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a positive integer, got ${scale}`);
  const tables = selectTables(opts.tables);
  const target = parseWarehouseUrl(opts.url);
  const progress = opts.onProgress ?? (() => undefined);
  const loaded: { name: string; rows: number }[] = [];

  if (target.dialect !== 'sqlite') {
    // The loader's own choice of driver by URL scheme, not SQL: the SQL each writer speaks is its dialect's.
    const w = target.dialect === 'postgres' ? await openPostgres(target) : await openMysql(target);
    try {
      for (const t of tables) loaded.push({ name: t.name, rows: await loadTable(w, t, scale, progress) });
    } finally {
      await w.close().catch(() => undefined);
    }
    return { tables: loaded };
  }

  try {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
  } catch (err) {
    throw new Error(`cannot create the directory for ${target.file}: ${describe(err)}`);
  }
  const tmp = `${target.file}.loading-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  let w: Writer | undefined;
  try {
    try {
      w = await openSqlite(tmp);
    } catch (err) {
      throw new Error(`cannot create SQLite file ${tmp}: ${describe(err)}`);
    }
    for (const t of tables) loaded.push({ name: t.name, rows: await loadTable(w, t, scale, progress) });
    // Only a complete warehouse is marked as current; a subset is rebuilt when bootstrap finds it.
    if (tables === EXAMPLE_TABLES) await w.exec(`PRAGMA user_version = ${WAREHOUSE_VERSION}`);
    await w.close();
    w = undefined;
    fs.renameSync(tmp, target.file);
  } catch (err) {
    await w?.close().catch(() => undefined);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  progress(`wrote ${target.file}`);
  return { tables: loaded };
}
