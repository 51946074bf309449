/**
 * One dataset as `GET /api/v1/dataset/{id}` answers it (Superset's DatasetRestApi.get, with its
 * columns and metrics in full and the fields Superset computes) and as the Explore page, SQL Lab
 * and the dataset editor read it. Needs can_read on Dataset and access to the dataset
 * (access.server.ts); a missing id is a 404. `q=(columns:!(…))` picks fields, dotted for nested
 * ones (`database.id`, `columns.column_name`), as Superset's clients ask.
 */
import { humanizeDelta } from '~/lib/humanize';
import type { DatasetShowQuery } from '~/lib/dataset-inputs';
import { limitOf } from '~/lib/sql/dialects/base';
import type { Dataset, User } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { findEngineForUri } from '../engines/registry.server';
import type { Engine } from '../engines/types.server';
import { PERSON_ATTRIBUTES, person, type PersonRef } from '../lists/people.server';
import { requireDatasetAccess } from './access.server';
import { readColumns, type ColumnDetail } from './columns.server';
import { columnFormats, currencyFormats, granularityChoices, orderByChoices, timeGrainChoices, verboseMap } from './datasource-data.server';
import { datasetKind, type DatasetKind } from './kind.server';
import { readMetrics, type Currency, type MetricDetail } from './metrics.server';
import { pickShowColumns } from '../lists/show-columns.server';

export type DatasetDetail = {
  id: number;
  uuid: string;
  uid: string;
  table_name: string;
  name: string;
  datasource_name: string;
  catalog: null;
  schema: string | null;
  sql: string | null;
  kind: DatasetKind;
  description: string | null;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  extra: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  offset: number;
  default_endpoint: string | null;
  is_sqllab_view: boolean;
  template_params: string | null;
  is_managed_externally: boolean;
  external_url: string | null;
  datasource_type: 'table';
  select_star: string;
  url: string;
  edit_url: string;
  explore_url: string;
  health_check_message: null;
  database: { id: number; database_name: string; backend: string | null; allow_multi_catalog: false };
  columns: ColumnDetail[];
  metrics: MetricDetail[];
  owners: PersonRef[];
  verbose_map: Record<string, string>;
  column_formats: Record<string, string>;
  currency_formats: Record<string, Currency>;
  order_by_choices: [string, string][];
  granularity_sqla: [string, string][];
  time_grain_sqla: [string, string][];
  changed_on: string;
  changed_on_humanized: string | null;
  changed_on_delta_humanized: string | null;
  created_on: string;
  created_on_humanized: string | null;
  created_by: PersonRef | null;
  changed_by: PersonRef | null;
};

const SELECT_STAR_LIMIT = 100;

function selectStar(dataset: Dataset, backend: Engine | null): string {
  const dialect = backend?.dialect;
  const from = dataset.sql
    ? `(\n${dataset.sql.trim().replace(/;\s*$/, '')}\n) AS virtual_table`
    : dialect ? dialect.qualifiedName(dataset.schema, dataset.table_name) : dataset.table_name;
  return `SELECT *\nFROM ${from}\n${limitOf(SELECT_STAR_LIMIT)}`;
}

/** The dataset with everything the pages and the API show, after the permission and access checks. */
export async function getDatasetDetail(user: CurrentUser, id: number): Promise<DatasetDetail> {
  requirePermission(user, 'can_read', 'Dataset');
  const { Dataset: Datasets, Database, User: Users } = models();
  const dataset = await Datasets.findByPk(id, {
    include: [
      { model: Database, as: 'database', attributes: ['id', 'database_name', 'sqlalchemy_uri'] },
      { model: Users, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } },
      { model: Users, as: 'created_by', attributes: PERSON_ATTRIBUTES },
      { model: Users, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    ],
  });
  const database = dataset?.database;
  if (!dataset || !database) throw new NotFoundError(`There is no dataset with id ${id}.`);
  requireDatasetAccess(user, { id: dataset.id, table_name: dataset.table_name, schema: dataset.schema, database });
  const engine = findEngineForUri(database.sqlalchemy_uri);
  const [columns, metrics] = await Promise.all([readColumns(dataset.id), readMetrics(dataset.id)]);
  const name = dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name;
  // The dataset editor page (app/routes/dataset.$id.edit), where Superset points at its legacy /tablemodelview/edit/.
  const url = `/dataset/${dataset.id}/edit`;
  return {
    id: dataset.id,
    uuid: dataset.uuid,
    uid: `${dataset.id}__table`,
    table_name: dataset.table_name,
    name,
    datasource_name: dataset.table_name,
    catalog: null,
    schema: dataset.schema,
    sql: dataset.sql,
    kind: datasetKind(dataset),
    description: dataset.description,
    main_dttm_col: dataset.main_dttm_col,
    cache_timeout: dataset.cache_timeout,
    extra: dataset.extra,
    filter_select_enabled: dataset.filter_select_enabled,
    fetch_values_predicate: dataset.fetch_values_predicate,
    normalize_columns: dataset.normalize_columns,
    always_filter_main_dttm: dataset.always_filter_main_dttm,
    offset: dataset.offset,
    default_endpoint: dataset.default_endpoint,
    is_sqllab_view: dataset.is_sqllab_view,
    template_params: dataset.template_params,
    is_managed_externally: dataset.is_managed_externally,
    external_url: dataset.external_url,
    datasource_type: 'table',
    select_star: selectStar(dataset, engine),
    url,
    edit_url: url,
    explore_url: `/explore/?datasource_type=table&datasource_id=${dataset.id}`,
    health_check_message: null,
    database: { id: database.id, database_name: database.database_name, backend: engine?.name ?? null, allow_multi_catalog: false },
    columns,
    metrics,
    owners: (dataset.owners ?? []).map((u: User) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name })),
    verbose_map: verboseMap(columns, metrics),
    column_formats: columnFormats(metrics),
    currency_formats: currencyFormats(metrics),
    order_by_choices: orderByChoices(columns),
    granularity_sqla: granularityChoices(columns),
    time_grain_sqla: timeGrainChoices(),
    changed_on: dataset.changed_on.toISOString(),
    changed_on_humanized: humanizeDelta(dataset.changed_on),
    changed_on_delta_humanized: humanizeDelta(dataset.changed_on),
    created_on: dataset.created_on.toISOString(),
    created_on_humanized: humanizeDelta(dataset.created_on),
    created_by: person(dataset.created_by),
    changed_by: person(dataset.changed_by),
  };
}

const PERSON_FIELDS = ['id', 'first_name', 'last_name'];
const COLUMN_FIELDS = [
  'id', 'uuid', 'column_name', 'verbose_name', 'description', 'type', 'type_generic', 'is_dttm', 'expression', 'filterable', 'groupby',
  'is_active', 'python_date_format', 'advanced_data_type', 'extra', 'created_on', 'changed_on',
];
const METRIC_FIELDS = [
  'id', 'uuid', 'metric_name', 'verbose_name', 'metric_type', 'expression', 'description', 'd3format', 'currency', 'warning_text', 'extra',
  'created_on', 'changed_on',
];

/** The nested objects and lists, with the fields a dotted name may pick inside them. */
const NESTED: Record<string, readonly string[]> = {
  database: ['id', 'database_name', 'backend', 'allow_multi_catalog'],
  owners: PERSON_FIELDS,
  created_by: PERSON_FIELDS,
  changed_by: PERSON_FIELDS,
  columns: COLUMN_FIELDS,
  metrics: METRIC_FIELDS,
};

const TOP_LEVEL = [
  'id', 'uuid', 'uid', 'table_name', 'name', 'datasource_name', 'catalog', 'schema', 'sql', 'kind', 'description', 'main_dttm_col',
  'cache_timeout', 'extra', 'filter_select_enabled', 'fetch_values_predicate', 'normalize_columns', 'always_filter_main_dttm', 'offset',
  'default_endpoint', 'is_sqllab_view', 'template_params', 'is_managed_externally', 'external_url', 'datasource_type', 'select_star', 'url',
  'edit_url', 'explore_url', 'health_check_message', 'database', 'columns', 'metrics', 'owners', 'verbose_map', 'column_formats',
  'currency_formats', 'order_by_choices', 'granularity_sqla', 'time_grain_sqla', 'changed_on', 'changed_on_humanized',
  'changed_on_delta_humanized', 'created_on', 'created_on_humanized', 'created_by', 'changed_by',
];

export const SHOW_COLUMNS: readonly string[] = TOP_LEVEL.flatMap((top) => (NESTED[top] ? [top, ...NESTED[top].map((f) => `${top}.${f}`)] : [top]));

export async function showDataset(user: CurrentUser, id: number, query: DatasetShowQuery): Promise<Record<string, unknown>> {
  const detail = await getDatasetDetail(user, id);
  return {
    id,
    result: query.columns?.length ? pickShowColumns(detail, query.columns, SHOW_COLUMNS) : detail,
    show_columns: SHOW_COLUMNS,
    show_title: 'Show Sqla Table',
  };
}
