/**
 * A dataset as the chart data engine needs it (DatasetSource, app/server/query/types.server.ts):
 * its columns, saved metrics and database, read in one go after the access check, plus the
 * connection to run its queries on. A dataset that does not exist is a 404; one the user may not
 * see is a 403 (Superset's DATASOURCE_SECURITY_ACCESS_ERROR), as for every chart data call.
 */
import { readDatasetExtra } from '~/lib/stored-json/dataset-extra';
import { parseStoredObject } from '~/lib/safe-json';
import type { Dataset, SqlMetric, TableColumn } from '../../../db/index';
import type { CurrentUser } from '../auth/current-user.server';
import { QueryTypes } from 'sequelize';
import { models, store } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { connectionOf, type SqlLabDatabase } from '../sqllab/database.server';
import { DATASOURCE_TYPES, type DatasetSource, type DatasourceType, type GenericType, type SourceColumn, type SourceMetric } from '../query/types.server';
import { requireDatasetAccess } from './access.server';
import { loadQuerySource } from './query-source.server';

export interface LoadedSource {
  source: DatasetSource;
  /** Where its queries run. */
  connection: SqlLabDatabase;
}

export function isDatasourceType(type: string): type is DatasourceType {
  return (DATASOURCE_TYPES as readonly string[]).includes(type);
}


type ColumnRow = Pick<TableColumn, 'id' | 'column_name' | 'verbose_name' | 'type' | 'type_generic' | 'python_date_format' | 'expression' | 'advanced_data_type'> & {
  is_dttm: boolean | number;
  is_active: boolean | number;
  filterable: boolean | number;
  groupby: boolean | number;
};
type MetricRow = Pick<SqlMetric, 'id' | 'metric_name' | 'verbose_name' | 'expression' | 'd3format' | 'currency' | 'warning_text'>;

function sourceColumn(c: ColumnRow): SourceColumn {
  const generic = c.type_generic;
  return {
    id: Number(c.id),
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    type: c.type,
    type_generic: generic === 0 || generic === 1 || generic === 2 || generic === 3 ? (generic as GenericType) : null,
    is_dttm: Boolean(c.is_dttm),
    python_date_format: c.python_date_format,
    expression: c.expression && c.expression.trim() ? c.expression : null,
    filterable: Boolean(c.filterable),
    groupby: Boolean(c.groupby),
    advanced_data_type: c.advanced_data_type,
  };
}

function sourceMetric(m: MetricRow): SourceMetric {
  const currency = parseStoredObject(m.currency);
  return {
    id: Number(m.id),
    metric_name: m.metric_name,
    verbose_name: m.verbose_name,
    expression: m.expression,
    d3format: m.d3format,
    currency: typeof currency.symbol === 'string' ? { symbol: currency.symbol, symbolPosition: String(currency.symbolPosition ?? 'prefix') } : null,
    warning_text: m.warning_text,
  };
}

/** `columns` and `metrics` default to the dataset's loaded associations. */
export function toDatasetSource(
  dataset: Dataset,
  connection: SqlLabDatabase,
  parts: { columns: readonly ColumnRow[]; metrics: readonly MetricRow[] } = { columns: dataset.columns ?? [], metrics: dataset.metrics ?? [] },
): DatasetSource {
  const database = connection.record;
  return {
    id: dataset.id,
    uuid: dataset.uuid,
    table_name: dataset.table_name,
    schema: dataset.schema,
    sql: dataset.sql && dataset.sql.trim() ? dataset.sql : null,
    template_params: parseStoredObject(dataset.template_params),
    main_dttm_col: dataset.main_dttm_col,
    offset: dataset.offset ?? 0,
    fetch_values_predicate: dataset.fetch_values_predicate,
    always_filter_main_dttm: dataset.always_filter_main_dttm,
    normalize_columns: dataset.normalize_columns,
    cache_timeout: dataset.cache_timeout,
    disallow_adhoc_metrics: readDatasetExtra(dataset.extra).disallow_adhoc_metrics === true,
    columns: parts.columns.filter((c) => c.is_active).map(sourceColumn).sort((a, b) => a.id - b.id),
    metrics: parts.metrics.map(sourceMetric).sort((a, b) => a.id - b.id),
    database: { id: database.id, database_name: database.database_name, dialect: connection.engine.name, cache_timeout: database.cache_timeout },
  };
}

const COLUMN_FIELDS = 'id, column_name, verbose_name, type, type_generic, is_dttm, is_active, filterable, groupby, python_date_format, expression, advanced_data_type';
const METRIC_FIELDS = 'id, metric_name, verbose_name, expression, d3format, currency, warning_text';

/**
 * The dataset `id` with its columns, metrics and connection, after the access check. Every chart
 * data call starts here, so the three reads run side by side and the columns and metrics come as
 * plain rows (as Sequelize instances joined to the dataset they cost more than a cached answer).
 */
export async function loadDatasetSource(user: CurrentUser, ref: { id: number; type?: string }): Promise<LoadedSource> {
  if (ref.type === 'query') return loadQuerySource(user, ref.id);
  const { Dataset, Database } = models();
  const { sequelize } = store();
  const rows = <T extends object>(sql: string) => sequelize.query<T>(sql, { replacements: [ref.id], type: QueryTypes.SELECT });
  const [dataset, columns, metrics] = await Promise.all([
    Dataset.findByPk(ref.id, { include: [{ model: Database, as: 'database' }] }),
    rows<ColumnRow>(`SELECT ${COLUMN_FIELDS} FROM table_columns WHERE table_id = ?`),
    rows<MetricRow>(`SELECT ${METRIC_FIELDS} FROM sql_metrics WHERE table_id = ?`),
  ]);
  const database = dataset?.database;
  if (!dataset || !database) throw new NotFoundError(`There is no dataset with id ${ref.id}.`);
  requireDatasetAccess(user, { id: dataset.id, table_name: dataset.table_name, schema: dataset.schema, database });
  const connection = connectionOf(database);
  return { source: toDatasetSource(dataset, connection, { columns, metrics }), connection };
}
