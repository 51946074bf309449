/**
 * Deleting several dashboards at once, as Superset's BulkDeleteDashboardCommand
 * (`DELETE /api/v1/dashboard/?q=!(ids)` and the list page's bulk delete): all or nothing.
 * can_write on Dashboard (403); every id must be a dashboard within the user's reach (the row
 * scope), else 404 naming the ids not found, so hidden drafts cannot be probed; every one must be
 * the user's to edit (section 6: Admin, or an owner with can_write), else 403 naming those that are
 * not. Owners, roles and chart links go by ON DELETE CASCADE, favourites here, as deleteDashboard.
 */
import { Op } from 'sequelize';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { ForbiddenError, NotFoundError } from '../domain-errors.server';
import { visibleWhere } from '../lists/engine.server';
import { PERSON_ATTRIBUTES } from '../lists/people.server';
import { canEditDashboard, VIEW } from './access.server';

export async function bulkDeleteDashboards(user: CurrentUser, ids: number[]): Promise<{ message: string }> {
  requirePermission(user, 'can_write', VIEW);
  const unique = [...new Set(ids)];
  const { Dashboard: Dashboards, Favorite, User } = models();
  const found = unique.length === 0 ? [] : await Dashboards.findAll({
    where: await visibleWhere(Dashboards, user, [{ id: { [Op.in]: unique } }]),
    include: [{ model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } }],
    order: [['dashboard_title', 'ASC'], ['id', 'ASC']],
  });
  const foundIds = new Set(found.map((d) => d.id));
  const missing = unique.filter((id) => !foundIds.has(id));
  if (missing.length) throw new NotFoundError(`Dashboards not found: ${missing.join(', ')}`);
  const refused = found.filter((d) => !canEditDashboard(user, d));
  if (refused.length) {
    const titles = refused.map((d) => d.dashboard_title).join(', ');
    throw new ForbiddenError(refused.length === 1 ? `Changing this dashboard is forbidden: ${titles}` : `Changing these dashboards is forbidden: ${titles}`);
  }
  if (unique.length) {
    await store().sequelize.transaction(async (transaction) => {
      await Favorite.destroy({ where: { class_name: 'Dashboard', obj_id: { [Op.in]: unique } }, transaction });
      await Dashboards.destroy({ where: { id: { [Op.in]: unique } }, transaction });
    });
  }
  return { message: unique.length === 1 ? 'Deleted 1 dashboard' : `Deleted ${unique.length} dashboards` };
}
