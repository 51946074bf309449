import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempSqliteFile } from '../../../tests/helpers/engine-fixtures';
import { executeSql } from '../engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '../engines/pools.server';
import { createExpressionTypeProbe } from './expression-type.server';

/** The probe on a real SQLite file: dates there are ISO text, numbers and text are what they are. */
describe('createExpressionTypeProbe', () => {
  const temp = tempSqliteFile();
  const target: ConnectionTarget = { databaseId: 'probe-test', uri: `sqlite:///${temp.file}` };

  beforeAll(async () => {
    await executeSql({ target, sql: "CREATE TABLE t (ds TEXT, name TEXT, n INTEGER); INSERT INTO t VALUES ('2020-01-02 03:04:05', 'ann', 1), (NULL, NULL, NULL)", allowDml: true });
  });
  afterAll(async () => {
    await closeAllPools();
    temp.remove();
  });

  const probeSql = (expression: string) => `SELECT ${expression} AS "probe" FROM t WHERE ${expression} IS NOT NULL LIMIT 1`;

  it('reads ISO date text as temporal text, other text and numbers as other', async () => {
    const probe = createExpressionTypeProbe(target);
    await expect(probe.kindOf({ datasetId: 1, sql: probeSql('DATE(ds)') })).resolves.toBe('temporal-text');
    await expect(probe.kindOf({ datasetId: 1, sql: probeSql('UPPER(name)') })).resolves.toBe('other');
    await expect(probe.kindOf({ datasetId: 1, sql: probeSql('n + 1') })).resolves.toBe('other');
  });

  it('asks once per dataset and expression', () => {
    const probe = createExpressionTypeProbe(target);
    const q = { datasetId: 1, sql: probeSql('DATE(ds)') };
    expect(probe.kindOf(q)).toBe(probe.kindOf({ ...q }));
    expect(probe.kindOf(q)).not.toBe(probe.kindOf({ ...q, datasetId: 2 }));
  });

  it('answers other for an expression the engine refuses, and never writes', async () => {
    const probe = createExpressionTypeProbe(target);
    await expect(probe.kindOf({ datasetId: 1, sql: probeSql('no_such_column') })).resolves.toBe('other');
    await expect(probe.kindOf({ datasetId: 1, sql: 'DELETE FROM t' })).resolves.toBe('other');
    const left = await executeSql({ target, sql: 'SELECT COUNT(*) AS n FROM t' });
    expect(left.rows[0][0]).toBe(2);
  });
});
