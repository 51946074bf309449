/**
 * Creating dashboards, as Superset's CreateDashboardCommand: can_write on Dashboard (403), then
 * the rule checks that need the store (a slug already taken, owners that are no users, roles,
 * which this server does not keep), answered together as one 422 with every field's messages
 * (Superset's DashboardInvalidError). Owners are Superset's populate_owner_list: none given is
 * the creator, and a non-admin creator stays among those given.
 */
import { Op } from 'sequelize';
import { addFieldError, type FieldErrors } from '~/lib/field-errors';
import { isAdmin } from '~/lib/permissions';
import { definedOnly } from '~/lib/schema-fields';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { UnprocessableError } from '../domain-errors.server';
import type { DashboardCreateInput } from './inputs.server';

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
