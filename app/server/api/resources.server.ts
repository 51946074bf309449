/**
 * The one table of the generic API's resources: which `<name>` of `/api/v1/<name>/` (`_info`,
 * `related`, `distinct`, favourites) is which resource. Charts, dashboards and datasets are
 * defined in their domain folders; databases, saved queries and queries here, until their
 * folders take them. The table sits above the domains and the list engine (app/server/lists),
 * which know nothing of it. Column names are
 * Superset's so Superset clients read them unchanged. What a list may answer is listed field by
 * field: a secret column (a database URI with its password, a password hash) has no field, so no
 * `select_columns` can ask for it. Which rows a user sees is the model's row scope (app/server/access/visibility.server.ts), applied by every
 * endpoint: databases and datasets as Superset's DatabaseFilter and DatasourceFilter, charts on
 * visible datasets, dashboards published or owned, saved queries and queries one's own, CSS
 * templates everyone's.
 */
import { readDatabaseExtra } from '~/lib/stored-json/database-extra';
import type { Database, Query, SavedQuery } from '../../../db/index';
import { chartResource } from '../charts/resource.server';
import { cssTemplateResource } from '../css-templates/resource.server';
import { dashboardResource } from '../dashboards/resource.server';
import { backendOf } from '../databases/list-databases.server';
import { extraForReaders } from '../databases/serialize.server';
import { datasetResource } from '../datasets/resource.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { extractTables } from '../sqllab/sql-tables.server';
import { AUDIT_LIST_COLUMNS, AUDIT_ORDER, auditFields, auditSearch, loaded } from '../lists/fields.server';
import { allTextFilter, booleanFilters, dateFilters, epochFilters, integerFilters, textFilters, toOneFilters } from '../lists/filters.server';
import { person } from '../lists/people.server';
import { defineResource, type ResourceDefinition } from '../lists/resource-types.server';

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
    allows_virtual_table_explore: { get: (r) => readDatabaseExtra(r.extra).allows_virtual_table_explore !== false },
    disable_data_preview: { get: (r) => readDatabaseExtra(r.extra).disable_data_preview === true },
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
  [database, datasetResource, chartResource, dashboardResource, savedQuery, query, cssTemplateResource].map((r) => [r.name, r]),
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
    throw new NotFoundError(`There is no API resource "${name ?? ''}". Resources: ${resourceNames().join(', ')}.`);
  }
  return resource;
}
