/**
 * Who may see and change a chart, as Superset's chart commands decide it: a chart is found only
 * within ChartFilter (the charts on datasets the user may see, visibility.server.ts), so one out
 * of reach is the 404 a missing one is; changing it takes its ownership or Admin (403). Dashboards
 * a chart is put on must be visible (else 422, "do not exist") and the user's to edit: owned, or
 * Admin, as Superset's is_owner (403).
 */
import { Op } from 'sequelize';
import { isAdmin } from '~/lib/permissions';
import type { Chart, Dashboard, User } from '../../../db/index';
import { dashboardsVisibleTo, rowScope } from '../access/visibility.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { ForbiddenError, NotFoundError } from '../domain-errors.server';
import { PERSON_ATTRIBUTES } from '../lists/people.server';

export const VIEW = 'Chart';

/** Superset's ChartForbiddenError. */
export const CHART_FORBIDDEN = 'Changing this chart is forbidden';
/** Superset's DashboardsForbiddenError. */
export const DASHBOARDS_FORBIDDEN = 'Changing one or more of these dashboards is forbidden';

function ownedBy(user: Pick<CurrentUser, 'id' | 'roles'>, owners: Pick<User, 'id'>[] | undefined): boolean {
  return isAdmin(user.roles) || (owners ?? []).some((o) => o.id === user.id);
}

export function isChartOwner(user: Pick<CurrentUser, 'id' | 'roles'>, chart: Pick<Chart, 'owners'>): boolean {
  return ownedBy(user, chart.owners);
}

export function canEditDashboard(user: Pick<CurrentUser, 'id' | 'roles'>, dashboard: Pick<Dashboard, 'owners'>): boolean {
  return ownedBy(user, dashboard.owners);
}

/** The charts with these ids the user may see, with their owners. */
export async function findVisibleCharts(user: CurrentUser, ids: number[]): Promise<Chart[]> {
  const { Chart: Charts, User: Users } = models();
  return Charts.findAll({
    where: { [Op.and]: [{ id: { [Op.in]: ids } }, await rowScope(Charts.name, user)] },
    include: [{ model: Users, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } }],
  });
}

/** The chart, within the user's reach, with its owners: 404 'Not found' otherwise. */
export async function findVisibleChart(user: CurrentUser, id: number): Promise<Chart> {
  const [chart] = await findVisibleCharts(user, [id]);
  if (!chart) throw new NotFoundError();
  return chart;
}

export function requireChartOwner(user: CurrentUser, chart: Chart): void {
  if (!isChartOwner(user, chart)) throw new ForbiddenError(CHART_FORBIDDEN);
}

/** The dashboards with these ids the user may see, with their owners (to tell which they may edit). */
export async function findVisibleDashboards(user: CurrentUser, ids: number[]): Promise<Dashboard[]> {
  if (ids.length === 0) return [];
  const { Dashboard: Dashboards, User: Users } = models();
  return Dashboards.findAll({
    where: { [Op.and]: [{ id: { [Op.in]: ids } }, await dashboardsVisibleTo(user)] },
    include: [{ model: Users, as: 'owners', attributes: ['id'], through: { attributes: [] } }],
  });
}
