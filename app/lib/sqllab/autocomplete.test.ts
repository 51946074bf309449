import { describe, expect, it } from 'vitest';
import { buildIndex, quoteName, suggest, type AutocompleteIndex, type Suggestion } from './autocomplete';
import { tableRefs } from './autocomplete-context';
import { mysqlDialect, postgresqlDialect, sqliteDialect } from '../sql/dialects';
import { POSTGRES_FLAVOR, SQLITE_FLAVOR } from '../sql/lexer';

const col = (name: string, type = 'INTEGER') => ({ name, type });

const pg = buildIndex({
  dialect: postgresqlDialect,
  schema: 'public',
  schemas: ['public', 'sales', 'audit'],
  tables: [
    { table: 'customers', columns: [col('id'), col('name', 'TEXT'), col('email', 'TEXT'), col('created_at', 'TIMESTAMP')] },
    { table: 'orders', columns: [col('id'), col('customer_id'), col('amount', 'NUMERIC'), col('ordered_at', 'TIMESTAMP')] },
    { table: 'Order Items', columns: [col('order_id'), col('sku', 'TEXT'), col('Quantity')] },
    { table: 'events', columns: [col('event_name', 'TEXT'), col('payload', 'JSONB')] },
  ],
});

/** Suggestions at the `|` of a marked script. */
function at(marked: string, index: AutocompleteIndex = pg): Suggestion[] {
  const cursor = marked.indexOf('|');
  return suggest(index, marked.slice(0, cursor) + marked.slice(cursor + 1), cursor);
}
const captions = (list: Suggestion[], meta?: Suggestion['meta']) => list.filter((s) => !meta || s.meta === meta).map((s) => s.caption);

describe('after alias. or table.', () => {
  it('offers only the columns of the aliased table, in table order, whatever the alias syntax', () => {
    for (const sql of [
      'SELECT o.| FROM orders AS o',
      'SELECT o.| FROM orders o',
      'SELECT o.| FROM customers c JOIN public.orders o ON o.customer_id = c.id',
      'SELECT o.| FROM customers c, "orders" "o"',
      'SELECT x FROM customers c; SELECT o.| FROM orders o WHERE o.amount > 1',
    ]) {
      const list = at(sql);
      expect(captions(list), sql).toEqual(['id', 'customer_id', 'amount', 'ordered_at']);
      expect(list.every((s) => s.meta === 'column')).toBe(true);
    }
  });

  it('filters by what follows the dot and says where the column comes from', () => {
    const list = at('SELECT c.na| FROM customers c');
    expect(list).toEqual([expect.objectContaining({ caption: 'name', value: 'name', meta: 'column', detail: 'customers · TEXT' })]);
    expect(captions(at('SELECT c.at| FROM customers c'))).toEqual(['created_at']);
  });

  it('resolves table names, quoted names with spaces, and aliases typed before their FROM', () => {
    expect(captions(at('SELECT orders.| FROM orders'))).toEqual(['id', 'customer_id', 'amount', 'ordered_at']);
    expect(captions(at('SELECT i.| FROM "Order Items" i'))).toEqual(['order_id', 'sku', 'Quantity']);
    // Quantity needs quotes in PostgreSQL, where unquoted names fold to lower case.
    expect(at('SELECT i.Q| FROM "Order Items" i')[0]).toMatchObject({ caption: 'Quantity', value: '"Quantity"' });
    expect(captions(at('SELECT ev.| FROM events AS ev'))).toEqual(['event_name', 'payload']);
    expect(captions(at('SELECT e.event_name, e.| \nFROM events e'))).toEqual(['event_name', 'payload']);
  });

  it('offers nothing for an alias it cannot resolve, and the schema tables after schema.', () => {
    expect(at('SELECT zz.| FROM orders o')).toEqual([]);
    expect(captions(at('SELECT * FROM public.|'))).toEqual(['customers', 'events', 'Order Items', 'orders']);
    expect(at('SELECT * FROM sales.|')).toEqual([]);
  });
});

describe('after FROM, JOIN, INTO, UPDATE', () => {
  it('offers tables and schemas only', () => {
    for (const sql of ['SELECT * FROM |', 'SELECT * FROM orders o JOIN |', 'INSERT INTO |', 'UPDATE |', 'SELECT * FROM orders, |']) {
      const list = at(sql);
      expect(new Set(list.map((s) => s.meta)), sql).toEqual(new Set(['table', 'schema']));
      expect(list[0].meta).toBe('table');
    }
    expect(captions(at('SELECT * FROM ord|'))).toEqual(['Order Items', 'orders']);
    expect(at('SELECT * FROM Order|').find((s) => s.caption === 'Order Items')?.value).toBe('"Order Items"');
    expect(captions(at('SELECT * FROM sa|'), 'schema')).toEqual(['sales']);
  });

  it('is back to columns and keywords after the table list', () => {
    expect(captions(at('SELECT * FROM orders WHERE am|'))).toContain('amount');
    expect(at('SELECT * FROM orders WHERE id IN (1, |')[0].meta).not.toBe('table');
  });
});

describe('elsewhere', () => {
  it('ranks the statement’s columns first, then keywords, tables and other columns, prefix before substring', () => {
    const list = at('SELECT na| FROM customers');
    expect(list[0]).toMatchObject({ caption: 'name', meta: 'column' });
    expect(list.findIndex((s) => s.meta === 'keyword')).toBeGreaterThan(0);
    const ids = at('SELECT i| FROM orders');
    expect(ids[0]).toMatchObject({ caption: 'id', meta: 'column', detail: 'orders · INTEGER' });
    // A substring match (customer_id has "id" inside) comes after every prefix match.
    const list2 = at('SELECT id| FROM orders');
    const sub = list2.findIndex((s) => s.caption === 'customer_id');
    const lastPrefix = list2.map((s) => s.caption.toLowerCase().startsWith('id')).lastIndexOf(true);
    expect(sub).toBeGreaterThan(lastPrefix);
  });

  it('offers columns of tables not in the statement after everything else, once per name', () => {
    const list = at('SELECT em|');
    expect(list.find((s) => s.caption === 'email')).toMatchObject({ meta: 'column', detail: 'customers · TEXT' });
    const both = at('SELECT i| FROM orders');
    expect(both.filter((s) => s.caption === 'id')).toHaveLength(1);
  });

  it('matches keywords in the case typed, and subsequences when nothing else matches', () => {
    expect(at('sel|')[0]).toMatchObject({ caption: 'SELECT', value: 'select', meta: 'keyword' });
    expect(at('SEL|')[0]).toMatchObject({ value: 'SELECT' });
    expect(captions(at('SELECT * FROM cstmrs|'))).toEqual(['customers']);
    expect(captions(at('SELECT * FROM orders WHERE DTRNC|'), 'keyword')).toContain('DATE_TRUNC');
  });

  it('keeps quiet inside strings, comments and numbers', () => {
    expect(at("SELECT 'ord|")).toEqual([]);
    expect(at('SELECT 1 -- ord|')).toEqual([]);
    expect(at('SELECT /* ord|')).toEqual([]);
    expect(at('SELECT 12|')).toEqual([]);
    expect(at("SELECT 'x' AS a, ord|").length).toBeGreaterThan(0);
    expect(at('SELECT $$ a; b $$, ord|').length).toBeGreaterThan(0);
  });

  it('inserts a bare name inside a quoted identifier the user opened', () => {
    expect(at('SELECT * FROM "Ord|').find((s) => s.caption === 'Order Items')?.value).toBe('Order Items');
  });

  it('caps the list', () => {
    expect(at('SELECT |')).toHaveLength(100);
    expect(suggest(pg, 'SELECT ', 7, 5)).toHaveLength(5);
  });
});

describe('quoteName and dialects', () => {
  it('quotes what the dialect would not read back unchanged', () => {
    const mysql = buildIndex({ dialect: mysqlDialect, tables: [] });
    expect(quoteName('order', pg)).toBe('"order"');
    expect(quoteName('Amount', pg)).toBe('"Amount"');
    expect(quoteName('Amount', mysql)).toBe('Amount');
    expect(quoteName('my col', mysql)).toBe('`my col`');
    expect(quoteName('a"b', pg)).toBe('"a""b"');
  });

  it('offers each dialect its own keywords', () => {
    const sqlite = buildIndex({ dialect: sqliteDialect, tables: [] });
    expect(captions(at('PRAG|', sqlite))).toContain('PRAGMA');
    expect(captions(at('PRAG|'))).not.toContain('PRAGMA');
    expect(captions(at('SELECT * FROM t WHERE a ILIK|'))).toContain('ILIKE');
  });

  it('uses loose column names when their tables are unknown', () => {
    const loose = buildIndex({ dialect: sqliteDialect, looseColumns: ['revenue'] });
    expect(at('SELECT rev|', loose).find((s) => s.caption === 'revenue')).toMatchObject({ meta: 'column', value: 'revenue' });
  });
});

describe('tableRefs', () => {
  it('reads FROM lists, joins, schemas, quoted names and skips subqueries', () => {
    const refs = tableRefs(
      'SELECT * FROM a, s.b AS bb, ONLY "C c" cc LEFT JOIN (SELECT 1 FROM d) sub ON true JOIN [e] WHERE x IN (SELECT y FROM f ff)',
      { ...POSTGRES_FLAVOR, bracketIdentifiers: true },
    );
    expect(refs).toEqual([
      { table: 'a', schema: null, alias: null },
      { table: 'b', schema: 's', alias: 'bb' },
      { table: 'C c', schema: null, alias: 'cc' },
      { table: 'd', schema: null, alias: null },
      { table: 'e', schema: null, alias: null },
      { table: 'f', schema: null, alias: 'ff' },
    ]);
    expect(tableRefs('UPDATE t u SET x = 1', SQLITE_FLAVOR)).toEqual([{ table: 't', schema: null, alias: 'u' }]);
    expect(tableRefs('INSERT INTO t (a) VALUES (1)', SQLITE_FLAVOR)).toEqual([{ table: 't', schema: null, alias: null }]);
  });
});

describe('columns above keywords', () => {
  const examples = buildIndex({
    dialect: sqliteDialect,
    schema: 'main',
    schemas: ['main'],
    tables: [{ table: 'birth_names', columns: [col('ds', 'DATETIME'), col('name', 'TEXT'), col('num')] }],
  });

  it('offers the column name before the keyword NATURAL for `na`, with or without FROM yet', () => {
    for (const sql of ['SELECT na| FROM birth_names', 'SELECT na|', 'SELECT ds, na|']) {
      const list = at(sql, examples);
      expect(list[0], sql).toMatchObject({ caption: 'name', meta: 'column' });
      expect(captions(list).indexOf('name')).toBeLessThan(captions(list).indexOf('NATURAL'));
    }
  });

  it('keeps keywords first for the statement\'s first word', () => {
    expect(at('SEL|', examples)[0]).toMatchObject({ caption: 'SELECT', meta: 'keyword' });
  });

  it('takes the tab\'s tables as the statement\'s when it names none', () => {
    const list = suggest(examples, 'SELECT n', 8, 100, ['birth_names']);
    expect(list[0]).toMatchObject({ caption: 'name', meta: 'column', detail: 'birth_names · TEXT' });
  });
});
