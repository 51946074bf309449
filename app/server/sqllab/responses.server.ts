/**
 * What execute and results answer, as data: Superset's QueryExecutionResponseSchema for a
 * finished query. Cells may hold bigints; the API writes them with lossless JSON
 * (app/server/api/sqllab-replies.server.ts), the page renders them as text.
 */
import type { QueryExecutionResponse, QueryResultDict } from '~/lib/sqllab-api';
import type { Query } from '../../../db/index';
import { rowsAsObjects, toQueryResult } from './query-shapes.server';
import type { StoredResults } from './results-backend.server';

/**
 * QueryExecutionResponseSchema for a finished query and its results: at most `maxRows` rows of
 * data (Superset's DISPLAY_MAX_ROW for execute, `rows` for results), `displayLimitReached` when
 * more were kept.
 */
export function executionBody(query: Query, results: StoredResults, maxRows: number | null): QueryExecutionResponse {
  const capped = maxRows !== null && results.rows.length > maxRows;
  const rows = capped ? results.rows.slice(0, maxRows) : results.rows;
  return {
    status: 'success',
    query_id: query.id,
    data: rowsAsObjects(results.columns, rows),
    columns: results.columns,
    selected_columns: results.columns,
    // Superset expands nested (ARRAY/ROW) columns of Presto-like engines only; these engines have none.
    expanded_columns: [],
    query: toQueryResult(query),
    ...(capped ? { displayLimitReached: true } : {}),
  };
}

/** A finished query without rows to show (stopped): the editor ignores it unless its status is success. */
export function emptyExecutionBody(query: Query): QueryExecutionResponse {
  const dict: QueryResultDict = toQueryResult(query);
  return { status: dict.state, query_id: query.id, data: [], columns: [], selected_columns: [], expanded_columns: [], query: dict };
}
