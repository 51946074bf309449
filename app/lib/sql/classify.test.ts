import { describe, expect, it } from 'vitest';
import { classifyStatement, describeStatement, isMutating, isSelect, isSingleSelect, READ_ONLY_MESSAGE, readOnlyRefusal } from './classify';
import { MYSQL_FLAVOR, POSTGRES_FLAVOR, SQLITE_FLAVOR } from './lexer';

const kind = (sql: string, flavor = POSTGRES_FLAVOR) => classifyStatement(sql, flavor);

describe('classifyStatement', () => {
  it.each([
    'SELECT 1',
    '  -- leading comment\n  select * from t',
    '(SELECT 1) UNION (SELECT 2)',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s) SELECT * FROM s',
    'VALUES (1), (2)',
    'TABLE t',
    'SHOW search_path',
    'DESCRIBE t',
    'EXPLAIN SELECT 1',
    'EXPLAIN (FORMAT JSON) SELECT 1',
    'EXPLAIN ANALYZE SELECT 1',
    'PRAGMA table_info(t)',
    'PRAGMA main.index_list(t)',
    'PRAGMA user_version',
    "SET search_path = 'x'",
    'SET SESSION sql_mode = ""',
    'USE analytics',
    'BEGIN',
    'START TRANSACTION',
    'COMMIT',
    'ROLLBACK',
    'SELECT * FROM t FOR UPDATE',
  ])('%s is a read', (sql) => {
    expect(kind(sql)).toBe('read');
  });

  it.each([
    'INSERT INTO t VALUES (1)',
    'update t set a = 1',
    'DELETE FROM t',
    'MERGE INTO t USING s ON true WHEN MATCHED THEN DELETE',
    'REPLACE INTO t VALUES (1)',
    'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x',
    'WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone',
    'EXPLAIN ANALYZE DELETE FROM t',
    'EXPLAIN (ANALYZE, BUFFERS) UPDATE t SET a = 1',
    'ANALYZE UPDATE t SET a = 1',
    'CALL p()',
    'COPY t FROM STDIN',
    'PRAGMA user_version = 3',
    'PRAGMA journal_mode(WAL)',
    'FROBNICATE everything',
  ])('%s is dml', (sql) => {
    expect(kind(sql)).toBe('dml');
  });

  it.each([
    'CREATE TABLE t (a int)',
    'create temp table t as select 1',
    'DROP TABLE t',
    'ALTER TABLE t ADD COLUMN b int',
    'TRUNCATE t',
    'GRANT SELECT ON t TO u',
    'VACUUM',
    'ANALYZE t',
    "DO $$ BEGIN PERFORM 1; END $$",
    'SELECT * INTO new_table FROM t',
    'SET GLOBAL max_connections = 10',
    'SET @@global.max_connections = 10',
    'ATTACH DATABASE "x.db" AS x',
  ])('%s is ddl', (sql) => {
    expect(kind(sql, MYSQL_FLAVOR)).toBe('ddl');
  });

  it('does not take keywords in strings or comments for statements', () => {
    expect(kind("SELECT 'DELETE FROM t'")).toBe('read');
    expect(kind('/* DROP TABLE t */ SELECT 1')).toBe('read');
    expect(kind('-- SELECT\nDELETE FROM t')).toBe('dml');
  });

  it('sees through MySQL executable comments', () => {
    expect(kind('/*!50000 DROP TABLE t */', MYSQL_FLAVOR)).toBe('ddl');
    expect(kind('/*! DELETE FROM t WHERE id = 1 */', MYSQL_FLAVOR)).toBe('dml');
    expect(kind('/*M!100100 DELETE FROM t */', MYSQL_FLAVOR)).toBe('dml');
    expect(kind('SELECT 1 /*!, (DELETE) */', MYSQL_FLAVOR)).toBe('read');
    expect(kind('/*!100000 SET STATEMENT max_statement_time=60 FOR */ DELETE FROM t', MYSQL_FLAVOR)).toBe('dml');
    // Elsewhere /*! is an ordinary comment.
    expect(kind('/*! DELETE FROM t */ SELECT 1', POSTGRES_FLAVOR)).toBe('read');
  });
});

describe("MariaDB's SET STATEMENT … FOR", () => {
  it.each([
    ['SET STATEMENT max_statement_time=60 FOR DELETE FROM t WHERE id = 1', 'dml'],
    ['SET STATEMENT max_statement_time=60 FOR UPDATE t SET v = 0 WHERE id = 1', 'dml'],
    ['set statement tx_read_only=0, max_statement_time=1 for insert into t values (1)', 'dml'],
    ['SET STATEMENT tx_read_only=0 FOR DROP TABLE t', 'ddl'],
    ['SET STATEMENT x = (SELECT 1 FOR UPDATE) FOR TRUNCATE t', 'ddl'],
    ['SET STATEMENT max_statement_time=60 FOR SELECT * FROM t', 'read'],
    ['SET STATEMENT a=1 FOR SET STATEMENT b=2 FOR DELETE FROM t', 'dml'],
  ] as const)('%s is %s', (sql, expected) => {
    expect(kind(sql, MYSQL_FLAVOR)).toBe(expected);
  });

  it('takes the inner statement’s rows but never rewrites it as a SELECT, and an incomplete one is unrecognised', () => {
    expect(describeStatement('SET STATEMENT max_statement_time=60 FOR SELECT 1', MYSQL_FLAVOR)).toMatchObject({
      kind: 'read',
      keyword: 'SET',
      isSelect: false,
      returnsRows: true,
    });
    expect(describeStatement('SET STATEMENT max_statement_time=60', MYSQL_FLAVOR)).toMatchObject({ kind: 'dml', known: false });
  });
});

describe('SET that reaches the whole server', () => {
  it.each([
    'SET @x = 1, GLOBAL max_connections = 151',
    'set @x=1,global max_connections=151',
    'SET @x = 1, @@global.max_connections = 151',
    'SET @x = 1, @@GLOBAL.max_connections = 151',
    'SET SESSION sql_mode = "", PERSIST max_connections = 151',
    'SET @x = (SELECT 1), PERSIST_ONLY max_connections = 151',
    'SET @x = 1, /*!GLOBAL */ max_connections = 151',
    'SET @x = 1, /* c */ GLOBAL max_connections = 151',
    'SET GLOBAL TRANSACTION READ WRITE',
    'SET PASSWORD = PASSWORD("x")',
    'SET DEFAULT ROLE admin FOR u',
  ])('%s is ddl', (sql) => {
    expect(kind(sql, MYSQL_FLAVOR)).toBe('ddl');
  });

  it.each(['SET @global = 1', 'SET @x = 1, @y = 2', 'SET SESSION TRANSACTION READ WRITE', 'SET ROLE analyst', 'SET NAMES utf8mb4', "SET @x = 'GLOBAL max_connections'"])(
    '%s is a read',
    (sql) => {
      expect(kind(sql, MYSQL_FLAVOR)).toBe('read');
    },
  );
});

describe('other MySQL tricks', () => {
  it('counts MariaDB BEGIN NOT ATOMIC blocks as unrecognised, while BEGIN alone stays a read', () => {
    expect(describeStatement('BEGIN NOT ATOMIC DELETE FROM t; END', MYSQL_FLAVOR)).toMatchObject({ kind: 'dml', known: false });
    expect(kind('BEGIN NOT DEFERRABLE', POSTGRES_FLAVOR)).toBe('read');
    expect(kind('BEGIN WORK', MYSQL_FLAVOR)).toBe('read');
  });

  it('reads MySQL -- as a comment only before a space, so a DELETE after 1--1 is seen', () => {
    expect(isMutating('SELECT 1--1; DELETE FROM t', MYSQL_FLAVOR)).toBe(true);
    expect(isMutating('SELECT 1 -- ; DELETE FROM t', MYSQL_FLAVOR)).toBe(false);
  });
});

describe('describeStatement', () => {
  it('marks limitable queries and statements that answer rows', () => {
    expect(describeStatement('SELECT 1')).toMatchObject({ isSelect: true, returnsRows: true, keyword: 'SELECT', known: true });
    expect(describeStatement('SELEC 1')).toMatchObject({ kind: 'dml', known: false });
    expect(describeStatement('WITH x AS (SELECT 1) SELECT * FROM x')).toMatchObject({ isSelect: true, keyword: 'WITH' });
    expect(describeStatement('SHOW tables')).toMatchObject({ isSelect: false, returnsRows: true });
    expect(describeStatement('SET x = 1')).toMatchObject({ isSelect: false, returnsRows: false });
    expect(describeStatement('INSERT INTO t VALUES (1) RETURNING id')).toMatchObject({ kind: 'dml', returnsRows: true });
    expect(describeStatement('UPDATE t SET a = (SELECT max(b) FROM u)')).toMatchObject({ kind: 'dml', returnsRows: false });
    expect(describeStatement('WITH gone AS (DELETE FROM t RETURNING *) SELECT * FROM gone')).toMatchObject({
      kind: 'dml',
      isSelect: false,
      returnsRows: true,
    });
  });
});

describe('isSelect / isSingleSelect / isMutating', () => {
  it('answers for scripts', () => {
    expect(isSelect('EXPLAIN SELECT 1')).toBe(false);
    expect(isSelect('SELECT a INTO b FROM c')).toBe(false);
    expect(isSingleSelect('SELECT 1;')).toBe(true);
    expect(isSingleSelect('SELECT 1; SELECT 2')).toBe(false);
    expect(isSingleSelect('DELETE FROM t')).toBe(false);
    expect(isMutating('SELECT 1; SET x = 1')).toBe(false);
    expect(isMutating('SELECT 1; DELETE FROM t', SQLITE_FLAVOR)).toBe(true);
  });
});

describe('readOnlyRefusal', () => {
  const shapes = (...sql: string[]) => sql.map((s) => describeStatement(s, POSTGRES_FLAVOR));

  it('lets reads and session statements through', () => {
    expect(readOnlyRefusal(shapes('SET search_path TO x', 'SELECT 1', 'SHOW DateStyle'))).toBeNull();
  });

  it('names the first statement that may write, with the one message', () => {
    expect(readOnlyRefusal(shapes('SELECT 1', "UPDATE t SET a = 'x'", 'DROP TABLE t'))).toEqual({ statement: 2, kind: 'dml', message: READ_ONLY_MESSAGE });
    expect(readOnlyRefusal(shapes('DROP TABLE t'))).toMatchObject({ statement: 1, kind: 'ddl', message: READ_ONLY_MESSAGE });
  });

  it('says when a statement could not be read rather than blaming it for writing', () => {
    const refusal = readOnlyRefusal(shapes('SELEC 1'));
    expect([refusal?.statement, refusal?.kind]).toEqual([1, 'dml']);
    expect(refusal?.message).toContain('could not be parsed');
  });
});
