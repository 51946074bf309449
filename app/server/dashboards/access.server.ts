/**
 * Who may see and change a dashboard, as Superset decides it. Every dashboard lookup of the API
 * goes through findVisibleDashboard, so the rule lives here once:
 * - the dashboards' row scope (app/server/access/visibility.server.ts): admins see all, others the
 *   published ones and drafts they own or created;
 * - then Superset's DashboardAccessFilter for a published dashboard seen by someone who neither
 *   owns nor created it: with roles (role-based access), only members of those roles see it; without,
 *   it must have no charts or at least one chart on a dataset the user may see (the charts' row
 *   scope, ChartFilter).
 * A dashboard out of reach is the 404 a missing one is. Changing one takes can_write on Dashboard
 * and being an owner, or Admin (403 with the dashboard page's words).
 */
import { Op, QueryTypes } from 'sequelize';
import { hasPermission, isAdmin } from '~/lib/permissions';
import type { Chart, Dashboard } from '../../../db/index';
import { rowScope } from '../access/visibility.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { ForbiddenError, NotFoundError } from '../domain-errors.server';
import { PERSON_ATTRIBUTES } from '../lists/people.server';
import type { DashboardRef } from './inputs.server';

export const VIEW = 'Dashboard';

/** The answer to a change by someone who may not edit (the dashboard page shows it as is). */
export const EDIT_FORBIDDEN = 'You do not have permission to edit this dashboard';

type Viewer = Pick<CurrentUser, 'id' | 'roles'>;

function isOwner(user: Viewer, dashboard: Pick<Dashboard, 'owners'>): boolean {
  return (dashboard.owners ?? []).some((o) => o.id === user.id);
}

/** Section 6's edit permission: Admin, or an owner holding can_write on Dashboard. */
export function canEditDashboard(user: Viewer, dashboard: Pick<Dashboard, 'owners'>): boolean {
  return isAdmin(user.roles) || (isOwner(user, dashboard) && hasPermission(user.roles, 'can_write', VIEW));
}

export function requireDashboardEditor(user: Viewer, dashboard: Pick<Dashboard, 'owners'>): void {
  if (!canEditDashboard(user, dashboard)) throw new ForbiddenError(EDIT_FORBIDDEN);
}

/** The ids of the charts placed on the dashboard, visible or not. */
export async function chartIdsOn(dashboardId: number): Promise<number[]> {
  const rows = await store().sequelize.query<{ chart_id: number }>('SELECT chart_id FROM dashboard_charts WHERE dashboard_id = ?', {
    replacements: [dashboardId],
    type: QueryTypes.SELECT,
  });
  return rows.map((r) => Number(r.chart_id)).sort((a, b) => a - b);
}

/** Which of these chart ids the user may see (ChartFilter). */
export async function visibleChartIds(user: CurrentUser, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { Chart: Charts } = models();
  const rows = await Charts.findAll({ attributes: ['id'], where: { [Op.and]: [{ id: { [Op.in]: [...ids] } }, await rowScope(Charts.name, user)] } });
  return new Set(rows.map((c) => c.id));
}


/** The dashboard (by id, or by slug as Superset's id_or_slug) with owners, roles and editors' names, if the user may see it. */
export async function findVisibleDashboard(user: CurrentUser, ref: DashboardRef): Promise<Dashboard | null> {
  const { Dashboard: Dashboards, User: Users, Role: Roles } = models();
  const dashboard = await Dashboards.findOne({
    where: { [Op.and]: ['id' in ref ? { id: ref.id } : { slug: ref.slug }, await rowScope(Dashboards.name, user)] },
    include: [
      { model: Users, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } },
      { model: Roles, as: 'roles', attributes: ['id', 'name'], through: { attributes: [] } },
      { model: Users, as: 'created_by', attributes: PERSON_ATTRIBUTES },
      { model: Users, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    ],
  });
  // The row scope is Superset's DashboardAccessFilter (app/server/access/visibility.server.ts).
  return dashboard;
}

/** As findVisibleDashboard, or 404 'Not found'. */
export async function getVisibleDashboard(user: CurrentUser, ref: DashboardRef): Promise<Dashboard> {
  const dashboard = await findVisibleDashboard(user, ref);
  if (!dashboard) throw new NotFoundError();
  return dashboard;
}

/** The charts on the dashboard the user may see, with their owners, by id. */
export async function visibleChartsOn(user: CurrentUser, dashboardId: number): Promise<Chart[]> {
  const ids = await chartIdsOn(dashboardId);
  if (ids.length === 0) return [];
  const { Chart: Charts, User: Users } = models();
  return Charts.findAll({
    where: { [Op.and]: [{ id: { [Op.in]: ids } }, await rowScope(Charts.name, user)] },
    include: [{ model: Users, as: 'owners', attributes: ['id'], through: { attributes: [] } }],
    order: [['id', 'ASC']],
  });
}
