/**
 * The dashboards list. As in Superset, admins see every dashboard and others see the published
 * ones plus those they own or created (drafts are work in progress of their owners).
 */
import { Op } from 'sequelize';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, personName, PERSON_ATTRIBUTES, searchWhere, type ListPage, type ListSpec, type PageQuery } from './page-query.server';

export type DashboardRow = {
  id: number;
  title: string;
  slug: string | null;
  published: boolean;
  owners: string[];
  changedOn: string;
};

export type DashboardSort = 'title' | 'published' | 'changed_on';

export const DASHBOARD_LIST: ListSpec<DashboardSort> = {
  sorts: { title: { column: 'dashboard_title', text: true }, published: { column: 'published' }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

export async function listDashboards(actor: CurrentUser, query: PageQuery<DashboardSort>): Promise<ListPage<DashboardRow, DashboardSort>> {
  requirePermission(actor, 'can_read', 'Dashboard');
  const { Dashboard, User } = models();
  return findPage(Dashboard, DASHBOARD_LIST, query, {
    actor,
    where: searchWhere(['Dashboard.dashboard_title'], query.search),
  }, async (dashboards) => {
    // Owners are a to-many join: fetched for this page's ids only, after paging.
    const withOwners = dashboards.length
      ? await Dashboard.findAll({
        where: { id: { [Op.in]: dashboards.map((d) => d.id) } },
        attributes: ['id'],
        include: [{ model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } }],
      })
      : [];
    const owners = new Map(withOwners.map((d) => [d.id, (d.owners ?? []).map((u) => personName(u) ?? u.username).sort()]));
    return dashboards.map((d) => ({
      id: d.id,
      title: d.dashboard_title,
      slug: d.slug,
      published: d.published,
      owners: owners.get(d.id) ?? [],
      changedOn: d.changed_on.toISOString(),
    }));
  });
}
