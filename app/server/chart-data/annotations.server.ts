/**
 * A query's `annotation_data`, as Superset's QueryContextProcessor.get_annotation_data answers
 * it. For each of the query's `annotation_layers`:
 * - `sourceType: 'NATIVE'` (value: a layer id): the layer's annotations as
 *   `{columns: [start_dttm, end_dttm, short_descr, long_descr, json_metadata], records}`,
 *   dates as epoch milliseconds, as Superset serialises them;
 * - `sourceType: 'line' | 'table'` (value: a chart id): `{records}`, the rows of the chart's
 *   saved query context (its first query), with the layer's `overrides` of time_grain_sqla and
 *   time_range, as Superset's get_viz_annotation_data;
 * - anything else (formulas, or interval and event layers without a source) is the browser's
 *   to compute and is left out.
 * Trusts nothing in the layer entries: ids are checked, and a chart layer runs only for a user who
 * may read the chart's dataset, through the same access check and query engine as any chart.
 * Reading native annotations takes no Annotation permission, as in Superset: whoever may read
 * the chart sees what is drawn on it. A missing layer, a missing or unreadable chart, or a
 * failing chart query is a 400 naming the layer, never a 500.
 */
import { isJsonObject } from '~/lib/safe-json';
import { readChartQueryContext } from '~/lib/stored-json/chart-query-context';
import type { CurrentUser } from '../auth/current-user.server';
import { loadDatasetSource } from '../datasets/source.server';
import { models } from '../db.server';
import { DomainError, ForbiddenError, InvalidInputError, NotFoundError } from '../domain-errors.server';
import { SqlLabError } from '../sqllab/errors.server';
import { answerQuery } from './queries.server';
import { parseChartDataRequest, resultTypeOf } from './request.server';

/** Superset's native annotation columns, in its order. */
export const NATIVE_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'] as const;

type NativeRecord = { start_dttm: number; end_dttm: number; short_descr: string; long_descr: string | null; json_metadata: string | null };
export type NativeAnnotationData = { columns: string[]; records: NativeRecord[] };
export type ChartAnnotationData = { records: Record<string, unknown>[] };

export interface AnnotationOptions {
  force: boolean;
  now: Date;
  signal?: AbortSignal;
}

type LayerRef = { name: string; sourceType: string; value: unknown; overrides: Record<string, unknown> };

/** The entries that name a source; Superset drops FORMULA layers before anything else. */
function layerRefs(query: Record<string, unknown>): LayerRef[] {
  const raw = query.annotation_layers;
  if (!Array.isArray(raw)) return [];
  const refs: LayerRef[] = [];
  for (const entry of raw) {
    if (!isJsonObject(entry) || entry.annotationType === 'FORMULA') continue;
    const sourceType = typeof entry.sourceType === 'string' ? entry.sourceType : '';
    if (sourceType !== 'NATIVE' && sourceType !== 'line' && sourceType !== 'table') continue;
    const name = typeof entry.name === 'string' ? entry.name : String(entry.value ?? '');
    refs.push({ name, sourceType, value: entry.value, overrides: isJsonObject(entry.overrides) ? entry.overrides : {} });
  }
  return refs;
}

/** A layer's `value` as an id (a number, or its text as the frontend sometimes sends it). */
function idOf(ref: LayerRef, what: string): number {
  const value = typeof ref.value === 'string' && /^\d{1,15}$/.test(ref.value) ? Number(ref.value) : ref.value;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidInputError(`Annotation layer '${ref.name}' does not name a ${what}: its value must be the ${what}'s id.`);
  }
  return value;
}

async function nativeData(refs: LayerRef[]): Promise<Record<string, NativeAnnotationData>> {
  if (refs.length === 0) return {};
  const ids = refs.map((ref) => idOf(ref, 'annotation layer'));
  const { AnnotationLayer, Annotation } = models();
  const [layers, annotations] = await Promise.all([
    AnnotationLayer.findAll({ attributes: ['id'], where: { id: ids } }),
    Annotation.findAll({ where: { layer_id: ids }, order: [['start_dttm', 'ASC'], ['id', 'ASC']] }),
  ]);
  const known = new Set(layers.map((l) => l.id));
  const out: Record<string, NativeAnnotationData> = {};
  refs.forEach((ref, i) => {
    if (!known.has(ids[i])) throw new InvalidInputError(`Annotation layer '${ref.name}' (id ${ids[i]}) was not found.`);
    const records = annotations
      .filter((a) => a.get('layer_id') === ids[i])
      .map((a) => ({
        start_dttm: a.start_dttm.getTime(),
        end_dttm: a.end_dttm.getTime(),
        short_descr: a.short_descr,
        long_descr: a.long_descr,
        json_metadata: a.json_metadata,
      }));
    out[ref.name] = { columns: [...NATIVE_COLUMNS], records };
  });
  return out;
}

/** A query object with the layer's overrides: Superset's time_grain_sqla and time_range, when given. */
function overridden(query: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const next = { ...query };
  const grain = overrides.time_grain_sqla;
  if (typeof grain === 'string' && grain) next.extras = { ...(isJsonObject(query.extras) ? query.extras : {}), time_grain_sqla: grain };
  const range = overrides.time_range;
  if (typeof range === 'string' && range) {
    next.time_range = range;
    // Current charts carry their range in a TEMPORAL_RANGE filter rather than time_range.
    if (Array.isArray(query.filters)) {
      next.filters = query.filters.map((f) => (isJsonObject(f) && f.op === 'TEMPORAL_RANGE' ? { ...f, val: range } : f));
    }
  }
  return next;
}

async function chartData(user: CurrentUser, ref: LayerRef, opts: AnnotationOptions): Promise<ChartAnnotationData> {
  const id = idOf(ref, 'chart');
  const notFound = () => new InvalidInputError(`Chart with ID ${id} (referenced by annotation layer '${ref.name}') was not found. Please verify that the chart exists and is accessible.`);
  const chart = await models().Chart.findByPk(id, { attributes: ['id', 'query_context', 'cache_timeout'] });
  if (!chart) throw notFound();
  const context = readChartQueryContext(chart.query_context);
  if (!context.datasource || context.queries.length === 0) {
    throw new InvalidInputError(`The query context for chart ID ${id} (referenced by annotation layer '${ref.name}') was not found. Please save the chart again.`);
  }
  const failed = (error: unknown) =>
    error instanceof DomainError || error instanceof SqlLabError
      ? new InvalidInputError(`Annotation layer '${ref.name}' (chart ${id}) failed: ${error.message}`)
      : error;
  let request;
  try {
    request = parseChartDataRequest({ ...context, result_format: 'json', result_type: 'full', force: opts.force });
  } catch (error) {
    throw failed(error);
  }
  // A chart whose dataset the user may not read is answered as one that does not exist.
  const loaded = await loadDatasetSource(user, request.datasource).catch((error: unknown) => {
    throw error instanceof ForbiddenError || error instanceof NotFoundError ? notFound() : error;
  });
  const query = overridden(request.queries[0], ref.overrides);
  try {
    const answer = await answerQuery(user, loaded, {
      query,
      resultType: resultTypeOf(query, 'full'),
      resultFormat: 'json',
      formData: request.form_data ?? null,
      force: opts.force,
      customCacheTimeout: request.custom_cache_timeout,
      chartCacheTimeout: chart.cache_timeout,
      now: opts.now,
      signal: opts.signal,
    });
    return { records: answer.kind === 'data' || answer.kind === 'results' ? answer.payload.data : [] };
  } catch (error) {
    throw failed(error);
  }
}

/** `annotation_data` of one query object: `{}` when it has no layer the server answers. */
export async function annotationDataFor(user: CurrentUser, query: Record<string, unknown>, opts: AnnotationOptions): Promise<Record<string, unknown>> {
  const refs = layerRefs(query);
  if (refs.length === 0) return {};
  const out: Record<string, unknown> = await nativeData(refs.filter((r) => r.sourceType === 'NATIVE'));
  for (const ref of refs) {
    if (ref.sourceType !== 'NATIVE') out[ref.name] = await chartData(user, ref, opts);
  }
  return out;
}
