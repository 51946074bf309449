/**
 * Datasets as the generic API lists them (`/api/v1/dataset/`, `_info`, `related`, `distinct`),
 * with Superset's column names. Which datasets a user sees is DatasourceFilter, the datasets'
 * row scope (app/server/access/visibility.server.ts).
 */
import type { Dataset } from '../../../db/index';
import { models } from '../db.server';
import { AUDIT_LIST_COLUMNS, AUDIT_ORDER, auditFields, auditSearch, OWNER_COLUMNS, ownersField } from '../lists/fields.server';
import { dateFilters, integerFilters, nullOrEmptyFilter, textFilters, toManyFilters, toOneFilters } from '../lists/filters.server';
import { defineResource } from '../lists/resource-types.server';
import { datasetKind } from './kind.server';

export const datasetResource = defineResource<Dataset>({
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
    kind: { get: (r) => datasetKind(r), label: 'Type' },
    datasource_type: { get: () => 'table' },
    default_endpoint: { get: (r) => r.default_endpoint },
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
