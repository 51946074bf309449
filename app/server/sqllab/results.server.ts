/**
 * `GET /api/v1/sqllab/results/?q=(key:…,rows:…)`: a finished query's stored results, in the same
 * shape execute answers. Needs ('can_get_results', 'SQLLab'), and the query must be the user's own
 * (or they hold all_query_access) on a database they may still reach. An unknown key is a 404;
 * a key whose results expired (or were dropped) is a 410, both with a message saying what to do
 * (in `message` as well as in `errors`, as Superset's results endpoint answers them).
 */
import type { QueryExecutionResponse } from '~/lib/sqllab-api';
import { requireDatabaseAccess } from '../access/database-access.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { sqlLabError, type SqlLabError } from './errors.server';
import { requireQueryAccess } from '../access/query-access.server';
import { executionBody } from './responses.server';
import { loadResults } from './results-backend.server';
import { queryLoadOptions } from './runner.server';

function resultsError(status: 404 | 410, message: string): SqlLabError {
  return sqlLabError('RESULTS_BACKEND_ERROR', message, status, {}, { message });
}

export async function getResults(user: CurrentUser, params: { key: string; rows?: number | null }): Promise<QueryExecutionResponse> {
  requirePermission(user, 'can_get_results', 'SQLLab');
  const query = await models().Query.findOne({ where: { results_key: params.key }, ...queryLoadOptions() });
  if (!query) {
    throw resultsError(404, 'There are no results under this key: the query associated with these results could not be found. You need to re-run the original query.');
  }
  requireQueryAccess(user, query);
  if (query.database) requireDatabaseAccess(user, query.database);
  const results = await loadResults(params.key);
  if (!results) {
    throw resultsError(410, 'Data could not be retrieved from the results backend: the results expired or were removed. You need to re-run the original query.');
  }
  return executionBody(query, results, params.rows ?? null);
}
