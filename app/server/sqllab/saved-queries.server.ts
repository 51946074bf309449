/**
 * Saved queries: create, show, update, delete (one or many), and the legacy FAB endpoints the
 * editor's schedule and open actions call. As in Superset a saved query is private to whoever
 * saved it, admins included (savedQueriesVisibleTo): another user's id is a 404, never a 403, so
 * ids reveal nothing. Permissions: can_read / can_write on SavedQuery.
 */
import { Op } from 'sequelize';
import { humanizeDelta } from '~/lib/humanize';
import { definedOnly } from '~/lib/schema-fields';
import { parseStoredObject } from '~/lib/safe-json';
import { type NewSavedQuery, type SavedQueryChanges } from '~/lib/sqllab/state-schemas';
import type { SavedQuery } from '../../../db/index';
import { savedQueriesVisibleTo } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { NotFoundError, UnprocessableError } from '../domain-errors.server';
import { person, PERSON_ATTRIBUTES } from '../lists/people.server';

const VIEW = 'SavedQuery';

/** Saving needs can_write on SavedQuery; a route checks it before reading the body, as Superset does. */
export function requireSavedQueryWrite(user: CurrentUser): void {
  requirePermission(user, 'can_write', VIEW);
}

async function requireDatabase(dbId: number | undefined): Promise<void> {
  if (dbId !== undefined && !(await models().Database.findByPk(dbId, { attributes: ['id'] }))) {
    throw new UnprocessableError({ db_id: ['Database does not exist'] });
  }
}

/** The user's saved query, or 404 (also for someone else's). */
async function findOwn(user: CurrentUser, id: number, withRelations = false): Promise<SavedQuery> {
  const { SavedQuery, Database, User } = models();
  const found = await SavedQuery.findOne({
    where: { [Op.and]: [{ id }, savedQueriesVisibleTo(user)] },
    include: withRelations
      ? [
          { model: Database, as: 'database', attributes: ['id', 'database_name'] },
          { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
          { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
        ]
      : [],
  });
  if (!found) throw new NotFoundError();
  return found;
}

/** Superset's post/put answer: the fields as given, by their server names. */
function echo(input: SavedQueryChanges): SavedQueryChanges {
  return definedOnly(input);
}

export async function createSavedQuery(user: CurrentUser, input: NewSavedQuery): Promise<{ id: number; result: SavedQueryChanges }> {
  requireSavedQueryWrite(user);
  await requireDatabase(input.db_id);
  const created = await models().SavedQuery.create({
    ...input,
    label: input.label,
    sql: input.sql,
    db_id: input.db_id,
    created_by_fk: user.id,
    changed_by_fk: user.id,
  });
  return { id: created.id, result: echo(input) };
}

export async function updateSavedQuery(user: CurrentUser, id: number, input: SavedQueryChanges): Promise<{ id: number; result: SavedQueryChanges }> {
  requireSavedQueryWrite(user);
  const saved = await findOwn(user, id);
  await requireDatabase(input.db_id);
  await saved.update({ ...echo(input), changed_by_fk: user.id });
  return { id, result: echo(input) };
}

/** SavedQueryRestApi's show columns (plus uuid, db_id and extra_json, which the editor's schedule view reads). */
export function showSavedQuery(saved: SavedQuery): Record<string, unknown> {
  return {
    id: saved.id,
    uuid: saved.uuid,
    label: saved.label,
    description: saved.description,
    sql: saved.sql,
    schema: saved.schema,
    catalog: saved.catalog,
    template_parameters: saved.template_parameters,
    extra_json: saved.extra_json,
    db_id: saved.db_id,
    database: saved.database ? { id: saved.database.id, database_name: saved.database.database_name } : null,
    changed_on: saved.changed_on.toISOString(),
    changed_on_delta_humanized: humanizeDelta(saved.changed_on),
    changed_by: person(saved.changed_by),
    created_on: saved.created_on.toISOString(),
    created_by: person(saved.created_by),
  };
}

export const SHOW_COLUMNS = [
  'id', 'uuid', 'label', 'description', 'sql', 'schema', 'catalog', 'template_parameters', 'extra_json', 'db_id', 'database.id',
  'database.database_name', 'changed_on', 'changed_on_delta_humanized', 'changed_by.id', 'changed_by.first_name', 'changed_by.last_name',
  'created_on', 'created_by.id', 'created_by.first_name', 'created_by.last_name',
];

export async function getSavedQuery(user: CurrentUser, id: number): Promise<Record<string, unknown>> {
  requirePermission(user, 'can_read', VIEW);
  return showSavedQuery(await findOwn(user, id, true));
}

export async function deleteSavedQuery(user: CurrentUser, id: number): Promise<void> {
  requireSavedQueryWrite(user);
  const saved = await findOwn(user, id);
  await saved.destroy();
}

/** Superset's bulk delete: all or nothing, and a 404 if any id is not one of the user's. */
export async function bulkDeleteSavedQueries(user: CurrentUser, ids: readonly number[]): Promise<string> {
  requireSavedQueryWrite(user);
  const unique = [...new Set(ids)];
  const { SavedQuery } = models();
  const where = { [Op.and]: [{ id: { [Op.in]: unique } }, savedQueriesVisibleTo(user)] };
  const found = await SavedQuery.count({ where });
  if (found !== unique.length) throw new NotFoundError();
  await SavedQuery.destroy({ where });
  return unique.length === 1 ? 'Deleted 1 saved query' : `Deleted ${unique.length} saved queries`;
}

/** `GET /savedqueryviewapi/api/get/{id}`: the fields the editor opens in a new tab. */
export async function getLegacySavedQuery(user: CurrentUser, id: number): Promise<Record<string, unknown>> {
  requirePermission(user, 'can_read', VIEW);
  const saved = await findOwn(user, id);
  return {
    id: saved.id,
    label: saved.label,
    sql: saved.sql,
    schema: saved.schema,
    db_id: saved.db_id,
    template_parameters: saved.template_parameters,
    description: saved.description,
    extra_json: saved.extra_json,
    extra: parseStoredObject(saved.extra_json),
  };
}
