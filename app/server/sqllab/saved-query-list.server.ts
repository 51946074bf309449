/**
 * The saved queries page's list (/savedqueryview/list/): one page of the user's own saved queries
 * (private to whoever saved them, as in Superset), searched in name, description and SQL,
 * filtered by database, sorted and paged; the databases they run on, for the filter; and the
 * labels of some of them, for the page's notices and its bulk-delete confirmation.
 */
import { Op } from 'sequelize';
import { savedQueriesVisibleTo } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { searchWhere } from '../lists/sql.server';

/** The page shows this much of a query's SQL in its preview; the editor opens all of it. */
const PREVIEW_CHARS = 20_000;

export type SavedQueryListRow = {
  id: number;
  label: string;
  description: string | null;
  sql: string;
  sqlTruncated: boolean;
  database: string | null;
  schema: string | null;
  changedOn: string;
};

export type SavedQuerySort = 'label' | 'schema' | 'changed_on' | 'created_on';

export const SAVED_QUERIES_LIST: ListSpec<SavedQuerySort> = {
  sorts: { label: { column: 'label', text: true }, schema: { column: 'schema', text: true }, changed_on: { column: 'changed_on' }, created_on: { column: 'created_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

export type SavedQueriesPage = ListPage<SavedQueryListRow, SavedQuerySort> & {
  filters: { database: string };
  databases: { id: number; name: string }[];
};

/** `databaseId` 0 is every database. */
export async function listSavedQueries(user: CurrentUser, query: PageQuery<SavedQuerySort>, databaseId: number): Promise<SavedQueriesPage> {
  requirePermission(user, 'can_read', 'SavedQuery');
  const { SavedQuery, Database } = models();
  const page = await findPage(SavedQuery, SAVED_QUERIES_LIST, query, {
    actor: user,
    where: {
      [Op.and]: [
        savedQueriesVisibleTo(user),
        searchWhere(['SavedQuery.label', 'SavedQuery.description', 'SavedQuery.sql'], query.search),
        databaseId ? { db_id: databaseId } : {},
      ],
    },
    include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
  }, (records) => records.map((q) => ({
    id: q.id,
    label: q.label,
    description: q.description,
    sql: q.sql.slice(0, PREVIEW_CHARS),
    sqlTruncated: q.sql.length > PREVIEW_CHARS,
    database: q.database?.database_name ?? null,
    schema: q.schema,
    changedOn: q.changed_on.toISOString(),
  })));
  return { ...page, filters: { database: databaseId ? String(databaseId) : '' }, databases: await databasesUsedBy(user) };
}

/** The databases the user's saved queries run on: the filter's choices. */
async function databasesUsedBy(user: CurrentUser): Promise<{ id: number; name: string }[]> {
  const { SavedQuery, Database } = models();
  const used = await SavedQuery.findAll({ where: savedQueriesVisibleTo(user), attributes: ['db_id'], group: ['db_id'], raw: true });
  const ids = used.map((u) => u.db_id);
  if (ids.length === 0) return [];
  const dbs = await Database.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'database_name'], order: [['database_name', 'ASC']] });
  return dbs.map((d) => ({ id: d.id, name: d.database_name }));
}

/** The labels of those of `ids` the user may see, by label. */
export async function savedQueryLabels(user: CurrentUser, ids: readonly number[]): Promise<{ id: number; label: string }[]> {
  requirePermission(user, 'can_read', 'SavedQuery');
  const found = await models().SavedQuery.findAll({
    where: { [Op.and]: [{ id: { [Op.in]: [...ids] } }, savedQueriesVisibleTo(user)] }, attributes: ['id', 'label'], order: [['label', 'ASC']],
  });
  return found.map((q) => ({ id: q.id, label: q.label }));
}
