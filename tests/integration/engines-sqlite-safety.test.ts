/**
 * What the SQLite engine itself guarantees (issue 8, finding 3 and the engine's part of finding
 * 2's design): no ATTACH, VACUUM INTO or load_extension() on any connection, allow_dml or not;
 * statements of a database without DML on a read-only connection, which the SQL cannot make
 * writable; one statement per call; and files only from the directories the operator allows,
 * never the metadata store by any path. The app runs with SQLITE_DATA_DIRS set to one temp
 * directory, and its metadata store lies inside that directory, so the store's own refusal is
 * what keeps it out, not the directory rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStatement } from '~/lib/sql/classify';
import { SQLITE_FLAVOR } from '~/lib/sql/lexer';
import { EngineError } from '~/server/engines/errors.server';
import { executeSql } from '~/server/engines/execute.server';
import type { ConnectionTarget } from '~/server/engines/pools.server';
import { withSession } from '~/server/engines/session-scope.server';
import { engineErrorOf } from '../helpers/engine-fixtures';
import { startSqlLabApp, type Json, type SqlLabApp } from '../helpers/sqllab';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-sqlite-safety-'));
const allowed = path.join(root, 'allowed');
const outside = path.join(root, 'outside');
const dataFile = path.join(allowed, 'data.db');
const otherFile = path.join(allowed, 'other.db');
const outsideFile = path.join(outside, 'outside.db');
const metaFile = path.join(allowed, 'meta.sqlite');

/** Runs `sql` (one or more statements, in order) on a file with node-sqlite3 itself. */
async function onFile(file: string, sql: string[]): Promise<Record<string, unknown>[]> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const d = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(d)));
  });
  try {
    let rows: Record<string, unknown>[] = [];
    for (const statement of sql) {
      rows = await new Promise((resolve, reject) => db.all(statement, (error: Error | null, r: Record<string, unknown>[]) => (error ? reject(error) : resolve(r))));
    }
    return rows;
  } finally {
    await new Promise((resolve) => db.close(resolve));
  }
}

const target = (file: string, id = file): ConnectionTarget => ({ databaseId: `sqlite-safety:${id}`, uri: file === ':memory:' ? 'sqlite://' : `sqlite:///${file}` });
const data = target(dataFile);
const memory = target(':memory:');

/** The rows of t and w, and the free pages of the file: what no refused statement may change. */
const state = async () => (await onFile(dataFile, ["SELECT (SELECT group_concat(id) FROM t) AS t, (SELECT count(*) FROM w) AS w, (SELECT freelist_count FROM pragma_freelist_count) AS free"]))[0];

/** Statements run on an engine session, with only prepareStatement before each: no parser looks at them. */
const engineOnly = (t: ConnectionTarget, readOnly: boolean, statements: string[]) =>
  withSession({ target: t }, async (session) => {
    let last: unknown[][] = [];
    for (const sql of statements) {
      await session.prepareStatement({ readOnly });
      last = [];
      await session.query(sql, describeStatement(sql, SQLITE_FLAVOR), { batchSize: 100, onBatch: (b) => void last.push(...b.rows) });
    }
    return last;
  });

describe('SQLite engine safety', () => {
  let s: SqlLabApp;
  let intact: Record<string, unknown>;

  beforeAll(async () => {
    for (const dir of [allowed, outside]) fs.mkdirSync(dir);
    await onFile(dataFile, [
      'PRAGMA auto_vacuum = INCREMENTAL',
      'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)',
      "INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')",
      'CREATE TABLE w (a)',
      // Free pages for PRAGMA incremental_vacuum to give back: a write the parser takes for a read.
      'CREATE TABLE filler (b)',
      'INSERT INTO filler WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100) SELECT randomblob(2000) FROM c',
      'DROP TABLE filler',
    ]);
    await onFile(otherFile, ['CREATE TABLE secret (x)', "INSERT INTO secret VALUES ('hunter2')"]);
    await onFile(outsideFile, ['CREATE TABLE secret (x)', "INSERT INTO secret VALUES ('hunter2')"]);
    process.env.SQLITE_DATA_DIRS = allowed;
    s = await startSqlLabApp({ databaseUrl: `sqlite:${metaFile}` });
    intact = await state();
    expect(Number(intact.free)).toBeGreaterThan(0);
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  describe('no other files from SQL, allow_dml or not', () => {
    it.each([
      ['another data file', data, `ATTACH DATABASE '${otherFile}' AS o`],
      ['the metadata store, from memory', memory, `ATTACH DATABASE '${metaFile}' AS meta`],
      ['the metadata store by a URI filename', memory, `ATTACH DATABASE 'file:${metaFile}?mode=ro' AS meta`],
      ['a fresh in-memory database', data, "ATTACH DATABASE ':memory:' AS m"],
      ['a file outside the allowed directories', data, `ATTACH '${outsideFile}' AS x`],
    ])('ATTACH of %s is refused by SQLite', async (_what, t, sql) => {
      const error = await engineErrorOf(executeSql({ target: t, sql, allowDml: true }));
      expect(error.message).toContain('too many attached databases');
      // Without allow_dml the parser refuses it first; below the parser the limit holds on both kinds of connection.
      for (const readOnly of [false, true]) await expect(engineOnly(t, readOnly, [sql])).rejects.toThrow(/too many attached databases/);
    });

    it('VACUUM INTO writes no copy, anywhere', async () => {
      for (const copy of [path.join(allowed, 'copy.db'), path.join(outside, 'copy.db')]) {
        const error = await engineErrorOf(executeSql({ target: data, sql: `VACUUM INTO '${copy}'`, allowDml: true }));
        expect(error.message).toContain('too many attached databases');
        expect(fs.existsSync(copy)).toBe(false);
      }
    });

    it('load_extension() is not authorized', async () => {
      for (const t of [data, memory]) {
        const error = await engineErrorOf(executeSql({ target: t, sql: "SELECT load_extension('/usr/lib/x86_64-linux-gnu/libm.so.6')", allowDml: true }));
        expect(error.message).toContain('not authorized');
      }
    });

    it('DETACH has nothing to detach', async () => {
      await expect(executeSql({ target: data, sql: 'DETACH DATABASE main', allowDml: true })).rejects.toBeInstanceOf(EngineError);
    });
  });

  describe('read-only without allow_dml', () => {
    it('a write the parser takes for a read (PRAGMA incremental_vacuum) is refused by SQLite', async () => {
      expect(describeStatement('PRAGMA incremental_vacuum', SQLITE_FLAVOR).kind).toBe('read');
      const error = await engineErrorOf(executeSql({ target: data, sql: 'PRAGMA incremental_vacuum' }));
      expect([error.error.error_type, error.status]).toEqual(['DML_NOT_ALLOWED_ERROR', 403]);
      expect(await state()).toEqual(intact);
    });

    it.each([
      [['INSERT INTO t VALUES (9, 9)']],
      [['PRAGMA query_only = 0', 'INSERT INTO t VALUES (9, 9)']],
      [['PRAGMA query_only = OFF', 'DELETE FROM t']],
      [['PRAGMA journal_mode = WAL']],
      [['PRAGMA writable_schema = ON', 'UPDATE sqlite_master SET sql = sql']],
      [['CREATE TABLE made (a)']],
      [['DROP TABLE w']],
      [['PRAGMA user_version = 7']],
      [['CREATE TEMP TABLE tt (a)', 'CREATE TEMP TRIGGER tr AFTER INSERT ON tt BEGIN DELETE FROM t; END', 'INSERT INTO tt VALUES (1)']],
      [['PRAGMA incremental_vacuum']],
    ])('%j: refused on the read-only connection, nothing changed', async (statements) => {
      await expect(engineOnly(data, true, statements)).rejects.toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
      expect((await onFile(dataFile, ['PRAGMA journal_mode']))[0].journal_mode).toBe('delete');
    });

    it('temporary views and tables still work: large results, and temp tables of the script', async () => {
      const big = await executeSql({ target: data, sql: 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 25000) SELECT i FROM c' });
      expect(big.rows).toHaveLength(25000);
      expect(big.rows[24999]).toEqual([25000]);
      const rows = await engineOnly(data, true, ['CREATE TEMP TABLE tt AS SELECT * FROM t', 'SELECT count(*) FROM tt']);
      expect(rows).toEqual([[3]]);
    });

    it('the same session is writable again for a script with allow_dml, and read-only after it', async () => {
      const insert = 'INSERT INTO w VALUES (1)';
      const shape = describeStatement(insert, SQLITE_FLAVOR);
      const sink = { batchSize: 100, onBatch: () => {} };
      try {
        await withSession({ target: data }, async (session) => {
          await session.prepareStatement({ readOnly: true });
          await expect(session.query(insert, shape, sink)).rejects.toThrow(/read-only connection/);
          await session.prepareStatement({ readOnly: false });
          expect((await session.query(insert, shape, sink)).affectedRows).toBe(1);
          await session.prepareStatement({ readOnly: true });
          await expect(session.query(insert, shape, sink)).rejects.toThrow(/read-only connection/);
        });
        expect((await state()).w).toBe(1);
      } finally {
        await onFile(dataFile, ['DELETE FROM w']);
      }
    });

    it('with allow_dml a memory database is writable as before', async () => {
      const result = await executeSql({ target: memory, sql: 'CREATE TABLE x (a); INSERT INTO x VALUES (1), (2); SELECT count(*) FROM x', allowDml: true });
      expect(result.rows).toEqual([[2]]);
    });
  });

  describe('one statement per call', () => {
    it('the second statement of a text never runs, whatever the call', async () => {
      try {
        await engineOnly(data, false, ['INSERT INTO w VALUES (1); INSERT INTO w VALUES (2)']);
        expect((await state()).w).toBe(1);
        await engineOnly(data, false, ['SELECT 1; DELETE FROM w']);
        await engineOnly(data, false, ['PRAGMA user_version; DELETE FROM w']);
        expect((await state()).w).toBe(1);
      } finally {
        await onFile(dataFile, ['DELETE FROM w']);
      }
      expect(await state()).toEqual(intact);
    });
  });

  describe('which files a data source may open', () => {
    const linked = path.join(allowed, 'link.db');
    const metaLink = path.join(allowed, 'meta-link.db');
    const metaHardLink = path.join(allowed, 'meta-hard.db');
    beforeAll(() => {
      fs.symlinkSync(outsideFile, linked);
      fs.symlinkSync(metaFile, metaLink);
      fs.linkSync(metaFile, metaHardLink);
      fs.mkdirSync(path.join(allowed, 'sub'));
      fs.copyFileSync(otherFile, path.join(allowed, 'sub', 'nested.db'));
    });

    it.each([
      ['a file outside', outsideFile, /SQLITE_DATA_DIRS/],
      ['a path climbing out with ..', path.join(allowed, '..', 'outside', 'outside.db'), /SQLITE_DATA_DIRS/],
      ['a symlink inside pointing outside', linked, /SQLITE_DATA_DIRS/],
      ['a missing file outside', path.join(outside, 'nope.db'), /SQLITE_DATA_DIRS/],
      ['the metadata store', metaFile, /metadata store/],
      ['the metadata store through a symlink', metaLink, /metadata store/],
      ['the metadata store through a hard link', metaHardLink, /metadata store/],
      ['the metadata store through ..', path.join(allowed, 'sub', '..', 'meta.sqlite'), /metadata store/],
      ["the metadata store's WAL", `${metaFile}-wal`, /metadata store/],
      ["the metadata store's journal", `${metaFile}-journal`, /metadata store/],
    ])('%s: the engine refuses to connect (422), the API to save or test it', async (_what, file, message) => {
      const error = await engineErrorOf(executeSql({ target: target(file), sql: 'SELECT 1' }));
      expect(error.status).toBe(422);
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain(file); // no server path in what a SQL Lab user may read

      const uri = `sqlite:///${file}`;
      const created = await s.call<{ message: Record<string, string[]> }>('POST', '/api/v1/database/', { database_name: `x ${file}`, sqlalchemy_uri: uri });
      expect(created.status, created.text).toBe(422);
      expect(created.body.message.sqlalchemy_uri[0]).toMatch(message);
      const byForm = await s.call<{ message: Record<string, string[]> }>('POST', '/api/v1/database/', {
        database_name: `y ${file}`,
        engine: 'sqlite',
        configuration_method: 'dynamic_form',
        parameters: { database: file },
      });
      expect(byForm.status, byForm.text).toBe(422);
      expect(byForm.body.message['parameters.database'][0]).toMatch(message);
      const tested = await s.call<{ message: Record<string, string[]> }>('POST', '/api/v1/database/test_connection/', { sqlalchemy_uri: uri });
      expect(tested.status, tested.text).toBe(422);
      expect(tested.body.message.sqlalchemy_uri[0]).toMatch(message);
      const validated = await s.call<{ errors: { message: string; extra: Json }[] }>('POST', '/api/v1/database/validate_parameters/', {
        engine: 'sqlite',
        parameters: { database: file },
      });
      expect(validated.status, validated.text).toBe(422);
      expect(validated.body.errors[0].message).toMatch(message);
      expect(validated.body.errors[0].extra.invalid).toEqual(['database']);
    });

    it('a database saved before the rule (or written into the store) is refused when it connects', async () => {
      const db = await s.addDatabase({ database_name: 'old outside', sqlalchemy_uri: `sqlite:///${outsideFile}` });
      const answer = await s.execute<{ errors: { message: string }[] }>({ database_id: db.id, sql: 'SELECT * FROM secret' });
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
      expect(answer.body.errors[0].message).toMatch(/SQLITE_DATA_DIRS/);
      expect(answer.text).not.toContain('hunter2');
    });

    it('files inside the allowed directory, at any depth, and memory, are fine', async () => {
      const relative = path.relative(process.cwd(), otherFile);
      for (const [file, expected] of [[otherFile, 'hunter2'], [path.join(allowed, 'sub', 'nested.db'), 'hunter2'], [relative, 'hunter2']]) {
        expect((await executeSql({ target: target(file), sql: 'SELECT x FROM secret' })).rows).toEqual([[expected]]);
      }
      expect((await executeSql({ target: memory, sql: 'SELECT 1' })).rows).toEqual([[1]]);
      const created = await s.call('POST', '/api/v1/database/', { database_name: 'inside', sqlalchemy_uri: `sqlite:///${otherFile}` });
      expect(created.status, created.text).toBe(201);
    });
  });

  describe('finding 3 through the API: sqlite:// with allow_dml cannot reach the metadata store', () => {
    it('ATTACH of the store fails, and so does everything after it', async () => {
      const created = await s.call<{ id: number }>('POST', '/api/v1/database/', { database_name: 'scratch', sqlalchemy_uri: 'sqlite://', allow_dml: true, expose_in_sqllab: true });
      expect(created.status, created.text).toBe(201);
      const database = { id: created.body.id, database_name: 'scratch' };
      const { token } = await s.userWith('mallory', [s.databaseAccess(database)]);
      const sql = `ATTACH DATABASE '${metaFile}' AS meta; SELECT * FROM meta.ab_user`;
      const answer = await s.execute<{ errors: { message: string }[] }>({ database_id: database.id, sql }, token);
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
      expect(answer.body.errors[0].message).toContain('too many attached databases');
      const read = await s.execute({ database_id: database.id, sql: 'SELECT * FROM meta.ab_user' }, token);
      expect(read.status, read.text).toBeGreaterThanOrEqual(400);
      expect(read.text).not.toMatch(/pbkdf2|scrypt|\$2[aby]\$/);
    });
  });
});
