/**
 * `GET /api/v1/sqllab/export/{client_id}/`: the query's whole result as CSV, run again on the
 * database and streamed (never the stored, limited rows; never held in memory), read only as fast
 * as the client downloads. The rows are exactly those of the SQL as written: its own LIMIT binds,
 * the SQL Lab limit (dropdown, SQL_MAX_ROW) and DISPLAY_MAX_ROW do not (Superset's export stops at
 * the dropdown limit: it serves the stored rows or re-runs `executed_sql`; this one streams).
 * Neither path keeps the extra row the limiter reads to tell a reached limit (copyCsvSql plans
 * without it; streamSql drops it). Needs ('can_csv', 'Superset'), the query to be the user's own (or
 * all_query_access) and access to its database. It re-runs the query's rendered SELECT (for a
 * CTAS, the SELECT behind the table, as Superset), never with DML allowed: an export cannot write.
 * The first rows are awaited before answering, so a query that fails at once is an error response
 * with a status, not a broken download. A client that goes away cancels the statement (request
 * signal, stream cancel).
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
import { isMutating } from '~/lib/sql/classify';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { env } from '../env.server';
import { copyCsvSql, streamSql, type ExecuteOptions } from '../engines/execute.server';
import { httpError, notFound } from '../http.server';
import { attachmentHeader, CopyCsvRewriter, csvRecord, exportFileName, UTF8_BOM } from './csv.server';
import { getSqlLabDatabase } from './database.server';
import { describeFailure, failureResponse } from './errors.server';
import { findQueryByClientId, requireQueryAccess } from './query-record.server';
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

/** Reads until the source has started (or ended); a failure until then is an error answer. */
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
    throw failureResponse(describeFailure(error));
  }
}

export async function exportCsv(user: CurrentUser, clientId: string, signal?: AbortSignal): Promise<Response> {
  requirePermission(user, 'can_csv', 'Superset');
  const query = await findQueryByClientId(clientId);
  if (!query) throw notFound(`There is no query with client_id "${clientId}".`);
  requireQueryAccess(user, query);
  const db = await getSqlLabDatabase(user, query.database_id, { requireExposed: false });
  if (!query.select_sql) {
    throw httpError(422, 'This query never got as far as running (it failed before), so there is nothing to export. Fix it and run it again.');
  }
  if (isMutating(query.select_sql, db.engine.dialect.flavor)) {
    throw httpError(422, 'Only queries that read can be exported: running this one again would change data.');
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
    throw failureResponse(describeFailure(error));
  }
  const first = await firstChunks(source);

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const head = first.head.shift();
          const next = head ? { done: false as const, value: head } : first.done ? { done: true as const } : await source.chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          // Headers are gone: all that is left is to end the download as failed.
          console.error('sightline: CSV export failed while streaming', error);
          controller.error(error);
        }
      },
      async cancel() {
        await source.chunks.return().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentHeader(exportFileName(query.tab_name, query.id)),
      'Cache-Control': 'no-store',
    },
  });
}
