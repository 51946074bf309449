/**
 * PostgreSQL sessions over node-postgres. Trusted: pg's wire-protocol handling and the server's
 * text output (shaped at startup by connection.server.ts). Checked here: every client has an
 * 'error' listener from birth (a backend terminated while idle must not crash the process, it
 * marks the session broken); user SQL goes through the extended query protocol, so the server
 * itself refuses a text holding several commands (a splitter mistake is an error, never a second
 * statement), in a GuardedQuery, and the socket's data listener is guarded too, so nothing the
 * server answers can throw out of pg's handlers and end the process (guarded-query.server.ts).
 * Without allow_dml every statement runs in a read-only transaction, and standard strings are
 * pinned before every statement either way (statement-guard.server.ts). Rows are read with
 * `rowMode: 'array'`, one statement at a time, pausing the socket while the sink is busy
 * (backpressure) — measured on this machine it reads twice as fast as pg-query-stream, whose
 * cursor makes the server wait for each batch round trip; stopping early cancels the statement
 * on the server. The rows of `query` are decoded off the wire by wire-rows.server.ts (pg's own
 * row parsing cost three times what the server spends writing them); pg still runs the protocol,
 * and reads the rows itself if that reader could not be installed. Cancel is
 * `pg_cancel_backend(pid)` from a separate connection, so it also works from another process.
 */
import type { Socket } from 'node:net';
import pg from 'pg';
import type { StatementShape } from '~/lib/sql/classify';
import { RowBatcher } from '../batching.server';
import type { EngineError } from '../errors.server';
import type { ColumnInfo, ConnectionParams, ConnectOptions, EngineSession, QueryOutcome, QuerySink, Row } from '../types.server';
import { clientConfig } from './connection.server';
import { mapPostgresError } from './errors.server';
import { driverFailure, GuardedQuery, guardSocket, logDriverFailure, type GuardedQueryConfig } from './guarded-query.server';
import { standardStringsTurnedOff, StatementGuard } from './statement-guard.server';
import { pgType, USER_TYPES_SQL, type UserTypes } from './types.server';
import { WireRowReader, type RowConsumer, type WireField } from './wire-rows.server';

/** SQLSTATEs after which the connection is gone: admin shutdown/terminate, crash, connection failures. */
const FATAL_CODES = /^(57P0[1-3]|08)/;

function processId(client: pg.Client): number {
  return (client as unknown as { processID: number | null }).processID ?? 0;
}

export class PostgresSession implements EngineSession {
  readonly engine = 'postgresql' as const;
  broken = false;
  private userTypes: UserTypes = new Map();
  /** The fast row path (wire-rows.server.ts); null when it could not be installed: pg's 'row' events then. */
  private wire: WireRowReader | null = null;
  /** A throw caught by the socket guard: the connection was closed, and this is what the query in flight answers. */
  private failure: EngineError | null = null;
  /** Standard strings and the read-only transaction (statement-guard.server.ts). */
  private readonly guard: StatementGuard;

  constructor(
    private readonly client: pg.Client,
    private readonly params: ConnectionParams,
    private readonly options: ConnectOptions,
  ) {
    client.on('error', () => {
      this.broken = true;
    });
    client.on('end', () => {
      this.broken = true;
    });
    this.guard = new StatementGuard(client);
  }

  /** For the other modules of this engine (COPY): the connection itself. */
  get pgClient(): pg.Client {
    return this.client;
  }

  /** What a path that bypasses `query` reports when the socket guard closed the connection under it. */
  get driverFailure(): EngineError | null {
    return this.failure;
  }

  get cancelKey(): string {
    return String(processId(this.client));
  }

  /** The wire reader, then the guard around whatever listens to the socket (fail-closed: no guard, no session). */
  installSocketReaders(): void {
    const socket = this.client.connection.stream as Socket;
    this.wire = WireRowReader.install(socket);
    const guarded = guardSocket(socket, (thrown) => {
      this.failure ??= driverFailure(thrown);
      logDriverFailure(this.failure);
      this.broken = true;
      socket.destroy();
    });
    if (!guarded) throw new Error("node-postgres' socket does not have the one 'data' listener the driver guards: refusing an unguarded connection.");
  }

  /** After a driver failure (a throw, several result sets) the connection is not reused. */
  markBroken(): void {
    this.broken = true;
  }

  async loadUserTypes(): Promise<void> {
    const result = await this.client.query<{ oid: number | bigint; typname: string; typcategory: string }>(USER_TYPES_SQL);
    this.userTypes = new Map(result.rows.map((r) => [Number(r.oid), { name: r.typname, category: r.typcategory }]));
  }

  private columnsOf(fields: readonly (pg.FieldDef | WireField)[]): ColumnInfo[] {
    return fields.map((f) => {
      const type = pgType(f.dataTypeID, this.userTypes);
      return { name: f.name, type: type.name, type_generic: type.generic };
    });
  }

  private noteFailure(error: unknown) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' ? FATAL_CODES.test(code) : !this.client.connection.stream.writable) this.broken = true;
  }

  async prepareStatement({ readOnly }: { readOnly: boolean }): Promise<void> {
    await this.guard.prepare(readOnly).catch((error: unknown) => {
      throw this.failure ?? error;
    });
  }

  async query(sql: string, _shape: StatementShape, sink: QuerySink): Promise<QueryOutcome> {
    return (await this.guard.intercept(sql)) ?? this.stream(sql, sink);
  }

  private stream(sql: string, sink: QuerySink): Promise<QueryOutcome> {
    return new Promise<QueryOutcome>((resolve, reject) => {
      const socket = this.client.connection.stream;
      let cancelling: Promise<void> | null = null;
      const batcher = new RowBatcher(sink, {
        pause: () => socket.pause(),
        resume: () => socket.resume(),
        // Stop the server producing rows nobody will read; what is already on the wire is dropped.
        stop: () => {
          cancelling ??= this.cancel().catch(() => {});
        },
      });
      let columnsKnown = false;
      let decodeFailure: { error: unknown } | null = null;
      const wire = this.wire;
      if (wire) {
        const consumer: RowConsumer = {
          typeOf: (oid) => pgType(oid, this.userTypes),
          columns: (fields) => {
            batcher.columns = this.columnsOf(fields);
            columnsKnown = true;
          },
          row: (row) => batcher.push(row),
          get skipping() {
            return batcher.stopped;
          },
          fail: (error) => {
            decodeFailure ??= { error };
            batcher.stopped = true;
            cancelling ??= this.cancel().catch(() => {});
          },
        };
        wire.consumer = consumer;
      }
      const done = () => {
        if (wire) wire.consumer = null;
      };
      // Extended protocol: one command per text, or the server refuses it.
      const query = new GuardedQuery({ text: sql, rowMode: 'array', queryMode: 'extended' }, () => {
        this.broken = true;
        batcher.stopped = true;
        cancelling ??= this.cancel().catch(() => {});
      });
      this.client.query(query);
      query.on('row', (row: Row, result?: pg.ResultBuilder) => {
        if (!columnsKnown && result) {
          batcher.columns = this.columnsOf(result.fields);
          columnsKnown = true;
        }
        batcher.push(row);
      });
      query.on('end', (result: pg.ResultBuilder) => {
        done();
        if (decodeFailure) {
          void Promise.resolve(cancelling).then(() => reject(decodeFailure?.error));
          return;
        }
        if (!this.guard.standardStringsOn) {
          void Promise.resolve(cancelling).then(() => reject(standardStringsTurnedOff()));
          return;
        }
        if (!columnsKnown) batcher.columns = this.columnsOf(result.fields);
        const affectedRows = result.fields.length === 0 ? (result.rowCount ?? null) : null;
        void Promise.resolve(cancelling)
          .then(() => batcher.finish())
          .then(() => resolve({ columns: batcher.columns, rowsRead: batcher.rowsRead, affectedRows, truncated: batcher.capped }), reject);
      });
      query.on('error', (error: Error) => {
        done();
        socket.resume();
        const sinkError = batcher.sinkError ?? decodeFailure?.error;
        // 57014 after we stopped reading is our own cancel: the rows we kept are the answer.
        if (batcher.stopped && sinkError === undefined && (error as { code?: string }).code === '57014') {
          void Promise.resolve(cancelling)
            .then(() => batcher.finish())
            .then(() => resolve({ columns: batcher.columns, rowsRead: batcher.rowsRead, affectedRows: null, truncated: true }), reject);
          return;
        }
        this.noteFailure(error);
        void Promise.resolve(cancelling).then(() => reject(this.failure ?? sinkError ?? error));
      });
    });
  }

  async select(sql: string, params: readonly unknown[] = []) {
    const result = await this.collect({ text: sql, values: [...params], rowMode: 'array', queryMode: 'extended' });
    return { columns: this.columnsOf(result.fields), rows: result.rows };
  }

  /** All rows at once, read by pg (no sink: the wire reader has no consumer and passes them on). */
  private collect(config: GuardedQueryConfig): Promise<{ fields: pg.FieldDef[]; rows: Row[] }> {
    return new Promise((resolve, reject) => {
      const query = new GuardedQuery(config, () => this.markBroken());
      query.on('end', (result: pg.ResultBuilder) => resolve({ fields: result.fields, rows: result.rows as Row[] }));
      query.on('error', (error: Error) => {
        this.noteFailure(error);
        reject(this.failure ?? error);
      });
      this.client.query(query);
    });
  }

  async cancel(): Promise<void> {
    await cancelPostgresBackend(this.params, this.cancelKey, this.options);
  }

  async reset(): Promise<void> {
    this.guard.reset();
    // ROLLBACK first: DISCARD ALL refuses to run inside a transaction block.
    await this.client.query('ROLLBACK');
    await this.client.query('DISCARD ALL');
  }

  async destroy(): Promise<void> {
    this.broken = true;
    // end() waits for the server's goodbye; a hung server must not hold the caller.
    this.client.connection.stream.destroy();
    await this.client.end().catch(() => {});
  }
}

/** One of this engine's sessions, for its other modules (COPY needs the pg client itself). */
export function postgresSessionOf(session: EngineSession): PostgresSession {
  if (!(session instanceof PostgresSession)) throw new TypeError(`Not a PostgreSQL session (${session.engine}).`);
  return session;
}

/** The pg client behind one of this engine's sessions. */
export function postgresClientOf(session: EngineSession): pg.Client {
  return postgresSessionOf(session).pgClient;
}

export async function connectPostgres(params: ConnectionParams, options: ConnectOptions): Promise<EngineSession> {
  const client = new pg.Client(clientConfig(params, options));
  const session = new PostgresSession(client, params, options);
  try {
    await client.connect();
    session.installSocketReaders();
    await session.loadUserTypes();
  } catch (error) {
    await client.end().catch(() => {});
    throw mapPostgresError(error, { params, phase: 'connect' });
  }
  return session;
}

/** Cancels what backend `pid` runs, from a new connection with the same credentials. */
export async function cancelPostgresBackend(params: ConnectionParams, cancelKey: string, options: ConnectOptions): Promise<boolean> {
  const pid = Number(cancelKey);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const client = new pg.Client(clientConfig(params, options));
  client.on('error', () => {});
  try {
    await client.connect();
    const result = await client.query<{ cancelled: boolean }>('SELECT pg_cancel_backend($1::int) AS cancelled', [pid]);
    return result.rows[0]?.cancelled === true;
  } catch (error) {
    throw mapPostgresError(error, { params, phase: 'connect' });
  } finally {
    await client.end().catch(() => {});
  }
}
