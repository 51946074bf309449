/**
 * node-postgres handles a query's answer inside its socket 'data' listener, so a throw there (pg's
 * own result building, or a listener of ours) is an uncaught exception that ends the process: one
 * statement answering several result sets did exactly that (issue 8). What this module trusts: pg
 * 8's Query handler names (handleRowDescription … handleReadyForQuery, called by its Client for
 * the active query) and that every answer ends with ReadyForQuery, an ErrorResponse or a lost
 * connection. What it checks, in three guards:
 * - GuardedQuery, the only pg.Query user SQL goes through: every handler runs in a try/catch; a
 *   second result set, or any throw, fails that query with GENERIC_DB_ENGINE_ERROR (logged) while
 *   the rest of the answer is read and dropped, so the connection stays in step with the server.
 * - guardSocket, around the socket's one 'data' listener, for every other path (our own fixed
 *   statements, COPY, a throw inside pg itself): the caller closes the connection, the query in
 *   flight fails, the process and the other connections go on.
 * - parseOneStatement: the server parses a text as one prepared statement without running it, so
 *   a text it reads as several commands is refused before a simple-protocol Query could run them.
 */
import type { Socket } from 'node:net';
import pg from 'pg';
import { engineError, type EngineError } from '../errors.server';

const ENGINE = 'PostgreSQL';

export function severalResultSets(): EngineError {
  return engineError('GENERIC_DB_ENGINE_ERROR', 'One statement answered several result sets: only one statement may run at a time, so the query was stopped.', {
    engineName: ENGINE,
  });
}

/** A throw inside the driver: the user gets a sentence, the log gets the detail. */
export function driverFailure(cause: unknown): EngineError {
  return engineError('GENERIC_DB_ENGINE_ERROR', 'The PostgreSQL driver failed while reading the answer, so the query was stopped. The details are in the server log.', {
    engineName: ENGINE,
    cause,
  });
}

export function logDriverFailure(error: EngineError): void {
  console.error(`sightline: a PostgreSQL query failed in the driver: ${error.message}`, error.cause ?? '');
}

export interface GuardedQueryConfig {
  text: string;
  values?: unknown[];
  rowMode: 'array';
  /** 'extended' for user SQL: the server refuses a text holding several commands. */
  queryMode?: 'extended';
}

type Handler = (this: pg.Query, ...args: unknown[]) => void;
const base = pg.Query.prototype as unknown as Record<string, Handler>;

export class GuardedQuery extends pg.Query {
  #failure: EngineError | null = null;
  /** CommandComplete and EmptyQueryResponse messages seen: one per statement. */
  #completed = 0;
  #settled = false;
  readonly #onFailure: (error: EngineError) => void;

  /** `onFailure` runs once, at the first failure (e.g. to cancel the statement); the 'error' event follows at the end of the answer. */
  constructor(config: GuardedQueryConfig, onFailure: (error: EngineError) => void = () => {}) {
    super(config as pg.QueryConfig);
    this.#onFailure = onFailure;
  }

  handleRowDescription(msg: unknown): void {
    if (this.#completed > 0) this.#fail(severalResultSets());
    else this.#run(() => base.handleRowDescription.call(this, msg));
  }

  handleDataRow(msg: unknown): void {
    this.#run(() => base.handleDataRow.call(this, msg));
  }

  handleCommandComplete(msg: unknown, connection: unknown): void {
    if (this.#completed++ > 0) this.#fail(severalResultSets());
    else this.#run(() => base.handleCommandComplete.call(this, msg, connection));
  }

  handleEmptyQuery(connection: unknown): void {
    if (this.#completed++ > 0) this.#fail(severalResultSets());
    else this.#run(() => base.handleEmptyQuery.call(this, connection));
  }

  handlePortalSuspended(connection: unknown): void {
    this.#run(() => base.handlePortalSuspended.call(this, connection), true);
  }

  // Answers the server's CopyIn with CopyFail even after a failure, or the server would wait forever.
  handleCopyInResponse(connection: unknown): void {
    this.#run(() => base.handleCopyInResponse.call(this, connection), true);
  }

  handleCopyData(msg: unknown, connection: unknown): void {
    this.#run(() => base.handleCopyData.call(this, msg, connection));
  }

  handleError(error: unknown, connection: unknown): void {
    if (this.#settled) return;
    this.#settled = true;
    // Our own failure explains the end better than the cancel (57014) it caused.
    const reported = this.#failure ?? error;
    try {
      base.handleError.call(this, reported, connection);
    } catch (thrown) {
      logDriverFailure(driverFailure(thrown));
    }
  }

  handleReadyForQuery(connection: unknown): void {
    if (this.#settled) return;
    if (this.#failure) {
      this.handleError(this.#failure, connection);
      return;
    }
    try {
      base.handleReadyForQuery.call(this, connection); // 'end', or handleError for a row pg could not parse
      this.#settled = true;
    } catch (thrown) {
      // An 'end' listener threw: its caller still gets an answer.
      const failure = driverFailure(thrown);
      logDriverFailure(failure);
      this.#failure = failure;
      this.handleError(failure, connection);
    }
  }

  #run(work: () => void, evenAfterFailure = false): void {
    if (this.#failure && !evenAfterFailure) return;
    try {
      work();
    } catch (thrown) {
      this.#fail(driverFailure(thrown));
    }
  }

  #fail(error: EngineError): void {
    if (this.#failure) return;
    this.#failure = error;
    logDriverFailure(error);
    try {
      this.#onFailure(error);
    } catch (thrown) {
      logDriverFailure(driverFailure(thrown));
    }
  }
}

/**
 * Wraps the socket's one 'data' listener (pg's parser, or the wire reader in front of it) in a
 * try/catch. After a throw the parser's position in the stream is unknown: `onThrow` must close
 * the connection. False when the socket does not have exactly one 'data' listener.
 */
export function guardSocket(socket: Socket, onThrow: (error: unknown) => void): boolean {
  const listeners = socket.listeners('data');
  if (listeners.length !== 1) return false;
  const inner = listeners[0] as (chunk: Buffer) => void;
  socket.removeListener('data', inner);
  socket.on('data', (chunk: Buffer) => {
    try {
      inner.call(socket, chunk);
    } catch (error) {
      onThrow(error);
    }
  });
  return true;
}

/**
 * Has the server parse `text` as the unnamed prepared statement (Parse, then Sync: nothing is
 * planned or run). Rejects with the server's error when the text is not exactly one command
 * ("cannot insert multiple commands into a prepared statement") or does not parse.
 */
export function parseOneStatement(client: pg.Client, text: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error === undefined) resolve();
      else reject(error);
    };
    const unexpected = () => settle(severalResultSets());
    const check = {
      submit(connection: { parse(q: { text: string; name: string; types: never[] }): void; sync(): void }) {
        connection.parse({ text, name: '', types: [] });
        connection.sync();
      },
      handleError: (error: unknown) => settle(error ?? new Error('The statement could not be parsed.')),
      handleReadyForQuery: () => settle(),
      // Never sent in answer to Parse alone; a stray one fails the check instead of throwing in pg.
      handleRowDescription: unexpected,
      handleDataRow: unexpected,
      handleCommandComplete: unexpected,
      handleEmptyQuery: unexpected,
      handlePortalSuspended: unexpected,
      handleCopyData: unexpected,
      handleCopyInResponse: (connection: { sendCopyFail(message: string): void }) => {
        connection.sendCopyFail('unexpected COPY FROM');
        unexpected();
      },
    };
    client.query(check as unknown as pg.Submittable);
  });
}
