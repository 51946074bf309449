/**
 * `GET /superset/fetch_datasource_metadata?datasourceKey=<id>__table`: a dataset as Superset's
 * datasource JSON (SqlaTable.data), what its Explore client reads to draw the controls: columns
 * and metrics with their certification, the verbose map, formats, order-by, time-column and
 * time-grain choices, the database's capabilities. The same checks as the dataset's own GET.
 */
import { datasetPermissionView } from '../access/data-grants.server';
import type { CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import { certificationOf } from './datasource-data.server';
import { getDatasetDetail } from './show.server';

/** The datasource types a key may name; Sightline's datasets are Superset's `table`. */
const TYPES = ['table'];

export async function fetchDatasourceMetadata(user: CurrentUser, key: { id: number; type: string }): Promise<Record<string, unknown>> {
  if (!TYPES.includes(key.type)) throw new InvalidInputError(`Datasource type "${key.type}" is not supported here: give datasourceKey as <id>__table.`);
  const d = await getDatasetDetail(user, key.id);
  return {
    id: d.id,
    uid: d.uid,
    type: 'table',
    name: d.name,
    datasource_name: d.datasource_name,
    table_name: d.table_name,
    catalog: d.catalog,
    schema: d.schema,
    sql: d.sql,
    description: d.description,
    default_endpoint: d.default_endpoint,
    filter_select: d.filter_select_enabled,
    filter_select_enabled: d.filter_select_enabled,
    fetch_values_predicate: d.fetch_values_predicate,
    offset: d.offset,
    cache_timeout: d.cache_timeout,
    params: null,
    perm: datasetPermissionView({ id: d.id, table_name: d.table_name, schema: d.schema, database: d.database }),
    edit_url: d.edit_url,
    main_dttm_col: d.main_dttm_col,
    granularity_sqla: d.granularity_sqla,
    time_grain_sqla: d.time_grain_sqla,
    template_params: d.template_params,
    is_sqllab_view: d.is_sqllab_view,
    health_check_message: d.health_check_message,
    extra: d.extra,
    always_filter_main_dttm: d.always_filter_main_dttm,
    normalize_columns: d.normalize_columns,
    is_managed_externally: d.is_managed_externally,
    external_url: d.external_url,
    owners: d.owners,
    select_star: d.select_star,
    verbose_map: d.verbose_map,
    column_formats: d.column_formats,
    currency_formats: d.currency_formats,
    order_by_choices: d.order_by_choices,
    folders: null,
    database: {
      id: d.database.id,
      name: d.database.database_name,
      database_name: d.database.database_name,
      backend: d.database.backend,
      allows_subquery: true,
      allows_virtual_table_explore: true,
      explore_database_id: d.database.id,
      disable_data_preview: false,
      disable_drill_to_detail: false,
      allow_multi_catalog: false,
    },
    columns: d.columns.map((c) => ({ ...c, ...certificationOf(c.extra) })),
    metrics: d.metrics.map((m) => ({ ...m, ...certificationOf(m.extra) })),
  };
}
