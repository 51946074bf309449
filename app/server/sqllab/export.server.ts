/**
 * `GET /api/v1/sqllab/export/{client_id}/`: the query's whole result as CSV, run again on the
 * database and streamed (never the stored, limited rows; never held in memory), read only as fast
 * as the client downloads. The rows are exactly those of the SQL as written: its own LIMIT binds,
 * the SQL Lab limit (dropdown, SQL_MAX_ROW) and DISPLAY_MAX_ROW do not (Superset's export stops at
 * the dropdown limit: it serves the stored rows or re-runs `executed_sql`; this one streams).
 * Neither path keeps the extra row the limiter reads to tell a reached limit (copyCsvSql plans
 * without it; streamSql drops it). Needs ('can_csv', 'Superset'), the query to be the user's own (or
 * all_query_access) and access to its database. It re-runs the query's rendered SELECT (for a
 * CTAS, the SELECT behind the table, as Superset), never with DML allowed: an export cannot write,
 * and a query that would is refused by the one read-only check (422, DML_NOT_ALLOWED_ERROR).
 * The first rows are awaited before returning, so a query that fails at once is thrown (a
 * QueryFailedError with its status), not a broken download. A caller that goes away cancels the
 * statement (the signal, or ending the iteration early). The API streams the chunks as they are
 * pulled (app/server/api/sqllab-replies.server.ts).
 *
 * Two ways to nearly the same file. Where the engine has a bulk export protocol (Engine.copyCsv:
 * PostgreSQL's COPY) and it takes the statement, the database writes the CSV and CopyCsvRewriter
 * only adjusts it: the same BOM, header, quoting, CRLF and formula escaping as the generic path,
 * NULL as an empty field. Values keep PostgreSQL's own text where the generic path writes
 * app/lib/sql/values.ts forms: booleans `t`/`f` (generic: true/false),
 * timestamps `2024-03-14 15:37:42.123456` with microseconds and timestamptz in UTC as `…+00`
 * (generic: `2024-03-14T15:37:42.123`, `…Z`), numerics with their scale (`3.00`; generic: `3`),
 * floats in PostgreSQL's shortest form (`1e+15`; generic: `1000000000000000`), NaN as `NaN`
 * (generic: empty), bytea as `\x00ff` (generic: `00ff`), the empty string as `""` (generic:
 * empty, like NULL), and `-Infinity` prefixed as text. Integers of any size are exact either way.
 * Everything else (other engines, SHOW, EXPLAIN) goes through the rows: streamSql, then csvRecord.
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { env } from '../env.server';
import { copyCsvSql, streamSql, type ExecuteOptions } from '../engines/execute.server';
import { NotFoundError, UnprocessableError } from '../domain-errors.server';
import { CopyCsvRewriter, csvRecord, exportFileName, UTF8_BOM } from './csv.server';
import { getSqlLabDatabase } from './database.server';
import { queryFailed } from './errors.server';
import { requireQueryAccess } from '../access/query-access.server';
import { findQueryByClientId } from './query-record.server';
import { uniqueNames } from './query-shapes.server';

const encoder = new TextEncoder();

/** CSV bytes, and whether enough has come to answer 200 (a query failing at once has failed by then). */
interface CsvSource {
  chunks: AsyncGenerator<Uint8Array, void, void>;
  started(): boolean;
}

/** Rows from the execution core, written by csvRecord: the first batch decides. */
function fromRows(opts: ExecuteOptions): CsvSource {
  let batches = 0;
  async function* chunks() {
    const stream = streamSql(opts);
    let next = await stream.next();
    // The header comes with the first batch, or with the end when there are no rows.
    let text = UTF8_BOM + csvRecord(uniqueNames(next.value.columns.map((c) => c.name)));
    while (!next.done) {
      for (const row of next.value.rows) text += csvRecord(row);
      batches++;
      yield encoder.encode(text);
      text = '';
      next = await stream.next();
    }
    if (text) yield encoder.encode(text);
  }
  return { chunks: chunks(), started: () => batches > 0 };
}

/** The database's own CSV (COPY), adjusted on the way: the first data record decides. */
function fromCopy(copied: AsyncGenerator<Uint8Array, unknown, void>): CsvSource {
  const rewriter = new CopyCsvRewriter();
  async function* chunks() {
    for await (const chunk of copied) {
      const out = rewriter.write(chunk);
      if (out.length > 0) yield out;
    }
    const rest = rewriter.end();
    if (rest.length > 0) yield rest;
  }
  return { chunks: chunks(), started: () => rewriter.sawRecord };
}

/** Reads until the source has started (or ended); a failure until then is thrown as the query's failure. */
async function firstChunks(source: CsvSource): Promise<{ head: Uint8Array[]; done: boolean }> {
  const head: Uint8Array[] = [];
  try {
    for (;;) {
      const next = await source.chunks.next();
      if (next.done) return { head, done: true };
      head.push(next.value);
      if (source.started()) return { head, done: false };
    }
  } catch (error) {
    throw queryFailed(error);
  }
}

/**
 * The chunks already read, then the rest as they are asked for. Ending early stops the source even
 * before the first chunk is taken (a generator's return() would skip its cleanup then).
 */
function resumed(source: CsvSource, first: { head: Uint8Array[]; done: boolean }): AsyncIterableIterator<Uint8Array> {
  const head = [...first.head];
  let ended = first.done;
  const iterator: AsyncIterableIterator<Uint8Array> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      const chunk = head.shift();
      if (chunk) return { done: false, value: chunk };
      if (ended) return { done: true, value: undefined };
      return source.chunks.next();
    },
    async return() {
      head.length = 0;
      ended = true;
      await source.chunks.return().catch(() => {});
      return { done: true, value: undefined };
    },
  };
  return iterator;
}

/** The CSV's bytes, pulled one chunk at a time, and the name to save it under. */
export interface CsvExport {
  chunks: AsyncIterableIterator<Uint8Array>;
  filename: string;
}

export async function exportCsv(user: CurrentUser, { clientId, signal }: { clientId: string; signal?: AbortSignal }): Promise<CsvExport> {
  requirePermission(user, 'can_csv', 'Superset');
  const query = await findQueryByClientId(clientId);
  if (!query) throw new NotFoundError(`There is no query with client_id "${clientId}".`);
  requireQueryAccess(user, query);
  const db = await getSqlLabDatabase(user, query.database_id, { requireExposed: false });
  if (!query.select_sql) {
    throw new UnprocessableError('This query never got as far as running (it failed before), so there is nothing to export. Fix it and run it again.');
  }

  const opts: ExecuteOptions = {
    target: db.target,
    sql: query.select_sql,
    schema: query.schema,
    limit: null,
    serverMaxRows: null,
    allowDml: false,
    timeoutMs: env().SQLLAB_ASYNC_TIME_LIMIT_SECONDS * 1000,
    timeoutErrorType: 'SQLLAB_TIMEOUT_ERROR',
    signal,
  };
  let source: CsvSource;
  try {
    const copied = copyCsvSql(opts);
    source = copied ? fromCopy(copied) : fromRows(opts);
  } catch (error) {
    throw queryFailed(error);
  }
  const first = await firstChunks(source);
  return { chunks: resumed(source, first), filename: exportFileName(query.tab_name, query.id) };
}
