/**
 * The chart data service: a parsed chart data request (request.server.ts) in, Superset's answer
 * out, `{result: [one payload per query]}` as JSON, or the rows as a CSV or XLSX file (a ZIP for
 * several queries). Checks: dataset access for every request (loadDatasetSource: 404 unknown,
 * 403 not granted), `can_csv` on Superset for files. The caller (a route) checked `can_read` on
 * Chart. Also answers a cached payload by its key, for `GET /api/v1/chart/data/{cache_key}`.
 */
import { applyClientProcessing, applyClientProcessingJson, type ClientProcessingOptions } from '~/lib/post-processing/client-processing';
import { readChartParams } from '~/lib/stored-json/chart-params';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { cacheGet, CacheUnreadableError } from '../cache/cache.server';
import { models } from '../db.server';
import { loadDatasetSource, type LoadedSource } from '../datasets/source.server';
import { NotFoundError, UnprocessableError } from '../domain-errors.server';
import type { TypeGeneric } from '../engines/types.server';
import { GenericType, type DatasetSource, type ResultFormat } from '../query/types.server';
import { rlsPredicatesForSource } from '../rls/predicates.server';
import { CHART_DATA_KEY, cacheTimeoutFor, stableJson } from './cache-policy.server';
import type { TableData } from './csv.server';
import { exportBaseName, exportFile, verboseMap, type ExportFile } from './export.server';
import { annotationDataFor } from './annotations.server';
import { chartQueryFailure } from './failures.server';
import { coltypesOf } from './frame.server';
import { answerQuery, isCachedPayload, type DataPayload, type QueryAnswer } from './queries.server';
import { formDataId, resultTypeOf, type ChartDataRequest } from './request.server';

export interface ChartRef {
  id: number;
  slice_name: string;
  viz_type: string;
  cache_timeout: number | null;
}

export type ChartDataAnswer = { kind: 'json'; body: unknown } | ({ kind: 'file' } & ExportFile);

export interface ChartDataOptions {
  /** The chart asked about (`GET /api/v1/chart/{id}/data`); else the request's form_data.slice_id names it. */
  chart?: ChartRef | null;
  /** The dataset, when the caller loaded it already (and so checked access its own way). */
  loaded?: LoadedSource;
  /** The query string's form_data.slice_id, when the body's form data has none. */
  sliceId?: number | null;
  signal?: AbortSignal;
  now?: Date;
}

export async function findChartRef(id: number | null): Promise<ChartRef | null> {
  if (id === null) return null;
  const chart = await models().Chart.findByPk(id, { attributes: ['id', 'slice_name', 'viz_type', 'cache_timeout'] });
  return chart ? { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type, cache_timeout: chart.cache_timeout } : null;
}

/** Every query object's answer, in order. */
export async function answerQueries(user: CurrentUser, loaded: LoadedSource, request: ChartDataRequest, opts: ChartDataOptions = {}): Promise<QueryAnswer[]> {
  const chart = opts.chart ?? (await findChartRef(formDataId(request.form_data, 'slice_id') ?? opts.sliceId ?? null));
  const now = opts.now ?? new Date();
  // One read of the dataset's row-level security for all the request's queries.
  const rls = await rlsPredicatesForSource(user, loaded.source);
  return Promise.all(
    request.queries.map(async (query) => {
      const resultType = resultTypeOf(query, request.result_type);
      const answer = await answerQuery(user, loaded, {
        query,
        resultType,
        resultFormat: request.result_format,
        formData: request.form_data ?? null,
        force: request.force,
        customCacheTimeout: request.custom_cache_timeout,
        chartCacheTimeout: chart?.cache_timeout,
        now,
        signal: opts.signal,
        rls,
      });
      // Annotations are read fresh on every answer (the cache keeps the query's rows only); a
      // chart-sourced layer's rows go through that chart's own cache.
      if (answer.kind === 'data' && (resultType === 'full' || resultType === 'post_processed')) {
        answer.payload.annotation_data = await annotationDataFor(user, query, { force: request.force, now, signal: opts.signal });
      }
      return answer;
    }),
  );
}

/** A payload's rows as a table for the files; one without rows (a `query` answer) has none. */
function tableOf(answer: QueryAnswer): TableData | null {
  if (answer.kind === 'data' || answer.kind === 'results') return answer.payload;
  if (answer.kind === 'query') return null;
  const data = answer.payload.data as unknown as TableData['data'];
  const colnames = data.length ? Object.keys(data[0]) : [];
  return { data, colnames, coltypes: colnames.map(() => 1 as GenericType) };
}

const TYPE_GENERIC: Record<GenericType, TypeGeneric> = { [GenericType.NUMERIC]: 'numeric', [GenericType.STRING]: 'string', [GenericType.TEMPORAL]: 'temporal', [GenericType.BOOLEAN]: 'boolean' };

/** The form data client processing reads, as Superset's: a saved chart's params, else the request's. */
async function clientFormData(request: ChartDataRequest, chart: ChartRef | null | undefined): Promise<Record<string, unknown>> {
  if (!chart) return request.form_data ?? {};
  const saved = await models().Chart.findByPk(chart.id, { attributes: ['params'] });
  return readChartParams(saved?.params);
}

/**
 * `post_processed`: a payload's rows shaped as the chart shows them (Superset's
 * apply_client_processing, app/lib/post-processing/client-processing.ts), after the cache, which
 * keeps the query's own rows. JSON answers Superset's shape (data by column then row label,
 * numbers formatted, colnames, indexnames, coltypes); the files get the shaped table, unformatted.
 */
function clientProcessed(answer: QueryAnswer, formData: Record<string, unknown>, source: DatasetSource, format: ResultFormat): QueryAnswer {
  if (answer.kind !== 'data') return answer;
  const { payload } = answer;
  const verbose = verboseMap(source);
  const temporal = payload.colnames.filter((_, i) => payload.coltypes[i] === GenericType.TEMPORAL);
  const options: ClientProcessingOptions = {
    verboseName: verbose,
    temporalColumns: temporal,
    metricFormats: Object.fromEntries(source.metrics.map((m) => [m.metric_name, m.d3format])),
    metricCurrencies: Object.fromEntries(source.metrics.map((m) => [m.metric_name, m.currency])),
  };
  const frameIn = { columns: payload.colnames, rows: payload.data };
  try {
    if (format === 'json') {
      const json = applyClientProcessingJson(frameIn, formData, options);
      // Superset's JSON data is pandas' to_dict (columns of {row label: value}), not records.
      return json ? { kind: 'data', payload: { ...payload, ...json } as unknown as DataPayload } : answer;
    }
    const frame = applyClientProcessing(frameIn, formData, options);
    if (frame.rows === payload.data) return answer;
    const types = { temporal: new Set(temporal.map(verbose)), engine: new Map(payload.colnames.map((name, i) => [verbose(name), TYPE_GENERIC[payload.coltypes[i]]])) };
    return { kind: 'data', payload: { ...payload, data: frame.rows, colnames: frame.columns, coltypes: coltypesOf(frame, types), rowcount: frame.rows.length } };
  } catch (error) {
    throw chartQueryFailure(error);
  }
}

export async function chartData(user: CurrentUser, request: ChartDataRequest, opts: ChartDataOptions = {}): Promise<ChartDataAnswer> {
  if (request.result_format !== 'json') requirePermission(user, 'can_csv', 'Superset');
  const loaded = opts.loaded ?? (await loadDatasetSource(user, request.datasource));
  let answers = await answerQueries(user, loaded, request, opts);
  if (request.result_type === 'post_processed') {
    const chartForm = await clientFormData(request, opts.chart);
    answers = answers.map((answer) => clientProcessed(answer, chartForm, loaded.source, request.result_format));
  }
  if (request.result_format === 'json') return { kind: 'json', body: { result: answers.map((a) => a.payload) } };
  const tables = answers.map(tableOf).filter((t): t is TableData => t !== null);
  const formData = request.form_data ?? {};
  const name = [formData.slice_name, opts.chart?.slice_name, formData.viz_type].find((n): n is string => typeof n === 'string' && n.trim() !== '');
  return { kind: 'file', ...exportFile(tables, request.result_format, verboseMap(loaded.source), exportBaseName(name)) };
}

/**
 * `GET /api/v1/chart/data/{cache_key}`: a cached payload, for a user who may see its dataset under
 * the same row-level security it was computed with (else it is not there for them: 404).
 */
export async function chartDataFromCache(user: CurrentUser, key: string): Promise<{ result: DataPayload[] }> {
  if (!CHART_DATA_KEY.test(key)) throw new NotFoundError('Cached data not found');
  let entry: unknown;
  try {
    entry = await cacheGet<unknown>(key);
  } catch (error) {
    if (error instanceof CacheUnreadableError) throw new UnprocessableError('Error loading data from cache');
    throw error;
  }
  if (entry === undefined) throw new NotFoundError('Cached data not found');
  if (!isCachedPayload(entry)) throw new UnprocessableError('Error loading data from cache');
  const { source } = await loadDatasetSource(user, { id: entry.datasource_id, type: entry.datasource_type ?? 'table' });
  // Rows computed under other row-level security are not this user's to read, whoever leaked the key.
  if (stableJson(await rlsPredicatesForSource(user, source)) !== stableJson(entry.rls)) throw new NotFoundError('Cached data not found');
  const payload: DataPayload = {
    cache_key: key,
    cached_dttm: entry.dttm,
    cache_timeout: cacheTimeoutFor({ custom: null, chart: null, source }),
    ...entry.payload,
    is_cached: true,
    result_format: 'json',
  };
  return { result: [payload] };
}
