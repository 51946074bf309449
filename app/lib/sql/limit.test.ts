import { describe, expect, it } from 'vitest';
import { MYSQL_FLAVOR, POSTGRES_FLAVOR } from './lexer';
import { applyLimitToSql, getLimitFromSql, planLimit, settleLimit } from './limit';

describe('getLimitFromSql', () => {
  it('reads the top-level limit only', () => {
    expect(getLimitFromSql('SELECT * FROM t LIMIT 10')).toBe(10);
    expect(getLimitFromSql('SELECT * FROM t LIMIT 10 OFFSET 5')).toBe(10);
    expect(getLimitFromSql('SELECT * FROM t OFFSET 5 LIMIT 7')).toBe(7);
    expect(getLimitFromSql('SELECT * FROM t LIMIT 5, 20', MYSQL_FLAVOR)).toBe(20);
    expect(getLimitFromSql('SELECT * FROM t FETCH FIRST 3 ROWS ONLY')).toBe(3);
    expect(getLimitFromSql('SELECT * FROM (SELECT * FROM t LIMIT 3) q')).toBeNull();
    expect(getLimitFromSql("SELECT 'LIMIT 5' -- LIMIT 6")).toBeNull();
    expect(getLimitFromSql('SELECT * FROM t LIMIT ALL')).toBeNull();
  });
});

describe('applyLimitToSql', () => {
  it('appends a limit after the last token, before a trailing comment', () => {
    expect(applyLimitToSql('SELECT * FROM t', 100)).toBe('SELECT * FROM t LIMIT 100');
    expect(applyLimitToSql('SELECT * FROM t -- all rows', 100)).toBe('SELECT * FROM t LIMIT 100 -- all rows');
  });

  it('rewrites a literal limit in place: a larger one always, a smaller one only when forced', () => {
    expect(applyLimitToSql('SELECT * FROM t LIMIT 1000', 100)).toBe('SELECT * FROM t LIMIT 100');
    expect(applyLimitToSql('SELECT * FROM t LIMIT 10', 100)).toBe('SELECT * FROM t LIMIT 10');
    expect(applyLimitToSql('SELECT * FROM t LIMIT 10', 11, POSTGRES_FLAVOR, { force: true })).toBe('SELECT * FROM t LIMIT 11');
    expect(applyLimitToSql('SELECT * FROM t LIMIT 5, 1000', 100, MYSQL_FLAVOR)).toBe('SELECT * FROM t LIMIT 5, 100');
    expect(applyLimitToSql('SELECT * FROM t ORDER BY a LIMIT 50 OFFSET 10', 20)).toBe('SELECT * FROM t ORDER BY a LIMIT 20 OFFSET 10');
  });

  it('wraps a query whose limit is not a literal', () => {
    expect(applyLimitToSql('SELECT * FROM t LIMIT ALL -- c', 5)).toBe('SELECT * FROM (\nSELECT * FROM t LIMIT ALL -- c\n) AS inner_qry LIMIT 5');
    expect(applyLimitToSql('SELECT * FROM t FETCH FIRST ROW ONLY', 5, POSTGRES_FLAVOR, { force: true })).toContain('AS inner_qry LIMIT 5');
  });

  it('limits the whole query, not a subquery', () => {
    expect(applyLimitToSql('SELECT * FROM (SELECT * FROM t LIMIT 3) q', 100)).toBe('SELECT * FROM (SELECT * FROM t LIMIT 3) q LIMIT 100');
  });
});

describe('planLimit and settleLimit (Superset limiting factors)', () => {
  const plan = (sql: string, requested: number | null, serverMax: number | null = 100_000) =>
    planLimit({ sql, requested, serverMax, isSelect: true, flavor: POSTGRES_FLAVOR });

  it('DROPDOWN when the requested limit binds', () => {
    const p = plan('SELECT * FROM t', 1000);
    expect(p).toEqual({ sql: 'SELECT * FROM t LIMIT 1001', limit: 1000, fetchLimit: 1001, limitingFactor: 'DROPDOWN' });
    expect(plan('SELECT * FROM t LIMIT 5000', 1000).limitingFactor).toBe('DROPDOWN');
    expect(settleLimit(p, 1001)).toEqual({ keep: 1000, limitingFactor: 'DROPDOWN' });
  });

  it('QUERY when the SQL limit is smaller; it is raised by one to see whether it cut rows', () => {
    const p = plan('SELECT * FROM t LIMIT 10', 1000);
    expect(p).toMatchObject({ sql: 'SELECT * FROM t LIMIT 11', limit: 10, limitingFactor: 'QUERY' });
    expect(settleLimit(p, 11)).toEqual({ keep: 10, limitingFactor: 'QUERY' });
  });

  it('QUERY_AND_DROPDOWN when both are equal', () => {
    expect(plan('SELECT * FROM t LIMIT 1000', 1000).limitingFactor).toBe('QUERY_AND_DROPDOWN');
  });

  it('NOT_LIMITED when fewer rows than the limit come back', () => {
    expect(settleLimit(plan('SELECT * FROM t LIMIT 10', 1000), 3)).toEqual({ keep: 3, limitingFactor: 'NOT_LIMITED' });
    expect(settleLimit(plan('SELECT * FROM t', 1000), 1000)).toEqual({ keep: 1000, limitingFactor: 'NOT_LIMITED' });
  });

  it('caps the requested limit at the server maximum; absent or zero limits count as none', () => {
    expect(plan('SELECT 1', 500_000, 100_000).limit).toBe(100_000);
    expect(plan('SELECT 1', null, 100_000).limit).toBe(100_000);
    expect(plan('SELECT 1', 0, null)).toMatchObject({ sql: 'SELECT 1', limit: null, limitingFactor: 'NOT_LIMITED' });
    expect(plan('SELECT 1 LIMIT 5', null, null)).toMatchObject({ sql: 'SELECT 1 LIMIT 6', limit: 5, limitingFactor: 'QUERY' });
  });

  it('without the extra row (a reader that keeps every row): the SQL’s own LIMIT as written, the dropdown exactly', () => {
    const exact = (sql: string, requested: number | null, serverMax: number | null = null) =>
      planLimit({ sql, requested, serverMax, isSelect: true, flavor: POSTGRES_FLAVOR, extraRow: false });
    expect(exact('SELECT * FROM t LIMIT 10', null)).toEqual({ sql: 'SELECT * FROM t LIMIT 10', limit: 10, fetchLimit: 10, limitingFactor: 'QUERY' });
    expect(exact('SELECT * FROM t LIMIT 0', null)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 0', limit: 0, fetchLimit: 0 });
    expect(exact('SELECT * FROM t FETCH FIRST ROW ONLY', null)).toMatchObject({ sql: 'SELECT * FROM t FETCH FIRST ROW ONLY', limit: 1 });
    expect(exact('SELECT * FROM t LIMIT 10', 10)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 10', limitingFactor: 'QUERY_AND_DROPDOWN' });
    expect(exact('SELECT * FROM t LIMIT 5000', 1000)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 1000', fetchLimit: 1000, limitingFactor: 'DROPDOWN' });
    expect(exact('SELECT * FROM t', null, 20)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 20', fetchLimit: 20 });
    expect(exact('SELECT * FROM t', null)).toMatchObject({ sql: 'SELECT * FROM t', limit: null, fetchLimit: null });
    // Whether a full result was cut cannot be known without the extra row.
    expect(settleLimit(exact('SELECT * FROM t LIMIT 10', null), 10)).toEqual({ keep: 10, limitingFactor: 'UNKNOWN' });
    expect(settleLimit(exact('SELECT * FROM t LIMIT 10', null), 4)).toEqual({ keep: 4, limitingFactor: 'NOT_LIMITED' });
    expect(planLimit({ sql: 'SHOW ALL', requested: 10, serverMax: null, isSelect: false, extraRow: false }).fetchLimit).toBe(10);
  });

  it('does not rewrite statements that are not SELECTs, but still caps what is read', () => {
    const p = planLimit({ sql: 'SHOW ALL', requested: 10, serverMax: null, isSelect: false });
    expect(p).toEqual({ sql: 'SHOW ALL', limit: 10, fetchLimit: 11, limitingFactor: 'DROPDOWN' });
  });

  it('never rewrites a LIMIT too large to read exactly: MySQL’s "no limit" stays as written', () => {
    const sql = 'SELECT * FROM t LIMIT 18446744073709551615 OFFSET 3';
    expect(getLimitFromSql(sql, MYSQL_FLAVOR)).toBeNull();
    expect(planLimit({ sql, requested: null, serverMax: null, isSelect: true, flavor: MYSQL_FLAVOR })).toEqual({ sql, limit: null, fetchLimit: null, limitingFactor: 'NOT_LIMITED' });
    expect(planLimit({ sql, requested: 10, serverMax: null, isSelect: true, flavor: MYSQL_FLAVOR }).sql).toBe(`SELECT * FROM (\n${sql}\n) AS inner_qry LIMIT 11`);
    expect(getLimitFromSql('SELECT * FROM t FETCH FIRST 99999999999999999999 ROWS ONLY', POSTGRES_FLAVOR)).toBeNull();
  });
});
