/**
 * What the MySQL engine itself guarantees on a database without allow_dml (issue 8, finding 2),
 * against the real MariaDB in a database of its own: every statement runs in a read-only XA
 * branch it can neither leave nor make writable (DDL's implicit commit, COMMIT, BEGIN, SET
 * STATEMENT tx_read_only=0 FOR …, stored routines included), one statement per call (the server
 * refuses a text of two), and several result sets are an error of that query, never a crash.
 * The finding's strings go through executeSql; the escapes the parser would refuse anyway run
 * statement by statement on an engine session with only prepareStatement({ readOnly: true })
 * between them, so nothing but the engine stands between them and the data.
 */
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStatement } from '~/lib/sql/classify';
import { MYSQL_FLAVOR } from '~/lib/sql/lexer';
import { splitStatements } from '~/lib/sql/split';
import { EngineError } from '~/server/engines/errors.server';
import { estimateCost } from '~/server/engines/estimate.server';
import { executeSql } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { withSession } from '~/server/engines/session-scope.server';
import type { TempDatabase } from '../helpers/databases';
import { createRestrictedMariaUser, createTempMariaDatabase, engineErrorOf, mariadbAdmin, serviceAvailable } from '../helpers/engine-fixtures';

const up = await serviceAvailable('mariadb');

const FIXTURE = [
  'CREATE TABLE t (id INT PRIMARY KEY, v INT)',
  'INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)',
  'CREATE TABLE m (a INT) ENGINE = MyISAM',
  'CREATE TABLE w (a INT)',
  'CREATE SEQUENCE seq',
  'CREATE FUNCTION f_delete() RETURNS INT MODIFIES SQL DATA BEGIN DELETE FROM t WHERE id = 1; RETURN 1; END',
  'CREATE PROCEDURE p_delete() BEGIN DELETE FROM t WHERE id = 1; END',
  'CREATE PROCEDURE p_escape() BEGIN SET SESSION TRANSACTION READ WRITE; COMMIT; DELETE FROM t WHERE id = 1; END',
  'CREATE PROCEDURE p_drop() BEGIN DROP TABLE t; END',
  'CREATE PROCEDURE p_swallow() BEGIN DECLARE CONTINUE HANDLER FOR SQLEXCEPTION BEGIN END; COMMIT; DROP TABLE w; DELETE FROM t; INSERT INTO m VALUES (1); END',
  'CREATE PROCEDURE p_two() BEGIN SELECT 1 AS a; SELECT 2 AS b, 3 AS c; END',
];

/** Finding 2, as reported. */
const FINDING = {
  'SET STATEMENT … FOR DELETE': 'SET STATEMENT max_statement_time=60 FOR DELETE FROM t WHERE id = 1',
  'SET STATEMENT … FOR UPDATE': 'SET STATEMENT max_statement_time=60 FOR UPDATE t SET v = 0 WHERE id = 1',
  'SET @x = 1, GLOBAL …': 'SET @x = 1, GLOBAL max_connections = {other}',
};

/** Reads to the parser, writes in fact. */
const DISGUISED = ['SELECT f_delete()', 'SELECT NEXTVAL(seq)', 'SELECT SETVAL(seq, 42)', 'SET @v = f_delete()'];

/** Statements that try to leave the read-only transaction, or make the next one writable. */
const LEAVE = [
  'COMMIT',
  'ROLLBACK',
  'BEGIN',
  'START TRANSACTION READ WRITE',
  'SET SESSION TRANSACTION READ WRITE',
  'SET TRANSACTION READ WRITE',
  'SET tx_read_only = 0',
  'SET @@session.tx_read_only = 0',
  'SET SESSION transaction_read_only = 0',
  'SET autocommit = 0',
  'SET autocommit = 1',
  'COMMIT; BEGIN',
];

/** Writes the parser refuses: here they reach the engine, after an escape or alone. */
const WRITES = [
  'DELETE FROM t WHERE id = 1',
  'UPDATE t SET v = 0',
  'INSERT INTO t VALUES (9, 90)',
  'REPLACE INTO t VALUES (1, 100)',
  'INSERT INTO m VALUES (1)',
  'SET STATEMENT max_statement_time=60 FOR DELETE FROM t WHERE id = 1',
  'SET STATEMENT max_statement_time=60 FOR UPDATE t SET v = 0 WHERE id = 1',
  'SET STATEMENT tx_read_only=0 FOR DELETE FROM t WHERE id = 1',
  'SET STATEMENT tx_read_only=0 FOR DROP TABLE t',
  'SET STATEMENT tx_read_only=0 FOR CREATE TABLE made (a INT)',
  '/*! DELETE FROM t WHERE id = 1 */',
  '/*!50000 DELETE FROM t WHERE id = 1 */',
  '/*M! DELETE FROM t WHERE id = 1 */',
  '/*M!100100 UPDATE t SET v = 0 */',
  'DROP TABLE t',
  'TRUNCATE t',
  'CREATE TABLE made (a INT)',
  'CREATE TABLE made AS SELECT * FROM t',
  'RENAME TABLE t TO t_renamed',
  'ALTER TABLE t ADD COLUMN x INT',
  'CREATE PROCEDURE made() SELECT 1',
  'CREATE DATABASE {db}_made',
  'LOCK TABLES t WRITE',
  'ANALYZE TABLE t',
  'CALL p_delete()',
  'CALL p_escape()',
  'CALL p_drop()',
  'SET STATEMENT tx_read_only=0 FOR CALL p_drop()',
  "XA END 'x'; DELETE FROM t WHERE id = 1",
  'PREPARE s FROM "DELETE FROM t WHERE id = 1"; EXECUTE s',
  'EXECUTE IMMEDIATE "DELETE FROM t WHERE id = 1"',
  'BEGIN NOT ATOMIC DELETE FROM t WHERE id = 1; END',
  'LOAD DATA LOCAL INFILE "/etc/hostname" INTO TABLE m',
];

describe.skipIf(!up)('MySQL engine safety without allow_dml (MariaDB)', () => {
  let db: TempDatabase;
  let admin: mysql.Connection;
  let target: ConnectionTarget;
  let maxConnections = 0;
  const sub = (sql: string) => sql.replace('{other}', String(maxConnections + 1)).replace('{db}', db.name);

  beforeAll(async () => {
    db = await createTempMariaDatabase('sightline_test_safety');
    target = { databaseId: `my-safety-${db.name}`, uri: db.url };
    admin = await mariadbAdmin(db.name);
    for (const sql of FIXTURE) await admin.query(sql);
    maxConnections = await globalMaxConnections();
  });

  afterAll(async () => {
    if (admin && maxConnections) await admin.query(`SET GLOBAL max_connections = ${maxConnections}`);
    await admin?.query(`DROP DATABASE IF EXISTS \`${db?.name}_made\``);
    await admin?.end();
    await closeAllPools();
    await db?.drop();
  });

  async function globalMaxConnections(): Promise<number> {
    const [rows] = await admin.query('SELECT @@global.max_connections AS n');
    return Number((rows as { n: number }[])[0].n);
  }

  /** Everything no script here may change: the rows, the tables and routines, the sequence, the server setting. */
  async function state() {
    const [rows] = await admin.query(
      `SELECT (SELECT GROUP_CONCAT(CONCAT(id, ':', v) ORDER BY id) FROM t) AS t,
              (SELECT COUNT(*) FROM m) AS m, (SELECT COUNT(*) FROM w) AS w,
              (SELECT GROUP_CONCAT(table_name ORDER BY table_name) FROM information_schema.tables WHERE table_schema = DATABASE()) AS tables,
              (SELECT GROUP_CONCAT(routine_name ORDER BY routine_name) FROM information_schema.routines WHERE routine_schema = DATABASE()) AS routines,
              (SELECT next_not_cached_value FROM seq) AS seq,
              (SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = CONCAT(DATABASE(), '_made')) AS made`,
    );
    return { ...(rows as Record<string, unknown>[])[0], maxConnections: await globalMaxConnections() };
  }
  let intact: Awaited<ReturnType<typeof state>>;
  beforeAll(async () => {
    intact = await state();
  });

  /** The statements of `sql` one by one on one engine session, read-only before each: the parser never looks. */
  const engineOnly = (sql: string) =>
    withSession({ target }, async (session) => {
      for (const { sql: statement } of splitStatements(sql, MYSQL_FLAVOR)) {
        await session.prepareStatement({ readOnly: true });
        await session.query(statement, describeStatement(statement, MYSQL_FLAVOR), { batchSize: 100, onBatch: () => {} });
      }
    });

  const alive = async () => expect((await executeSql({ target, sql: 'SELECT COUNT(*) FROM t' })).rows).toEqual([[3]]);

  describe('finding 2 through executeSql', () => {
    it.each(Object.entries(FINDING))('%s: refused, nothing changed', async (_what, sql) => {
      const error = await engineErrorOf(executeSql({ target, sql: sub(sql) }));
      expect([error.error.error_type, error.status]).toEqual(['DML_NOT_ALLOWED_ERROR', 403]);
      expect(await state()).toEqual(intact);
      await alive();
    });

    it.each(Object.values(FINDING).filter((sql) => !sql.includes('GLOBAL')))('%s: refused by the engine too, below the parser', async (sql) => {
      await expect(engineOnly(sub(sql))).rejects.toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
    });

    it('SET GLOBAL: no transaction stops it, the connection user without SUPER / CONNECTION ADMIN does', async () => {
      const user = await createRestrictedMariaUser(db.name, 't');
      try {
        const restricted = { databaseId: `my-safety-restricted-${db.name}`, uri: `mysql://${user.username}:${user.password}@127.0.0.1:3306/${db.name}` };
        const error = await engineErrorOf(
          withSession({ target: restricted }, async (session) => {
            const sql = sub(FINDING['SET @x = 1, GLOBAL …']);
            await session.prepareStatement({ readOnly: true });
            await session.query(sql, describeStatement(sql, MYSQL_FLAVOR), { batchSize: 100, onBatch: () => {} });
          }),
        );
        expect(error.error.error_type).toBe('CONNECTION_DATABASE_PERMISSIONS_ERROR');
        expect(await state()).toEqual(intact);
      } finally {
        await user.drop();
      }
    });
  });

  describe('writes the parser takes for reads', () => {
    const scripts = [...DISGUISED, ...LEAVE.flatMap((leave) => DISGUISED.map((write) => `${leave}; ${write}`)), 'SET STATEMENT tx_read_only=0 FOR SELECT f_delete()'];

    it('are all reads to the parser', () => {
      for (const sql of scripts) {
        for (const s of splitStatements(sql, MYSQL_FLAVOR)) expect(describeStatement(s.sql, MYSQL_FLAVOR).kind, sql).toBe('read');
      }
    });

    it.each(scripts)('%s: refused by the engine, nothing changed', async (sql) => {
      const error = await engineErrorOf(executeSql({ target, sql }));
      expect(error).toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
    });

    it('a write the server refused says that DML is not allowed', async () => {
      const error = await engineErrorOf(executeSql({ target, sql: 'SELECT f_delete()' }));
      expect([error.error.error_type, error.status]).toEqual(['DML_NOT_ALLOWED_ERROR', 403]);
      const commit = await engineErrorOf(executeSql({ target, sql: 'SELECT 1; COMMIT' }));
      expect(commit.error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
      expect(commit.message).toContain('commit implicitly');
    });

    it('the cost estimate runs read-only too', async () => {
      await expect(estimateCost({ target, sql: 'SELECT f_delete()' })).rejects.toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
    });
  });

  describe('escapes, below the parser', () => {
    const scripts = [...WRITES, ...LEAVE.flatMap((leave) => ['DELETE FROM t WHERE id = 1', 'DROP TABLE t', 'CALL p_delete()'].map((write) => `${leave}; ${write}`))];

    it.each(scripts)('%s: refused by the engine, nothing changed', async (sql) => {
      await expect(engineOnly(sub(sql))).rejects.toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
      await alive();
    });

    it('a procedure that swallows every refusal changes nothing', async () => {
      await engineOnly('CALL p_swallow()').catch(() => {});
      expect(await state()).toEqual(intact);
    });

    it('a temporary table is refused too (MariaDB counts it as a write)', async () => {
      await expect(engineOnly('CREATE TEMPORARY TABLE tmp (a INT)')).rejects.toBeInstanceOf(EngineError);
    });
  });

  describe('reads keep working; with allow_dml nothing changes', () => {
    it('SET @v, USE and SELECT carry across statements, read-only', async () => {
      // @@in_transaction: the statement runs inside the read-only branch (the session's tx_read_only is left alone).
      const result = await executeSql({ target, sql: 'SET @v = 41; USE information_schema; SELECT @v + 1, DATABASE(), @@in_transaction' });
      expect(result.rows).toEqual([[42, 'information_schema', 1]]);
      expect((await executeSql({ target, sql: 'SELECT COUNT(*) FROM t', schema: db.name })).rows).toEqual([[3]]);
      const handler = await executeSql({ target, sql: 'HANDLER t OPEN; HANDLER t READ `PRIMARY` FIRST; ' });
      expect(handler.rows).toEqual([[1, 10]]);
    });

    it('costs one round trip before the first statement, three before each later one', async () => {
      const questions = "(SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'QUESTIONS')";
      const result = await executeSql({ target, sql: `SET @q = ${questions}; SELECT 1; SELECT ${questions} - @q` });
      // Counted from the SET to the last SELECT: SELECT 1 and the last SELECT, and 3 of ours before each.
      expect(Number(result.rows[0][0])).toBe(2 + 2 * 3);
    });

    it('with allow_dml the session is writable and transactions and DDL work as before', async () => {
      const writes = await executeSql({
        target,
        sql: 'BEGIN; INSERT INTO w VALUES (1); ROLLBACK; INSERT INTO w VALUES (2); CREATE TABLE w2 (a INT); DROP TABLE w2; SELECT COUNT(*), @@tx_read_only FROM w',
        allowDml: true,
      });
      expect(writes.rows).toEqual([[1, 0]]);
      await admin.query('DELETE FROM w');
      // A read-only script on the same pool right after: read-only again.
      await expect(engineOnly('INSERT INTO w VALUES (3)')).rejects.toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
    });
  });

  describe('one statement per call, one result set per statement', () => {
    const raw = (sql: string, readOnly: boolean) =>
      withSession({ target }, async (session) => {
        await session.prepareStatement({ readOnly });
        return session.query(sql, describeStatement(sql, MYSQL_FLAVOR), { batchSize: 100, onBatch: () => {} });
      });

    it('a text of two statements is refused by the server, even with allow_dml', async () => {
      for (const sql of ['SELECT 1; DELETE FROM t WHERE id = 1', 'SELECT 1 --1; DELETE FROM t WHERE id = 1', 'SELECT 1 /*! ; DELETE FROM t WHERE id = 1 */']) {
        const error = await engineErrorOf(raw(sql, false));
        expect(error.error.error_type, sql).toBe('SYNTAX_ERROR');
      }
      expect(await state()).toEqual(intact);
    });

    it('a mis-split by sql_mode (NO_BACKSLASH_ESCAPES) is an error, never a second statement', async () => {
      const sql = "SET sql_mode = 'NO_BACKSLASH_ESCAPES'; SELECT 'a\\'; DELETE FROM t WHERE id = 1; -- '";
      expect(splitStatements(sql, MYSQL_FLAVOR)).toHaveLength(2); // the splitter sees one SELECT after the SET
      for (const allowDml of [false, true]) await expect(executeSql({ target, sql, allowDml })).rejects.toBeInstanceOf(EngineError);
      expect(await state()).toEqual(intact);
    });

    it('a CALL answering two result sets fails that query, and the next one runs', async () => {
      const error = await engineErrorOf(executeSql({ target, sql: 'CALL p_two()', allowDml: true }));
      expect(error.message).toContain('several result sets');
      const viaSession = await engineErrorOf(raw('CALL p_two()', false));
      expect(viaSession.message).toContain('several result sets');
      await alive();
    });
  });
});
