/**
 * Dashboards as the generic API lists them (`/api/v1/dashboard/`, `_info`, `related`,
 * favourites), with Superset's column names. Which dashboards a user sees is the dashboards'
 * row scope (app/server/access/visibility.server.ts): published ones, and drafts to their
 * owners, creators and admins.
 */
import type { Dashboard } from '../../../db/index';
import { models } from '../db.server';
import { AUDIT_LIST_COLUMNS, AUDIT_ORDER, auditFields, auditSearch, OWNER_COLUMNS, ownersField } from '../lists/fields.server';
import { allTextFilter, booleanFilters, certifiedFilter, dateFilters, favoriteFilter, integerFilters, textFilters, toManyFilters } from '../lists/filters.server';
import { defineResource } from '../lists/resource-types.server';
import { dashboardThumbnailUrl } from './thumbnail.server';

const dashboardTitleOrSlug = (operatorName: string) => allTextFilter(operatorName, 'Title or Slug', ['dashboard_title', 'slug']);

export const dashboardResource = defineResource<Dashboard>({
  name: 'dashboard',
  view: 'Dashboard',
  title: 'Dashboard',
  model: () => models().Dashboard,
  fields: {
    id: { get: (r) => r.id },
    uuid: { get: (r) => r.uuid },
    dashboard_title: { get: (r) => r.dashboard_title, label: 'Title' },
    slug: { get: (r) => r.slug },
    published: { get: (r) => r.published },
    status: { get: (r) => (r.published ? 'published' : 'draft') },
    url: { get: (r) => `/superset/dashboard/${r.slug || r.id}/` },
    certified_by: { get: (r) => r.certified_by },
    certification_details: { get: (r) => r.certification_details },
    thumbnail_url: { get: (r) => dashboardThumbnailUrl(r) },
    owners: ownersField<Dashboard>(),
    ...auditFields<Dashboard>(),
  },
  listColumns: ['id', 'uuid', 'dashboard_title', 'slug', 'published', 'status', 'url', 'thumbnail_url', ...OWNER_COLUMNS, ...AUDIT_LIST_COLUMNS],
  orderColumns: {
    dashboard_title: { column: 'dashboard_title', text: true },
    slug: { column: 'slug' },
    published: { column: 'published' },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    id: [favoriteFilter('dashboard_is_favorite', 'Dashboard'), certifiedFilter('dashboard_is_certified'), ...integerFilters('id')],
    uuid: textFilters('uuid'),
    dashboard_title: [dashboardTitleOrSlug('title_or_slug'), dashboardTitleOrSlug('dashboard_all_text'), ...textFilters('dashboard_title')],
    slug: textFilters('slug'),
    published: booleanFilters('published'),
    owners: toManyFilters('dashboard_owners', 'dashboard_id', 'user_id'),
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { owners: 'user', created_by: 'user', changed_by: 'user', roles: 'role' },
  distinct: [],
  permissions: ['can_read', 'can_write', 'can_export'],
  favoriteClassName: 'Dashboard',
});
