/**
 * A failed query leaves one log event per error it came back with (sql-lab.md §8: "logs an
 * event per error type and issue codes"), as one JSON line on stdout, so an operator can count
 * failures by type (syntax, missing table, connection, timeout) from the logs alone.
 */
import type { Failure } from './errors.server';

export type QueryFailureEvent = {
  event: 'sqllab_query_failed';
  query_id: number;
  database_id: number | null;
  state: Failure['state'];
  error_type: string;
  issue_codes: number[];
};

export function queryFailureEvents(failure: Failure, query: { id: number; database_id: number | null }): QueryFailureEvent[] {
  if (failure.state === 'stopped') return []; // a stop is the user's choice, not a failure
  const errors = failure.errors.length > 0 ? failure.errors : [{ error_type: 'GENERIC_BACKEND_ERROR', extra: {} }];
  return errors.map((e) => {
    const codes = (e.extra as { issue_codes?: { code?: unknown }[] }).issue_codes ?? [];
    return {
      event: 'sqllab_query_failed',
      query_id: query.id,
      database_id: query.database_id,
      state: failure.state,
      error_type: e.error_type,
      issue_codes: codes.map((c) => c.code).filter((c): c is number => typeof c === 'number'),
    };
  });
}

export function logQueryFailure(failure: Failure, query: { id: number; database_id: number | null }): void {
  for (const event of queryFailureEvents(failure, query)) console.info(JSON.stringify(event));
}
