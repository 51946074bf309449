/**
 * The MySQL engine against the real MariaDB: connection errors of each kind, browsing, values,
 * limits, sessions, DML rules, cost estimates and time grains. Its own database per run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCost } from '~/server/engines/estimate.server';
import { executeSql, testConnection } from '~/server/engines/execute.server';
import { getTableExtra, getTableMetadata, listSchemas, listTables } from '~/server/engines/introspect.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { engines } from '~/server/engines/registry.server';
import type { TempDatabase } from '../helpers/databases';
import {
  createRestrictedMariaUser,
  createTempMariaDatabase,
  engineErrorOf,
  GRAIN_CASES,
  issueCodes,
  mariadbAdmin,
  normaliseGrain,
  serviceAvailable,
  type TempUser,
} from '../helpers/engine-fixtures';

const up = await serviceAvailable('mariadb');

const FIXTURE = `
  CREATE TABLE customers (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, email VARCHAR(255) DEFAULT 'none',
    UNIQUE KEY customers_email_idx (email));
  CREATE TABLE orders (id BIGINT AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL, amount DECIMAL(40, 0), placed DATE,
    KEY orders_placed_idx (placed, customer_id),
    CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers (id));
  CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
  CREATE TABLE secret (x INT);
  CREATE TABLE public_info (x INT);
  INSERT INTO public_info VALUES (1);
  INSERT INTO customers (name, email) VALUES ('Ada', 'ada@x'), ('Bob', 'bob@x'), ('Cy', 'cy@x');
  INSERT INTO orders (customer_id, amount, placed) VALUES (1, 9007199254740993, '2024-01-01'), (2, 12345678901234567890123456789012345678, '2024-02-01');`;

describe.skipIf(!up)('MySQL engine (MariaDB)', () => {
  let db: TempDatabase;
  let target: ConnectionTarget;
  let user: TempUser | null = null;
  const at = (uri: string, id = uri): ConnectionTarget => ({ databaseId: `my-${id}`, uri });

  beforeAll(async () => {
    db = await createTempMariaDatabase();
    target = at(db.url, 'main');
    const admin = await mariadbAdmin(db.name);
    await admin.query(FIXTURE);
    await admin.end();
    user = await createRestrictedMariaUser(db.name, 'public_info');
  });

  afterAll(async () => {
    await closeAllPools();
    await user?.drop();
    await db?.drop();
  });

  describe('connection errors, each produced for real', () => {
    it('a wrong password and an unknown user are CONNECTION_ACCESS_DENIED_ERROR (MySQL does not say which)', async () => {
      const u = user as TempUser;
      await testConnection(at(`mysql+pymysql://${u.username}:${encodeURIComponent(u.password)}@127.0.0.1:3306/${db.name}`));
      const wrong = await engineErrorOf(testConnection(at(`mysql://${u.username}:wrong@127.0.0.1:3306/${db.name}`)));
      expect([wrong.error.error_type, issueCodes(wrong)]).toEqual(['CONNECTION_ACCESS_DENIED_ERROR', [1014, 1015]]);
      expect(wrong.message).toContain(`Either the username "${u.username}" or the password is incorrect.`);
      expect(wrong.message).toContain('Access denied for user');
      const nobody = await engineErrorOf(testConnection(at('mariadb://nobody_here:x@127.0.0.1:3306/')));
      expect(nobody.error.error_type).toBe('CONNECTION_ACCESS_DENIED_ERROR');
    });

    it('an unknown host, a closed port and an unknown database each have their type', async () => {
      const host = await engineErrorOf(testConnection(at('mysql://root@no-such-host.invalid:3306/x')));
      expect([host.error.error_type, issueCodes(host)]).toEqual(['CONNECTION_INVALID_HOSTNAME_ERROR', [1007]]);
      const port = await engineErrorOf(testConnection(at('mysql://root@127.0.0.1:1/x')));
      expect([port.error.error_type, issueCodes(port)]).toEqual(['CONNECTION_PORT_CLOSED_ERROR', [1008]]);
      const database = await engineErrorOf(testConnection(at('mysql+mysqldb://root@127.0.0.1:3306/sightline_no_such_db')));
      expect([database.error.error_type, issueCodes(database)]).toEqual(['CONNECTION_UNKNOWN_DATABASE_ERROR', [1015]]);
    });

    it('reading a table without the right is CONNECTION_DATABASE_PERMISSIONS_ERROR', async () => {
      const u = user as TempUser;
      const restricted = at(`mysql://${u.username}:${encodeURIComponent(u.password)}@127.0.0.1:3306/${db.name}`);
      expect((await executeSql({ target: restricted, sql: 'SELECT x FROM public_info' })).rows).toEqual([[1]]);
      const error = await engineErrorOf(executeSql({ target: restricted, sql: 'SELECT * FROM secret' }));
      expect([error.error.error_type, issueCodes(error)]).toEqual(['CONNECTION_DATABASE_PERMISSIONS_ERROR', [1017]]);
      expect(error.message).toContain('command denied');
    });

    it('query errors: syntax, missing table, missing column, missing schema', async () => {
      const syntax = await engineErrorOf(executeSql({ target, sql: 'SELECT * FROM customers WHERE id = = 1' }));
      expect([syntax.error.error_type, issueCodes(syntax)]).toEqual(['SYNTAX_ERROR', [1030]]);
      const table = await engineErrorOf(executeSql({ target, sql: 'SELECT * FROM nope' }));
      expect([table.error.error_type, issueCodes(table)]).toEqual(['TABLE_DOES_NOT_EXIST_ERROR', [1003, 1005]]);
      const column = await engineErrorOf(executeSql({ target, sql: 'SELECT nope FROM customers' }));
      expect([column.error.error_type, column.message]).toEqual(['COLUMN_DOES_NOT_EXIST_ERROR', expect.stringContaining('"nope"')]);
      const schema = await engineErrorOf(executeSql({ target, sql: 'SELECT 1', schema: 'sightline_no_such_schema' }));
      expect([schema.error.error_type, issueCodes(schema)]).toEqual(['SCHEMA_DOES_NOT_EXIST_ERROR', [1003, 1016]]);
    });
  });

  describe('browsing', () => {
    it('lists schemas (databases), and tables and views with their type', async () => {
      expect(await listSchemas(target)).toEqual(expect.arrayContaining([db.name, 'information_schema']));
      expect(await listTables(target, db.name)).toEqual([
        { name: 'big_orders', type: 'view' },
        { name: 'customers', type: 'table' },
        { name: 'orders', type: 'table' },
        { name: 'public_info', type: 'table' },
        { name: 'secret', type: 'table' },
      ]);
    });

    it('describes a table: columns, primary key, foreign key, indexes, SELECT *', async () => {
      const meta = await getTableMetadata(target, db.name, 'orders');
      expect(meta.columns.map((c) => [c.name, c.type, c.type_generic, c.nullable])).toEqual([
        ['id', 'BIGINT(20)', 'numeric', false],
        ['customer_id', 'INT(11)', 'numeric', false],
        ['amount', 'DECIMAL(40,0)', 'numeric', true],
        ['placed', 'DATE', 'temporal', true],
      ]);
      expect(meta.primaryKey).toEqual({ constrained_columns: ['id'], name: 'PRIMARY' });
      expect(meta.foreignKeys).toEqual([
        { name: 'orders_customer_fk', constrained_columns: ['customer_id'], referred_schema: db.name, referred_table: 'customers', referred_columns: ['id'] },
      ]);
      // InnoDB adds an index for the foreign key, named after it.
      expect(meta.indexes).toEqual([
        { name: 'orders_customer_fk', column_names: ['customer_id'], unique: false },
        { name: 'orders_placed_idx', column_names: ['placed', 'customer_id'], unique: false },
      ]);
      expect(meta.selectStar).toBe(`SELECT \`id\`,\n       \`customer_id\`,\n       \`amount\`,\n       \`placed\`\nFROM \`${db.name}\`.\`orders\`\nLIMIT 100`);
      const customers = await getTableMetadata(target, db.name, 'customers');
      expect(customers.indexes).toEqual([{ name: 'customers_email_idx', column_names: ['email'], unique: true }]);
      expect(await getTableExtra(target, db.name, 'orders')).toEqual({});
    });

    it('reports the partition key of a partitioned table', async () => {
      const admin = await mariadbAdmin(db.name);
      try {
        await admin.query(`CREATE TABLE events (id INT, happened DATE NOT NULL) PARTITION BY RANGE COLUMNS (happened)
          (PARTITION p2024 VALUES LESS THAN ('2025-01-01'), PARTITION pmax VALUES LESS THAN (MAXVALUE))`);
        await admin.query('CREATE TABLE hashed (id INT, bucket INT) PARTITION BY HASH (bucket) PARTITIONS 2');
        expect(await getTableExtra(target, db.name, 'events')).toEqual({ partitions: { cols: ['happened'], strategy: 'range' } });
        expect(await getTableExtra(target, db.name, 'hashed')).toEqual({ partitions: { cols: ['bucket'], strategy: 'hash' } });
      } finally {
        await admin.query('DROP TABLE IF EXISTS events, hashed');
        await admin.end();
      }
    });
  });

  describe('running', () => {
    it('keeps values exact: big integers, DECIMAL(40,0), dates, datetimes, binary', async () => {
      const result = await executeSql({
        target,
        sql: `SELECT id, amount, placed, CAST(9007199254740993 AS SIGNED) AS big, CAST(18446744073709551615 AS UNSIGNED) AS ubig,
                     CAST(1.25 AS DECIMAL(10, 2)) AS price, CAST('2024-01-02 03:04:05.678' AS DATETIME(3)) AS ts, x'deadbeef' AS bin, 2.5e0 AS f
              FROM orders ORDER BY id`,
      });
      expect(result.columns.map((c) => [c.name, c.type, c.type_generic])).toEqual([
        ['id', 'BIGINT', 'numeric'], ['amount', 'DECIMAL', 'numeric'], ['placed', 'DATE', 'temporal'], ['big', 'BIGINT', 'numeric'],
        ['ubig', 'BIGINT UNSIGNED', 'numeric'], ['price', 'DECIMAL', 'numeric'], ['ts', 'DATETIME', 'temporal'], ['bin', 'VARBINARY', 'string'], ['f', 'DOUBLE', 'numeric'],
      ]);
      expect(result.rows[0]).toEqual([1, 9007199254740993n, '2024-01-01', 9007199254740993n, 18446744073709551615n, 1.25, '2024-01-02T03:04:05.678', 'deadbeef', 2.5]);
      expect(result.rows[1][1]).toBe(12345678901234567890123456789012345678n);
    });

    it('reports each limiting factor as Superset does', async () => {
      const digits = 'SELECT a.d + 10 * b.d AS i FROM (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) a, (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8 UNION ALL SELECT 9) b ORDER BY i';
      const dropdown = await executeSql({ target, sql: digits, limit: 10 });
      expect([dropdown.rows.length, dropdown.limitingFactor]).toEqual([10, 'DROPDOWN']);
      const query = await executeSql({ target, sql: `${digits} LIMIT 5`, limit: 10 });
      expect([query.rows.length, query.limitingFactor]).toEqual([5, 'QUERY']);
      const both = await executeSql({ target, sql: `${digits} LIMIT 10`, limit: 10 });
      expect([both.rows.length, both.limitingFactor]).toEqual([10, 'QUERY_AND_DROPDOWN']);
      const none = await executeSql({ target, sql: 'SELECT id FROM customers ORDER BY id', limit: 10 });
      expect([none.rows, none.limitingFactor]).toEqual([[[1], [2], [3]], 'NOT_LIMITED']);
    });

    it('runs a script on one session, and the next query starts clean', async () => {
      const result = await executeSql({
        target,
        allowDml: true,
        sql: `SET @n := 7; CREATE TEMPORARY TABLE scratch AS SELECT @n AS n; USE information_schema; SELECT n, DATABASE() FROM \`${db.name}\`.scratch`,
      });
      expect(result.rows).toEqual([[7, 'information_schema']]);
      const next = await executeSql({ target, sql: `SELECT @n, DATABASE(), (SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'scratch')` });
      expect(next.rows).toEqual([[null, db.name, 0]]);
    });

    it('refuses DML and DDL without allow_dml, and runs them with it', async () => {
      const refused = await engineErrorOf(executeSql({ target, sql: 'DROP TABLE secret' }));
      expect([refused.error.error_type, issueCodes(refused)]).toEqual(['DML_NOT_ALLOWED_ERROR', [1022]]);
      expect((await listTables(target, db.name)).map((t) => t.name)).toContain('secret');
      const updated = await executeSql({ target, sql: "UPDATE customers SET name = CONCAT(name, '!') WHERE id <= 2", allowDml: true });
      expect(updated.rowcount).toBe(2);
    });

    it('estimates the cost of each statement', async () => {
      const estimate = await estimateCost({ target, sql: 'SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id; CREATE TABLE z (a int)' });
      expect(estimate).toHaveLength(2);
      expect(estimate[0]['Rows examined']).toBeGreaterThan(0);
      expect(estimate[0]['Total cost']).toBeGreaterThan(0);
      expect(estimate[1]).toEqual({});
    });

    it.each(['+00:00', '-05:00'])('buckets time grains the same under session time zone %s', async (zone) => {
      const grains = engines.mysql.dialect.timeGrains;
      for (const { at: when, expected } of GRAIN_CASES) {
        const codes = Object.keys(expected);
        const select = codes.map((code, i) => `${grains[code as keyof typeof grains].replaceAll('{col}', 'ts')} AS g${i}`).join(', ');
        const result = await executeSql({ target, sql: `SET time_zone = '${zone}'; SELECT ${select} FROM (SELECT TIMESTAMP '${when}' AS ts) t` });
        expect(Object.fromEntries(codes.map((c, i) => [c, normaliseGrain(result.rows[0][i])]))).toEqual(expected);
        expect(result.columns.every((c) => c.type_generic === 'temporal')).toBe(true);
      }
    });
  });
});
