/**
 * The chart data engine's contract: what a dataset looks like to the query compiler, what the
 * compiler makes of one query object, and what the request carries. The pieces meet here:
 * - app/server/datasets/source.server.ts loads a DatasetSource (after the access check);
 * - app/server/rls/ gives the row-level security predicates for a user and a dataset;
 * - app/server/query/ (this folder) validates a raw query object and compiles it (planQuery);
 * - app/server/chart-data/ runs plans, post-processes, caches and answers Superset's envelopes.
 * See docs/chart-data.md.
 */
import type { DialectName } from '~/lib/sql/dialects';
import type { PostProcessingStep } from '~/lib/post-processing';
import type { CurrentUser } from '../auth/current-user.server';

/** `datasource.type` values Superset sends; Sightline's datasets answer to all of them. */
export const DATASOURCE_TYPES = ['table', 'dataset', 'query', 'saved_query', 'view', 'sl_table'] as const;
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

export const RESULT_TYPES = ['full', 'samples', 'query', 'results', 'columns', 'drill_detail', 'post_processed', 'timegrains'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** Superset's GenericDataType, as `coltypes` and `type_generic` carry it. */
export const GenericType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericType = (typeof GenericType)[keyof typeof GenericType];

/** Superset's DEFAULT row limit for a query object without one (ROW_LIMIT). */
export const DEFAULT_ROW_LIMIT = 50_000;
/** Superset's SAMPLES_ROW_LIMIT. */
export const SAMPLES_ROW_LIMIT = 1_000;

export interface SourceColumn {
  id: number;
  column_name: string;
  verbose_name: string | null;
  /** The engine's type name (BIGINT, VARCHAR(255), TIMESTAMP …); null when unknown. */
  type: string | null;
  type_generic: GenericType | null;
  is_dttm: boolean;
  /** How a text or integer column holds dates: a strftime format, or 'epoch_s' / 'epoch_ms'. */
  python_date_format: string | null;
  /** A calculated column's SQL expression; null for a physical column. */
  expression: string | null;
  filterable: boolean;
  groupby: boolean;
  advanced_data_type: string | null;
}

export interface SourceMetric {
  id: number;
  metric_name: string;
  verbose_name: string | null;
  /** SQL over the dataset's columns, e.g. `COUNT(*)`, `SUM(num)`. */
  expression: string;
  d3format: string | null;
  currency: { symbol: string; symbolPosition: string } | null;
  warning_text: string | null;
}

/** A dataset as the compiler and the chart data service see it. Plain data: safe to cache and hash. */
export interface DatasetSource {
  /** A dataset (`table`) or a SQL Lab query charted as it is (`query`, Superset's query datasource). */
  kind?: 'table' | 'query';
  id: number;
  uuid: string;
  table_name: string;
  schema: string | null;
  /** A virtual dataset's SQL (a Jinja template, rendered per query); null for a physical table. */
  sql: string | null;
  /** The dataset's own template parameters (JSON object); the query's may add to them. */
  template_params: Record<string, unknown>;
  main_dttm_col: string | null;
  /** Hours added to datetimes read from this dataset. */
  offset: number;
  fetch_values_predicate: string | null;
  always_filter_main_dttm: boolean;
  normalize_columns: boolean;
  cache_timeout: number | null;
  /** The dataset's extra: `disallow_adhoc_metrics` refuses adhoc metrics. */
  disallow_adhoc_metrics: boolean;
  columns: SourceColumn[];
  metrics: SourceMetric[];
  database: {
    id: number;
    database_name: string;
    /** The engine, which is also the SQL dialect (app/lib/sql/dialects). */
    dialect: DialectName;
    cache_timeout: number | null;
  };
}

/** One column of a plan's result, in order. */
export interface PlannedColumn {
  /** The result column's name (colnames), e.g. `gender`, `SUM(num)`, `__timestamp`. */
  label: string;
  /** Whether values are datetimes: the service turns them into epoch milliseconds. */
  temporal: boolean;
  /** Whether the column is a metric (an aggregate), rather than a dimension. */
  metric: boolean;
}

export interface AppliedFilter { column: string }
export interface RejectedFilter { reason: 'not_in_datasource' | 'not_druid_datasource'; column: string }

/** What planQuery makes of one query object. */
export interface QueryPlan {
  /** The complete SELECT in the engine's dialect; every value bound or escaped by the dialect. */
  sql: string;
  columns: PlannedColumn[];
  /**
   * The same query with its time range shifted, one per `time_offsets` entry ('1 week ago' …);
   * applyTimeOffsets (compiler) joins their rows onto the main rows as `<metric>__<offset>`.
   */
  timeOffsets: { offset: string; sql: string }[];
  postProcessing: PostProcessingStep[];
  /** The x-axis (a BASE_AXIS column or __timestamp) and its grain: what applyTimeOffsets joins on; null without one. */
  axis: { label: string; grain: string | null } | null;
  rowLimit: number;
  rowOffset: number;
  appliedFilters: AppliedFilter[];
  rejectedFilters: RejectedFilter[];
  /** The time range's bounds in epoch ms (null when open). */
  fromDttm: number | null;
  toDttm: number | null;
  /** Superset's label_map: result label → the labels it came from. */
  labelMap: Record<string, string[]>;
  /** Applied template filters (Superset's applied_template_filters). */
  appliedTemplateFilters: string[];
  /**
   * Everything the result depends on besides the data, JSON-normalised (sorted keys, defaults
   * filled): the cache key hashes it, which includes the rendered SQL and hence RLS and any
   * user-dependent template values.
   */
  cacheKeyBasis: unknown;
}

export interface PlanInput {
  user: CurrentUser;
  dataset: DatasetSource;
  /** One query object of the request, as received (validated and normalised by planQuery). */
  query: unknown;
  /** The request's result type; a query object's own `result_type` wins. */
  resultType: ResultType;
  /** The request's form_data (url_params, and the legacy fields some clients only send there). */
  formData: Record<string, unknown> | null;
  /** Row-level security predicates to AND into the WHERE (Jinja allowed), from app/server/rls. */
  rls: string[];
  /** "Now" for relative time ranges: passed in so tests are exact. */
  now: Date;
}
