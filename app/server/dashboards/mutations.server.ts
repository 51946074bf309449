/**
 * Creating, changing and deleting dashboards, as Superset's CreateDashboardCommand,
 * UpdateDashboardCommand and DeleteDashboardCommand: can_write on Dashboard (403); a change or a
 * delete needs the dashboard within reach (404) and the user's to edit (access.server.ts, 403).
 * The rule checks that need the store (a slug already taken, owners that are no users, roles that
 * do not exist) answer together as one 422 with every field's messages (Superset's
 * DashboardInvalidError). Owners are Superset's populate_owner_list: none given on create is the
 * creator, and a non-admin stays among those given. Dashboard roles are taken by PUT (the
 * properties modal); POST still refuses them, as its tests pin.
 */
import { Op, type Transaction } from 'sequelize';
import { addFieldError, type FieldErrors } from '~/lib/field-errors';
import { isAdmin } from '~/lib/permissions';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import { definedOnly } from '~/lib/schema-fields';
import type { Dashboard } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { UnprocessableError } from '../domain-errors.server';
import { chartIdsOn, getVisibleDashboard, requireDashboardEditor, visibleChartIds } from './access.server';
import type { DashboardCreateInput, DashboardRef, DashboardUpdateInput } from './inputs.server';
import { chartIdsOf, type Layout } from './layout.server';

const VIEW = 'Dashboard';
const MAX_ROW_ID = 2_147_483_647;

/** The title Superset's frontend gives a dashboard created without one. */
export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';

export type SavedDashboard = { id: number; result: Record<string, unknown> };

function ownersOf(user: CurrentUser, given: number[] | undefined): number[] {
  const owners = [...new Set(given ?? [])];
  if (owners.length === 0) return [user.id];
  return isAdmin(user.roles) || owners.includes(user.id) ? owners : [user.id, ...owners];
}

async function checkInput(input: DashboardCreateInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (input.slug && (await models().Dashboard.count({ where: { slug: input.slug } })) > 0) addFieldError(errors, 'slug', 'Must be unique');
  const owners = [...new Set(input.owners ?? [])];
  // An id past the INTEGER column's range names nobody; PostgreSQL would refuse the query itself.
  const invalid = owners.some((id) => id > MAX_ROW_ID);
  if (owners.length && (invalid || (await models().User.count({ where: { id: { [Op.in]: owners } } })) !== owners.length)) {
    addFieldError(errors, 'owners', 'Owners are invalid');
  }
  // Dashboard roles (Superset's DASHBOARD_RBAC) have no table here: refused rather than dropped.
  if (input.roles?.length) addFieldError(errors, 'roles', 'Dashboard roles are not enabled on this server.');
  return errors;
}

/** POST /api/v1/dashboard/: answers Superset's `{id, result}` (the fields as read). */
export async function createDashboard(user: CurrentUser, input: DashboardCreateInput): Promise<SavedDashboard> {
  requirePermission(user, 'can_write', VIEW);
  const errors = await checkInput(input);
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  const { Dashboard } = models();
  const dashboard = await store().sequelize.transaction(async (transaction) => {
    const created = await Dashboard.create({
      dashboard_title: input.dashboard_title || UNTITLED_DASHBOARD,
      slug: input.slug || null,
      position_json: input.position_json || null,
      json_metadata: input.json_metadata || null,
      css: input.css ?? null,
      published: input.published ?? false,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    }, { transaction });
    await store().sequelize.getQueryInterface().bulkInsert('dashboard_owners', ownersOf(user, input.owners).map((id) => ({ dashboard_id: created.id, user_id: id })), { transaction });
    return created;
  });
  return { id: dashboard.id, result: definedOnly(input) };
}

/** Superset's last_modified_time: changed_on in whole epoch seconds. */
export function lastModifiedTime(dashboard: Pick<Dashboard, 'changed_on'>): number {
  return Math.floor(dashboard.changed_on.getTime() / 1000);
}

/** Layout and metadata as stored: the layout from position_json, else from the metadata's `positions` (Superset's save sends it there). */
export type StoredLayout = { positionJson: string | null | undefined; jsonMetadata: string | null | undefined; layout: Layout | null };

/**
 * Superset's set_dash_metadata: `positions` in the metadata is the layout, stored as position_json
 * and not kept in the metadata. Inputs are validated already (inputs.server.ts).
 */
export function splitLayout(positionJson: string | null | undefined, jsonMetadata: string | null | undefined): StoredLayout {
  let layout: Layout | null = positionJson ? (parseJsonText(positionJson) as Layout) : null;
  let metadataText = jsonMetadata;
  if (jsonMetadata) {
    const { positions, ...rest } = parseJsonText(jsonMetadata) as Record<string, unknown>;
    if (positions !== undefined) {
      metadataText = JSON.stringify(rest);
      if (!positionJson && isJsonObject(positions)) layout = positions;
    }
  }
  const positionText = positionJson !== undefined || layout === null ? positionJson : JSON.stringify(layout);
  return { positionJson: positionText, jsonMetadata: metadataText, layout };
}

async function checkUpdate(dashboard: Dashboard, input: DashboardUpdateInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (input.slug && (await models().Dashboard.count({ where: { slug: input.slug, id: { [Op.ne]: dashboard.id } } })) > 0) addFieldError(errors, 'slug', 'Must be unique');
  const owners = [...new Set(input.owners ?? [])];
  if (owners.length && (owners.some((id) => id > MAX_ROW_ID) || (await models().User.count({ where: { id: { [Op.in]: owners } } })) !== owners.length)) {
    addFieldError(errors, 'owners', 'Owners are invalid');
  }
  const roles = [...new Set(input.roles ?? [])];
  if (roles.length && (roles.some((id) => id > MAX_ROW_ID) || (await models().Role.count({ where: { id: { [Op.in]: roles } } })) !== roles.length)) {
    addFieldError(errors, 'roles', 'Some roles do not exist');
  }
  // Tags have no table yet: refused rather than silently dropped, as for charts.
  if (input.tags?.length) addFieldError(errors, 'tags', 'Tags are not enabled on this server.');
  return errors;
}

/**
 * The dashboard's charts after a layout is saved: those the layout names that the user may see,
 * plus those it names that are already on it but out of the user's sight (not theirs to drop).
 */
async function chartsOfLayout(user: CurrentUser, dashboardId: number, layout: Layout): Promise<number[]> {
  const named = chartIdsOf(layout);
  const visible = await visibleChartIds(user, named);
  const current = new Set(await chartIdsOn(dashboardId));
  return named.filter((id) => visible.has(id) || current.has(id));
}

export async function replaceDashboardLinks(
  table: 'dashboard_owners' | 'dashboard_roles' | 'dashboard_charts',
  dashboardId: number,
  otherKey: 'user_id' | 'role_id' | 'chart_id',
  ids: number[],
  transaction: Transaction,
): Promise<void> {
  const qi = store().sequelize.getQueryInterface();
  await qi.bulkDelete(table, { dashboard_id: dashboardId }, { transaction });
  const unique = [...new Set(ids)];
  if (unique.length) await qi.bulkInsert(table, unique.map((id) => ({ dashboard_id: dashboardId, [otherKey]: id })), { transaction });
}

export type UpdatedDashboard = SavedDashboard & { last_modified_time: number };

/**
 * PUT /api/v1/dashboard/{id}: Superset's UpdateDashboardCommand. Changes what the payload names;
 * `owners` and `roles` replace the sets (a non-admin editor stays an owner); a layout makes the
 * charts it names the dashboard's charts. Answers `{id, result, last_modified_time}`.
 */
export async function updateDashboard(user: CurrentUser, ref: DashboardRef, input: DashboardUpdateInput): Promise<UpdatedDashboard> {
  requirePermission(user, 'can_write', VIEW);
  const dashboard = await getVisibleDashboard(user, ref);
  requireDashboardEditor(user, dashboard);
  const errors = await checkUpdate(dashboard, input);
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
  const stored = splitLayout(input.position_json, input.json_metadata);
  const charts = stored.layout ? await chartsOfLayout(user, dashboard.id, stored.layout) : undefined;
  await store().sequelize.transaction(async (transaction) => {
    dashboard.set(definedOnly({
      dashboard_title: input.dashboard_title === undefined ? undefined : input.dashboard_title || UNTITLED_DASHBOARD,
      slug: input.slug === undefined ? undefined : input.slug || null,
      css: input.css,
      json_metadata: stored.jsonMetadata,
      position_json: stored.positionJson,
      published: input.published ?? undefined,
      // Empty text clears a certification, as the properties modal sends it.
      certified_by: input.certified_by === undefined ? undefined : input.certified_by || null,
      certification_details: input.certification_details === undefined ? undefined : input.certification_details || null,
      changed_by_fk: user.id,
    }));
    // Saved even when only owners, roles or charts change: changed_on is what the overwrite check compares.
    dashboard.changed('changed_by_fk', true);
    await dashboard.save({ transaction });
    if (input.owners !== undefined) await replaceDashboardLinks('dashboard_owners', dashboard.id, 'user_id', ownersOf(user, input.owners), transaction);
    if (input.roles !== undefined) await replaceDashboardLinks('dashboard_roles', dashboard.id, 'role_id', input.roles, transaction);
    if (charts !== undefined) await replaceDashboardLinks('dashboard_charts', dashboard.id, 'chart_id', charts, transaction);
  });
  return { id: dashboard.id, result: definedOnly(input), last_modified_time: lastModifiedTime(dashboard) };
}

/** DELETE /api/v1/dashboard/{id}: its owners, roles and chart links go by ON DELETE CASCADE; its favourites here. */
export async function deleteDashboard(user: CurrentUser, ref: DashboardRef): Promise<{ message: string }> {
  requirePermission(user, 'can_write', VIEW);
  const dashboard = await getVisibleDashboard(user, ref);
  requireDashboardEditor(user, dashboard);
  const { Favorite } = models();
  await store().sequelize.transaction(async (transaction) => {
    await Favorite.destroy({ where: { class_name: 'Dashboard', obj_id: dashboard.id }, transaction });
    await dashboard.destroy({ transaction });
  });
  return { message: 'OK' };
}
