/**
 * SQL Lab tabs persisted on the server (Superset's TabStateView, sql-lab.md §3 and §7): only with
 * SQLLAB_BACKEND_PERSISTENCE on. A tab belongs to one user; another user's tab answers 404, as
 * if it did not exist. Every id the editor sends in a body (a database, a saved query, a query's
 * client id) is checked: a saved query or query of someone else is refused like a missing one.
 * Permissions: can_read / can_write on TabStateView.
 */
import { Op } from 'sequelize';
import { definedOnly } from '~/lib/schema-fields';
import type { QueryResultDict } from '~/lib/sqllab-api';
import { parseStoredObject } from '~/lib/safe-json';
import { type QueryEditorInput, type TabUpdateInput } from '~/lib/sqllab/state-schemas';
import type { Query, TabState } from '../../../db/index';
import { savedQueriesVisibleTo } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { InvalidInputError, NotFoundError } from '../domain-errors.server';
import { env } from '../env.server';
import { requireBackendPersistence } from './persistence.server';
import { toQueryResult } from './query-shapes.server';
import { tableSchemaDict, type TableSchemaDict } from './table-schemas.server';

const VIEW = 'TabStateView';
/** The editor's default SQL for a new tab (sql-lab.md §9). */
const DEFAULT_SQL = 'SELECT *\nFROM\nWHERE';
/** Editor-only fields kept in extra_json (the migration's comment lists them). */
const EDITOR_EXTRA = ['selectedText', 'northPercent', 'southPercent', 'height'] as const;

export type TabStateDict = {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  query_limit: number | null;
  latest_query: QueryResultDict | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  table_schemas: TableSchemaDict[];
  extra_json: Record<string, unknown>;
};

/** The user's tab, or 404 (also for another user's: its existence is not revealed). */
export async function findOwnTab(user: CurrentUser, id: number): Promise<TabState> {
  const tab = await models().TabState.findOne({ where: { id, user_id: user.id } });
  if (!tab) throw new NotFoundError(`There is no tab with id ${id}.`);
  return tab;
}

/** The tab with its tables, latest query and saved query, as Superset's TabState.to_dict. */
export async function tabDict(tab: TabState): Promise<TabStateDict> {
  const { TableSchema, SavedQuery } = models();
  const [tables, latest, saved] = await Promise.all([
    TableSchema.findAll({ where: { tab_state_id: tab.id }, order: [['id', 'ASC']] }),
    tab.latest_query_id ? findUserQuery(tab.user_id, tab.latest_query_id) : null,
    tab.saved_query_id ? SavedQuery.findOne({ where: { id: tab.saved_query_id, created_by_fk: tab.user_id }, attributes: ['id'] }) : null,
  ]);
  return {
    id: tab.id,
    user_id: tab.user_id,
    label: tab.label,
    active: tab.active,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: latest ? toQueryResult(latest) : null,
    autorun: tab.autorun,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar,
    saved_query: saved ? { id: saved.id } : null,
    table_schemas: tables.map(tableSchemaDict),
    extra_json: parseStoredObject(tab.extra_json),
  };
}

/** A query of the user's by client id, with what toQueryResult names. */
export function findUserQuery(userId: number, clientId: string): Promise<Query | null> {
  const { Query, Database, User } = models();
  return Query.findOne({
    where: { client_id: clientId, user_id: userId },
    include: [
      { model: Database, as: 'database', attributes: ['id', 'database_name'] },
      { model: User, as: 'user', attributes: ['id', 'username', 'first_name', 'last_name'] },
    ],
  });
}

/** Checks the references a create or update makes; 400 naming the field otherwise. */
async function checkReferences(user: CurrentUser, refs: { field: string; databaseId?: number | null; savedQueryId?: number | null; queryId?: string | null }[]) {
  const { Database, SavedQuery, Query } = models();
  for (const ref of refs) {
    if (ref.databaseId && !(await Database.findByPk(ref.databaseId, { attributes: ['id'] }))) {
      throw new InvalidInputError({ [ref.field]: [`There is no database with id ${ref.databaseId}.`] });
    }
    if (ref.savedQueryId && !(await SavedQuery.findOne({ where: { [Op.and]: [{ id: ref.savedQueryId }, savedQueriesVisibleTo(user)] }, attributes: ['id'] }))) {
      throw new InvalidInputError({ [ref.field]: [`There is no saved query with id ${ref.savedQueryId}.`] });
    }
    if (ref.queryId && !(await Query.findOne({ where: { client_id: ref.queryId, user_id: user.id }, attributes: ['id'] }))) {
      throw new InvalidInputError({ [ref.field]: [`There is no query with client id "${ref.queryId}".`] });
    }
  }
}

/** `POST /tabstateview/`: a new tab from the editor's state; it becomes the active one. */
export async function createTab(user: CurrentUser, editor: QueryEditorInput): Promise<{ id: number }> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  await checkReferences(user, [{ field: 'queryEditor.dbId', databaseId: editor.dbId }, { field: 'queryEditor.remoteId', savedQueryId: editor.remoteId }]);
  const extra = Object.fromEntries(EDITOR_EXTRA.filter((k) => editor[k] !== undefined && editor[k] !== null).map((k) => [k, editor[k]]));
  const { TabState } = models();
  const tab = await store().sequelize.transaction(async (transaction) => {
    await TabState.update({ active: false }, { where: { user_id: user.id }, transaction });
    return TabState.create(
      {
        user_id: user.id,
        label: editor.name || editor.title || 'Untitled Query',
        active: true,
        database_id: editor.dbId ?? null,
        catalog: editor.catalog ?? null,
        schema: editor.schema ?? null,
        sql: editor.sql ?? DEFAULT_SQL,
        query_limit: editor.queryLimit ?? env().SQLLAB_DEFAULT_LIMIT,
        autorun: editor.autorun ?? false,
        template_params: editor.templateParams ?? null,
        hide_left_bar: editor.hideLeftBar ?? false,
        saved_query_id: editor.remoteId ?? null,
        extra_json: Object.keys(extra).length ? JSON.stringify(extra) : null,
      },
      { transaction },
    );
  });
  return { id: tab.id };
}

export async function getTab(user: CurrentUser, id: number): Promise<TabStateDict> {
  requirePermission(user, 'can_read', VIEW);
  requireBackendPersistence();
  return tabDict(await findOwnTab(user, id));
}

/** `PUT /tabstateview/{id}`: the fields given; answers the tab id, as Superset does. */
export async function updateTab(user: CurrentUser, id: number, changes: TabUpdateInput): Promise<number> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  const tab = await findOwnTab(user, id);
  await checkReferences(user, [
    { field: 'database_id', databaseId: changes.database_id },
    { field: 'saved_query_id', savedQueryId: changes.saved_query_id },
    { field: 'latest_query_id', queryId: changes.latest_query_id },
  ]);
  await tab.update(definedOnly(changes));
  return id;
}

export async function deleteTab(user: CurrentUser, id: number): Promise<void> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  const tab = await findOwnTab(user, id);
  await store().sequelize.transaction(async (transaction) => {
    await models().TableSchema.destroy({ where: { tab_state_id: id }, transaction });
    await tab.destroy({ transaction });
  });
}

/** Makes the tab the user's active one; every other tab of theirs becomes inactive. */
export async function activateTab(user: CurrentUser, id: number): Promise<number> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  await findOwnTab(user, id);
  const { TabState } = models();
  await store().sequelize.transaction(async (transaction) => {
    await TabState.update({ active: false }, { where: { user_id: user.id, id: { [Op.ne]: id } }, transaction });
    await TabState.update({ active: true }, { where: { id }, transaction });
  });
  return id;
}

/** Moves one of the user's queries (by client id) into this tab: the migration of local state (sql-lab.md §4). */
export async function migrateQuery(user: CurrentUser, id: number, queryId: string): Promise<number> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  await findOwnTab(user, id);
  const [moved] = await models().Query.update({ sql_editor_id: String(id) }, { where: { client_id: queryId, user_id: user.id } });
  if (!moved) throw new NotFoundError(`There is no query with client id "${queryId}".`);
  return id;
}

/**
 * Removes a query from the tab. If it was the tab's latest query, the tab's latest becomes the
 * newest other query of the tab, as in Superset. Removing a query that is not there is not an
 * error (the editor may hold queries that never reached the server), but the tab must be the user's.
 */
export async function removeTabQuery(user: CurrentUser, id: number, clientId: string): Promise<void> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  const tab = await findOwnTab(user, id);
  const { Query } = models();
  await store().sequelize.transaction(async (transaction) => {
    if (tab.latest_query_id === clientId) {
      const previous = await Query.findOne({
        where: { client_id: { [Op.ne]: clientId }, user_id: user.id, sql_editor_id: String(id) },
        order: [['id', 'DESC']],
        attributes: ['client_id'],
        transaction,
      });
      await tab.update({ latest_query_id: previous?.client_id ?? null }, { transaction });
    }
    await Query.destroy({ where: { client_id: clientId, user_id: user.id, sql_editor_id: String(id) }, transaction });
  });
}
