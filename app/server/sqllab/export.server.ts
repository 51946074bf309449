/**
 * `GET /api/v1/sqllab/export/{client_id}/`: the query's whole result as CSV, run again on the
 * database and streamed (never the stored, limited rows; never held in memory): batch by batch
 * from the engine's stream, read only as fast as the client downloads. Needs ('can_csv',
 * 'Superset'), the query to be the user's own (or all_query_access) and access to its database.
 * It re-runs the query's rendered SELECT (for a CTAS, the SELECT behind the table, as Superset),
 * never with DML allowed: an export cannot write. The first batch is awaited before answering,
 * so a query that fails at once is an error response with a status, not a broken download.
 * A client that goes away cancels the statement (request signal, stream cancel).
 */
import { isMutating } from '~/lib/sql/classify';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { env } from '../env.server';
import { streamSql, type StreamSummary } from '../engines/execute.server';
import type { StreamBatch } from '../engines/types.server';
import { httpError, notFound } from '../http.server';
import { attachmentHeader, csvRecord, exportFileName, UTF8_BOM } from './csv.server';
import { getSqlLabDatabase } from './database.server';
import { describeFailure, failureResponse } from './errors.server';
import { findQueryByClientId, requireQueryAccess } from './query-record.server';
import { uniqueNames } from './query-shapes.server';

const encoder = new TextEncoder();

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

  const stream = streamSql({
    target: db.target,
    sql: query.select_sql,
    schema: query.schema,
    limit: null,
    serverMaxRows: null,
    allowDml: false,
    timeoutMs: env().SQLLAB_ASYNC_TIME_LIMIT_SECONDS * 1000,
    timeoutErrorType: 'SQLLAB_TIMEOUT_ERROR',
    signal,
  });
  let first: IteratorResult<StreamBatch, StreamSummary>;
  try {
    first = await stream.next();
  } catch (error) {
    throw failureResponse(describeFailure(error));
  }

  let headerWritten = false;
  const header = (columns: StreamBatch['columns']) => {
    headerWritten = true;
    return UTF8_BOM + csvRecord(uniqueNames(columns.map((c) => c.name)));
  };
  const encode = (next: IteratorResult<StreamBatch, StreamSummary>): string => {
    const head = headerWritten ? '' : header(next.value.columns);
    if (next.done) return head;
    let text = head;
    for (const row of next.value.rows) text += csvRecord(row);
    return text;
  };

  let pending: IteratorResult<StreamBatch, StreamSummary> | null = first;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = pending ?? (await stream.next());
          pending = null;
          const text = encode(next);
          if (text) controller.enqueue(encoder.encode(text));
          if (next.done) controller.close();
        } catch (error) {
          // Headers are gone: all that is left is to end the download as failed.
          console.error('sightline: CSV export failed while streaming', error);
          controller.error(error);
        }
      },
      async cancel() {
        await stream.return({ columns: [], rowcount: 0, limitingFactor: 'NOT_LIMITED' }).catch(() => {});
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
