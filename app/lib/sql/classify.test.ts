import { describe, expect, it } from 'vitest';
import { classifyStatement, describeStatement, isMutating, isSelect, isSingleSelect } from './classify';
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
