import { describe, expect, it } from 'vitest';
import { extractTables } from './sql-tables.server';

const names = (sql: string) => extractTables(sql).map((t) => [t.schema, t.table].filter(Boolean).join('.'));

describe('extractTables', () => {
  it('finds tables after FROM and JOIN, qualified or not', () => {
    expect(names('SELECT * FROM public.orders o JOIN customers c ON c.id = o.cid LEFT JOIN "Weird ""Name""" w ON true')).toEqual([
      'public.orders', 'customers', 'Weird "Name"',
    ]);
  });

  it('reads comma lists and aliases with AS', () => {
    expect(names('SELECT 1 FROM a AS x, b y, s.c WHERE 1 = 1')).toEqual(['a', 'b', 's.c']);
  });

  it('leaves out CTE names, subqueries, table functions, strings and comments', () => {
    const sql = `WITH recent (id) AS (SELECT id FROM events), other AS (SELECT 1)
      SELECT 'FROM fake' AS t -- FROM commented
      FROM recent JOIN (SELECT * FROM inner_t) q ON true, generate_series(1, 3) g, other`;
    expect(names(sql)).toEqual(['events', 'inner_t']);
  });

  it('reads MySQL backticks', () => {
    expect(extractTables('SELECT * FROM `db`.`my table`')).toEqual([{ catalog: null, schema: 'db', table: 'my table' }]);
  });

  it('answers each table once', () => {
    expect(names('SELECT * FROM t JOIN t ON true')).toEqual(['t']);
  });
});
