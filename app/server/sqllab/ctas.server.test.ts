import { describe, expect, it } from 'vitest';
import { engines } from '../engines/registry.server';
import { SqlLabError } from './errors.server';
import { ctasTarget, planCtas, tempTableName } from './ctas.server';

const database = { database_name: 'db', allow_ctas: true, allow_cvas: true, force_ctas_schema: null };

function errorOf(fn: () => unknown): SqlLabError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SqlLabError) return error;
    throw error;
  }
  throw new Error('expected a SqlLabError');
}

describe('CTAS / CVAS', () => {
  it('wraps one SELECT in the dialect, quoting the names', () => {
    const target = { method: 'TABLE' as const, table: 'my "tab"', schema: 'sales' };
    expect(planCtas('SELECT 1 AS x -- trailing comment', target, engines.postgresql).sql).toBe('CREATE TABLE "sales"."my ""tab""" AS\nSELECT 1 AS x -- trailing comment');
    expect(planCtas('WITH a AS (SELECT 1) SELECT * FROM a;', { ...target, method: 'VIEW', table: 'v`1' }, engines.mysql).sql).toBe(
      'CREATE VIEW `sales`.`v``1` AS\nWITH a AS (SELECT 1) SELECT * FROM a',
    );
  });

  it('refuses several statements or a non-SELECT with the method’s error type', () => {
    const table = { method: 'TABLE' as const, table: 't', schema: null };
    expect(errorOf(() => planCtas('SELECT 1; SELECT 2', table, engines.postgresql)).error.error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const view = errorOf(() => planCtas('DELETE FROM t', { ...table, method: 'VIEW' }, engines.postgresql));
    expect(view.error.error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    expect(view.status).toBe(422);
    expect((view.error.extra.issue_codes as { code: number }[]).map((i) => i.code)).toEqual([1024, 1025]);
  });

  it('checks the database flags and picks the schema: forced, the query’s, the default', () => {
    expect(errorOf(() => ctasTarget({ method: 'TABLE', tmpTableName: 'x', userId: 1, database: { ...database, allow_ctas: false }, schema: null, defaultSchema: null })).error.error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    expect(errorOf(() => ctasTarget({ method: 'VIEW', tmpTableName: 'x', userId: 1, database: { ...database, allow_cvas: false }, schema: null, defaultSchema: null })).error.error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    expect(ctasTarget({ method: 'TABLE', tmpTableName: ' x ', userId: 1, database: { ...database, force_ctas_schema: 'forced' }, schema: 'mine', defaultSchema: 'public' })).toEqual({ method: 'TABLE', table: 'x', schema: 'forced' });
    expect(ctasTarget({ method: 'TABLE', tmpTableName: 'x', userId: 1, database, schema: 'mine', defaultSchema: 'public' }).schema).toBe('mine');
    expect(ctasTarget({ method: 'TABLE', tmpTableName: '', userId: 7, database, schema: null, defaultSchema: 'public' })).toMatchObject({ schema: 'public', table: expect.stringMatching(/^tmp_7_table_[0-9a-f]{10}$/) });
    expect(tempTableName(3)).not.toBe(tempTableName(3));
  });
});
