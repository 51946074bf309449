/**
 * What the PostgreSQL engine itself guarantees on a database without allow_dml (issue 8, finding
 * 1), against the real server in a database of its own: every statement runs in a read-only
 * transaction it cannot leave or turn read-write, one statement per protocol message (a splitter
 * mistake is an error, never a second statement), standard_conforming_strings pinned on, and no
 * answer of the server crashes the process. Every hostile script here passes the parser as reads,
 * so only the engine stands between it and the data.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { describeStatement } from '~/lib/sql/classify';
import { POSTGRES_FLAVOR } from '~/lib/sql/lexer';
import { splitStatements } from '~/lib/sql/split';
import { EngineError } from '~/server/engines/errors.server';
import { estimateCost } from '~/server/engines/estimate.server';
import { copyCsvSql, executeSql, streamSql, type ExecuteOptions } from '~/server/engines/execute.server';
import { closeAllPools, type ConnectionTarget } from '~/server/engines/pools.server';
import { parsePostgresUri } from '~/server/engines/postgresql/connection.server';
import { postgresCsvCopy } from '~/server/engines/postgresql/copy.server';
import { postgresClientOf, postgresSessionOf } from '~/server/engines/postgresql/driver.server';
import { estimatePostgres } from '~/server/engines/postgresql/estimate.server';
import { GuardedQuery } from '~/server/engines/postgresql/guarded-query.server';
import { postgresqlEngine } from '~/server/engines/postgresql/index.server';
import type { EngineSession } from '~/server/engines/types.server';
import { createTempPostgresDatabase, type TempDatabase } from '../helpers/databases';
import { engineErrorOf, serviceAvailable } from '../helpers/engine-fixtures';
import { clientId, startSqlLabApp, waitFor, type Json, type SqlLabApp } from '../helpers/sqllab';

// These tests follow the queued path: no inline answer for quick async queries (sqllab/execute.server.ts).
process.env.SQLLAB_INLINE_WAIT_MS = '0';

const up = await serviceAvailable('postgresql');

const FIXTURE = `
  CREATE TABLE t (id int PRIMARY KEY, v text);
  INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three');
  CREATE SEQUENCE s;
  CREATE TABLE w (id int);
  CREATE FUNCTION bump() RETURNS int LANGUAGE sql AS $$ DELETE FROM t WHERE id = 1 RETURNING id $$;
  CREATE FUNCTION rw_bump() RETURNS int LANGUAGE sql SET transaction_read_only = off AS $$ DELETE FROM t WHERE id = 1 RETURNING id $$;
  CREATE SCHEMA other;
  CREATE TABLE other.things (id int);
  INSERT INTO other.things VALUES (1), (2);
  SELECT lo_from_bytea(4242, 'hello');`;

/** Finding 1 exactly, and the same mis-split carrying a writable CTE, a second SELECT, or a COPY escape. */
const MIS_SPLIT = {
  'SET standard_conforming_strings = off, then a DELETE': String.raw`SET standard_conforming_strings = off; SELECT '\''; DELETE FROM t WHERE id = 1; --'`,
  'set_config(standard_conforming_strings), then a DELETE': String.raw`SELECT set_config('standard_conforming_strings','off',false); SELECT '\''; DELETE FROM t WHERE id = 1; --'`,
  'a second SELECT (the crash without DML)': String.raw`SET standard_conforming_strings = off; SELECT '\''; SELECT 2; --'`,
  'a writable CTE': String.raw`SET standard_conforming_strings = off; SELECT '\''; WITH d AS (DELETE FROM t WHERE id = 1 RETURNING id) SELECT * FROM d; --'`,
  'a text that closes COPY ( … ) and runs a DELETE': String.raw`SET standard_conforming_strings = off; SELECT '\'' ) TO STDOUT; DELETE FROM t WHERE id = 1; COPY (SELECT 1 --'`,
};

/** Statements that try to leave the read-only transaction or make it read-write before the next one runs. */
const ESCAPES = [
  'SET default_transaction_read_only = off',
  'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
  'SET transaction_read_only = off',
  'SET TRANSACTION READ WRITE',
  'SET LOCAL transaction_read_only = off',
  "SELECT set_config('transaction_read_only', 'off', false)",
  "SELECT set_config('default_transaction_read_only', 'off', false); COMMIT",
  'COMMIT',
  'COMMIT; BEGIN READ WRITE',
  'COMMIT AND CHAIN; SET TRANSACTION READ WRITE',
  'ROLLBACK AND CHAIN; SET TRANSACTION READ WRITE',
  'ROLLBACK; START TRANSACTION READ WRITE',
  'END; SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
  'ABORT',
  'BEGIN READ WRITE',
  'BEGIN; SET TRANSACTION READ WRITE',
  'SET default_transaction_read_only = off; COMMIT; BEGIN',
  'SAVEPOINT a; SET TRANSACTION READ WRITE',
  'SAVEPOINT a; ROLLBACK TO SAVEPOINT a; SET TRANSACTION READ WRITE',
  'SAVEPOINT a; RELEASE SAVEPOINT a; COMMIT',
  'RESET ALL; COMMIT',
  'DISCARD ALL',
  'SET SESSION AUTHORIZATION DEFAULT; RESET transaction_read_only',
];

/** Reads to the parser, writes in fact. */
const WRITES = ["SELECT nextval('s')", "SELECT setval('s', 42)", 'SELECT bump()', 'SELECT rw_bump()', 'EXPLAIN ANALYZE SELECT bump()'];

const allReads = (sql: string) => splitStatements(sql, POSTGRES_FLAVOR).every((s) => describeStatement(s.sql, POSTGRES_FLAVOR).kind === 'read');

describe.skipIf(!up)('PostgreSQL engine safety without allow_dml', () => {
  let db: TempDatabase;
  let admin: pg.Client;
  let target: ConnectionTarget;

  beforeAll(async () => {
    db = await createTempPostgresDatabase('sightline_test_safety');
    target = { databaseId: `pg-safety-${db.name}`, uri: db.url };
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(FIXTURE);
  });

  afterAll(async () => {
    await admin?.end();
    await closeAllPools();
    await db?.drop();
  });

  /** The rows of t, the sequence and the large objects: what no script here may change. */
  const state = async () =>
    (
      await admin.query(`SELECT (SELECT string_agg(id::text, ',' ORDER BY id) FROM t) AS ids, (SELECT last_value || '/' || is_called FROM s) AS seq,
        (SELECT string_agg(oid::text, ',') FROM pg_largeobject_metadata) AS large_objects, (SELECT encode(lo_get(4242), 'escape')) AS lo`)
    ).rows[0];
  const INTACT = { ids: '1,2,3', seq: '1/false', large_objects: '4242', lo: 'hello' };

  const alive = async () => expect((await executeSql({ target, sql: 'SELECT count(*) FROM t' })).rows).toEqual([[3]]);

  const paths: Record<string, (opts: ExecuteOptions) => Promise<unknown>> = {
    executeSql: (opts) => executeSql(opts),
    streamSql: async (opts) => {
      for await (const batch of streamSql(opts)) void batch;
    },
    copyCsvSql: async (opts) => {
      const chunks = copyCsvSql(opts);
      // The COPY path takes these texts (one statement to the splitter): it must be what refuses them.
      expect(chunks).not.toBeNull();
      for await (const chunk of chunks ?? []) void chunk;
    },
    estimateCost: (opts) => estimateCost({ target: opts.target, sql: opts.sql }),
  };

  describe.each(Object.entries(paths))('finding 1 through %s', (name, run) => {
    it.each(Object.entries(MIS_SPLIT))('%s: refused, the row still there, the process alive', async (what, sql) => {
      expect(allReads(sql)).toBe(true);
      if (name === 'estimateCost' && what.startsWith('set_config')) {
        // An estimate runs no SELECT, so set_config never runs: the server reads the rest with
        // standard strings, as the splitter did, and explains one statement with a string in it.
        expect(await run({ target, sql })).toHaveLength(2);
      } else {
        const error = await engineErrorOf(run({ target, sql }));
        expect(error.error.error_type).not.toBe('DML_NOT_ALLOWED_ERROR'); // the parser let it through: the engine refused it
        expect(error.message).toContain('standard_conforming_strings cannot be turned off');
      }
      expect(await state()).toEqual(INTACT);
      await alive();
    });
  });

  it.each(Object.keys(paths))('%s on a session that starts with standard strings off (URI options): pinned, read as the splitter reads it', async (name) => {
    const off = { databaseId: `${target.databaseId}-strings-off`, uri: `${db.url}?options=${encodeURIComponent('-c standard_conforming_strings=off')}` };
    const sql = splitStatements(MIS_SPLIT['SET standard_conforming_strings = off, then a DELETE'], POSTGRES_FLAVOR)[1].sql;
    await paths[name]({ target: off, sql }); // one SELECT of one string literal: nothing to refuse
    expect(await state()).toEqual(INTACT);
    const read = await executeSql({ target: off, sql });
    expect(read.rows).toEqual([["\\'; DELETE FROM t WHERE id = 1; --"]]);
  });

  describe('escapes from the read-only transaction', () => {
    const scripts = ESCAPES.flatMap((escape) => WRITES.map((write) => `${escape}; ${write}`)).concat(WRITES);

    it('every script is all reads to the parser', () => {
      for (const sql of scripts) expect(allReads(sql), sql).toBe(true);
      expect(allReads('DECLARE c CURSOR WITH HOLD FOR SELECT bump(); COMMIT; FETCH ALL FROM c')).toBe(true);
    });

    it.each(scripts)('%s: refused by the engine, nothing changed', async (sql) => {
      const error = await engineErrorOf(executeSql({ target, sql }));
      expect(error).toBeInstanceOf(EngineError);
      expect(await state()).toEqual(INTACT);
    });

    it('a holdable cursor over a writing function does not write at COMMIT', async () => {
      const error = await engineErrorOf(executeSql({ target, sql: 'DECLARE c CURSOR WITH HOLD FOR SELECT bump(); COMMIT; FETCH ALL FROM c' }));
      expect(error.message).toContain('read-only transaction');
      expect(await state()).toEqual(INTACT);
    });

    it('large objects, which PostgreSQL lets a READ ONLY transaction change, are not changed: the engine never commits', async () => {
      const scripts = [
        'SELECT lo_unlink(4242); COMMIT',
        "SELECT lo_put(4242, 0, 'HELLO'); COMMIT AND CHAIN; SELECT 1",
        'SELECT lo_create(4343); END',
        "BEGIN; SELECT lo_from_bytea(4444, 'x'); COMMIT WORK",
        "SELECT lo_truncate(lo_open(4242, 131072), 0); /* c */ commit",
      ];
      for (const sql of scripts) {
        expect(allReads(sql), sql).toBe(true);
        await executeSql({ target, sql });
        expect(await state(), sql).toEqual(INTACT);
      }
      // What a COMMIT keeps, the script still has: its SETs.
      expect((await executeSql({ target, sql: 'SET search_path TO other; COMMIT; SELECT count(*) FROM things' })).rows).toEqual([[2]]);
      expect((await engineErrorOf(executeSql({ target, sql: 'COMMIT garbage' }))).error.error_type).toBe('SYNTAX_ERROR');
      const session = await postgresqlEngine.connect(parsePostgresUri(db.url), { connectTimeoutMs: 5_000 });
      try {
        await session.prepareStatement({ readOnly: true });
        const prepared = await engineErrorOf(session.query("PREPARE TRANSACTION 'x'", describeStatement("PREPARE TRANSACTION 'x'", POSTGRES_FLAVOR), { batchSize: 1, onBatch: () => {} }));
        expect(prepared.error.error_type).toBe('DML_NOT_ALLOWED_ERROR');
      } finally {
        await session.destroy();
      }
    });

    it('a write refused by the read-only transaction says that DML is not allowed', async () => {
      const error = await engineErrorOf(executeSql({ target, sql: "SELECT nextval('s')" }));
      expect([error.error.error_type, error.status]).toEqual(['DML_NOT_ALLOWED_ERROR', 403]);
      expect(error.message).toContain('cannot execute nextval() in a read-only transaction');
    });
  });

  describe('reads keep working, writes where allowed', () => {
    it('runs SET search_path then a SELECT, cursors, and explicit transactions, read-only', async () => {
      const inSchema = await executeSql({ target, sql: 'SET search_path TO other; SELECT count(*) FROM things' });
      expect(inSchema.rows).toEqual([[2]]);
      expect((await executeSql({ target, sql: 'SELECT count(*) FROM things', schema: 'other' })).rows).toEqual([[2]]);
      const cursor = await executeSql({ target, sql: 'DECLARE c CURSOR FOR SELECT i FROM generate_series(1, 5) AS s(i); FETCH 2 FROM c; FETCH 2 FROM c' });
      expect(cursor.rows).toEqual([[3], [4]]);
      const transactions = await executeSql({ target, sql: 'BEGIN; SELECT 1; COMMIT; SELECT 2; ROLLBACK; SHOW transaction_read_only' });
      expect(transactions.rows).toEqual([['on']]);
    });

    it('keeps standard_conforming_strings on: turning it off is an error, a session that starts with it off is pinned', async () => {
      const off = { ...target, databaseId: `${target.databaseId}-strings-off`, uri: `${db.url}?options=${encodeURIComponent('-c standard_conforming_strings=off')}` };
      for (const allowDml of [false, true]) {
        const refused = await engineErrorOf(executeSql({ target, sql: "SELECT set_config('standard_conforming_strings', 'off', false); SELECT 1", allowDml }));
        expect([refused.error.error_type, refused.status]).toEqual(['GENERIC_DB_ENGINE_ERROR', 400]);
        expect(refused.message).toMatch(/^Statement 1 out of 2: standard_conforming_strings cannot be turned off/);
        const pinned = await executeSql({ target: off, sql: String.raw`SELECT 'a\' AS v; BEGIN; ROLLBACK; SELECT 'b\' AS v`, allowDml });
        expect(pinned.rows, `allowDml ${allowDml}`).toEqual([['b\\']]);
      }
    });

    it('with allow_dml, statements autocommit one by one as before, and the session is writable', async () => {
      const failed = await engineErrorOf(executeSql({ target, sql: 'INSERT INTO w VALUES (1); SELECT 1 / 0', allowDml: true }));
      expect(failed.message).toContain('division by zero');
      expect((await admin.query('SELECT count(*)::int AS n FROM w')).rows[0].n).toBe(1);
      const shown = await executeSql({ target, sql: 'SHOW transaction_read_only', allowDml: true });
      expect(shown.rows).toEqual([['off']]);
      const inTransaction = await executeSql({ target, sql: 'BEGIN; INSERT INTO w VALUES (2); ROLLBACK; SELECT count(*) FROM w', allowDml: true });
      expect(inTransaction.rows).toEqual([[1]]);
    });

    it('the next query after a read-only script starts on a clean session', async () => {
      await executeSql({ target, sql: "SET search_path TO other; SET default_transaction_read_only = off; SET statement_timeout = '5min'; SELECT 1" });
      for (let i = 0; i < 6; i++) {
        const next = await executeSql({
          target,
          sql: "SELECT current_setting('search_path'), current_setting('statement_timeout'), current_setting('transaction_read_only'), current_setting('default_transaction_read_only')",
          allowDml: true,
        });
        expect(next.rows).toEqual([['"$user", public', '0', 'off', 'off']]);
      }
    });
  });

  describe('below the execution core, with standard strings off under the splitter', () => {
    // The pin keeps the server reading strings as the splitter does. Here it is undone on purpose,
    // so what is left to stop a mis-split text is the protocol: one command per message.
    let session: EngineSession;
    const discard = { batchSize: 100, onBatch: () => {} };
    const hostile = [MIS_SPLIT['SET standard_conforming_strings = off, then a DELETE'], MIS_SPLIT['a writable CTE'], MIS_SPLIT['a text that closes COPY ( … ) and runs a DELETE']].map(
      (script) => splitStatements(script, POSTGRES_FLAVOR)[1].sql,
    );

    beforeAll(async () => {
      session = await postgresqlEngine.connect(parsePostgresUri(db.url), { connectTimeoutMs: 5_000 });
      await postgresClientOf(session).query('SET standard_conforming_strings = off');
    });
    afterAll(async () => {
      await session?.destroy();
    });

    // Refused at Parse: the server reads several commands, or a first one that does not parse; nothing runs either way.
    const refused = /cannot insert multiple commands into a prepared statement|syntax error/;

    it.each(hostile)('query, COPY and EXPLAIN refuse %s before anything runs', async (sql) => {
      const shape = describeStatement(sql, POSTGRES_FLAVOR);
      await expect(session.query(sql, shape, discard)).rejects.toThrow(refused);
      expect(postgresCsvCopy.accepts(sql, shape)).toBe(true);
      await expect(postgresCsvCopy.copy(session, sql, async () => {})).rejects.toThrow(refused);
      await expect(estimatePostgres(session, sql, shape)).rejects.toThrow(refused);
      expect(await state()).toEqual(INTACT);
      expect((await session.select('SELECT count(*) FROM t')).rows).toEqual([[3]]);
    });

    it('COPY parses its exact text on the server first: three commands there are refused, not run', async () => {
      const sql = hostile[2];
      // COPY (SELECT ''') TO STDOUT; DELETE …; COPY (SELECT 1 …) TO STDOUT WITH (…) to a server reading backslash escapes.
      await expect(postgresCsvCopy.copy(session, sql, async () => {})).rejects.toThrow(/cannot insert multiple commands into a prepared statement/);
      expect(await state()).toEqual(INTACT);
    });
  });

  describe('no answer of the server crashes the process', () => {
    let session: EngineSession;
    let logged: MockInstance<typeof console.error>;

    beforeAll(async () => {
      logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      session = await postgresqlEngine.connect(parsePostgresUri(db.url), { connectTimeoutMs: 5_000 });
    });
    afterAll(async () => {
      await session?.destroy();
      logged?.mockRestore();
    });

    /** Sends `query` on the session's connection; resolves with its 'end' result or its 'error'. */
    const send = (query: pg.Query) =>
      new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
        query.on('end', (result) => resolve({ result }));
        query.on('error', (error) => resolve({ error }));
        postgresClientOf(session).query(query);
      });

    it('one text answering two result sets fails that query with GENERIC_DB_ENGINE_ERROR, logged; the connection goes on', async () => {
      logged.mockClear();
      // The simple protocol on purpose: the server answers SELECT 1 and SELECT 2, the original crash.
      const { error } = await send(new GuardedQuery({ text: 'SELECT 1; SELECT 2', rowMode: 'array' }));
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).error.error_type).toBe('GENERIC_DB_ENGINE_ERROR');
      expect((error as EngineError).message).toContain('several result sets');
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('a PostgreSQL query failed in the driver'), expect.anything());
      expect((await session.select('SELECT 3')).rows).toEqual([[3]]);
    });

    it('a listener throwing inside pg’s handlers fails that query, not the process', async () => {
      const throwsOnRow = new GuardedQuery({ text: 'SELECT i FROM generate_series(1, 3) AS s(i)', rowMode: 'array', queryMode: 'extended' });
      throwsOnRow.on('row', () => {
        throw new Error('a sink broke');
      });
      expect(((await send(throwsOnRow)).error as EngineError).error.error_type).toBe('GENERIC_DB_ENGINE_ERROR');
      const throwsOnEnd = new GuardedQuery({ text: 'SELECT 4', rowMode: 'array', queryMode: 'extended' });
      const ended = new Promise<unknown>((resolve) => throwsOnEnd.on('error', resolve));
      throwsOnEnd.on('end', () => {
        throw new TypeError("Cannot read properties of undefined (reading 'length')");
      });
      postgresClientOf(session).query(throwsOnEnd);
      expect(((await ended) as EngineError).message).toContain('The PostgreSQL driver failed');
      expect((await session.select('SELECT 5')).rows).toEqual([[5]]);
    });

    it('a throw anywhere else on the socket closes that connection only', async () => {
      const plain = new pg.Query({ text: 'SELECT 1', rowMode: 'array' } as pg.QueryConfig);
      plain.on('row', () => {
        throw new Error('unguarded listener');
      });
      const { error } = await send(plain);
      expect(String(error)).toContain('Connection terminated');
      expect(session.broken).toBe(true);
      expect(postgresSessionOf(session).driverFailure?.error.error_type).toBe('GENERIC_DB_ENGINE_ERROR');
      await alive();
    });
  });

  describe('SQL Lab API, sync and async, as a sql_lab user', () => {
    let s: SqlLabApp;
    let database: { id: number; database_name: string };
    let token: string;

    beforeAll(async () => {
      s = await startSqlLabApp();
      database = await s.addDatabase({ database_name: 'pg_no_dml', sqlalchemy_uri: db.url, allow_run_async: true });
      ({ token } = await s.userWith('analyst', [s.databaseAccess(database)]));
    }, 180_000);
    afterAll(async () => {
      await s?.close();
    });

    const count = async () => {
      const answer = await s.execute<{ data: Json[] }>({ database_id: database.id, sql: 'SELECT count(*) AS n FROM t' }, token);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data[0].n;
    };

    it.each(Object.entries(MIS_SPLIT))('sync, %s: an error answer, the row stays, the next query runs', async (_what, sql) => {
      const answer = await s.execute<{ errors: { error_type: string }[] }>({ database_id: database.id, sql, client_id: clientId() }, token);
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.text).toBeLessThan(500);
      expect(answer.body.errors[0].error_type).toBeTruthy();
      expect(await state()).toEqual(INTACT);
      expect(await count()).toBe(3);
    });

    it.each(Object.entries(MIS_SPLIT))('async, %s: the query fails, the row stays, the next query runs', async (_what, sql) => {
      const id = clientId();
      const accepted = await s.execute({ database_id: database.id, sql, client_id: id, runAsync: true }, token);
      expect(accepted.status, accepted.text).toBe(202);
      const record = await waitFor('the run to end', async () => {
        const q = await s.app.models().Query.findOne({ where: { client_id: id } });
        return q && q.end_time ? q : null;
      });
      expect(record.status).toBe('failed');
      expect(await state()).toEqual(INTACT);
      expect(await count()).toBe(3);
    });
  });
});
