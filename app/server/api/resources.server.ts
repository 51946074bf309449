/**
 * The resources of the generic API (`/api/v1/<name>/`, `_info`, `related`, `distinct`,
 * favourites), with Superset's column names so Superset clients read them unchanged. What a
 * list may answer is listed here field by field: a secret column (a database URI with its
 * password, a password hash) has no field, so no `select_columns` can ask for it. Which rows a
 * user sees is the model's row scope (app/server/access/visibility.server.ts), applied by every
 * endpoint: databases and datasets as Superset's DatabaseFilter and DatasourceFilter, charts on
 * visible datasets, dashboards published or owned, saved queries and queries one's own.
 */
import { literal, Op, type WhereOptions } from 'sequelize';
import type { Chart, Dashboard, Database, Dataset, Query, SavedQuery } from '../../../db/index';
import { models } from '../db.server';
import { backendOf } from '../databases/list-databases.server';
import { extraForReaders } from '../databases/serialize.server';
import { httpError } from '../http.server';
import { extractTables } from '../sqllab/sql-tables.server';
import {
  allTextFilter, booleanFilters, dateFilters, epochFilters, escapeSql, favoriteFilter, integerFilters, likePattern, nullOrEmptyFilter,
  textFilters, toManyFilters, toOneFilters,
} from './filters.server';
import { AUDIT_ORDER, auditFields, loaded, ownersField, person } from './resource-fields.server';
import { defineResource, type ResourceDefinition } from './resource-types.server';

const AUDIT_LIST_COLUMNS = [
  'changed_on_delta_humanized', 'changed_on_utc', 'changed_by.id', 'changed_by.first_name', 'changed_by.last_name', 'changed_by_name',
  'created_by.id', 'created_by.first_name', 'created_by.last_name', 'created_on_delta_humanized',
];
const OWNER_COLUMNS = ['owners.id', 'owners.first_name', 'owners.last_name'];

const auditSearch = { created_by: toOneFilters('created_by_fk'), changed_by: toOneFilters('changed_by_fk') };

function jsonObject(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const database = defineResource<Database>({
  name: 'database',
  view: 'Database',
  title: 'Database',
  model: () => models().Database,
  fields: {
    id: { get: (r) => r.id },
    uuid: { get: (r) => r.uuid },
    database_name: { get: (r) => r.database_name, label: 'Database' },
    backend: { get: (r) => backendOf(r.sqlalchemy_uri) },
    expose_in_sqllab: { get: (r) => r.expose_in_sqllab, label: 'Expose in SQL Lab' },
    allow_run_async: { get: (r) => r.allow_run_async, label: 'Asynchronous query execution' },
    allow_dml: { get: (r) => r.allow_dml, label: 'Allow DML' },
    allow_ctas: { get: (r) => r.allow_ctas, label: 'Allow CREATE TABLE AS' },
    allow_cvas: { get: (r) => r.allow_cvas, label: 'Allow CREATE VIEW AS' },
    allow_file_upload: { get: (r) => r.allow_file_upload, label: 'Allow file uploads' },
    force_ctas_schema: { get: (r) => r.force_ctas_schema },
    // Lists are for every reader: without engine_params, which only editors see (serialize.server.ts).
    extra: { get: (r) => extraForReaders(r.extra) },
    allows_subquery: { get: () => true },
    allows_virtual_table_explore: { get: (r) => jsonObject(r.extra).allows_virtual_table_explore !== false },
    disable_data_preview: { get: (r) => jsonObject(r.extra).disable_data_preview === true },
    explore_database_id: { get: (r) => r.id },
    ...auditFields<Database>(),
  },
  listColumns: [
    'id', 'uuid', 'database_name', 'backend', 'expose_in_sqllab', 'allow_run_async', 'allow_dml', 'allow_ctas', 'allow_cvas',
    'allow_file_upload', 'force_ctas_schema', 'extra', 'allows_subquery', 'allows_virtual_table_explore', 'disable_data_preview',
    'explore_database_id', 'changed_on', 'changed_on_delta_humanized', 'changed_by.first_name', 'changed_by.last_name',
    'created_by.id', 'created_by.first_name', 'created_by.last_name',
  ],
  orderColumns: {
    database_name: { column: 'database_name', text: true },
    allow_file_upload: { column: 'allow_file_upload' },
    allow_dml: { column: 'allow_dml' },
    allow_run_async: { column: 'allow_run_async' },
    expose_in_sqllab: { column: 'expose_in_sqllab' },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    id: integerFilters('id'),
    uuid: textFilters('uuid'),
    database_name: textFilters('database_name'),
    expose_in_sqllab: booleanFilters('expose_in_sqllab'),
    allow_run_async: booleanFilters('allow_run_async'),
    allow_dml: booleanFilters('allow_dml'),
    allow_file_upload: booleanFilters('allow_file_upload'),
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { created_by: 'user', changed_by: 'user' },
  distinct: [],
  permissions: ['can_read', 'can_write', 'can_export', 'can_upload'],
});

const dataset = defineResource<Dataset>({
  name: 'dataset',
  view: 'Dataset',
  title: 'Dataset',
  model: () => models().Dataset,
  fields: {
    id: { get: (r) => r.id },
    uuid: { get: (r) => r.uuid },
    table_name: { get: (r) => r.table_name, label: 'Name' },
    schema: { get: (r) => r.schema },
    sql: { get: (r) => r.sql },
    description: { get: (r) => r.description },
    extra: { get: (r) => r.extra },
    kind: { get: (r) => (r.sql && r.sql.trim() ? 'virtual' : 'physical'), label: 'Type' },
    datasource_type: { get: () => 'table' },
    default_endpoint: { get: () => null },
    explore_url: { get: (r) => `/explore/?datasource_type=table&datasource_id=${r.id}` },
    database: { get: (r) => (r.database ? { id: r.database.id, database_name: r.database.database_name } : null), needs: 'database' },
    owners: ownersField<Dataset>(),
    ...auditFields<Dataset>(),
  },
  listColumns: [
    'id', 'uuid', 'table_name', 'schema', 'sql', 'description', 'extra', 'kind', 'datasource_type', 'default_endpoint', 'explore_url',
    'database.id', 'database.database_name', ...OWNER_COLUMNS, ...AUDIT_LIST_COLUMNS,
  ],
  orderColumns: {
    table_name: { column: 'table_name', text: true },
    schema: { column: 'schema', text: true },
    'database.database_name': { column: 'database_name', relation: 'database', text: true },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    id: integerFilters('id'),
    uuid: textFilters('uuid'),
    table_name: textFilters('table_name'),
    schema: textFilters('schema'),
    sql: [nullOrEmptyFilter('dataset_is_null_or_empty', 'sql'), ...textFilters('sql').filter((f) => f.operator === 'ct')],
    database: toOneFilters('database_id'),
    owners: toManyFilters('dataset_owners', 'dataset_id', 'user_id'),
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { database: 'database', owners: 'user', created_by: 'user', changed_by: 'user' },
  distinct: ['schema'],
  permissions: ['can_read', 'can_write', 'can_export', 'can_duplicate', 'can_warm_up_cache'],
});

/** Charts whose dataset's table name contains the text: part of Superset's chart all-text search. */
function chartDatasetNameContains(text: string): WhereOptions {
  const datasets = literal(`(SELECT id FROM datasets WHERE lower(table_name) LIKE ${escapeSql(likePattern(text, 'contains'))} ESCAPE '!')`);
  return { [Op.and]: [{ datasource_type: 'table' }, { datasource_id: { [Op.in]: datasets } }] };
}

const chart = defineResource<Chart>({
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
    datasource_name_text: { get: (r, extras) => (r.datasource_id === null ? null : extras.datasourceNames.get(r.datasource_id) ?? null), needs: 'datasource', label: 'Dataset' },
    params: { get: (r) => r.params },
    query_context: { get: (r) => r.query_context },
    description: { get: (r) => r.description },
    cache_timeout: { get: (r) => r.cache_timeout },
    url: { get: (r) => `/explore/?slice_id=${r.id}` },
    slice_url: { get: (r) => `/explore/?slice_id=${r.id}` },
    changed_on_dttm: { get: (r) => r.changed_on.getTime() },
    owners: ownersField<Chart>(),
    dashboards: { get: (r) => (r.dashboards ?? []).map((d) => ({ id: d.id, dashboard_title: d.dashboard_title })), needs: 'dashboards' },
    ...auditFields<Chart>(),
  },
  listColumns: [
    'id', 'uuid', 'slice_name', 'viz_type', 'datasource_id', 'datasource_type', 'datasource_name_text', 'params', 'query_context',
    'description', 'cache_timeout', 'url', 'slice_url', 'changed_on_dttm', ...OWNER_COLUMNS, 'dashboards.id', 'dashboards.dashboard_title',
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
    id: [favoriteFilter('chart_is_favorite', 'slice'), ...integerFilters('id')],
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
});

const dashboardTitleOrSlug = (operatorName: string) => allTextFilter(operatorName, 'Title or Slug', ['dashboard_title', 'slug']);

const dashboard = defineResource<Dashboard>({
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
    owners: ownersField<Dashboard>(),
    ...auditFields<Dashboard>(),
  },
  listColumns: ['id', 'uuid', 'dashboard_title', 'slug', 'published', 'status', 'url', ...OWNER_COLUMNS, ...AUDIT_LIST_COLUMNS],
  orderColumns: {
    dashboard_title: { column: 'dashboard_title', text: true },
    slug: { column: 'slug' },
    published: { column: 'published' },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    id: [favoriteFilter('dashboard_is_favorite', 'Dashboard'), ...integerFilters('id')],
    uuid: textFilters('uuid'),
    dashboard_title: [dashboardTitleOrSlug('title_or_slug'), dashboardTitleOrSlug('dashboard_all_text'), ...textFilters('dashboard_title')],
    slug: textFilters('slug'),
    published: booleanFilters('published'),
    owners: toManyFilters('dashboard_owners', 'dashboard_id', 'user_id'),
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { owners: 'user', created_by: 'user', changed_by: 'user' },
  distinct: [],
  permissions: ['can_read', 'can_write', 'can_export'],
  favoriteClassName: 'Dashboard',
});

const savedQuery = defineResource<SavedQuery>({
  name: 'saved_query',
  view: 'SavedQuery',
  title: 'Saved Query',
  model: () => models().SavedQuery,
  fields: {
    id: { get: (r) => r.id },
    uuid: { get: (r) => r.uuid },
    label: { get: (r) => r.label, label: 'Name' },
    description: { get: (r) => r.description },
    sql: { get: (r) => r.sql, label: 'SQL' },
    schema: { get: (r) => r.schema },
    db_id: { get: (r) => r.db_id },
    template_parameters: { get: (r) => r.template_parameters },
    database: { get: (r) => (r.database ? { id: r.database.id, database_name: r.database.database_name } : null), needs: 'database' },
    ...auditFields<SavedQuery>(),
  },
  listColumns: [
    'id', 'uuid', 'label', 'description', 'sql', 'schema', 'db_id', 'template_parameters', 'database.id', 'database.database_name',
    'created_on', 'changed_on', ...AUDIT_LIST_COLUMNS,
  ],
  orderColumns: {
    label: { column: 'label', text: true },
    schema: { column: 'schema', text: true },
    description: { column: 'description', text: true },
    sql: { column: 'sql' },
    created_on: { column: 'created_on' },
    'database.database_name': { column: 'database_name', relation: 'database', text: true },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    id: integerFilters('id'),
    label: [allTextFilter('all_text', 'All Text', ['label', 'description', 'sql']), ...textFilters('label')],
    description: textFilters('description'),
    sql: textFilters('sql'),
    schema: textFilters('schema'),
    database: toOneFilters('db_id'),
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { database: 'database', created_by: 'user', changed_by: 'user' },
  distinct: ['schema'],
  permissions: ['can_read', 'can_write', 'can_export'],
});

const query = defineResource<Query>({
  name: 'query',
  view: 'Query',
  title: 'Query',
  model: () => models().Query,
  fields: {
    id: { get: (r) => r.id },
    client_id: { get: (r) => r.client_id },
    changed_on: { get: (r) => (r.changed_on ? new Date(r.changed_on).toISOString() : null) },
    database: { get: (r) => (r.database ? { id: r.database.id, database_name: r.database.database_name } : null), needs: 'database' },
    executed_sql: { get: (r) => r.executed_sql },
    rows: { get: (r) => r.rows },
    schema: { get: (r) => r.schema },
    sql: { get: (r) => r.sql, label: 'SQL' },
    sql_tables: { get: (r) => extractTables(r.sql ?? '') },
    status: { get: (r) => r.status },
    tab_name: { get: (r) => r.tab_name, label: 'Tab Name' },
    user: { get: (r) => person(loaded(r, 'user')), needs: 'user' },
    start_time: { get: (r) => r.start_time, label: 'Start Time' },
    end_time: { get: (r) => r.end_time, label: 'End Time' },
    tmp_table_name: { get: (r) => r.tmp_table_name },
    tmp_schema_name: { get: (r) => r.tmp_schema_name },
    tracking_url: { get: (r) => r.tracking_url },
    error_message: { get: (r) => r.error_message },
    results_key: { get: (r) => r.results_key },
    sql_editor_id: { get: (r) => r.sql_editor_id },
  },
  // Superset's QueryRestApi.list_columns.
  listColumns: [
    'id', 'changed_on', 'database.database_name', 'executed_sql', 'rows', 'schema', 'sql', 'sql_tables', 'status', 'tab_name',
    'user.first_name', 'user.id', 'user.last_name', 'start_time', 'end_time', 'tmp_table_name', 'tracking_url',
  ],
  orderColumns: {
    changed_on: { column: 'changed_on' },
    'database.database_name': { column: 'database_name', relation: 'database', text: true },
    rows: { column: 'rows' },
    schema: { column: 'schema', text: true },
    start_time: { column: 'start_time' },
    sql: { column: 'sql' },
    tab_name: { column: 'tab_name', text: true },
    'user.first_name': { column: 'first_name', relation: 'user', text: true },
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    changed_on: dateFilters('changed_on'),
    database: toOneFilters('database_id'),
    sql: textFilters('sql'),
    status: textFilters('status'),
    user: toOneFilters('user_id'),
    start_time: epochFilters('start_time'),
  },
  related: { database: 'database', user: 'user' },
  distinct: ['status'],
  permissions: ['can_read'],
});

const RESOURCES: ReadonlyMap<string, ResourceDefinition> = new Map(
  [database, dataset, chart, dashboard, savedQuery, query].map((r) => [r.name, r]),
);

export function resourceNames(): string[] {
  return [...RESOURCES.keys()];
}

export function findResource(name: string | undefined): ResourceDefinition | null {
  return (name && RESOURCES.get(name)) || null;
}

/** The resource named by a URL segment, or a 404 naming the ones that exist. */
export function getResource(name: string | undefined): ResourceDefinition {
  const resource = findResource(name);
  if (!resource) {
    throw httpError(404, `There is no API resource "${name ?? ''}". Resources: ${resourceNames().join(', ')}.`);
  }
  return resource;
}
