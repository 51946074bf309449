/**
 * Charts as the generic API lists them (`/api/v1/chart/`, `_info`, `related`, `distinct`,
 * favourites), with Superset's column names. Which charts a user sees is ChartFilter, the
 * charts' row scope (app/server/access/visibility.server.ts): those on datasets they may see.
 * `params` and `query_context` are answered as the stored text, as Superset answers them.
 */
import { literal, Op, type WhereOptions } from 'sequelize';
import type { Chart } from '../../../db/index';
import { models } from '../db.server';
import { AUDIT_LIST_COLUMNS, AUDIT_ORDER, auditFields, auditSearch, OWNER_COLUMNS, ownersField } from '../lists/fields.server';
import { allTextFilter, certifiedFilter, dateFilters, favoriteFilter, integerFilters, textFilters, toManyFilters } from '../lists/filters.server';
import { defineResource } from '../lists/resource-types.server';
import { escapeSql, likePattern } from '../lists/sql.server';
import { datasetNameOf, datasetNamesOf } from './dataset-names.server';
import { thumbnailUrl } from './thumbnail.server';

/** Charts whose dataset's table name contains the text: part of Superset's chart all-text search. */
function chartDatasetNameContains(text: string): WhereOptions {
  const datasets = literal(`(SELECT id FROM datasets WHERE lower(table_name) LIKE ${escapeSql(likePattern(text, 'contains'))} ESCAPE '!')`);
  return { [Op.and]: [{ datasource_type: 'table' }, { datasource_id: { [Op.in]: datasets } }] };
}

export const chartResource = defineResource<Chart>({
  name: 'chart',
  view: 'Chart',
  title: 'Chart',
  model: () => models().Chart,
  fields: {
    id: { get: (r) => r.id },
    uuid: { get: (r) => r.uuid },
    slice_name: { get: (r) => r.slice_name, label: 'Name' },
    viz_type: { get: (r) => r.viz_type, label: 'Visualization type' },
    datasource_id: { get: (r) => r.datasource_id },
    datasource_type: { get: (r) => r.datasource_type },
    datasource_name_text: { get: (r, extras) => datasetNameOf(r, extras.datasourceNames), needs: 'datasource', label: 'Dataset' },
    params: { get: (r) => r.params },
    query_context: { get: (r) => r.query_context },
    description: { get: (r) => r.description },
    cache_timeout: { get: (r) => r.cache_timeout },
    url: { get: (r) => `/explore/?slice_id=${r.id}` },
    slice_url: { get: (r) => `/explore/?slice_id=${r.id}` },
    thumbnail_url: { get: (r) => thumbnailUrl(r) },
    certified_by: { get: (r) => r.certified_by },
    certification_details: { get: (r) => r.certification_details },
    changed_on_dttm: { get: (r) => r.changed_on.getTime() },
    owners: ownersField<Chart>(),
    dashboards: { get: (r) => (r.dashboards ?? []).map((d) => ({ id: d.id, dashboard_title: d.dashboard_title })), needs: 'dashboards' },
    ...auditFields<Chart>(),
  },
  listColumns: [
    'id', 'uuid', 'slice_name', 'viz_type', 'datasource_id', 'datasource_type', 'datasource_name_text', 'params', 'query_context',
    'description', 'cache_timeout', 'url', 'slice_url', 'thumbnail_url', 'certified_by', 'certification_details', 'changed_on_dttm', ...OWNER_COLUMNS, 'dashboards.id', 'dashboards.dashboard_title',
    ...AUDIT_LIST_COLUMNS,
  ],
  orderColumns: {
    slice_name: { column: 'slice_name', text: true },
    viz_type: { column: 'viz_type' },
    datasource_id: { column: 'datasource_id' },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    id: [favoriteFilter('chart_is_favorite', 'slice'), certifiedFilter('chart_is_certified'), ...integerFilters('id')],
    uuid: textFilters('uuid'),
    slice_name: [allTextFilter('chart_all_text', 'All Text', ['slice_name', 'description', 'viz_type'], chartDatasetNameContains), ...textFilters('slice_name')],
    viz_type: textFilters('viz_type'),
    datasource_id: integerFilters('datasource_id'),
    datasource_type: textFilters('datasource_type'),
    description: textFilters('description'),
    owners: toManyFilters('chart_owners', 'chart_id', 'user_id'),
    dashboards: toManyFilters('dashboard_charts', 'chart_id', 'dashboard_id'),
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { owners: 'user', created_by: 'user', changed_by: 'user' },
  distinct: ['viz_type'],
  permissions: ['can_read', 'can_write', 'can_export', 'can_warm_up_cache'],
  favoriteClassName: 'slice',
  loadExtras: async (rows) => ({ datasourceNames: await datasetNamesOf(rows) }),
});
