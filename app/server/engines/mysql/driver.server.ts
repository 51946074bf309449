/**
 * MySQL and MariaDB sessions over mysql2 (callback API). Trusted: mysql2's protocol parsing and
 * the options of connection.server.ts. Checked here: every connection has an 'error' listener
 * from birth (a server gone away marks the session broken instead of crashing the process); rows
 * are read from the query's events, pausing the connection while the sink is busy — the same
 * mechanism as mysql2's `.stream()`, without a stream object per query; stopping early and
 * cancelling send `KILL QUERY <thread id>` from a separate connection, which MySQL and MariaDB
 * both accept from the same user, from any process. One statement per call: mysql2 runs without
 * multipleStatements, so the server refuses a text holding two, and a statement answering several
 * result sets (a CALL) fails as a whole. Read-only, see read-only.server.ts.
 */
import mysql from 'mysql2';
import type { FieldPacket } from 'mysql2';
import type { StatementShape } from '~/lib/sql/classify';
import { mysqlDialect } from '~/lib/sql/dialects/mysql';
import { RowBatcher } from '../batching.server';
import { engineError } from '../errors.server';
import type { ColumnInfo, ConnectionParams, ConnectOptions, EngineSession, QueryOutcome, QuerySink, Row } from '../types.server';
import { connectionOptions } from './connection.server';
import { mapMysqlError } from './errors.server';
import { ReadOnlyBranch, readOnlyRefusal } from './read-only.server';
import { describeFields } from './types.server';

type Connection = mysql.Connection;

/** ER_QUERY_INTERRUPTED: what a statement answers once KILL QUERY reached it. */
const QUERY_INTERRUPTED = 1317;

function open(params: ConnectionParams, options: ConnectOptions): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const connection = mysql.createConnection(connectionOptions(params, options));
    connection.on('error', () => {}); // replaced by the session's listener; never unhandled
    connection.connect((error) => {
      if (error) {
        connection.destroy();
        reject(mapMysqlError(error, { params, phase: 'connect' }));
      } else {
        resolve(connection);
      }
    });
  });
}

function convertRow(row: unknown[], converters: ((v: unknown) => unknown)[], identity: boolean): Row {
  if (identity) return row as Row;
  for (let i = 0; i < row.length; i++) if (row[i] !== null) row[i] = converters[i](row[i]);
  return row as Row;
}

class MysqlSession implements EngineSession {
  readonly engine = 'mysql' as const;
  broken = false;
  /** A USE ran: COM_RESET_CONNECTION keeps the current database, so reset must restore it. */
  private databaseChanged = false;
  /** Fails the running query: mysql2 reports a lost connection to the connection, not to the query. */
  private failActive: ((error: unknown) => void) | null = null;
  /** The read-only transaction each statement of a database without DML runs in. */
  private readonly readOnly = new ReadOnlyBranch((sql) => this.command(sql));

  constructor(
    private readonly connection: Connection,
    private readonly params: ConnectionParams,
    private readonly options: ConnectOptions,
  ) {
    connection.removeAllListeners('error');
    connection.on('error', (error: unknown) => {
      this.broken = true;
      this.failActive?.(error);
    });
    connection.on('end', () => {
      this.broken = true;
      this.failActive?.(Object.assign(new Error('The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST' }));
    });
  }

  get cancelKey(): string {
    return String(this.connection.threadId);
  }

  async prepareStatement(options: { readOnly: boolean }): Promise<void> {
    try {
      await this.readOnly.prepare(options.readOnly);
    } catch (error) {
      // Whatever state the transaction is in now, it is not one to run anything in: drop the session.
      this.broken = true;
      throw error;
    }
  }

  /** One statement of ours (no rows wanted); its error rejects. */
  private command(sql: string): Promise<void> {
    return new Promise((resolve, reject) => this.connection.query(sql, (error) => (error ? reject(error) : resolve())));
  }

  query(sql: string, shape: StatementShape, sink: QuerySink): Promise<QueryOutcome> {
    if (shape.keyword === 'USE') this.databaseChanged = true;
    return new Promise<QueryOutcome>((resolve, reject) => {
      let killing: Promise<void> | null = null;
      let described = describeFields([]);
      let affectedRows: number | null = null;
      let failed: unknown = null;
      let settled = false;
      let resultSets = 0;
      const batcher = new RowBatcher(sink, {
        pause: () => this.connection.pause(),
        resume: () => this.connection.resume(),
        stop: () => {
          killing ??= this.cancel().catch(() => {});
        },
      });
      const finish = () => {
        if (settled) return;
        settled = true;
        this.failActive = null;
        this.connection.resume();
        void Promise.resolve(killing)
          .then(() => {
            if (failed) throw (batcher.sinkError ?? failed);
            return batcher.finish();
          })
          .then(() => resolve({ columns: batcher.columns, rowsRead: batcher.rowsRead, affectedRows, truncated: batcher.capped }), reject);
      };
      this.failActive = (error) => {
        failed ??= error;
        finish();
      };
      const query = this.connection.query({ sql, rowsAsArray: true });
      query.on('fields', (fields?: FieldPacket[]) => {
        if (!fields) return; // a statement without a result set
        if (++resultSets > 1) {
          // A CALL answering several result sets: one statement, one result, or an error; stop it.
          failed ??= engineError('GENERIC_DB_ENGINE_ERROR', 'The statement returned several result sets; a query may return only one.', {
            engineName: 'MySQL',
          });
          killing ??= this.cancel().catch(() => {});
          return;
        }
        described = describeFields(fields);
        batcher.columns = described.columns;
      });
      query.on('result', (row: unknown) => {
        if (Array.isArray(row)) {
          if (resultSets === 1) batcher.push(convertRow(row, described.converters, described.identity));
        } else {
          affectedRows = (row as { affectedRows?: number }).affectedRows ?? null;
        }
      });
      query.on('error', (error: { errno?: number; fatal?: boolean }) => {
        if (error.fatal) this.broken = true;
        // Our own KILL QUERY after we stopped reading: the rows we kept are the answer.
        if (!(batcher.stopped && batcher.sinkError === undefined && error.errno === QUERY_INTERRUPTED)) {
          failed ??= (this.readOnly.active && readOnlyRefusal(error)) || error;
        }
      });
      query.on('end', finish);
    });
  }

  select(sql: string, params: readonly unknown[] = []): Promise<{ columns: ColumnInfo[]; rows: Row[] }> {
    return new Promise((resolve, reject) => {
      this.connection.query({ sql, values: [...params], rowsAsArray: true }, (error, rows, fields) => {
        if (error) return reject(error);
        const described = describeFields((fields ?? []) as FieldPacket[]);
        const list = Array.isArray(rows) ? (rows as unknown[][]) : [];
        resolve({ columns: described.columns, rows: list.map((r) => convertRow(r, described.converters, described.identity)) });
      });
    });
  }

  async cancel(): Promise<void> {
    await killMysqlQuery(this.params, this.cancelKey, this.options);
  }

  async reset(): Promise<void> {
    // COM_RESET_CONNECTION rolls back the read-only XA branch with everything else.
    await new Promise<void>((resolve, reject) => this.connection.reset((error) => (error ? reject(error) : resolve())));
    this.readOnly.forget();
    if (!this.databaseChanged) return;
    if (!this.params.database) throw new Error('The session changed database and has none to return to.');
    for (const sql of mysqlDialect.useSchema(this.params.database)) await this.select(sql);
    this.databaseChanged = false;
  }

  async destroy(): Promise<void> {
    this.broken = true;
    this.connection.destroy();
    this.failActive?.(Object.assign(new Error('The connection was closed.'), { code: 'PROTOCOL_CONNECTION_LOST' }));
  }
}

export async function connectMysql(params: ConnectionParams, options: ConnectOptions): Promise<EngineSession> {
  return new MysqlSession(await open(params, options), params, options);
}

/** KILL QUERY <thread id>, from a new connection with the same credentials. */
export async function killMysqlQuery(params: ConnectionParams, cancelKey: string, options: ConnectOptions): Promise<boolean> {
  const threadId = Number(cancelKey);
  if (!Number.isInteger(threadId) || threadId <= 0) return false;
  const connection = await open(params, options);
  try {
    return await new Promise<boolean>((resolve, reject) =>
      connection.query(`KILL QUERY ${threadId}`, (error) => {
        // ER_NO_SUCH_THREAD: it already finished.
        if (error && error.errno !== 1094) reject(mapMysqlError(error, { params, phase: 'query' }));
        else resolve(!error);
      }),
    );
  } finally {
    connection.destroy();
  }
}
