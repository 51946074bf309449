import { describe, expect, it } from 'vitest';
import { MYSQL_FLAVOR, POSTGRES_FLAVOR, SQLITE_FLAVOR, tokenize } from './lexer';
import { splitStatements, stripComments } from './split';

const sqls = (script: string, flavor = POSTGRES_FLAVOR) => splitStatements(script, flavor).map((s) => s.sql);

describe('splitStatements', () => {
  it('splits on top-level semicolons and drops empty statements', () => {
    expect(sqls('SELECT 1; SELECT 2;;  ;\n')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(sqls('')).toEqual([]);
    expect(sqls(' ; -- only a comment\n; /* and another */')).toEqual([]);
  });

  it('keeps semicolons inside quotes, identifiers and comments', () => {
    expect(sqls(`SELECT 'a;b', "c;d" FROM t; SELECT 1 -- x;y\n; SELECT /* ; */ 2`)).toEqual([
      `SELECT 'a;b', "c;d" FROM t`,
      'SELECT 1 -- x;y',
      'SELECT /* ; */ 2',
    ]);
    expect(sqls("SELECT 'it''s; fine'; SELECT 2")).toEqual(["SELECT 'it''s; fine'", 'SELECT 2']);
    expect(sqls('SELECT `a;b` FROM t; SELECT 2', MYSQL_FLAVOR)).toEqual(['SELECT `a;b` FROM t', 'SELECT 2']);
    expect(sqls('SELECT [a;b] FROM t; SELECT 2', SQLITE_FLAVOR)).toEqual(['SELECT [a;b] FROM t', 'SELECT 2']);
  });

  it('understands backslash escapes only where the dialect has them', () => {
    expect(sqls(`SELECT 'a\\';b'; SELECT 2`, MYSQL_FLAVOR)).toEqual([`SELECT 'a\\';b'`, 'SELECT 2']);
    expect(sqls(`SELECT "a\\";b"; SELECT 2`, MYSQL_FLAVOR)).toEqual([`SELECT "a\\";b"`, 'SELECT 2']);
    // Standard strings: a backslash is an ordinary character, so the string ends at the second quote.
    expect(sqls(`SELECT 'a\\'; SELECT 2`)).toEqual([`SELECT 'a\\'`, 'SELECT 2']);
    expect(sqls(`SELECT E'a\\';b'; SELECT 2`)).toEqual([`SELECT E'a\\';b'`, 'SELECT 2']);
  });

  it('treats MySQL # as a comment and PostgreSQL block comments as nested', () => {
    expect(sqls('SELECT 1 # c;d\n; SELECT 2', MYSQL_FLAVOR)).toEqual(['SELECT 1 # c;d', 'SELECT 2']);
    expect(sqls('SELECT /* a /* b; */ c; */ 1; SELECT 2')).toEqual(['SELECT /* a /* b; */ c; */ 1', 'SELECT 2']);
  });

  it('ends a PostgreSQL -- comment at a carriage return, as its scanner does (elsewhere only at a line feed)', () => {
    // PostgreSQL runs the DELETE: the splitter must see it as a statement of its own.
    expect(sqls('SELECT 1 -- x\r; DELETE FROM t')).toEqual(['SELECT 1 -- x', 'DELETE FROM t']);
    expect(sqls('SELECT 1 -- x\r; DELETE FROM t', SQLITE_FLAVOR)).toEqual(['SELECT 1 -- x\r; DELETE FROM t']);
  });

  it('respects PostgreSQL dollar quotes, tagged or not', () => {
    const fn = `CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql`;
    const tagged = `DO $body$ BEGIN PERFORM 1; RAISE NOTICE '$$'; END $body$`;
    expect(sqls(`${fn}; ${tagged}; SELECT $1::int`)).toEqual([fn, tagged, 'SELECT $1::int']);
    // A $ inside an identifier does not open a quote.
    expect(sqls('SELECT a$b$ FROM t; SELECT 2')).toEqual(['SELECT a$b$ FROM t', 'SELECT 2']);
  });

  it('keeps trigger and routine bodies whole', () => {
    const trigger = `CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE b SET n = CASE WHEN n > 0 THEN n + 1 ELSE 1 END; INSERT INTO c VALUES (1); END`;
    expect(sqls(`${trigger}; SELECT 1`, SQLITE_FLAVOR)).toEqual([trigger, 'SELECT 1']);
    const proc = `CREATE PROCEDURE p() BEGIN IF 1 THEN SELECT 1; END IF; SELECT 2; END`;
    expect(sqls(`${proc}; SELECT 3`, MYSQL_FLAVOR)).toEqual([proc, 'SELECT 3']);
    // A column named like a keyword is not a routine; BEGIN as a transaction is a statement.
    expect(sqls('CREATE TABLE x (trigger int, begin int); BEGIN; SELECT 1; COMMIT')).toEqual([
      'CREATE TABLE x (trigger int, begin int)',
      'BEGIN',
      'SELECT 1',
      'COMMIT',
    ]);
  });

  it('keeps a MariaDB BEGIN NOT ATOMIC block whole', () => {
    const block = 'BEGIN NOT ATOMIC DECLARE x INT; IF 1 THEN SELECT 1; END IF; BEGIN SELECT 2; END; END';
    expect(sqls(`${block}; SELECT 3`, MYSQL_FLAVOR)).toEqual([block, 'SELECT 3']);
  });

  it('splits inside MySQL executable comments, whose body the server runs', () => {
    expect(sqls('SELECT 1 /*! ; DELETE FROM t */', MYSQL_FLAVOR)).toEqual(['SELECT 1 /*!', 'DELETE FROM t */']);
    expect(sqls('/*M!100100 SELECT 1; DELETE FROM t */', MYSQL_FLAVOR)).toEqual(['/*M!100100 SELECT 1', 'DELETE FROM t */']);
    // Outside the MySQL flavour it is an ordinary comment.
    expect(sqls('SELECT 1 /*! ; DELETE FROM t */')).toEqual(['SELECT 1 /*! ; DELETE FROM t */']);
  });

  it('takes MySQL -- for a comment only before a space or control character', () => {
    expect(sqls('SELECT 1--1; DELETE FROM t', MYSQL_FLAVOR)).toEqual(['SELECT 1--1', 'DELETE FROM t']);
    expect(sqls('SELECT 1 -- c; DELETE FROM t\n; SELECT 2', MYSQL_FLAVOR)).toEqual(['SELECT 1 -- c; DELETE FROM t', 'SELECT 2']);
    expect(sqls('SELECT 1 --\tc; d\n; SELECT 2', MYSQL_FLAVOR)).toEqual(['SELECT 1 --\tc; d', 'SELECT 2']);
    expect(sqls('SELECT 1--1; DELETE FROM t', SQLITE_FLAVOR)).toEqual(['SELECT 1--1; DELETE FROM t']);
  });

  it('reports offsets into the script', () => {
    const script = 'SELECT 1;\n  SELECT 2  ';
    const [a, b] = splitStatements(script);
    expect(script.slice(a.start, a.end)).toBe('SELECT 1');
    expect(script.slice(b.start, b.end)).toBe('SELECT 2');
  });

  it('does not fail on unterminated quotes: the rest is one statement for the database to reject', () => {
    expect(sqls("SELECT 'oops; SELECT 2")).toEqual(["SELECT 'oops; SELECT 2"]);
  });
});

describe('stripComments', () => {
  it('removes comments but not comment-like text in strings', () => {
    expect(stripComments("SELECT '--not' -- gone\n, 1 /* gone */ FROM t")).toBe("SELECT '--not' \n, 1   FROM t");
    expect(stripComments('SELECT/**/1')).toBe('SELECT 1');
  });

  it('keeps MySQL executable comments, which the server runs', () => {
    expect(stripComments('/*!40101 SET NAMES utf8 */ # x', MYSQL_FLAVOR)).toBe('/*!40101 SET NAMES utf8 */');
    const kinds = tokenize('/*!40101 SET x */', MYSQL_FLAVOR).filter((t) => t.kind === 'word').map((t) => t.text);
    expect(kinds).toEqual(['SET', 'x']);
  });
});
