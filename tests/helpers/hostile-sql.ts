/**
 * A seeded generator of hostile SQL scripts for the property test of read-only enforcement
 * (tests/integration/hostile-sql-property.test.ts). Each script is a few chunks joined by
 * semicolons: session tricks (turning standard_conforming_strings or backslash escapes off,
 * ending or reopening transactions read-write), harmless reads, and writes (DELETE, UPDATE,
 * INSERT, DROP, CREATE, writable CTEs, functions that write, files, server settings) placed in
 * plain sight or behind a "hider": text that this project's lexer (app/lib/sql/lexer.ts) reads as
 * a string or comment while the engine runs it — a backslash before a quote, `--` without a
 * space (MySQL), `--` ended by a carriage return (PostgreSQL), versioned comments the server
 * skips, and MariaDB's `BEGIN NOT ATOMIC` blocks that make several statements one. Some hiders
 * are decoys that both sides read alike. The same seed gives the same scripts; chunks are kept
 * apart so a failing script can be shrunk to the chunks it needs.
 */
import type { Random } from './seeded-random';

export { seededRandom, type Random } from './seeded-random';

export type HostileEngine = 'postgresql' | 'mysql' | 'sqlite';

/** What a script may name: fixture objects and places the checks watch. */
export interface HostileContext {
  /** The warehouse database's name (PostgreSQL ALTER DATABASE). */
  database: string;
  /** A fresh file path in a directory the check watches (COPY TO, INTO OUTFILE, VACUUM INTO, ATTACH). */
  marker(): string;
  /** MySQL: a max_connections value other than the server's. */
  maxConnections: number;
  /** MySQL: a database name the check watches for (CREATE DATABASE). */
  evilDatabase: string;
  /** MySQL: a role and a user of the fixture (SET DEFAULT ROLE writes the grant tables). */
  role: string;
  user: string;
}

export interface Chunk {
  /** SQL text, possibly holding several statements (a hider's own semicolons). */
  readonly text: string;
  /** What it is, for the report: `trick:scs-off`, `hide:scs-string(delete)` … */
  readonly label: string;
}

export interface HostileScript {
  readonly chunks: readonly Chunk[];
  /** The separator before each chunk but the first (`;` and some white space or a comment). */
  readonly separators: readonly string[];
  /** Whether the script ends with a semicolon. */
  readonly trailing: string;
}


const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (random: Random, p: number) => random() < p;

export function renderScript(script: HostileScript): string {
  let sql = '';
  script.chunks.forEach((chunk, i) => {
    sql += (i === 0 ? '' : script.separators[i - 1]) + chunk.text;
  });
  return sql + script.trailing;
}

/** The script one chunk shorter, for each chunk (shrinking keeps the first that still fails). */
export function* shrinkCandidates(script: HostileScript): Generator<HostileScript> {
  if (script.chunks.length > 1) {
    for (let i = 0; i < script.chunks.length; i++) {
      const chunks = script.chunks.filter((_, j) => j !== i);
      // Drop the separator before the chunk (or after it, for the first).
      const separators = script.separators.filter((_, j) => j !== (i === 0 ? 0 : i - 1));
      yield { chunks, separators, trailing: script.trailing };
    }
  }
  if (script.trailing) yield { ...script, trailing: '' };
}

/**
 * The script without the chunks `refused` turns down (the parser's verdict, given by the caller):
 * what is left reaches the engine, so its own read-only guarantee is what gets tested. Null when
 * nothing is left.
 */
export function withoutRefused(script: HostileScript, refused: (sql: string) => boolean): HostileScript | null {
  const keep = script.chunks.map((c) => !refused(c.text));
  const chunks = script.chunks.filter((_, i) => keep[i]);
  if (chunks.length === 0) return null;
  const separators = script.separators.filter((_, i) => keep[i + 1] && keep.slice(0, i + 1).some(Boolean));
  return { chunks, separators, trailing: script.trailing };
}

/** A write: its statement, and whether it can sit in a writable CTE (`… RETURNING 1`). */
interface Payload {
  name: string;
  sql: (ctx: HostileContext, k: number) => string;
  cte?: boolean;
}

const PAYLOADS: Record<HostileEngine, Payload[]> = {
  postgresql: [
    { name: 'delete', sql: (_, k) => `DELETE FROM t WHERE id = ${k}`, cte: true },
    { name: 'update', sql: (_, k) => `UPDATE t SET v = v || '!' WHERE id = ${k}`, cte: true },
    { name: 'insert', sql: (_, k) => `INSERT INTO t VALUES (${100 + k}, 'evil')`, cte: true },
    { name: 'insert-serial', sql: () => `INSERT INTO t2 (w) VALUES ('evil')`, cte: true },
    { name: 'drop', sql: () => 'DROP TABLE t2' },
    { name: 'create', sql: () => 'CREATE TABLE evil (x int)' },
    { name: 'create-schema', sql: () => 'CREATE SCHEMA evil' },
    { name: 'truncate', sql: () => 'TRUNCATE t' },
    { name: 'alter', sql: () => 'ALTER TABLE t ADD COLUMN evil int' },
    { name: 'writing-function', sql: (_, k) => `SELECT bump(${k})` },
    { name: 'nextval', sql: () => `SELECT nextval('t2_id_seq')` },
    { name: 'large-object', sql: () => 'SELECT lo_create(0)' },
    { name: 'writable-cte', sql: (_, k) => `WITH d AS (DELETE FROM t WHERE id = ${k} RETURNING 1) SELECT count(*) FROM d` },
    { name: 'do-block', sql: (_, k) => `DO $b$ BEGIN DELETE FROM t WHERE id = ${k}; END $b$` },
    { name: 'do-commit', sql: (_, k) => `DO $b$ BEGIN COMMIT; SET TRANSACTION READ WRITE; DELETE FROM t WHERE id = ${k}; END $b$` },
    { name: 'escape-transaction', sql: (_, k) => `COMMIT; SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE; BEGIN READ WRITE; DELETE FROM t WHERE id = ${k}; COMMIT` },
    { name: 'copy-to-file', sql: (ctx) => `COPY (SELECT 1) TO '${ctx.marker()}'` },
    { name: 'alter-database', sql: (ctx) => `ALTER DATABASE "${ctx.database}" SET work_mem = '7MB'` },
    { name: 'alter-system', sql: () => 'ALTER SYSTEM SET cursor_tuple_fraction = 0.37' },
  ],
  mysql: [
    { name: 'delete', sql: (_, k) => `DELETE FROM t WHERE id = ${k}` },
    { name: 'update', sql: (_, k) => `UPDATE t SET v = CONCAT(v, '!') WHERE id = ${k}` },
    { name: 'insert', sql: (_, k) => `INSERT INTO t VALUES (${100 + k}, 'evil')` },
    { name: 'insert-auto', sql: () => `INSERT INTO t2 (w) VALUES ('evil')` },
    { name: 'replace', sql: () => `REPLACE INTO t VALUES (1, 'evil')` },
    { name: 'drop', sql: () => 'DROP TABLE t2' },
    { name: 'create', sql: () => 'CREATE TABLE evil (x INT)' },
    { name: 'truncate', sql: () => 'TRUNCATE t' },
    { name: 'alter', sql: () => 'ALTER TABLE t ADD COLUMN evil INT' },
    { name: 'writing-function', sql: (_, k) => `SELECT bump(${k})` },
    { name: 'writing-function-do', sql: (_, k) => `DO bump(${k})` },
    { name: 'set-statement-delete', sql: (_, k) => `SET STATEMENT max_statement_time = 60 FOR DELETE FROM t WHERE id = ${k}` },
    { name: 'set-statement-update', sql: (_, k) => `SET STATEMENT max_statement_time = 60 FOR UPDATE t SET v = 'x' WHERE id = ${k}` },
    { name: 'set-global', sql: (ctx) => `SET GLOBAL max_connections = ${ctx.maxConnections}` },
    { name: 'set-global-after-user-var', sql: (ctx) => `SET @x = 1, GLOBAL max_connections = ${ctx.maxConnections}` },
    { name: 'set-global-at-at', sql: (ctx) => `SET @x = 1, @@global.max_connections = ${ctx.maxConnections}` },
    { name: 'outfile', sql: (ctx) => `SELECT 1 INTO OUTFILE '${ctx.marker()}'` },
    { name: 'create-database', sql: (ctx) => `CREATE DATABASE ${ctx.evilDatabase}` },
    { name: 'default-role', sql: (ctx) => `SET DEFAULT ROLE ${ctx.role} FOR ${ctx.user}` },
    { name: 'compound', sql: (_, k) => `BEGIN NOT ATOMIC DELETE FROM t WHERE id = ${k}; END` },
    // Inside a compound statement too: end the read-only transaction and open a writable one.
    { name: 'escape-transaction', sql: (_, k) => `COMMIT; SET SESSION TRANSACTION READ WRITE; START TRANSACTION READ WRITE; DELETE FROM t WHERE id = ${k}; COMMIT` },
    { name: 'set-statement-read-write', sql: (_, k) => `SET STATEMENT tx_read_only = 0 FOR DELETE FROM t WHERE id = ${k}` },
  ],
  sqlite: [
    { name: 'delete', sql: (_, k) => `DELETE FROM t WHERE id = ${k}` },
    { name: 'update', sql: (_, k) => `UPDATE t SET v = v || '!' WHERE id = ${k}` },
    { name: 'insert', sql: (_, k) => `INSERT INTO t VALUES (${100 + k}, 'evil')` },
    { name: 'insert-returning', sql: (_, k) => `INSERT INTO t VALUES (${200 + k}, 'evil') RETURNING id` },
    { name: 'replace', sql: () => `REPLACE INTO t VALUES (1, 'evil')` },
    { name: 'drop', sql: () => 'DROP TABLE t2' },
    { name: 'create', sql: () => 'CREATE TABLE evil (x)' },
    { name: 'alter', sql: () => 'ALTER TABLE t ADD COLUMN evil' },
    { name: 'vacuum-into', sql: (ctx) => `VACUUM INTO '${ctx.marker()}'` },
    { name: 'attach', sql: (ctx) => `ATTACH DATABASE '${ctx.marker()}' AS evil` },
    { name: 'user-version', sql: () => 'PRAGMA user_version = 7' },
    { name: 'journal-mode', sql: () => 'PRAGMA journal_mode = WAL' },
  ],
};

type Hider = { name: string; wrap: (p: string, random: Random) => string[]; cteOnly?: boolean; engines: HostileEngine[] };

const ALL: HostileEngine[] = ['postgresql', 'mysql', 'sqlite'];
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** PostgreSQL's standard_conforming_strings turned off, each way a read-only script may do it. */
const SCS_OFF = [
  'SET standard_conforming_strings = off',
  "SET SESSION standard_conforming_strings TO 'off'",
  'SET standard_conforming_strings = 0',
  "SELECT set_config('standard_conforming_strings', 'off', false)",
  "select pg_catalog.set_config('standard_conforming_strings', 'off', false)",
];
/** MySQL sql_mode with backslashes taken literally, or "…" as identifiers. */
const NO_BACKSLASH = ["SET sql_mode = 'NO_BACKSLASH_ESCAPES'", "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES,STRICT_TRANS_TABLES'", "SET @@sql_mode = 'NO_BACKSLASH_ESCAPES'"];
const ANSI_QUOTES = ["SET sql_mode = 'ANSI_QUOTES'", "SET SESSION sql_mode = 'ANSI'", "SET @@session.sql_mode = 'ANSI_QUOTES'"];
/** Versioned comments MariaDB 10.x skips (too new) or runs (old enough), in every spelling. */
const VERSIONED = ['/*!99999', '/*!999999', '/*M!999999', '/*M!99999', '/*!', '/*M!', '/*!10000', '/*M!100000'];

const HIDERS: Hider[] = [
  // In plain sight: only the parser and the engine stand in the way.
  { name: 'plain', engines: ALL, wrap: (p) => [p] },
  { name: 'after-read', engines: ALL, wrap: (p) => ['SELECT 1', p] },
  // Decoys: the payload is inert text for the lexer and the engine alike.
  { name: 'decoy-block-comment', engines: ALL, wrap: (p) => [`SELECT 1 /* ${p.replaceAll('*/', '* /')} */`] },
  { name: 'decoy-line-comment', engines: ALL, wrap: (p) => [`SELECT 1 -- ${p}\n`] },
  { name: 'decoy-string', engines: ALL, wrap: (p) => [`SELECT ${quoted(p)} AS s`] },
  { name: 'decoy-nested-comment', engines: ALL, wrap: (p) => [`SELECT 1 /* /* */ ; ${p}; -- */`] },
  { name: 'decoy-carriage-return', engines: ['sqlite', 'mysql'], wrap: (p) => [`SELECT 1 -- x\r; ${p}`] },

  // PostgreSQL: with standard_conforming_strings off, '\'' ends after the escaped quote.
  { name: 'scs-string', engines: ['postgresql'], wrap: (p, r) => [pick(r, SCS_OFF), `SELECT '\\''; ${p}; --'`] },
  {
    name: 'scs-cte',
    engines: ['postgresql'],
    cteOnly: true,
    wrap: (p, r) => [pick(r, SCS_OFF), `WITH x AS (SELECT '\\''), d AS (${p} RETURNING 1) SELECT 1 FROM x --'), y AS (SELECT 1) SELECT 1`],
  },
  { name: 'scs-do', engines: ['postgresql'], wrap: (p, r) => [pick(r, SCS_OFF), `SELECT '\\''; DO $h$ BEGIN EXECUTE ${quoted(p)}; END $h$; --'`] },
  // PostgreSQL ends a `--` comment at a carriage return too.
  { name: 'cr-comment', engines: ['postgresql'], wrap: (p) => [`SELECT 1 -- x\r; ${p}`] },
  { name: 'cr-cte', engines: ['postgresql'], cteOnly: true, wrap: (p) => [`WITH x AS (SELECT 1) -- x\r, d AS (${p} RETURNING 1)\nSELECT 1 FROM x`] },
  { name: 'e-string', engines: ['postgresql'], wrap: (p) => [`SELECT E'\\\\'; ${p}; --'`] },
  { name: 'e-string-quote', engines: ['postgresql'], wrap: (p) => [`SELECT e'\\''; ${p}; --'`] },
  { name: 'dollar-quote', engines: ['postgresql'], wrap: (p) => [`SELECT $a$ ' $a$; ${p}; --'`] },
  { name: 'dollar-after-number', engines: ['postgresql'], wrap: (p) => [`SELECT 1$a$; ${p}; $a$`] },
  { name: 'unicode-string', engines: ['postgresql'], wrap: (p) => [`SELECT U&'\\0027'; ${p}; --'`] },

  // MySQL/MariaDB: `--` is a comment only when a space follows; `--1` is minus minus one.
  { name: 'dash-no-space', engines: ['mysql'], wrap: (p) => [`SELECT 1 --1; ${p}`] },
  { name: 'dash-no-space-compound', engines: ['mysql'], wrap: (p) => [`BEGIN NOT ATOMIC DO 1 --1; ${p}; END`] },
  // With NO_BACKSLASH_ESCAPES, '\' is a whole string.
  { name: 'no-backslash-string', engines: ['mysql'], wrap: (p, r) => [pick(r, NO_BACKSLASH), `SELECT '\\'; ${p}; #'`] },
  { name: 'no-backslash-compound', engines: ['mysql'], wrap: (p, r) => [pick(r, NO_BACKSLASH), `BEGIN NOT ATOMIC DO '\\'; ${p}; END #'`] },
  { name: 'ansi-quotes', engines: ['mysql'], wrap: (p, r) => [pick(r, ANSI_QUOTES), `SELECT 1 AS "\\"; ${p}; #"`] },
  { name: 'ansi-quotes-compound', engines: ['mysql'], wrap: (p, r) => [pick(r, ANSI_QUOTES), `BEGIN NOT ATOMIC DO (SELECT 1 AS "\\"); ${p}; END #"`] },
  // A versioned comment the server skips can hold an opening quote the lexer believes in.
  { name: 'versioned-quote', engines: ['mysql'], wrap: (p, r) => [`SELECT 1 ${pick(r, VERSIONED)} ' */; ${p}; #'`] },
  { name: 'versioned-quote-compound', engines: ['mysql'], wrap: (p, r) => [`BEGIN NOT ATOMIC DO 1 ${pick(r, VERSIONED)} ' */; ${p}; END #'`] },
  { name: 'versioned-payload', engines: ['mysql'], wrap: (p, r) => [`SELECT 1 ${pick(r, VERSIONED)} ; ${p} */`] },
  { name: 'versioned-hash', engines: ['mysql'], wrap: (p, r) => [`SELECT 1 ${pick(r, VERSIONED)} # */ ; ${p}\n*/`] },
  { name: 'compound', engines: ['mysql'], wrap: (p) => [`BEGIN NOT ATOMIC ${p}; END`] },
  { name: 'set-statement-for', engines: ['mysql'], wrap: (p) => [`SET STATEMENT max_statement_time = 60 FOR ${p}`] },
  { name: 'hash-comment', engines: ['mysql'], wrap: (p) => [`SELECT 1 # x\n; ${p}`] },
  { name: 'backslash-string', engines: ['mysql'], wrap: (p) => [`SELECT 'a\\'; ${p}; -- '`] },
];

/** Statements the parser calls reads that change what the session allows. */
const TRICKS: Record<HostileEngine, string[]> = {
  postgresql: [
    'COMMIT',
    'ROLLBACK',
    'END',
    'ABORT',
    'BEGIN',
    'BEGIN READ WRITE',
    'START TRANSACTION READ WRITE',
    'BEGIN; SET TRANSACTION READ WRITE',
    'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
    'SET default_transaction_read_only = off',
    'SET transaction_read_only = off',
    'SET LOCAL transaction_read_only = off',
    "SELECT set_config('default_transaction_read_only', 'off', false)",
    "SELECT set_config('transaction_read_only', 'off', false)",
    'RESET ALL',
    'RESET default_transaction_read_only',
    'DISCARD ALL',
    'SAVEPOINT s',
    'ROLLBACK TO SAVEPOINT s',
    'SET ROLE postgres',
    'SET SESSION AUTHORIZATION DEFAULT',
    ...SCS_OFF,
  ],
  mysql: [
    'COMMIT',
    'ROLLBACK',
    'BEGIN',
    'START TRANSACTION',
    'START TRANSACTION READ WRITE',
    'SET TRANSACTION READ WRITE',
    'SET SESSION TRANSACTION READ WRITE',
    'SET tx_read_only = 0',
    'SET @@session.tx_read_only = OFF',
    'SET autocommit = 0',
    'SET autocommit = 1',
    'SET completion_type = 1',
    'SAVEPOINT s',
    'ROLLBACK TO SAVEPOINT s',
    ...NO_BACKSLASH,
    ...ANSI_QUOTES,
  ],
  sqlite: ['BEGIN', 'BEGIN IMMEDIATE', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT s', 'RELEASE s', 'PRAGMA query_only', 'PRAGMA query_only = 0'],
};

/** Reads, some with the characters hiders play on. */
const NOISE: Record<HostileEngine, string[]> = {
  postgresql: ['SELECT 1', "SELECT 'it''s'", 'SELECT count(*) FROM t', "SELECT v FROM t WHERE v LIKE '%\\%'", 'VALUES (1)', 'SELECT $$;$$', "SELECT E'\\''", 'SHOW search_path', 'TABLE t', 'SELECT 1 /* c /* d */ */'],
  mysql: ['SELECT 1', "SELECT 'it\\'s'", 'SELECT count(*) FROM t', 'SELECT "a;b"', 'SELECT 1 # c', 'SHOW TABLES', 'SELECT `v` FROM t', 'VALUES (1)', 'SELECT 1 /*! + 1 */'],
  sqlite: ['SELECT 1', "SELECT 'it''s'", 'SELECT count(*) FROM t', 'SELECT [v] FROM t', 'SELECT "v" FROM t', 'VALUES (1)', 'PRAGMA table_info(t)', "SELECT x'00'"],
};

const SEPARATORS = [';', '; ', ';\n', ';\r\n', ';\t', '; /* sep */ ', ';\n-- sep\n', ' ;  '];

/**
 * Scripts that got through before (issue 8's findings, and what this property found first, shrunk),
 * run before the generated ones so they stay covered whatever the seed.
 */
export function knownAttacks(engine: HostileEngine, ctx: HostileContext): HostileScript[] {
  const scripts: Record<HostileEngine, string[]> = {
    postgresql: [
      "SET standard_conforming_strings = off; SELECT '\\''; DELETE FROM t WHERE id = 1; --'",
      "SELECT set_config('standard_conforming_strings', 'off', false); SELECT '\\''; SELECT 2; --'",
      "SET SESSION standard_conforming_strings TO 'off';\r\nSELECT '\\''; INSERT INTO t2 (w) VALUES ('evil'); --'",
      "SET SESSION standard_conforming_strings TO 'off';\r\nWITH x AS (SELECT '\\''), d AS (INSERT INTO t2 (w) VALUES ('evil') RETURNING 1) SELECT 1 FROM x --'), y AS (SELECT 1) SELECT 1",
      "WITH x AS (SELECT 1) -- x\r, d AS (INSERT INTO t VALUES (102, 'evil') RETURNING 1)\nSELECT 1 FROM x",
      'SELECT 1 -- x\r; DO $b$ BEGIN DELETE FROM t WHERE id = 4; END $b$',
      'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE; SELECT bump(1)',
      "COMMIT; SELECT set_config('default_transaction_read_only', 'off', false); SELECT nextval('t2_id_seq')",
    ],
    mysql: [
      'SET STATEMENT max_statement_time=60 FOR DELETE FROM t WHERE id = 1',
      "SET STATEMENT max_statement_time=60 FOR UPDATE t SET v = 'x' WHERE id = 1",
      `SET @x = 1, GLOBAL max_connections = ${ctx.maxConnections}`,
      'BEGIN NOT ATOMIC DO 1 --1; DELETE FROM t WHERE id = 2; END',
      `BEGIN NOT ATOMIC DO 1 --1; SET GLOBAL max_connections = ${ctx.maxConnections}; END`,
      "SET sql_mode = 'NO_BACKSLASH_ESCAPES'; BEGIN NOT ATOMIC DO '\\'; DELETE FROM t WHERE id = 2; END #'",
      'SET SESSION TRANSACTION READ WRITE; SELECT bump(1)',
      'COMMIT; START TRANSACTION READ WRITE; DO bump(2)',
    ],
    sqlite: [`ATTACH DATABASE '${ctx.marker()}' AS evil`, `VACUUM INTO '${ctx.marker()}'`, 'BEGIN; PRAGMA query_only = 0; DELETE FROM t WHERE id = 1; COMMIT'],
  };
  return scripts[engine].map((text) => ({ chunks: [{ text, label: 'known' }], separators: [], trailing: '' }));
}

/** One script: 1–4 elements, each a trick, a write (plain or hidden) or a read. */
export function hostileScript(random: Random, engine: HostileEngine, ctx: HostileContext): HostileScript {
  const payloads = PAYLOADS[engine];
  const hiders = HIDERS.filter((h) => h.engines.includes(engine));
  const chunks: Chunk[] = [];
  const elements = 1 + Math.floor(random() * 4);
  for (let e = 0; e < elements; e++) {
    const roll = random();
    if (roll < 0.25) {
      const trick = pick(random, TRICKS[engine]);
      chunks.push({ text: trick, label: `trick:${trick}` });
    } else if (roll < 0.85) {
      const hider = pick(random, hiders);
      const usable = hider.cteOnly ? payloads.filter((p) => p.cte) : payloads;
      const payload = pick(random, usable);
      const k = 1 + Math.floor(random() * 5);
      const parts = hider.wrap(payload.sql(ctx, k), random);
      parts.forEach((text, i) => chunks.push({ text, label: i === parts.length - 1 ? `hide:${hider.name}(${payload.name})` : `setup:${hider.name}` }));
    } else {
      chunks.push({ text: pick(random, NOISE[engine]), label: 'noise' });
    }
  }
  const separators = chunks.slice(1).map(() => pick(random, SEPARATORS));
  return { chunks, separators, trailing: chance(random, 0.3) ? ';' : '' };
}
