/**
 * The query history page's list (/sqllab/history/): the queries the user may see (their own, or
 * everyone's with all_query_access, as the API's QueryFilter), filtered by database, state,
 * user, a start-time range and text in the SQL, sorted by start time, paged; and the filters'
 * choices. A user filter is ignored for those who see only their own queries.
 */
import { Op, type WhereOptions } from 'sequelize';
import { QUERY_STATES, type QueryState } from '~/lib/sqllab-api';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { personName, PERSON_ATTRIBUTES } from '../lists/people.server';
import { searchWhere } from '../lists/sql.server';
import { canAccessAllQueries, queriesVisibleTo } from '../access/query-access.server';

const PREVIEW_CHARS = 20_000;

export type HistoryRow = {
  id: number;
  state: string;
  startTime: string | null;
  durationMs: number | null;
  database: string | null;
  schema: string | null;
  user: string | null;
  rows: number | null;
  tabName: string | null;
  sql: string;
  sqlTruncated: boolean;
  errorMessage: string | null;
};

export type HistorySort = 'start_time';
export const HISTORY_LIST: ListSpec<HistorySort> = { sorts: { start_time: { column: 'start_time' } }, defaultSort: 'start_time', defaultDir: 'desc' };

/** What to keep: 0 or '' for no filter; `from` and `before` are epoch milliseconds (start time in [from, before)). */
export type HistoryFilter = { database: number; state: QueryState | ''; user: number; from: number | null; before: number | null };

export type HistoryOptions = { databases: { id: number; name: string }[]; users: { id: number; name: string }[] | null; states: readonly string[] };

function whereOf(user: CurrentUser, filter: HistoryFilter): WhereOptions[] {
  const where: WhereOptions[] = [];
  if (filter.database) where.push({ database_id: filter.database });
  if (filter.state) where.push({ status: filter.state });
  if (filter.user && canAccessAllQueries(user)) where.push({ user_id: filter.user });
  if (filter.from !== null) where.push({ start_time: { [Op.gte]: filter.from } });
  if (filter.before !== null) where.push({ start_time: { [Op.lt]: filter.before } });
  return where;
}

export async function listQueryHistory(user: CurrentUser, query: PageQuery<HistorySort>, filter: HistoryFilter): Promise<ListPage<HistoryRow, HistorySort>> {
  requirePermission(user, 'can_read', 'Query');
  const { Query, Database, User } = models();
  return findPage(Query, HISTORY_LIST, query, {
    actor: user,
    where: { [Op.and]: [queriesVisibleTo(user), searchWhere(['Query.sql'], query.search), ...whereOf(user, filter)] },
    include: [
      { model: Database, as: 'database', attributes: ['id', 'database_name'] },
      { model: User, as: 'user', attributes: PERSON_ATTRIBUTES },
    ],
  }, (records) => records.map((q) => ({
    id: q.id,
    state: q.status,
    startTime: q.start_time ? new Date(q.start_time).toISOString() : null,
    durationMs: q.start_time && q.end_time ? Math.max(0, q.end_time - q.start_time) : null,
    database: q.database?.database_name ?? null,
    schema: q.schema,
    user: personName(q.user),
    rows: q.rows,
    tabName: q.tab_name,
    sql: q.sql.slice(0, PREVIEW_CHARS),
    sqlTruncated: q.sql.length > PREVIEW_CHARS,
    errorMessage: q.error_message,
  })));
}

/** The filters' choices: the databases and (for those who see everyone's) the users of visible queries. */
export async function queryHistoryOptions(user: CurrentUser): Promise<HistoryOptions> {
  requirePermission(user, 'can_read', 'Query');
  const { Query, Database, User } = models();
  const visible = queriesVisibleTo(user);
  const dbIds = (await Query.findAll({ where: visible, attributes: ['database_id'], group: ['database_id'], raw: true })).map((r) => r.database_id);
  const databases = dbIds.length
    ? (await Database.findAll({ where: { id: { [Op.in]: dbIds } }, attributes: ['id', 'database_name'], order: [['database_name', 'ASC']] })).map((d) => ({ id: d.id, name: d.database_name }))
    : [];
  let users: { id: number; name: string }[] | null = null;
  if (canAccessAllQueries(user)) {
    const userIds = (await Query.findAll({ attributes: ['user_id'], group: ['user_id'], raw: true })).map((r) => r.user_id).filter((id): id is number => id !== null);
    users = userIds.length
      ? (await User.findAll({ where: { id: { [Op.in]: userIds } }, attributes: PERSON_ATTRIBUTES, order: [['username', 'ASC']] })).map((u) => ({ id: u.id, name: personName(u) ?? u.username }))
      : [];
  }
  return { databases, users, states: QUERY_STATES };
}
