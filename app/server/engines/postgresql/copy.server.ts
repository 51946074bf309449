/**
 * CSV exports through PostgreSQL's COPY protocol: `COPY (<query>) TO STDOUT WITH (FORMAT csv,
 * HEADER true)`, read with pg-copy-streams, so the server writes the CSV and Node only passes it
 * on (about as fast as `psql -c "COPY …"`). Values come in PostgreSQL's own text forms, with
 * timestamptz in UTC (the session's time zone is set for the statement; the session reset undoes
 * it); app/server/sqllab/csv.server.ts turns the result into the export format.
 *
 * Trusted: the statement was planned by the execution core (a read; DML refused before this) and
 * runs after the session's prepareStatement (read-only transaction, standard strings pinned).
 * Checked here: the statement is one query COPY takes (SELECT, WITH … SELECT, VALUES, TABLE) and
 * its parentheses balance outside strings and comments, so the text placed inside `COPY ( … )`
 * cannot close that parenthesis and append options of its own (TO PROGRAM, a file). That check is
 * our lexer's reading; pg-copy-streams sends a simple-protocol Query, which would run every command
 * the SERVER reads in the text. So the server first parses the exact text as one prepared statement
 * (parseOneStatement: nothing runs); a text it reads as several commands is an error before the
 * COPY is sent. Any answer but one COPY's (a second result set, rows, a CopyIn) fails the export
 * instead of reaching pg-copy-streams' missing handlers, which would throw in pg. A consumer
 * that stops reading cancels the statement and drains what is still on the wire, so the
 * connection goes back to the pool clean; pg-copy-streams reports a late error on a stream
 * nobody reads any more, so an 'error' listener stays for the statement's whole life.
 */
import { to as copyTo } from 'pg-copy-streams';
import type { StatementShape } from '~/lib/sql/classify';
import { POSTGRES_FLAVOR, tokenize } from '~/lib/sql/lexer';
import type { EngineError } from '../errors.server';
import type { CsvCopy, EngineSession } from '../types.server';
import { postgresSessionOf } from './driver.server';
import { logDriverFailure, parseOneStatement, severalResultSets } from './guarded-query.server';

/** Read ahead of the consumer by a few socket reads, so the server rarely waits on Node. */
const READ_AHEAD_BYTES = 256 * 1024;
/**
 * Socket reads are small (about 16 KB); what is already buffered is handed on in pieces of up to
 * this size, so every layer above (rewriting, the HTTP response) works per 128 KB, not per read.
 */
const HAND_ON_BYTES = 128 * 1024;

function fitsInsideCopy(sql: string): boolean {
  let depth = 0;
  for (const token of tokenize(sql, POSTGRES_FLAVOR)) {
    if (token.kind !== 'punct') continue;
    if (token.text === ';') return false;
    if (token.text === '(') depth++;
    else if (token.text === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

export function copyStatement(sql: string): string {
  // Line breaks: a trailing `-- comment` in the query must not swallow the closing parenthesis.
  return `COPY (\n${sql}\n) TO STDOUT WITH (FORMAT csv, HEADER true)`;
}

type CopyStream = ReturnType<typeof copyTo>;
interface PgConnection {
  sendCopyFail(message: string): void;
}

/**
 * Gives the stream a handler for every message pg may hand its active query: anything but the one
 * COPY's answer is recorded as `unexpected` (the server is still read to its ReadyForQuery).
 */
function expectOneCopy(stream: CopyStream, onUnexpected: (error: EngineError) => void): void {
  const target = stream as unknown as Record<string, (...args: unknown[]) => void>;
  const unexpected = () => onUnexpected(severalResultSets());
  for (const name of ['handleRowDescription', 'handleDataRow', 'handleEmptyQuery', 'handlePortalSuspended', 'handleCopyData']) target[name] = unexpected;
  target.handleCopyInResponse = (connection) => {
    (connection as PgConnection).sendCopyFail('unexpected COPY FROM');
    unexpected();
  };
  const commandComplete = target.handleCommandComplete.bind(stream);
  let completed = 0;
  target.handleCommandComplete = (msg) => (completed++ === 0 ? commandComplete(msg) : unexpected());
}

async function copy(session: EngineSession, sql: string, sink: (chunk: Uint8Array) => Promise<void>): Promise<{ rows: number }> {
  const pgSession = postgresSessionOf(session);
  const client = pgSession.pgClient;
  await client.query(`SET TIME ZONE 'UTC'`);
  const text = copyStatement(sql);
  await parseOneStatement(client, text);
  const stream = copyTo(text, { highWaterMark: READ_AHEAD_BYTES });
  let unexpected: EngineError | null = null;
  expectOneCopy(stream, (error) => {
    if (unexpected) return;
    unexpected = error;
    logDriverFailure(error);
    pgSession.markBroken();
  });
  // pg calls handleReadyForQuery once the server is ready for the next statement; a lost
  // connection ends with an error and no ReadyForQuery.
  const ended = new Promise<void>((resolve) => {
    (stream as unknown as { handleReadyForQuery: () => void }).handleReadyForQuery = () => resolve();
    stream.on('error', () => resolve());
  });
  client.query(stream);
  const failed: { sink: { error: unknown } | null } = { sink: null };
  let cancelling: Promise<void> | null = null;
  let held: Buffer[] = [];
  let heldBytes = 0;
  const handOn = async () => {
    const piece = held.length === 1 ? held[0] : Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    try {
      await sink(piece);
    } catch (error) {
      failed.sink = { error };
      cancelling = session.cancel().catch(() => {});
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (failed.sink) continue; // draining after a cancel
      held.push(chunk);
      heldBytes += chunk.length;
      // Nothing more buffered yet: hand on now rather than wait for more (a slow query's first rows).
      if (heldBytes >= HAND_ON_BYTES || stream.readableLength === 0) await handOn();
    }
    if (heldBytes > 0 && !failed.sink) await handOn();
  } catch (error) {
    if (!failed.sink) throw pgSession.driverFailure ?? unexpected ?? error;
  } finally {
    await cancelling;
    await ended;
  }
  if (failed.sink) throw failed.sink.error;
  if (unexpected) throw unexpected;
  return { rows: stream.rowCount };
}

export const postgresCsvCopy: CsvCopy = {
  accepts: (sql: string, shape: StatementShape) => shape.kind === 'read' && shape.isSelect && fitsInsideCopy(sql),
  copy,
};
