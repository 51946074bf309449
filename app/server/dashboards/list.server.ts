/**
 * The dashboards page's list. As in Superset, admins see every dashboard and others the published
 * ones open to them plus the drafts they own or created: the dashboards' row scope, applied by the
 * list engine. The page's filters are the rison filters `GET /api/v1/dashboard/` takes
 * (dashboard_title ct, owners rel_m_m, published eq, id dashboard_is_favorite, id
 * dashboard_is_certified, changed_by rel_o_m), turned into SQL by the same resource definition, so
 * the page and the API never disagree on a filter.
 */
import { Op, type WhereOptions } from 'sequelize';
import type { DashboardRow } from '~/lib/dashboard-list';
import type { ListFilter } from '~/lib/list-query';
import type { Dashboard } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { fetchPage, visibleWhere } from '../lists/engine.server';
import { filtersWhere } from '../lists/filters.server';
import { pageWindow, PAGE_SIZE, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { PERSON_ATTRIBUTES, personName } from '../lists/people.server';
import { relatedResource } from '../lists/related.server';
import { canEditDashboard } from './access.server';
import { dashboardResource } from './resource.server';
import { dashboardThumbnailUrl } from './thumbnail.server';

export type { DashboardRow };

export type DashboardSort = 'title' | 'published' | 'changed_on';

export const DASHBOARD_LIST: ListSpec<DashboardSort> = {
  sorts: { title: { column: 'dashboard_title', text: true }, published: { column: 'published' }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

/** The page's filters, each null when not set. */
export type DashboardListFilters = {
  owner: number | null;
  published: boolean | null;
  favorite: boolean | null;
  certified: boolean | null;
  modifiedBy: number | null;
};

export const NO_DASHBOARD_FILTERS: DashboardListFilters = { owner: null, published: null, favorite: null, certified: null, modifiedBy: null };

/** The page's search and filters as the API's rison filters. */
export function dashboardListFilters(search: string, f: DashboardListFilters): ListFilter[] {
  const filters: ListFilter[] = [];
  if (search) filters.push({ col: 'dashboard_title', opr: 'ct', value: search });
  if (f.owner !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: f.owner });
  if (f.published !== null) filters.push({ col: 'published', opr: 'eq', value: f.published });
  if (f.favorite !== null) filters.push({ col: 'id', opr: 'dashboard_is_favorite', value: f.favorite });
  if (f.certified !== null) filters.push({ col: 'id', opr: 'dashboard_is_certified', value: f.certified });
  if (f.modifiedBy !== null) filters.push({ col: 'changed_by', opr: 'rel_o_m', value: f.modifiedBy });
  return filters;
}

/** The ids among `ids` this user starred. */
async function favoriteIds(user: CurrentUser, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await models().Favorite.findAll({ attributes: ['obj_id'], where: { user_id: user.id, class_name: 'Dashboard', obj_id: { [Op.in]: ids } } });
  return new Set(rows.map((r) => r.obj_id));
}

async function toRows(user: CurrentUser, dashboards: Dashboard[]): Promise<DashboardRow[]> {
  const starred = await favoriteIds(user, dashboards.map((d) => d.id));
  return dashboards.map((d) => ({
    id: d.id,
    title: d.dashboard_title,
    slug: d.slug,
    url: `/superset/dashboard/${d.slug || d.id}/`,
    published: d.published,
    owners: (d.owners ?? []).map((u) => personName(u) ?? u.username).sort(),
    modifiedBy: personName(d.changed_by),
    changedOn: d.changed_on.toISOString(),
    certifiedBy: d.certified_by || null,
    certificationDetails: d.certification_details || null,
    favorite: starred.has(d.id),
    canEdit: canEditDashboard(user, d),
    thumbnailUrl: dashboardThumbnailUrl(d),
  }));
}

export async function listDashboards(
  actor: CurrentUser, query: PageQuery<DashboardSort>, filters: DashboardListFilters = NO_DASHBOARD_FILTERS,
): Promise<ListPage<DashboardRow, DashboardSort>> {
  requirePermission(actor, 'can_read', 'Dashboard');
  const { Dashboard: Dashboards, User } = models();
  const where: WhereOptions = await visibleWhere(Dashboards, actor, filtersWhere(dashboardResource, actor, dashboardListFilters(query.search, filters)));
  const total = await Dashboards.count({ where });
  const window = pageWindow(total, query.page);
  const { column, text } = DASHBOARD_LIST.sorts[query.sort];
  const { rows } = await fetchPage(Dashboards, where, {
    sort: { alias: Dashboards.name, column, text },
    dir: query.dir,
    // Loaded for the page's ids only, so the to-many join does not upset the LIMIT.
    include: [
      { model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } },
      { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    ],
    limit: window.limit,
    offset: window.offset,
  });
  return { ...query, page: window.page, rows: await toRows(actor, rows), total, pageCount: window.pageCount, pageSize: PAGE_SIZE };
}

export type Choice = { value: string; label: string };

/**
 * The people the Owner and Modified by filters offer: the API's `related/owners` (Superset's
 * RelatedView answers every user for both columns, so one list serves the two filters).
 */
export async function dashboardFilterChoices(user: CurrentUser): Promise<{ people: Choice[] }> {
  requirePermission(user, 'can_read', 'Dashboard');
  const people = await relatedResource(user, dashboardResource, 'owners', { filter: '', page: 0, page_size: 1000, include_ids: [] });
  return { people: people.result.map((p) => ({ value: String(p.value), label: p.text })) };
}

/** The titles of the dashboards among `ids` the user may see, for a confirmation and the 'Deleted: %s' notice. */
export async function dashboardTitles(user: CurrentUser, ids: number[]): Promise<{ id: number; name: string }[]> {
  requirePermission(user, 'can_read', 'Dashboard');
  if (ids.length === 0) return [];
  const { Dashboard: Dashboards } = models();
  const found = await Dashboards.findAll({
    attributes: ['id', 'dashboard_title'],
    where: await visibleWhere(Dashboards, user, [{ id: { [Op.in]: ids } }]),
    order: [['dashboard_title', 'ASC'], ['id', 'ASC']],
  });
  return found.map((d) => ({ id: d.id, name: d.dashboard_title }));
}
