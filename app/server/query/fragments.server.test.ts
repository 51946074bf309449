import { describe, expect, it } from 'vitest';
import { MYSQL_FLAVOR, POSTGRES_FLAVOR, SQLITE_FLAVOR } from '~/lib/sql/lexer';
import { InvalidInputError } from '../domain-errors.server';
import { checkedExpression, checkedVirtualQuery, SUBQUERY_MESSAGE } from './fragments.server';

const fromQuery = { what: 'The custom SQL', fromQuery: true };

describe('checkedExpression', () => {
  it('drops comments (so a -- cannot hide what follows) and keeps strings as written', () => {
    expect(checkedExpression("a  +  b -- note\n + '--  x  '", SQLITE_FLAVOR, fromQuery)).toBe("a + b + '--  x  '");
    expect(checkedExpression('a /* c */ + 1 # mysql comment', MYSQL_FLAVOR, fromQuery)).toBe('a + 1');
    expect(checkedExpression("$$)$$ || 'x'", POSTGRES_FLAVOR, fromQuery)).toBe("$$)$$ || 'x'");
  });

  it.each([
    ["a'); DROP TABLE t; --", SQLITE_FLAVOR],
    ['a) OR (1=1', SQLITE_FLAVOR],
    ["'\\') OR 1=1 -- ", MYSQL_FLAVOR],
    ['$$ unterminated', POSTGRES_FLAVOR],
    ['a; b', SQLITE_FLAVOR],
    ['"unterminated', SQLITE_FLAVOR],
    ['(((a)', SQLITE_FLAVOR],
  ])('refuses %j, which would leave its parentheses', (sql, flavor) => {
    expect(() => checkedExpression(sql, flavor, fromQuery)).toThrow(/single SQL expression/);
  });

  it('refuses sub-queries from the query, not from the dataset owners, and empty text', () => {
    expect(() => checkedExpression('(select 1)', SQLITE_FLAVOR, fromQuery)).toThrow(SUBQUERY_MESSAGE);
    expect(checkedExpression('(select 1)', SQLITE_FLAVOR, { what: 'x', fromQuery: false })).toBe('(select 1)');
    expect(checkedExpression("'select'", SQLITE_FLAVOR, fromQuery)).toBe("'select'");
    expect(() => checkedExpression(' -- only a comment', SQLITE_FLAVOR, fromQuery)).toThrow(InvalidInputError);
  });
});

describe('checkedVirtualQuery', () => {
  it('keeps one read-only statement, comments and all, without its trailing semicolons', () => {
    expect(checkedVirtualQuery('WITH x AS (SELECT 1 AS a) SELECT a FROM x -- trailing comment\n;;  ', SQLITE_FLAVOR)).toBe('WITH x AS (SELECT 1 AS a) SELECT a FROM x -- trailing comment');
  });

  it.each([['SELECT 1; SELECT 2'], ['SELECT 1) AS t; DROP TABLE x; --'], ['SELECT 1 /* open'], ["SELECT 'open"], ['']])('refuses %j', (sql) => {
    expect(() => checkedVirtualQuery(sql, SQLITE_FLAVOR)).toThrow(InvalidInputError);
  });

  it('refuses statements that write', () => {
    expect(() => checkedVirtualQuery('UPDATE t SET a = 1', POSTGRES_FLAVOR)).toThrow(/read-only/);
  });
});
