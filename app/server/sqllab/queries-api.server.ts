/**
 * The query history endpoints that are not the generic list: `updated_since` (what the editor
 * polls while async queries run: the user's own queries changed since a time, as Superset's
 * QueryDAO.get_queries_changed_after) and `GET /api/v1/query/{id}`. Both need ('can_read',
 * 'Query'); a query of someone else is a 404 unless the user holds all_query_access.
 */
import { Op } from 'sequelize';
import type { QueryResultDict } from '~/lib/sqllab-api';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { queriesVisibleTo } from '../access/query-access.server';
import { toQueryRecord, toQueryResult } from './query-shapes.server';
import { queryLoadOptions } from './runner.server';

/** Enough for any editor's poll; a client further behind catches up over the next polls. */
const UPDATED_SINCE_MAX = 1_000;

export async function queriesUpdatedSince(user: CurrentUser, lastUpdatedMs: number): Promise<QueryResultDict[]> {
  requirePermission(user, 'can_read', 'Query');
  const queries = await models().Query.findAll({
    where: { user_id: user.id, changed_on: { [Op.gte]: new Date(lastUpdatedMs) } },
    order: [['changed_on', 'ASC'], ['id', 'ASC']],
    limit: UPDATED_SINCE_MAX,
    ...queryLoadOptions(),
  });
  return queries.map(toQueryResult);
}

/** The query as `GET /api/v1/query/{id}` shows it (QueryRestApi's show columns). */
export async function getQueryRecord(user: CurrentUser, id: number): Promise<Record<string, unknown>> {
  requirePermission(user, 'can_read', 'Query');
  const query = await models().Query.findOne({ where: { [Op.and]: [{ id }, queriesVisibleTo(user)] }, ...queryLoadOptions() });
  if (!query) throw new NotFoundError(`There is no query with id ${id}.`);
  return toQueryRecord(query);
}
