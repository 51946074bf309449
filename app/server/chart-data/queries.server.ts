/**
 * One query object of a chart data request, answered as Superset's query context processor
 * answers it (query_actions.py): the dataset's columns or time grains without running anything;
 * otherwise the compiler's plan (RLS predicates in), its SQL only for `query`, and for the rest
 * the cached payload or the rows of a fresh run (time offsets joined on, post-processing
 * applied), stored for the next caller. Trusts the compiler for the SQL it writes; runs it only
 * through the read-only execution core.
 */
import { applyPostProcessing } from '~/lib/post-processing';
import type { Row } from '~/lib/post-processing/frame';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import type { SqlDialect } from '~/lib/sql/dialects';
import type { CurrentUser } from '../auth/current-user.server';
import { cacheGet, cacheSetInBackground, CacheUnreadableError } from '../cache/cache.server';
import type { LoadedSource } from '../datasets/source.server';
import { env } from '../env.server';
import { executeSql } from '../engines/execute.server';
import { expressionTypeProbeFor } from '../query/expression-type.server';
import { planQuery } from '../query/plan.server';
import { applyTimeOffsets } from '../query/time-offsets.server';
import type { AppliedFilter, DatasetSource, GenericType, QueryPlan, RejectedFilter, ResultFormat, ResultType } from '../query/types.server';
import { rlsPredicatesForSource } from '../rls/predicates.server';
import { cacheTimeoutFor, chartDataCacheKey } from './cache-policy.server';
import { chartQueryFailure } from './failures.server';
import { coltypesOf, toFrame } from './frame.server';

/** Superset's SUPERSET_WEBSERVER_TIMEOUT: a chart query may take a minute. */
const CHART_QUERY_TIMEOUT_MS = 60_000;

/** The rows part of a payload, as the formats write it. */
export interface QueryData {
  data: Row[];
  colnames: string[];
  coltypes: GenericType[];
  rowcount: number;
  sql_rowcount: number;
}

/** One query's answer with rows (full, samples, drill_detail, post_processed), as Superset's get_df_payload + _get_full. */
export interface DataPayload extends QueryData {
  cache_key: string;
  cached_dttm: string | null;
  cache_timeout: number;
  applied_template_filters: string[];
  annotation_data: Record<string, unknown>;
  error: null;
  is_cached: boolean;
  query: string;
  status: 'success';
  stacktrace: null;
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
  result_format: ResultFormat;
  applied_filters: AppliedFilter[];
  rejected_filters: RejectedFilter[];
}

/** What the cache keeps: the payload less what each answer fills in, and whose data it is. */
export interface CachedPayload {
  version: 1;
  datasource_id: number;
  /** 'query' for a SQL Lab query's answer; absent (a dataset) in entries written before queries could be charted. */
  datasource_type?: 'table' | 'query';
  /** When it was computed, as Superset's cached_dttm (UTC, no fraction). */
  dttm: string;
  /** The row-level security predicates it was computed under: only a caller under the same ones reads it by key. */
  rls: string[];
  payload: Omit<DataPayload, 'cache_key' | 'cached_dttm' | 'cache_timeout' | 'is_cached' | 'result_format'>;
}

export type QueryAnswer =
  | { kind: 'data'; payload: DataPayload }
  | { kind: 'results'; payload: QueryData }
  | { kind: 'query'; payload: { query: string; language: 'sql' } }
  | { kind: 'columns'; payload: { data: { column_name: string; verbose_name: string | null; dtype: string | null }[] } }
  | { kind: 'timegrains'; payload: { data: { name: string; function: string; duration: string | null }[] } };

export interface QueryInput {
  query: Record<string, unknown>;
  resultType: ResultType;
  resultFormat: ResultFormat;
  formData: Record<string, unknown> | null;
  force: boolean;
  customCacheTimeout: number | null | undefined;
  chartCacheTimeout: number | null | undefined;
  now: Date;
  signal?: AbortSignal;
  /** The dataset's row-level security for this user, when the caller read it once for several queries. */
  rls?: string[];
}

/** Superset's TimeGrain list of a database: "Original value" first, then every grain with its SQL. */
export function timeGrainsOf(dialect: SqlDialect) {
  return [
    { name: 'Original value', function: '{col}', duration: null },
    ...TIME_GRAINS.map((g) => ({ name: g.name, function: dialect.timeGrains[g.code], duration: g.code })),
  ];
}

export function isCachedPayload(value: unknown): value is CachedPayload {
  const v = value as Partial<CachedPayload> | null;
  return Boolean(v && v.version === 1 && typeof v.datasource_id === 'number' && typeof v.dttm === 'string' && Array.isArray(v.rls) && v.payload && Array.isArray(v.payload.data) && Array.isArray(v.payload.colnames));
}

/** The SQL a payload shows: the main query, then each time offset's. */
const shownSql = (plan: QueryPlan) => [plan.sql, ...plan.timeOffsets.map((o) => o.sql)].join(';\n\n');

async function run(loaded: LoadedSource, plan: QueryPlan, sql: string, signal: AbortSignal | undefined) {
  return executeSql({
    target: loaded.connection.target,
    sql,
    schema: loaded.source.schema,
    limit: plan.rowLimit > 0 ? plan.rowLimit : null,
    serverMaxRows: env().SQL_MAX_ROW,
    allowDml: false,
    timeoutMs: CHART_QUERY_TIMEOUT_MS,
    timeoutErrorType: 'BACKEND_TIMEOUT_ERROR',
    signal,
  });
}

async function compute(loaded: LoadedSource, plan: QueryPlan, rls: string[], signal: AbortSignal | undefined, now: Date): Promise<CachedPayload> {
  const source = loaded.source;
  const [main, ...shifted] = await Promise.all([plan.sql, ...plan.timeOffsets.map((o) => o.sql)].map((sql) => run(loaded, plan, sql, signal)));
  const converted = toFrame(main, plan.columns, source);
  let frame = converted.frame;
  if (plan.timeOffsets.length) {
    const offsets = plan.timeOffsets.map((o, i) => ({ offset: o.offset, frame: toFrame(shifted[i], plan.columns, source).frame }));
    frame = applyTimeOffsets(frame, offsets, plan);
  }
  frame = applyPostProcessing(frame, plan.postProcessing);
  return {
    version: 1,
    datasource_id: source.id,
    datasource_type: source.kind ?? 'table',
    dttm: now.toISOString().slice(0, 19),
    rls,
    payload: {
      applied_template_filters: plan.appliedTemplateFilters,
      annotation_data: {},
      error: null,
      query: shownSql(plan),
      status: 'success',
      stacktrace: null,
      rowcount: frame.rows.length,
      sql_rowcount: main.rowcount,
      from_dttm: plan.fromDttm,
      to_dttm: plan.toDttm,
      label_map: plan.labelMap,
      colnames: frame.columns,
      coltypes: coltypesOf(frame, converted.types),
      data: frame.rows,
      applied_filters: plan.appliedFilters,
      rejected_filters: plan.rejectedFilters,
    },
  };
}

/** The cached entry, or null when there is none (an unreadable one is recomputed and overwritten). */
async function readCached(key: string): Promise<CachedPayload | null> {
  try {
    const value = await cacheGet<unknown>(key);
    return isCachedPayload(value) ? value : null;
  } catch (error) {
    if (error instanceof CacheUnreadableError) return null;
    throw error;
  }
}

function columnsOf(source: DatasetSource): QueryAnswer {
  return { kind: 'columns', payload: { data: source.columns.map((c) => ({ column_name: c.column_name, verbose_name: c.verbose_name, dtype: c.type })) } };
}

/** One query object's answer; a query that fails throws its chart data failure (a 400). */
export async function answerQuery(user: CurrentUser, loaded: LoadedSource, input: QueryInput): Promise<QueryAnswer> {
  const { source } = loaded;
  if (input.resultType === 'columns') return columnsOf(source);
  if (input.resultType === 'timegrains') return { kind: 'timegrains', payload: { data: timeGrainsOf(loaded.connection.engine.dialect) } };
  try {
    const rls = input.rls ?? (await rlsPredicatesForSource(user, source));
    const probe = expressionTypeProbeFor(loaded, loaded.connection.target, { schema: source.schema, signal: input.signal });
    const plan = await planQuery({ user, dataset: source, query: input.query, resultType: input.resultType, formData: input.formData, rls, now: input.now }, { probe });
    if (input.resultType === 'query') return { kind: 'query', payload: { query: shownSql(plan), language: 'sql' } };

    const key = chartDataCacheKey(plan.cacheKeyBasis, source.id, input.resultType);
    const timeout = cacheTimeoutFor({ custom: input.customCacheTimeout, chart: input.chartCacheTimeout, source });
    const hit = !input.force && timeout > 0 ? await readCached(key) : null;
    const entry = hit ?? (await compute(loaded, plan, rls, input.signal, input.now));
    // Written after the answer; a cache that cannot take it costs the next caller a run, not this answer.
    if (!hit) cacheSetInBackground(key, entry, timeout);
    const payload: DataPayload = {
      cache_key: key,
      cached_dttm: hit ? hit.dttm : null,
      cache_timeout: timeout,
      ...entry.payload,
      is_cached: Boolean(hit),
      result_format: input.resultFormat,
    };
    if (input.resultType !== 'results') return { kind: 'data', payload };
    const { data, colnames, coltypes, rowcount, sql_rowcount } = payload;
    return { kind: 'results', payload: { data, colnames, coltypes, rowcount, sql_rowcount } };
  } catch (error) {
    throw chartQueryFailure(error);
  }
}
