/**
 * Who may see which SQL Lab queries: their own, or every one with all_query_access. The one
 * rule the query list, the history page, the query API and stop all read.
 */
import type { WhereOptions } from 'sequelize';
import type { Query } from '../../../db/index';
import { hasPermission } from '~/lib/permissions';
import type { CurrentUser } from '../auth/current-user.server';
import { ForbiddenError } from '../domain-errors.server';

/** Superset's `can_access_all_queries`: admins and holders of all_query_access see everyone's queries. */
export function canAccessAllQueries(user: CurrentUser): boolean {
  return hasPermission(user.roles, 'all_query_access', 'all_query_access');
}

/** The queries this user may see: their own, or all of them with all_query_access. */
export function queriesVisibleTo(user: CurrentUser): WhereOptions {
  return canAccessAllQueries(user) ? {} : { user_id: user.id };
}

/** 403 unless the query is the user's own or they may see every query. */
export function requireQueryAccess(user: CurrentUser, query: Pick<Query, 'user_id'>): void {
  if (query.user_id !== user.id && !canAccessAllQueries(user)) {
    throw new ForbiddenError('This query belongs to another user: you may only see and stop your own queries.');
  }
}
