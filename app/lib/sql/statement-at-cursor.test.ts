import { describe, expect, it } from 'vitest';
import { MYSQL_FLAVOR, POSTGRES_FLAVOR } from './lexer';
import { statementAtCursor, statementBeingEdited } from './statement-at-cursor';

/** The script with `|` marking the cursor, and the cursor's offset. */
function cursor(marked: string): [string, number] {
  const at = marked.indexOf('|');
  return [marked.slice(0, at) + marked.slice(at + 1), at];
}

const run = (marked: string, flavor = POSTGRES_FLAVOR) => statementAtCursor(...cursor(marked), flavor)?.sql ?? null;
const editing = (marked: string, flavor = POSTGRES_FLAVOR) => statementBeingEdited(...cursor(marked), flavor)?.sql ?? null;

describe('statementAtCursor', () => {
  it('picks the statement containing the cursor, at its edges too', () => {
    expect(run('SELECT 1 AS a;\nSELECT 2 AS b|;')).toBe('SELECT 2 AS b');
    expect(run('SELECT 1 AS a;\n|SELECT 2 AS b;')).toBe('SELECT 2 AS b');
    expect(run('SELECT 1 |AS a;\nSELECT 2 AS b;')).toBe('SELECT 1 AS a');
    expect(run('|SELECT 1; SELECT 2')).toBe('SELECT 1');
  });

  it('reports the range and index of the statement in the script', () => {
    const [sql, at] = cursor('SELECT 1;\n  SELECT |2 ;\nSELECT 3');
    const found = statementAtCursor(sql, at, POSTGRES_FLAVOR);
    expect(found).toMatchObject({ sql: 'SELECT 2', index: 1 });
    expect(sql.slice(found?.start, found?.end)).toBe('SELECT 2');
  });

  it('does not split at semicolons in strings, comments, quoted names and dollar quotes', () => {
    expect(run(`SELECT 'a;b' AS x, "c;d" FROM t WHERE y = 1 |; SELECT 2`)).toBe(`SELECT 'a;b' AS x, "c;d" FROM t WHERE y = 1`);
    expect(run('SELECT 1 /* ; */ + |1; SELECT 2')).toBe('SELECT 1 /* ; */ + 1');
    const fn = 'CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql';
    expect(run(`SELECT 0;\n${fn.replace('RETURN 1', 'RETURN |1')};\nSELECT 2`)).toBe(fn);
    expect(run('SELECT "a;|b" FROM t; SELECT 2')).toBe('SELECT "a;b" FROM t');
    // MySQL: # comments, backslash escapes in strings.
    expect(run("SELECT 'it\\'s;' # c;d\n, |2; SELECT 3", MYSQL_FLAVOR)).toBe("SELECT 'it\\'s;' # c;d\n, 2");
  });

  it('between statements: the previous one on its own line, else the next, else the last', () => {
    expect(run('SELECT 1;| \nSELECT 2')).toBe('SELECT 1');
    expect(run('SELECT 1;\n\n|\nSELECT 2')).toBe('SELECT 2');
    expect(run('SELECT 1;\nSELECT 2;\n\n|')).toBe('SELECT 2');
    // An unterminated statement keeps the trailing space.
    expect(run('SELECT 1;\nSELECT * FROM t\n\n  |')).toBe('SELECT * FROM t');
  });

  it('has nothing to run in an empty or comment-only script', () => {
    expect(run('|')).toBeNull();
    expect(run('  -- nothing; here\n |')).toBeNull();
  });

  it('clamps offsets outside the script', () => {
    expect(statementAtCursor('SELECT 1; SELECT 2', 500)?.sql).toBe('SELECT 2');
    expect(statementAtCursor('SELECT 1; SELECT 2', -3)?.sql).toBe('SELECT 1');
  });
});

describe('statementBeingEdited', () => {
  it('is the statement the cursor is in or trails, and none after a semicolon', () => {
    expect(editing('SELECT 1; SELECT * FROM t WHERE |')).toBe('SELECT * FROM t WHERE');
    expect(editing('SELECT * FROM t;\nSEL|')).toBe('SEL');
    expect(editing('SELECT * FROM t; |')).toBeNull();
    expect(editing('|')).toBeNull();
    expect(editing('SELECT a.| FROM t a; SELECT 2')).toBe('SELECT a. FROM t a');
  });
});
