/**
 * The saved queries list. As in Superset, a saved query is private to whoever saved it, admins
 * included: the list shows the actor's own.
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, searchWhere, type ListPage, type ListSpec, type PageQuery } from './page-query.server';

export type SavedQueryRow = {
  id: number;
  label: string;
  database: string | null;
  schema: string | null;
  changedOn: string;
};

export type SavedQuerySort = 'label' | 'schema' | 'changed_on';

export const SAVED_QUERY_LIST: ListSpec<SavedQuerySort> = {
  sorts: { label: { column: 'label', text: true }, schema: { column: 'schema', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

export async function listSavedQueries(actor: CurrentUser, query: PageQuery<SavedQuerySort>): Promise<ListPage<SavedQueryRow, SavedQuerySort>> {
  requirePermission(actor, 'can_read', 'SavedQuery');
  const { SavedQuery, Database } = models();
  return findPage(SavedQuery, SAVED_QUERY_LIST, query, {
    actor,
    where: searchWhere(['SavedQuery.label'], query.search),
    include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
  }, (queries) => queries.map((q) => ({
    id: q.id,
    label: q.label,
    database: q.database?.database_name ?? null,
    schema: q.schema,
    changedOn: q.changed_on.toISOString(),
  })));
}
