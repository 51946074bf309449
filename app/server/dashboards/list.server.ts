/**
 * The dashboards page's list. As in Superset, admins see every dashboard and others see the
 * published ones plus those they own or created (drafts are work in progress of their owners):
 * the dashboards' row scope, applied by the list engine.
 */
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { PERSON_ATTRIBUTES, personName } from '../lists/people.server';
import { searchWhere } from '../lists/sql.server';

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
    // The engine loads what rows show for the page's ids only, so a to-many join is safe here.
    include: [{ model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } }],
  }, (dashboards) => dashboards.map((d) => ({
    id: d.id,
    title: d.dashboard_title,
    slug: d.slug,
    published: d.published,
    owners: (d.owners ?? []).map((u) => personName(u) ?? u.username).sort(),
    changedOn: d.changed_on.toISOString(),
  })));
}
