/**
 * A dashboard's filter sets (`/api/v1/dashboard/{pk}/filtersets[/{id}]`, dashboards.md §7, as
 * Superset's FilterSetRestApi): a named data mask saved on a dashboard. Trusts neither the path
 * nor the body: the dashboard (id or slug) must be one the caller may see (404 otherwise), a set
 * is looked up on that dashboard only (another dashboard's set is a 404) and through the filter
 * sets' row scope (app/server/access/visibility.server.ts: the dashboard's shared sets and the
 * caller's own; someone else's private set is a 404 too), bodies are parsed strictly and
 * `json_metadata` must be a JSON object with `nativeFilters` (422 otherwise). Owner rules, as
 * Superset's commands: a set owned by the dashboard is created, changed and deleted by whoever
 * may edit the dashboard (its owners, or Admin), its owner_id being the dashboard's id; a set
 * owned by a user, by that user (or Admin), its owner_id being the user's id. Permissions are
 * can_read / can_write on Dashboard (Superset names its own view, FilterSets; every role that
 * uses dashboards holds these already).
 */
import { Op, UniqueConstraintError } from 'sequelize';
import { z } from 'zod';
import { isAdmin } from '~/lib/permissions';
import { isJsonObject, JsonTextError, parseJsonText, parseStoredObject } from '~/lib/safe-json';
import { MISSING, optionalText, positiveId } from '~/lib/schema-fields';
import { encodeNativeFiltersParam, type DataMaskMap } from '~/lib/dashboard/native-filters';
import type { FilterBarFilterSet } from '~/lib/dashboard/filter-bar-contract';
import type { Dashboard, FilterSet } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { visibleWhere } from '../lists/engine.server';
import { canEditDashboard, findVisibleDashboard } from './access.server';
import { dashboardRefOf } from './inputs.server';

const VIEW = 'Dashboard';
const MAX_ROW_ID = 2_147_483_647;
/** The largest json_metadata taken: the key-value store's bound on one page's state. */
const MAX_METADATA_CHARS = 1024 * 1024;

export const FILTER_SET_NOT_FOUND = 'Filter set not found.';
export const SHARE_FORBIDDEN = 'You do not have permission to edit this dashboard, so you cannot save filter sets shared on it.';
export const SHARED_SET_FORBIDDEN = 'You do not have permission to edit this dashboard, so you cannot change or delete its shared filter sets.';
export const OTHERS_SET_FORBIDDEN = 'Only the owner of this filter set may change or delete it.';
export const OWNER_ID_FORBIDDEN = 'You may only save filter sets owned by yourself: owner_id must be your user id.';

export const requireFilterSetRead = (user: CurrentUser) => requirePermission(user, 'can_read', VIEW);
export const requireFilterSetWrite = (user: CurrentUser) => requirePermission(user, 'can_write', VIEW);

const OWNER_TYPES = ['Dashboard', 'User'] as const;
const notObject = { error: (issue: { code: string }) => (issue.code === 'invalid_type' ? 'The request body must be a JSON object.' : undefined) };
const name = z
  .string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') })
  .transform((text) => text.trim())
  .pipe(z.string().min(1, 'Length must be between 1 and 500.').max(500, 'Length must be between 1 and 500.'));
const description = optionalText(1000);
const jsonMetadata = z
  .string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') })
  .max(MAX_METADATA_CHARS, `Longer than maximum length ${MAX_METADATA_CHARS}.`);

/** `POST …/filtersets`: Superset's FilterSetPostSchema. owner_id may be left out: it can only be the dashboard's or the caller's. */
export const FilterSetCreateSchema = z.strictObject({
  name,
  description,
  json_metadata: jsonMetadata,
  owner_type: z.enum(OWNER_TYPES, { error: (i) => (i.input === undefined ? MISSING : 'Must be one of: Dashboard, User.') }),
  owner_id: positiveId.optional(),
}, notObject);
export type FilterSetCreate = z.output<typeof FilterSetCreateSchema>;

/** `PUT …/filtersets/{id}`: Superset's FilterSetPutSchema; owner_type may only become Dashboard (sharing a private set). */
export const FilterSetUpdateSchema = z.strictObject({
  name: name.optional(),
  description,
  json_metadata: jsonMetadata.optional(),
  owner_type: z.literal('Dashboard', { error: 'Must be one of: Dashboard.' }).optional(),
}, notObject);
export type FilterSetUpdate = z.output<typeof FilterSetUpdateSchema>;

export type FilterSetDetail = {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  /** json_metadata as an object, as Superset's `params` property reads it. */
  params: Record<string, unknown>;
  json_metadata: string;
  owner_id: number;
  owner_type: string;
  dashboard_id: number;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
};

function detail(row: FilterSet): FilterSetDetail {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description ?? null,
    params: parseStoredObject(row.json_metadata),
    json_metadata: row.json_metadata,
    owner_id: row.owner_id,
    owner_type: row.owner_type,
    dashboard_id: row.dashboard_id,
    created_on: row.created_on.toISOString(),
    changed_on: row.changed_on.toISOString(),
    created_by_fk: row.created_by_fk ?? null,
    changed_by_fk: row.changed_by_fk ?? null,
  };
}

/** json_metadata's rules (Superset's JsonMetadataSchema): a JSON object with a nativeFilters object and, if any, a dataMask object. 422 otherwise. */
function checkMetadata(text: string): void {
  const refuse = (message: string) => new UnprocessableError({ json_metadata: [message] });
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof JsonTextError)) throw error;
    throw refuse(error.about('json_metadata'));
  }
  if (!isJsonObject(value)) throw refuse('json_metadata must be a JSON object.');
  if (!Object.hasOwn(value, 'nativeFilters')) throw refuse(`nativeFilters: ${MISSING}`);
  if (!isJsonObject(value.nativeFilters)) throw refuse('nativeFilters: Must be a JSON object.');
  if (Object.hasOwn(value, 'dataMask') && !isJsonObject(value.dataMask)) throw refuse('dataMask: Must be a JSON object.');
}

async function requireDashboard(user: CurrentUser, pk: string | undefined): Promise<Dashboard> {
  const ref = pk === undefined ? null : dashboardRefOf(pk);
  const dashboard = ref ? await findVisibleDashboard(user, ref) : null;
  if (!dashboard) throw new NotFoundError('Dashboard not found.');
  return dashboard;
}

/** The set on this dashboard, if the caller may see it; 404 otherwise. */
async function requireSet(user: CurrentUser, dashboard: Dashboard, id: number): Promise<FilterSet> {
  const { FilterSet: Sets } = models();
  const row = id <= MAX_ROW_ID ? await Sets.findOne({ where: await visibleWhere(Sets, user, [{ id }, { dashboard_id: dashboard.id }]) }) : null;
  if (!row) throw new NotFoundError(FILTER_SET_NOT_FOUND);
  return row;
}

/** Who may change or delete a set: its user (or Admin) for a private one, the dashboard's editors for a shared one. */
function requireSetWriter(user: CurrentUser, dashboard: Dashboard, row: FilterSet): void {
  if (row.owner_type === 'User') {
    if (row.owner_id !== user.id && !isAdmin(user.roles)) throw new ForbiddenError(OTHERS_SET_FORBIDDEN);
  } else if (!canEditDashboard(user, dashboard)) {
    throw new ForbiddenError(SHARED_SET_FORBIDDEN);
  }
}

/** requireSetWriter as a yes or no, with the write permission the calls ask first. */
function maySetWrite(user: CurrentUser, dashboard: Dashboard, row: FilterSet): boolean {
  try {
    requireFilterSetWrite(user);
    requireSetWriter(user, dashboard, row);
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError) return false;
    throw error;
  }
}

const nameTaken = (setName: string) => new ConflictError(`A filter set named ${JSON.stringify(setName)} already exists.`);

/** Refuses a name the same owner already gave another set on the dashboard (the unique index is the guarantee). */
async function requireFreeName(dashboardId: number, ownerType: string, ownerId: number, setName: string, except?: number): Promise<void> {
  const clash = await models().FilterSet.findOne({
    attributes: ['id'],
    where: { dashboard_id: dashboardId, owner_type: ownerType, owner_id: ownerId, name: setName, ...(except === undefined ? {} : { id: { [Op.ne]: except } }) },
  });
  if (clash) throw nameTaken(setName);
}

async function uniqueName<T>(setName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw nameTaken(setName);
    throw error;
  }
}

/** `GET /api/v1/dashboard/{pk}/filtersets`: `{count, ids, result}`, the sets the caller may see, oldest first. */
export async function listFilterSets(user: CurrentUser, pk: string | undefined): Promise<{ count: number; ids: number[]; result: FilterSetDetail[] }> {
  requireFilterSetRead(user);
  const dashboard = await requireDashboard(user, pk);
  const { FilterSet: Sets } = models();
  const rows = await Sets.findAll({ where: await visibleWhere(Sets, user, [{ dashboard_id: dashboard.id }]), order: [['id', 'ASC']] });
  return { count: rows.length, ids: rows.map((r) => r.id), result: rows.map(detail) };
}

/**
 * The sets the dashboard page's filter bar lists (the ones the caller may see, oldest first): each
 * with its data mask (json_metadata.dataMask, empty when absent or not an object) and whether the
 * caller may update and delete it, by the same rules as the calls. None without can_read.
 */
export async function filterSetsForBar(user: CurrentUser, dashboard: Dashboard): Promise<FilterBarFilterSet[]> {
  try {
    requireFilterSetRead(user);
  } catch (error) {
    if (error instanceof ForbiddenError) return [];
    throw error;
  }
  const { FilterSet: Sets } = models();
  const rows = await Sets.findAll({ where: await visibleWhere(Sets, user, [{ dashboard_id: dashboard.id }]), order: [['id', 'ASC']] });
  return rows.map((row) => {
    const stored = parseStoredObject(row.json_metadata).dataMask;
    const dataMask = (isJsonObject(stored) ? stored : {}) as DataMaskMap;
    return {
      id: row.id,
      name: row.name,
      dataMask,
      nativeFiltersParam: encodeNativeFiltersParam(dataMask),
      canEdit: maySetWrite(user, dashboard, row),
    };
  });
}

/** `POST /api/v1/dashboard/{pk}/filtersets`: 201 `{id, result}`. */
export async function createFilterSet(user: CurrentUser, pk: string | undefined, input: FilterSetCreate): Promise<{ id: number; result: FilterSetDetail }> {
  requireFilterSetWrite(user);
  const dashboard = await requireDashboard(user, pk);
  let ownerId: number;
  if (input.owner_type === 'Dashboard') {
    if (input.owner_id !== undefined && input.owner_id !== dashboard.id) {
      throw new InvalidInputError({ owner_id: ["Must be the dashboard's id when owner_type is Dashboard."] });
    }
    if (!canEditDashboard(user, dashboard)) throw new ForbiddenError(SHARE_FORBIDDEN);
    ownerId = dashboard.id;
  } else {
    if (input.owner_id !== undefined && input.owner_id !== user.id) throw new ForbiddenError(OWNER_ID_FORBIDDEN);
    ownerId = user.id;
  }
  checkMetadata(input.json_metadata);
  await requireFreeName(dashboard.id, input.owner_type, ownerId, input.name);
  const row = await uniqueName(input.name, () => models().FilterSet.create({
    name: input.name,
    description: input.description ?? null,
    json_metadata: input.json_metadata,
    owner_type: input.owner_type,
    owner_id: ownerId,
    dashboard_id: dashboard.id,
    created_by_fk: user.id,
    changed_by_fk: user.id,
  }));
  return { id: row.id, result: detail(row) };
}

/** `PUT /api/v1/dashboard/{pk}/filtersets/{id}`: the given fields change; `{id, result}`. */
export async function updateFilterSet(user: CurrentUser, pk: string | undefined, id: number, input: FilterSetUpdate): Promise<{ id: number; result: FilterSetDetail }> {
  requireFilterSetWrite(user);
  const dashboard = await requireDashboard(user, pk);
  const row = await requireSet(user, dashboard, id);
  requireSetWriter(user, dashboard, row);
  const changes: Partial<Pick<FilterSet, 'name' | 'description' | 'json_metadata' | 'owner_type' | 'owner_id'>> = {};
  if (input.owner_type === 'Dashboard' && row.owner_type !== 'Dashboard') {
    // Sharing a private set is saving a shared one: the dashboard's editors only.
    if (!canEditDashboard(user, dashboard)) throw new ForbiddenError(SHARE_FORBIDDEN);
    changes.owner_type = 'Dashboard';
    changes.owner_id = dashboard.id;
  }
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description ?? null;
  if (input.json_metadata !== undefined) {
    checkMetadata(input.json_metadata);
    changes.json_metadata = input.json_metadata;
  }
  const finalName = changes.name ?? row.name;
  if (changes.name !== undefined || changes.owner_type !== undefined) {
    await requireFreeName(dashboard.id, changes.owner_type ?? row.owner_type, changes.owner_id ?? row.owner_id, finalName, row.id);
  }
  // Sequelize leaves changed_on alone when nothing else changed; a save is a change all the same.
  row.changed_on = new Date();
  await uniqueName(finalName, () => row.update({ ...changes, changed_by_fk: user.id }));
  return { id: row.id, result: detail(row) };
}

/** `DELETE /api/v1/dashboard/{pk}/filtersets/{id}`: `{id, message}`. */
export async function deleteFilterSet(user: CurrentUser, pk: string | undefined, id: number): Promise<{ id: number; message: string }> {
  requireFilterSetWrite(user);
  const dashboard = await requireDashboard(user, pk);
  const row = await requireSet(user, dashboard, id);
  requireSetWriter(user, dashboard, row);
  await row.destroy();
  return { id, message: 'OK' };
}
