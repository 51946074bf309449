/**
 * PostgreSQL sessions over node-postgres. Trusted: pg's wire-protocol handling and the server's
 * text output (shaped at startup by connection.server.ts). Checked here: every client has an
 * 'error' listener from birth (a backend terminated while idle must not crash the process, it
 * marks the session broken); rows are read with the simple query protocol and `rowMode: 'array'`,
 * one statement at a time, pausing the socket while the sink is busy (backpressure) — measured on
 * this machine it reads twice as fast as pg-query-stream, whose cursor makes the server wait for
 * each batch round trip; stopping early cancels the statement on the server. The rows of
 * `query` are decoded off the wire by wire-rows.server.ts (pg's own row parsing cost three times
 * what the server spends writing them); pg still runs the protocol, and reads the rows itself if
 * that reader could not be installed. Cancel is `pg_cancel_backend(pid)` from a separate
 * connection, so it also works from another process.
 */
import type { Socket } from 'node:net';
import pg from 'pg';
import type { StatementShape } from '~/lib/sql/classify';
import { RowBatcher } from '../batching.server';
import type { ColumnInfo, ConnectionParams, ConnectOptions, EngineSession, QueryOutcome, QuerySink, Row } from '../types.server';
import { clientConfig } from './connection.server';
import { mapPostgresError } from './errors.server';
import { pgType, USER_TYPES_SQL, type UserTypes } from './types.server';
import { WireRowReader, type RowConsumer, type WireField } from './wire-rows.server';

/** SQLSTATEs after which the connection is gone: admin shutdown/terminate, crash, connection failures. */
const FATAL_CODES = /^(57P0[1-3]|08)/;

function processId(client: pg.Client): number {
  return (client as unknown as { processID: number | null }).processID ?? 0;
}

class PostgresSession implements EngineSession {
  readonly engine = 'postgresql' as const;
  broken = false;
  private userTypes: UserTypes = new Map();
  /** The fast row path (wire-rows.server.ts); null when it could not be installed: pg's 'row' events then. */
  private wire: WireRowReader | null = null;

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
  }

  /** For the other modules of this engine (COPY): the connection itself. */
  get pgClient(): pg.Client {
    return this.client;
  }

  get cancelKey(): string {
    return String(processId(this.client));
  }

  installWireReader(): void {
    this.wire = WireRowReader.install(this.client.connection.stream as Socket);
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

  query(sql: string, _shape: StatementShape, sink: QuerySink): Promise<QueryOutcome> {
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
      // @types/pg's QueryConfig lacks rowMode, which pg's Query does take (QueryArrayConfig shape).
      const config: pg.QueryArrayConfig = { text: sql, rowMode: 'array' };
      const query = this.client.query(new pg.Query(config as pg.QueryConfig));
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
        void Promise.resolve(cancelling).then(() => reject(sinkError ?? error));
      });
    });
  }

  async select(sql: string, params: readonly unknown[] = []) {
    const result = await this.client.query<Row>({ text: sql, values: [...params], rowMode: 'array' });
    return { columns: this.columnsOf(result.fields), rows: result.rows };
  }

  async cancel(): Promise<void> {
    await cancelPostgresBackend(this.params, this.cancelKey, this.options);
  }

  async reset(): Promise<void> {
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

/** The pg client behind one of this engine's sessions. */
export function postgresClientOf(session: EngineSession): pg.Client {
  if (!(session instanceof PostgresSession)) throw new TypeError(`Not a PostgreSQL session (${session.engine}).`);
  return session.pgClient;
}

export async function connectPostgres(params: ConnectionParams, options: ConnectOptions): Promise<EngineSession> {
  const client = new pg.Client(clientConfig(params, options));
  const session = new PostgresSession(client, params, options);
  try {
    await client.connect();
    session.installWireReader();
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
