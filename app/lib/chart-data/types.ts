/**
 * The chart data API's wire shapes as the browser and the viz types see them (Superset's
 * `QueryContext`, `QueryObject` and `ChartDataResponseResult`): what a viz type's buildQuery makes
 * and POSTs to /api/v1/chart/data, and what its transformProps reads back. The server validates
 * the same shapes with zod (app/server/query/query-object.server.ts); these are the loose,
 * JSON-level types both halves agree on. Field names are Superset's, snake_case included.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Superset's GenericDataType: the `coltypes` of an answer. */
export const GenericDataType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataType = (typeof GenericDataType)[keyof typeof GenericDataType];

/** A column of a query: its name, or an adhoc SQL column (the x-axis is one with columnType BASE_AXIS). */
export type QueryColumn = string | AdhocColumn;
export interface AdhocColumn {
  label?: string;
  sqlExpression: string;
  expressionType?: 'SQL';
  columnType?: 'BASE_AXIS' | 'SERIES';
  timeGrain?: string;
  isColumnReference?: boolean;
}

/** A metric: a saved metric's name, or an adhoc one (SIMPLE: aggregate over a column; SQL: an expression). */
export type QueryMetric = string | AdhocMetric;
export interface AdhocMetric {
  expressionType: 'SIMPLE' | 'SQL';
  aggregate?: string | null;
  column?: { column_name: string; [key: string]: unknown } | null;
  sqlExpression?: string | null;
  label?: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}

/** A simple filter of a query object (adhoc filters become these, or extras.where/having). */
export interface QueryFilter {
  col: QueryColumn;
  op: string;
  val?: unknown;
  grain?: string;
  isExtra?: boolean;
}

export interface PostProcessingStep {
  operation: string;
  options?: Record<string, unknown>;
}

export interface QueryObject {
  columns?: QueryColumn[];
  metrics?: QueryMetric[] | null;
  filters?: QueryFilter[];
  extras?: { where?: string; having?: string; time_grain_sqla?: string; relative_start?: string; relative_end?: string; [key: string]: unknown };
  orderby?: [QueryMetric | QueryColumn, boolean][];
  row_limit?: number;
  row_offset?: number;
  order_desc?: boolean;
  series_columns?: QueryColumn[];
  series_limit?: number;
  series_limit_metric?: QueryMetric;
  time_range?: string;
  granularity?: string;
  is_timeseries?: boolean;
  time_offsets?: string[];
  annotation_layers?: unknown[];
  post_processing?: (PostProcessingStep | null)[];
  url_params?: Record<string, string>;
  custom_params?: Record<string, unknown>;
  applied_time_extras?: Record<string, unknown>;
  result_type?: ResultType;
  [key: string]: unknown;
}

export type ResultType = 'full' | 'samples' | 'query' | 'results' | 'columns' | 'timegrains' | 'drill_detail' | 'post_processed';
export type ResultFormat = 'json' | 'csv' | 'xlsx';

export interface QueryContext {
  datasource: { id: number; type: string };
  force: boolean;
  queries: QueryObject[];
  form_data: Record<string, unknown>;
  result_format: ResultFormat;
  result_type: ResultType;
}

/** One query's answer as a chart reads it (Superset's ChartDataResponseResult; dates as epoch ms). */
export interface ChartDataResult {
  data: Record<string, unknown>[];
  colnames: string[];
  coltypes: GenericDataType[];
  rowcount: number;
  sql_rowcount?: number;
  query?: string;
  cache_key?: string | null;
  cached_dttm?: string | null;
  is_cached?: boolean;
  status?: string;
  error?: string | null;
  from_dttm?: number | null;
  to_dttm?: number | null;
  label_map?: Record<string, string[]>;
  annotation_data?: Record<string, unknown>;
  applied_filters?: { column: string }[];
  rejected_filters?: { column: string; reason: string }[];
}
