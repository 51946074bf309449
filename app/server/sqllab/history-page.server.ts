/**
 * The query history page's server half (/sqllab/history/): the queries the user may see (their
 * own, or everyone's with all_query_access, as the API's QueryFilter), filtered from the URL by
 * database, state, user, a start-time range and text in the SQL, sorted by start time, paged.
 * Parsing never fails: a value that does not parse is ignored, as other list pages do, and the
 * form shows what was applied.
 */
import { Op, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import { QUERY_STATES, type QueryState } from '~/lib/sqllab-api';
import { requireUserWith, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, parsePageQuery, personName, PERSON_ATTRIBUTES, searchWhere, type ListPage, type ListSpec } from '../lists/page-query.server';
import { canAccessAllQueries, queriesVisibleTo } from './query-record.server';

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

type Sort = 'start_time';
export const HISTORY_LIST: ListSpec<Sort> = { sorts: { start_time: { column: 'start_time' } }, defaultSort: 'start_time', defaultDir: 'desc' };

const idParam = z.coerce.number().int().positive().catch(0);
/** `datetime-local` values (no zone) are read as UTC, the zone the page shows times in. */
const timeParam = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/).transform((v) => Date.parse(v.length === 10 ? `${v}T00:00:00Z` : `${v}Z`)).catch(Number.NaN);
const stateParam = z.enum(QUERY_STATES).catch('' as QueryState);

export type HistoryFilters = { database: string; state: string; user: string; from: string; to: string };

export type HistoryPage = ListPage<HistoryRow, Sort> & {
  filters: HistoryFilters;
  options: { databases: { id: number; name: string }[]; users: { id: number; name: string }[] | null; states: readonly string[] };
};

function filtersOf(params: URLSearchParams, user: CurrentUser) {
  const get = (name: string) => params.get(name) ?? undefined;
  const database = idParam.parse(get('database'));
  const state = stateParam.parse(get('state'));
  const userId = canAccessAllQueries(user) ? idParam.parse(get('user')) : 0;
  const from = timeParam.parse(get('from'));
  const to = timeParam.parse(get('to'));
  const where: WhereOptions[] = [];
  if (database) where.push({ database_id: database });
  if (state) where.push({ status: state });
  if (userId) where.push({ user_id: userId });
  if (Number.isFinite(from)) where.push({ start_time: { [Op.gte]: from } });
  // A date alone means the whole day.
  if (Number.isFinite(to)) where.push({ start_time: { [Op.lt]: (get('to') ?? '').length === 10 ? to + 86_400_000 : to + 60_000 } });
  const applied: HistoryFilters = {
    database: database ? String(database) : '',
    state,
    user: userId ? String(userId) : '',
    from: Number.isFinite(from) ? (get('from') ?? '') : '',
    to: Number.isFinite(to) ? (get('to') ?? '') : '',
  };
  return { where, applied };
}

export async function loadHistoryPage(request: Request): Promise<HistoryPage> {
  const user = await requireUserWith(request, 'can_read', 'Query');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, HISTORY_LIST);
  const { where, applied } = filtersOf(params, user);
  const { Query, Database, User } = models();
  const page = await findPage(Query, HISTORY_LIST, query, {
    actor: user,
    where: { [Op.and]: [queriesVisibleTo(user), searchWhere(['Query.sql'], query.search), ...where] },
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
  return { ...page, filters: applied, options: await optionsFor(user) };
}

/** The filters' choices: the databases and (for those who see everyone's) the users of visible queries. */
async function optionsFor(user: CurrentUser): Promise<HistoryPage['options']> {
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
