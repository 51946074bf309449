/**
 * Tables shown in a SQL Lab tab's left bar, persisted with the tab (Superset's TableSchemaView):
 * the client's whole table object (columns, keys, indexes, select star, expanded, data preview
 * query id) is kept as `description` JSON. A table belongs to whoever owns its tab: another
 * user's table or tab answers 404. Permissions: can_write on TabStateView (the tables are part
 * of the tab's state), and only with backend persistence on.
 */
import type { TableSchemaInput } from '~/lib/sqllab/state-schemas';
import type { TableSchema } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { InvalidInputError, NotFoundError } from '../domain-errors.server';
import { requireBackendPersistence } from './persistence.server';

const VIEW = 'TabStateView';

export type TableSchemaDict = {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: unknown;
  expanded: boolean;
};

function parseDescription(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Superset's TableSchema.to_dict: the description parsed back into the client's object. */
export function tableSchemaDict(table: TableSchema): TableSchemaDict {
  return {
    id: table.id,
    tab_state_id: table.tab_state_id,
    database_id: table.database_id,
    catalog: table.catalog,
    schema: table.schema,
    table: table.table,
    description: parseDescription(table.description),
    expanded: table.expanded,
  };
}

/** The table, if its tab is the user's; 404 otherwise. */
async function findOwnTable(user: CurrentUser, id: number): Promise<TableSchema> {
  const { TableSchema, TabState } = models();
  const table = await TableSchema.findByPk(id);
  const tab = table ? await TabState.findOne({ where: { id: table.tab_state_id, user_id: user.id }, attributes: ['id'] }) : null;
  if (!table || !tab) throw new NotFoundError(`There is no table with id ${id}.`);
  return table;
}

/** `POST /tableschemaview/`: adds a table to a tab, replacing the same table already there; the client's object is its description. */
export async function addTableSchema(user: CurrentUser, input: TableSchemaInput): Promise<{ id: number }> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  const { TableSchema, TabState, Database } = models();
  if (!(await TabState.findOne({ where: { id: input.queryEditorId, user_id: user.id }, attributes: ['id'] }))) {
    throw new NotFoundError(`There is no tab with id ${input.queryEditorId}.`);
  }
  if (!(await Database.findByPk(input.dbId, { attributes: ['id'] }))) throw new InvalidInputError({ 'table.dbId': [`There is no database with id ${input.dbId}.`] });
  const description = JSON.stringify(input);
  const where = {
    tab_state_id: input.queryEditorId,
    database_id: input.dbId,
    catalog: input.catalog ?? null,
    schema: input.schema ?? null,
    table: input.name,
  };
  const created = await store().sequelize.transaction(async (transaction) => {
    await TableSchema.destroy({ where, transaction });
    return TableSchema.create({ ...where, description, expanded: input.expanded ?? true }, { transaction });
  });
  return { id: created.id };
}

/** `POST /tableschemaview/{id}/expanded`: expands or collapses the table in the left bar. */
export async function setTableExpanded(user: CurrentUser, id: number, expanded: boolean): Promise<{ id: number; expanded: boolean }> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  const table = await findOwnTable(user, id);
  await table.update({ expanded });
  return { id, expanded };
}

export async function removeTableSchema(user: CurrentUser, id: number): Promise<void> {
  requirePermission(user, 'can_write', VIEW);
  requireBackendPersistence();
  await (await findOwnTable(user, id)).destroy();
}
