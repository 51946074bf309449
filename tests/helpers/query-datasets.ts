/**
 * Small DatasetSource values for the query compiler's tests (app/server/query): a `sales` table
 * with every kind of column the compiler treats apart (text, numbers, a boolean, a timestamp, a
 * DATE, epoch seconds and milliseconds, an integer year with '%Y', a calculated column) and saved
 * metrics, on any dialect. The integration test creates the same table on the real engines.
 */
import type { DialectName } from '~/lib/sql/dialects';
import type { CurrentUser } from '~/server/auth/current-user.server';
import { GenericType, type DatasetSource, type SourceColumn, type SourceMetric } from '~/server/query/types.server';

let nextId = 1;

export function sourceColumn(column_name: string, type_generic: GenericType | null, over: Partial<SourceColumn> = {}): SourceColumn {
  return {
    id: nextId++,
    column_name,
    verbose_name: null,
    type: type_generic === GenericType.TEMPORAL ? 'TIMESTAMP' : type_generic === GenericType.NUMERIC ? 'BIGINT' : type_generic === GenericType.BOOLEAN ? 'BOOLEAN' : 'TEXT',
    type_generic,
    is_dttm: type_generic === GenericType.TEMPORAL,
    python_date_format: null,
    expression: null,
    filterable: true,
    groupby: true,
    advanced_data_type: null,
    ...over,
  };
}

export function sourceMetric(metric_name: string, expression: string): SourceMetric {
  return { id: nextId++, metric_name, verbose_name: null, expression, d3format: null, currency: null, warning_text: null };
}

/** The `sales` columns: what the integration test's table holds, plus a calculated column. */
export const SALES_COLUMNS = (): SourceColumn[] => [
  sourceColumn('ts', GenericType.TEMPORAL),
  sourceColumn('day', GenericType.TEMPORAL, { type: 'DATE' }),
  sourceColumn('region', GenericType.STRING),
  sourceColumn('product', GenericType.STRING, { verbose_name: 'Product name' }),
  sourceColumn('amount', GenericType.NUMERIC, { type: 'DOUBLE PRECISION' }),
  sourceColumn('units', GenericType.NUMERIC),
  sourceColumn('paid', GenericType.BOOLEAN),
  sourceColumn('epoch_s', GenericType.NUMERIC, { is_dttm: true, python_date_format: 'epoch_s' }),
  sourceColumn('epoch_ms', GenericType.NUMERIC, { is_dttm: true, python_date_format: 'epoch_ms' }),
  sourceColumn('yr', GenericType.NUMERIC, { is_dttm: true, python_date_format: '%Y' }),
  sourceColumn('big_sale', GenericType.STRING, { expression: "CASE WHEN amount >= 100 THEN 'big' ELSE 'small' END" }),
];

export function salesDataset(dialect: DialectName, over: Partial<DatasetSource> = {}): DatasetSource {
  return {
    id: 7,
    uuid: '00000000-0000-4000-8000-000000000007',
    table_name: 'sales',
    schema: null,
    sql: null,
    template_params: {},
    main_dttm_col: 'ts',
    offset: 0,
    fetch_values_predicate: null,
    always_filter_main_dttm: false,
    normalize_columns: false,
    cache_timeout: null,
    disallow_adhoc_metrics: false,
    columns: SALES_COLUMNS(),
    metrics: [sourceMetric('count', 'COUNT(*)'), sourceMetric('total', 'SUM(amount)')],
    database: { id: 3, database_name: 'warehouse', dialect, cache_timeout: null },
    ...over,
  };
}

export const TEST_USER: CurrentUser = {
  id: 42,
  username: 'ann',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  theme: 'system',
  roles: {},
  authenticatedBy: 'cookie',
};

/** "Now" for relative time ranges in these tests. */
export const TEST_NOW = new Date('2024-06-15T12:00:00Z');
