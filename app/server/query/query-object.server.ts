/**
 * One query object of a chart data request, as Superset's frontend sends it (its plugins'
 * buildQuery output, saved query contexts of any age), validated and normalised: deprecated names
 * moved to the current ones (groupby → columns, granularity_sqla → granularity, timeseries_limit →
 * series_limit, top-level where/having → extras), defaults filled (row_limit, order_desc …), null
 * post-processing steps dropped. Keys Sightline does not know are ignored, never refused: a newer
 * frontend may send more. The shapes are Superset's (superset/charts/schemas.py, query_object.py).
 */
import { z } from 'zod';
import { PostProcessingStepSchema, type PostProcessingStep } from '~/lib/post-processing';
import { InvalidInputError } from '../domain-errors.server';
import { DEFAULT_ROW_LIMIT, RESULT_TYPES, SAMPLES_ROW_LIMIT, type ResultType } from './types.server';

/** Superset's SQL_MAX_ROW: a query object never asks for more rows than this. */
export const MAX_ROW_LIMIT = 100_000;

/** Superset's DTTM_ALIAS: the legacy time column of `is_timeseries` queries. */
export const DTTM_ALIAS = '__timestamp';

/** A whole number, also as text ("100"), as marshmallow's Integer takes it. */
const count = z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]);

export const AdhocColumnSchema = z.object({
  label: z.string().nullish(),
  sqlExpression: z.string(),
  columnType: z.string().nullish(),
  timeGrain: z.string().nullish(),
  expressionType: z.string().nullish(),
  isColumnReference: z.boolean().nullish(),
});
export type AdhocColumn = z.infer<typeof AdhocColumnSchema>;

export const ColumnRefSchema = z.union([z.string(), AdhocColumnSchema]);
export type ColumnRef = z.infer<typeof ColumnRefSchema>;

const MetricColumnSchema = z.object({ column_name: z.string() });

export const AdhocMetricSchema = z.object({
  expressionType: z.enum(['SIMPLE', 'SQL']),
  aggregate: z.string().nullish(),
  column: MetricColumnSchema.nullish(),
  sqlExpression: z.string().nullish(),
  label: z.string().nullish(),
  hasCustomLabel: z.boolean().nullish(),
});
export type AdhocMetric = z.infer<typeof AdhocMetricSchema>;

/** A saved metric's name; an adhoc metric; or the legacy `{label}` naming a saved metric. */
export const MetricRefSchema = z.union([
  z.string(),
  AdhocMetricSchema,
  z.object({ label: z.string() }).transform((m) => m.label),
]);
export type MetricRef = string | AdhocMetric;

export const FilterSchema = z.object({
  col: ColumnRefSchema.nullish(),
  op: z.string().nullish(),
  val: z.unknown().optional(),
  grain: z.string().nullish(),
  isExtra: z.boolean().nullish(),
});
export type QueryFilter = { col: ColumnRef; op: string; val: unknown; grain: string | null };

const OrderBySchema = z.tuple([z.union([z.string(), AdhocMetricSchema]), z.boolean()]);

const ExtrasSchema = z.object({
  where: z.string().nullish(),
  having: z.string().nullish(),
  time_grain_sqla: z.string().nullish(),
  relative_start: z.enum(['today', 'now']).nullish(),
  relative_end: z.enum(['today', 'now']).nullish(),
});

export const QueryObjectSchema = z.object({
  result_type: z.enum(RESULT_TYPES).nullish(),
  columns: z.array(ColumnRefSchema).nullish(),
  groupby: z.array(ColumnRefSchema).nullish(),
  metrics: z.array(MetricRefSchema).nullish(),
  filters: z.array(FilterSchema).nullish(),
  extras: ExtrasSchema.nullish(),
  where: z.string().nullish(),
  having: z.string().nullish(),
  granularity: z.string().nullish(),
  granularity_sqla: z.string().nullish(),
  time_range: z.string().nullish(),
  time_shift: z.string().nullish(),
  is_timeseries: z.boolean().nullish(),
  orderby: z.array(OrderBySchema).nullish(),
  order_desc: z.boolean().nullish(),
  row_limit: count.nullish(),
  row_offset: count.nullish(),
  series_columns: z.array(ColumnRefSchema).nullish(),
  series_limit: count.nullish(),
  timeseries_limit: count.nullish(),
  series_limit_metric: MetricRefSchema.nullish(),
  timeseries_limit_metric: MetricRefSchema.nullish(),
  time_offsets: z.array(z.string()).nullish(),
  // Superset drops falsy steps (null, {}); the rest must name an operation.
  post_processing: z
    .array(z.unknown())
    .transform((steps) => steps.filter((s) => s !== null && s !== undefined && !(typeof s === 'object' && Object.keys(s).length === 0)))
    .pipe(z.array(PostProcessingStepSchema))
    .nullish(),
  url_params: z.record(z.string(), z.unknown()).nullish(),
  template_params: z.record(z.string(), z.unknown()).nullish(),
  annotation_layers: z.array(z.unknown()).nullish(),
  apply_fetch_values_predicate: z.boolean().nullish(),
});

/** A query object with Superset's defaults filled and deprecated names resolved. */
export interface NormalizedQuery {
  resultType: ResultType;
  columns: ColumnRef[];
  /** null: not given (raw rows, no GROUP BY), as Superset tells `None` from `[]`. */
  metrics: MetricRef[] | null;
  filters: QueryFilter[];
  extras: { where: string | null; having: string | null; time_grain_sqla: string | null; relative_start: 'today' | 'now' | null; relative_end: 'today' | 'now' | null };
  granularity: string | null;
  timeRange: string | null;
  /** Superset's time_shift ("1 year ago"): moves the whole query's time range. */
  timeShift: string | null;
  isTimeseries: boolean;
  orderby: [string | AdhocMetric, boolean][];
  orderDesc: boolean;
  rowLimit: number;
  rowOffset: number;
  seriesColumns: ColumnRef[];
  seriesLimit: number;
  seriesLimitMetric: MetricRef | null;
  timeOffsets: string[];
  postProcessing: PostProcessingStep[];
  urlParams: Record<string, string>;
  templateParams: Record<string, unknown>;
  annotationLayers: unknown[];
  applyFetchValuesPredicate: boolean;
}

const describe = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');

export const columnLabel = (c: ColumnRef): string => (typeof c === 'string' ? c : c.label || c.sqlExpression);

function limitOf(value: number | null | undefined, fallback: number, what: string): number {
  if (value !== null && value !== undefined && value < 0) throw new InvalidInputError(`${what} must not be negative.`);
  // Superset: `row_limit or default`, so 0 is the default too; never above SQL_MAX_ROW.
  return Math.min(value || fallback, MAX_ROW_LIMIT);
}

export function normalizeQueryObject(raw: unknown, requestType: ResultType, formData: Record<string, unknown> | null): NormalizedQuery {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidInputError('A query must be a JSON object.');
  const parsed = QueryObjectSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidInputError(`The query is not valid: ${describe(parsed.error)}`);
  const q = parsed.data;
  const resultType = q.result_type ?? requestType;
  const extras = q.extras ?? {};
  const groupby = q.groupby ?? [];
  const columns = groupby.length > 0 ? groupby : (q.columns ?? []);
  const metrics = q.metrics ?? null;
  const isTimeseries = q.is_timeseries ?? columns.includes(DTTM_ALIAS);
  const seriesColumns = q.series_columns?.length ? q.series_columns : isTimeseries && metrics?.length ? columns : [];
  const seriesLimit = q.series_limit || (isTimeseries ? q.timeseries_limit : 0) || 0;
  if (seriesLimit < 0) throw new InvalidInputError('series_limit must not be negative.');
  const rowOffset = q.row_offset ?? 0;
  if (rowOffset < 0) throw new InvalidInputError('row_offset must not be negative.');
  // Superset's url_param reads the request's form_data; the query object's own (often `{}`, as
  // buildQuery sends it) only adds to it.
  const requestUrlParams = formData && formData.url_params && typeof formData.url_params === 'object' && !Array.isArray(formData.url_params) ? formData.url_params : {};
  const urlParamsSource = { ...requestUrlParams, ...q.url_params };
  const urlParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(urlParamsSource as Record<string, unknown>)) {
    if (v !== null && v !== undefined) urlParams[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  const filters: QueryFilter[] = [];
  // Superset skips a filter without a column or an operator.
  for (const f of q.filters ?? []) if (f.col && f.op) filters.push({ col: f.col, op: f.op.trim().toUpperCase(), val: f.val, grain: f.grain ?? null });
  return {
    resultType,
    columns,
    metrics,
    filters,
    extras: {
      where: extras.where || q.where || null,
      having: extras.having || q.having || null,
      time_grain_sqla: extras.time_grain_sqla || null,
      relative_start: extras.relative_start ?? null,
      relative_end: extras.relative_end ?? null,
    },
    granularity: q.granularity || q.granularity_sqla || null,
    timeRange: q.time_range ?? null,
    timeShift: q.time_shift || null,
    isTimeseries,
    orderby: q.orderby ?? [],
    orderDesc: q.order_desc ?? true,
    rowLimit: limitOf(q.row_limit, resultType === 'samples' ? SAMPLES_ROW_LIMIT : DEFAULT_ROW_LIMIT, 'row_limit'),
    rowOffset,
    seriesColumns,
    seriesLimit,
    seriesLimitMetric: q.series_limit_metric ?? q.timeseries_limit_metric ?? null,
    timeOffsets: q.time_offsets ?? [],
    postProcessing: (q.post_processing ?? []) as PostProcessingStep[],
    urlParams,
    templateParams: q.template_params ?? {},
    annotationLayers: q.annotation_layers ?? [],
    applyFetchValuesPredicate: q.apply_fetch_values_predicate ?? false,
  };
}
