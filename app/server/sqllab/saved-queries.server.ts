/**
 * Saved queries: create, show, update, delete (one or many), and the legacy FAB endpoints the
 * editor's schedule and open actions call. As in Superset a saved query is private to whoever
 * saved it, admins included (savedQueriesVisibleTo): another user's id is a 404, never a 403, so
 * ids reveal nothing. Permissions: can_read / can_write on SavedQuery.
 */
import { Op } from 'sequelize';
import { z } from 'zod';
import type { SavedQuery } from '../../../db/index';
import { savedQueriesVisibleTo } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { humanizeDelta } from '../api/humanize.server';
import { person } from '../api/resource-fields.server';
import { models } from '../db.server';
import { httpError } from '../http.server';
import { PERSON_ATTRIBUTES } from '../lists/page-query.server';
import { decodeJsonText, fieldError, idLike, jsonObjectText, optionalText, parseFields, parseStoredObject, positiveId, requiredText } from './requests.server';

const VIEW = 'SavedQuery';

/** SavedQueryRestApi's add/edit columns. */
const FIELDS = {
  label: requiredText(256).trim().min(1, 'Must not be empty.'),
  description: z.string({ error: 'Not a valid string.' }).nullish(),
  sql: requiredText(1_000_000).min(1, 'Must not be empty.'),
  db_id: positiveId,
  schema: optionalText(128),
  catalog: optionalText(256),
  template_parameters: jsonObjectText,
  extra_json: jsonObjectText,
};
export const SavedQueryCreateSchema = z.strictObject(FIELDS);
export const SavedQueryUpdateSchema = z.strictObject(FIELDS).partial();
type SavedQueryInput = z.infer<typeof SavedQueryUpdateSchema>;

/** The legacy schedule form: FAB's add columns, values as form text, the schedule in extra_json or beside it. */
const ScheduleInfoSchema = z.looseObject({
  output_table: optionalText(256),
  start_date: optionalText(64),
  end_date: optionalText(64),
  schedule_interval: optionalText(64),
});
const LegacyCreateSchema = z.strictObject({
  ...FIELDS,
  db_id: idLike,
  // Checked once found (it may also come inside extra_json), so its errors name its fields.
  schedule_info: z.unknown().optional(),
});

export const BulkDeleteSchema = z.array(positiveId).min(1, 'Give at least one id.').max(1000, 'At most 1000 ids at once.');

function notFound(): Response {
  return httpError(404, 'Not found');
}

async function requireDatabase(dbId: number | undefined): Promise<void> {
  if (dbId !== undefined && !(await models().Database.findByPk(dbId, { attributes: ['id'] }))) {
    throw fieldError(422, { db_id: ['Database does not exist'] });
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
  if (!found) throw notFound();
  return found;
}

/** What is stored from the validated input. */
function columnsOf(input: SavedQueryInput): Partial<Pick<SavedQuery, 'label' | 'description' | 'sql' | 'db_id' | 'schema' | 'catalog' | 'template_parameters' | 'extra_json'>> {
  return input;
}

/** Superset's post/put answer: the fields as given, by their server names. */
function echo(input: SavedQueryInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

export async function createSavedQuery(user: CurrentUser, body: unknown): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(user, 'can_write', VIEW);
  const input = parseFields(SavedQueryCreateSchema, body);
  await requireDatabase(input.db_id);
  const created = await models().SavedQuery.create({
    ...columnsOf(input),
    label: input.label,
    sql: input.sql,
    db_id: input.db_id,
    created_by_fk: user.id,
    changed_by_fk: user.id,
  });
  return { id: created.id, result: echo(input) };
}

export async function updateSavedQuery(user: CurrentUser, id: number, body: unknown): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(user, 'can_write', VIEW);
  const saved = await findOwn(user, id);
  const input = parseFields(SavedQueryUpdateSchema, body);
  await requireDatabase(input.db_id);
  await saved.update({ ...columnsOf(input), changed_by_fk: user.id });
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
  requirePermission(user, 'can_write', VIEW);
  const saved = await findOwn(user, id);
  await saved.destroy();
}

/** Superset's bulk delete: all or nothing, and a 404 if any id is not one of the user's. */
export async function bulkDeleteSavedQueries(user: CurrentUser, ids: readonly number[]): Promise<string> {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const { SavedQuery } = models();
  const where = { [Op.and]: [{ id: { [Op.in]: unique } }, savedQueriesVisibleTo(user)] };
  const found = await SavedQuery.count({ where });
  if (found !== unique.length) throw notFound();
  await SavedQuery.destroy({ where });
  return unique.length === 1 ? 'Deleted 1 saved query' : `Deleted ${unique.length} saved queries`;
}

/**
 * `POST /savedqueryviewapi/api/create`: the editor's "Schedule query" saves the query with its
 * schedule (`schedule_info`: output_table, start_date, end_date, schedule_interval, …) in
 * extra_json. The schedule may come inside extra_json, as Superset's client sends it, or beside it.
 */
export async function scheduleSavedQuery(user: CurrentUser, fields: Record<string, unknown>): Promise<{ id: number; result: Record<string, unknown> }> {
  requirePermission(user, 'can_write', VIEW);
  const { schedule_info: beside, ...input } = parseFields(LegacyCreateSchema, fields);
  const extra = parseStoredObject(input.extra_json);
  const schedule = beside === undefined ? extra.schedule_info : typeof beside === 'string' ? decodeJsonText(beside) : beside;
  if (schedule !== undefined) extra.schedule_info = parseFields(z.object({ schedule_info: ScheduleInfoSchema }), { schedule_info: schedule }).schedule_info;
  return createSavedQuery(user, { ...input, extra_json: Object.keys(extra).length ? JSON.stringify(extra) : null });
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
