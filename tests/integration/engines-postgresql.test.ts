/**
 * The PostgreSQL engine against the real server: connection errors of each kind, browsing,
 * values, limits, sessions, DML rules, cost estimates and time grains. Its own database per run.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import { estimateCost } from '~/server/engines/estimate.server';
import { executeSql, testConnection } from '~/server/engines/execute.server';
import { getTableExtra, getTableMetadata, listSchemas, listTables } from '~/server/engines/introspect.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { engines } from '~/server/engines/registry.server';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import {
  createRestrictedPostgresUser,
  engineErrorOf,
  GRAIN_CASES,
  issueCodes,
  normaliseGrain,
  serviceAvailable,
  startScratchPostgres,
  type ScratchPostgres,
  type TempUser,
} from '../helpers/engine-fixtures';

const up = await serviceAvailable('postgresql');

const FIXTURE = `
  CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, email varchar(255) DEFAULT 'none', created timestamp);
  CREATE UNIQUE INDEX customers_email_idx ON customers (email);
  CREATE TABLE orders (
    id bigserial CONSTRAINT orders_pk PRIMARY KEY,
    customer_id int NOT NULL CONSTRAINT orders_customer_fk REFERENCES customers (id),
    amount numeric(40, 0),
    placed date);
  CREATE INDEX orders_placed_idx ON orders (placed, customer_id);
  CREATE VIEW big_orders AS SELECT * FROM orders WHERE amount > 100;
  CREATE MATERIALIZED VIEW order_totals AS SELECT customer_id, sum(amount) AS total FROM orders GROUP BY 1;
  CREATE TABLE events (id int, happened date NOT NULL, kind text) PARTITION BY RANGE (happened);
  CREATE TABLE events_2024 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
  CREATE SCHEMA other;
  CREATE TABLE other.things (id int PRIMARY KEY);
  INSERT INTO customers (name, email) VALUES ('Ada', 'ada@x'), ('Bob', 'bob@x'), ('Cy', 'cy@x');
  INSERT INTO orders (customer_id, amount, placed) VALUES (1, 9007199254740993, '2024-01-01'), (2, 12345678901234567890123456789012345678, '2024-02-01');`;

describe.skipIf(!up)('PostgreSQL engine', () => {
  let db: TempDatabase;
  let target: ConnectionTarget;
  let scratch: ScratchPostgres | null = null;
  const users: TempUser[] = [];
  const at = (uri: string, id = uri): ConnectionTarget => ({ databaseId: `pg-${id}`, uri });

  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_engines');
    target = at(db.url, 'main');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(FIXTURE);
    await client.end();
  });

  afterAll(async () => {
    await closeAllPools();
    await db?.drop();
    for (const u of users) await u.drop();
    scratch?.stop();
  });

  describe('connection errors, each produced for real', () => {
    it('a wrong password (on a scratch cluster that asks for one) is CONNECTION_INVALID_PASSWORD_ERROR', async () => {
      scratch = await startScratchPostgres();
      const good = at(`postgresql://postgres:${encodeURIComponent(scratch.password)}@127.0.0.1:${scratch.port}/postgres`);
      await testConnection(good); // the percent-decoded password is the right one
      const error = await engineErrorOf(testConnection(at(`postgresql://postgres:wrong@127.0.0.1:${scratch.port}/postgres`)));
      expect(error.error.error_type).toBe('CONNECTION_INVALID_PASSWORD_ERROR');
      expect(issueCodes(error)).toEqual([1013]);
      expect(error.error.extra).toMatchObject({ engine_name: 'PostgreSQL', invalid: ['username', 'password'] });
      expect(error.message).toContain('The password provided for username "postgres" is incorrect.');
      expect(error.message).toContain('password authentication failed');
    }, 60_000);

    it('an unknown user is CONNECTION_INVALID_USERNAME_ERROR', async () => {
      const error = await engineErrorOf(testConnection(at(`postgresql://nobody_here@127.0.0.1:5432/${db.name}`)));
      expect(error.error.error_type).toBe('CONNECTION_INVALID_USERNAME_ERROR');
      expect(issueCodes(error)).toEqual([1012]);
    });

    it('an unknown host, a closed port and an unknown database each have their type', async () => {
      const host = await engineErrorOf(testConnection(at('postgresql://postgres@no-such-host.invalid:5432/x')));
      expect([host.error.error_type, issueCodes(host)]).toEqual(['CONNECTION_INVALID_HOSTNAME_ERROR', [1007]]);
      const port = await engineErrorOf(testConnection(at('postgresql://postgres@127.0.0.1:1/x')));
      expect([port.error.error_type, issueCodes(port)]).toEqual(['CONNECTION_PORT_CLOSED_ERROR', [1008]]);
      const database = await engineErrorOf(testConnection(at('postgresql://postgres@127.0.0.1:5432/sightline_no_such_db')));
      expect([database.error.error_type, issueCodes(database)]).toEqual(['CONNECTION_UNKNOWN_DATABASE_ERROR', [1015]]);
      expect(database.message).toContain('Unable to connect to database "sightline_no_such_db"');
    });

    it('reading a table without the right is CONNECTION_DATABASE_PERMISSIONS_ERROR', async () => {
      const user = await createRestrictedPostgresUser(db.name);
      users.push(user);
      const restricted = at(`postgresql://${user.username}@127.0.0.1:5432/${db.name}`);
      const error = await engineErrorOf(executeSql({ target: restricted, sql: 'SELECT * FROM customers' }));
      expect([error.error.error_type, issueCodes(error)]).toEqual(['CONNECTION_DATABASE_PERMISSIONS_ERROR', [1017]]);
      expect(error.message).toContain('permission denied');
    });

    it('query errors: syntax, missing table, missing column', async () => {
      const syntax = await engineErrorOf(executeSql({ target, sql: 'SELECT * FROM customers WHERE id = = 1' }));
      expect([syntax.error.error_type, issueCodes(syntax)]).toEqual(['SYNTAX_ERROR', [1030]]);
      expect(syntax.message).toContain('at or near "="');
      // A statement nobody can classify is refused where DML is not allowed, and reaches the server where it is.
      const unknown = await engineErrorOf(executeSql({ target, sql: 'SELEC 1' }));
      expect([unknown.error.error_type, unknown.message]).toEqual(['DML_NOT_ALLOWED_ERROR', expect.stringContaining('could not be parsed')]);
      const typo = await engineErrorOf(executeSql({ target, sql: 'SELEC 1', allowDml: true }));
      expect([typo.error.error_type, typo.message]).toEqual(['SYNTAX_ERROR', expect.stringContaining('at or near "SELEC"')]);
      const table = await engineErrorOf(executeSql({ target, sql: 'SELECT * FROM nope' }));
      expect([table.error.error_type, issueCodes(table)]).toEqual(['TABLE_DOES_NOT_EXIST_ERROR', [1003, 1005]]);
      const column = await engineErrorOf(executeSql({ target, sql: 'SELECT 1; SELECT nope FROM customers' }));
      expect([column.error.error_type, issueCodes(column)]).toEqual(['COLUMN_DOES_NOT_EXIST_ERROR', [1003, 1004]]);
      expect(column.message).toMatch(/^Statement 2 out of 2: We can't seem to resolve the column "nope"/);
    });
  });

  describe('browsing', () => {
    it('lists schemas, and tables and views with their type', async () => {
      expect(await listSchemas(target)).toEqual(expect.arrayContaining(['public', 'other', 'information_schema']));
      const tables = await listTables(target, 'public');
      expect(tables).toEqual(
        expect.arrayContaining([
          { name: 'customers', type: 'table' },
          { name: 'big_orders', type: 'view' },
          { name: 'order_totals', type: 'materialized_view' },
          { name: 'events', type: 'table' },
        ]),
      );
      expect(await listTables(target, 'other')).toEqual([{ name: 'things', type: 'table' }]);
    });

    it('describes a table: columns, primary key, foreign key, indexes, SELECT *', async () => {
      const meta = await getTableMetadata(target, 'public', 'orders');
      expect(meta.columns).toEqual([
        { name: 'id', type: 'BIGINT', type_generic: 'numeric', nullable: false, default: "nextval('orders_id_seq'::regclass)" },
        { name: 'customer_id', type: 'INTEGER', type_generic: 'numeric', nullable: false, default: null },
        { name: 'amount', type: 'NUMERIC(40,0)', type_generic: 'numeric', nullable: true, default: null },
        { name: 'placed', type: 'DATE', type_generic: 'temporal', nullable: true, default: null },
      ]);
      expect(meta.primaryKey).toEqual({ constrained_columns: ['id'], name: 'orders_pk' });
      expect(meta.foreignKeys).toEqual([
        { name: 'orders_customer_fk', constrained_columns: ['customer_id'], referred_schema: 'public', referred_table: 'customers', referred_columns: ['id'] },
      ]);
      expect(meta.indexes).toEqual([{ name: 'orders_placed_idx', column_names: ['placed', 'customer_id'], unique: false }]);
      expect(meta.selectStar).toBe('SELECT "id",\n       "customer_id",\n       "amount",\n       "placed"\nFROM "public"."orders"\nLIMIT 100');
      const customers = await getTableMetadata(target, 'public', 'customers');
      expect(customers.indexes).toEqual([{ name: 'customers_email_idx', column_names: ['email'], unique: true }]);
      expect(customers.columns[2]).toMatchObject({ type: 'CHARACTER VARYING(255)', default: "'none'::character varying" });
      const missing = await engineErrorOf(getTableMetadata(target, 'public', 'nope'));
      expect([missing.error.error_type, missing.status]).toEqual(['TABLE_DOES_NOT_EXIST_ERROR', 404]);
    });

    it('reports the partition key of a partitioned table, and none elsewhere', async () => {
      expect(await getTableExtra(target, 'public', 'events')).toEqual({ partitions: { cols: ['happened'], strategy: 'range' } });
      expect(await getTableExtra(target, 'public', 'orders')).toEqual({});
    });
  });

  describe('running', () => {
    it('keeps values exact: big integers, NUMERIC(40,0), dates, timestamps, binary', async () => {
      const result = await executeSql({
        target,
        sql: `SELECT id, amount, placed, 9007199254740993::int8 AS big, 1.25::numeric(10,2) AS price,
                     '2024-01-02 03:04:05.678'::timestamp AS ts, '2024-01-02 03:04:05+02'::timestamptz AS tstz,
                     '\\xdeadbeef'::bytea AS bin, true AS flag, 'NaN'::float8 AS f
              FROM orders ORDER BY id`,
      });
      expect(result.columns.map((c) => [c.name, c.type_generic])).toEqual([
        ['id', 'numeric'], ['amount', 'numeric'], ['placed', 'temporal'], ['big', 'numeric'], ['price', 'numeric'],
        ['ts', 'temporal'], ['tstz', 'temporal'], ['bin', 'string'], ['flag', 'boolean'], ['f', 'numeric'],
      ]);
      expect(result.rows[0]).toEqual([1, 9007199254740993n, '2024-01-01', 9007199254740993n, 1.25, '2024-01-02T03:04:05.678', '2024-01-02T01:04:05.000Z', 'deadbeef', true, NaN]);
      expect(result.rows[1][1]).toBe(12345678901234567890123456789012345678n);
    });

    it('reports each limiting factor as Superset does', async () => {
      const series = (n: number, own = '') => `SELECT i FROM generate_series(1, ${n}) AS s(i) ORDER BY i${own}`;
      const dropdown = await executeSql({ target, sql: series(100), limit: 10 });
      expect([dropdown.rows.length, dropdown.limitingFactor, dropdown.executedSql.endsWith('LIMIT 11')]).toEqual([10, 'DROPDOWN', true]);
      const query = await executeSql({ target, sql: series(100, ' LIMIT 5'), limit: 10 });
      expect([query.rows.length, query.limitingFactor]).toEqual([5, 'QUERY']);
      const both = await executeSql({ target, sql: series(100, ' LIMIT 10'), limit: 10 });
      expect([both.rows.length, both.limitingFactor]).toEqual([10, 'QUERY_AND_DROPDOWN']);
      const none = await executeSql({ target, sql: series(3), limit: 10 });
      expect([none.rows, none.limitingFactor]).toEqual([[[1], [2], [3]], 'NOT_LIMITED']);
      const capped = await executeSql({ target, sql: series(100), limit: 500, serverMaxRows: 20 });
      expect([capped.rows.length, capped.limit, capped.limitingFactor]).toEqual([20, 20, 'DROPDOWN']);
    });

    it('runs a script on one session, and the next query starts clean', async () => {
      const result = await executeSql({
        target,
        sql: `SET search_path TO other; CREATE TEMP TABLE scratch AS SELECT 7 AS n; SELECT (SELECT count(*) FROM things) AS things, n FROM scratch`,
        allowDml: true,
      });
      expect(result.rows).toEqual([[0, 7]]);
      expect(result.statements.map((s) => s.kind)).toEqual(['read', 'ddl', 'read']);
      const next = await executeSql({ target, sql: `SELECT current_setting('search_path') AS path, to_regclass('pg_temp.scratch') IS NULL AS gone` });
      expect(next.rows).toEqual([['"$user", public', true]]);
      const inSchema = await executeSql({ target, sql: 'SELECT count(*) FROM things', schema: 'other' });
      expect(inSchema.rows).toEqual([[0]]);
    });

    it('refuses DML and DDL without allow_dml, and runs them with it', async () => {
      const refused = await engineErrorOf(executeSql({ target, sql: "SELECT 1; UPDATE customers SET name = 'x'" }));
      expect([refused.error.error_type, issueCodes(refused), refused.status]).toEqual(['DML_NOT_ALLOWED_ERROR', [1022], 403]);
      const untouched = await executeSql({ target, sql: "SELECT count(*) FROM customers WHERE name = 'x'" });
      expect(untouched.rows).toEqual([[0]]);
      const updated = await executeSql({ target, sql: "UPDATE customers SET email = email WHERE id <= 2", allowDml: true });
      expect([updated.rowcount, updated.columns, updated.limitingFactor]).toEqual([2, [], 'NOT_LIMITED']);
    });

    it('estimates the cost of each statement', async () => {
      const estimate = await estimateCost({ target, sql: 'SET search_path TO other; SELECT * FROM things; SELECT * FROM public.orders o JOIN public.customers c ON c.id = o.customer_id' });
      expect(estimate).toHaveLength(3);
      expect(estimate[0]).toEqual({});
      for (const figures of estimate.slice(1)) {
        expect(Object.keys(figures)).toEqual(['Startup cost', 'Total cost', 'Rows']);
        expect(figures['Total cost']).toBeGreaterThan(0);
      }
    });

    it.each(['UTC', 'America/New_York'])('buckets time grains the same under session time zone %s', async (zone) => {
      const grains = engines.postgresql.dialect.timeGrains;
      for (const { at: when, expected } of GRAIN_CASES) {
        const codes = Object.keys(expected);
        const select = codes.map((code, i) => `${grains[code as keyof typeof grains].replaceAll('{col}', 'ts')} AS g${i}`).join(', ');
        const result = await executeSql({ target, sql: `SET TIME ZONE '${zone}'; SELECT ${select} FROM (SELECT TIMESTAMP '${when}' AS ts) t` });
        expect(Object.fromEntries(codes.map((c, i) => [c, normaliseGrain(result.rows[0][i])]))).toEqual(expected);
      }
      expect(Object.keys(grains).sort()).toEqual(TIME_GRAINS.map((g) => g.code).sort());
    });
  });
});
