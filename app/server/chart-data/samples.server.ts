/**
 * A dataset's rows for Explore's panes, as Superset's datasource views answer them:
 * - `POST /datasource/samples`: a page of rows (every column, no metrics) and the total count.
 *   Without a body they are the dataset's samples (no time filter); with one (`filters`,
 *   `granularity`, `time_range`, `extras`), the drill-detail rows under a data point. Both
 *   queries go through the chart data engine, so RLS, caching and `force` apply.
 * - `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: a column's distinct values for
 *   a filter's dropdown, under the user's row-level security, cached like chart data.
 * Dataset access is checked by loadDatasetSource (404 unknown, 403 not granted).
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Cell } from '~/lib/post-processing/frame';
import type { CurrentUser } from '../auth/current-user.server';
import { cached } from '../cache/cache.server';
import { isDatasourceType, loadDatasetSource } from '../datasets/source.server';
import { InvalidInputError } from '../domain-errors.server';
import { env } from '../env.server';
import { executeSql } from '../engines/execute.server';
import { planColumnValues } from '../query/plan.server';
import { DATASOURCE_TYPES, SAMPLES_ROW_LIMIT } from '../query/types.server';
import { rlsPredicatesForSource } from '../rls/predicates.server';
import { defaultCacheTimeout } from './cache-policy.server';
import { chartQueryFailure } from './failures.server';
import { jsonCell } from './frame.server';
import { Booleanish, IdSchema, parseChartDataRequest } from './request.server';
import { answerQueries } from './service.server';

/** Superset's FILTER_SELECT_ROW_LIMIT. */
const FILTER_SELECT_ROW_LIMIT = 10_000;
const VALUES_QUERY_TIMEOUT_MS = 60_000;

export const SamplesParamsSchema = z.object({
  datasource_type: z.enum(DATASOURCE_TYPES, { error: `Must be one of: ${DATASOURCE_TYPES.join(', ')}.` }),
  datasource_id: IdSchema,
  force: Booleanish.optional().transform((v) => v === true),
  page: z.coerce.number({ error: 'Not a valid integer.' }).int('Not a valid integer.').min(1, 'Must be greater than or equal to 1.').default(1),
  per_page: z.coerce
    .number({ error: 'Not a valid integer.' })
    .int('Not a valid integer.')
    .min(1, 'Must be greater than or equal to 1.')
    .max(SAMPLES_ROW_LIMIT, `Must be less than or equal to ${SAMPLES_ROW_LIMIT}.`)
    .optional(),
});
export type SamplesParams = z.output<typeof SamplesParamsSchema>;

/** Superset's SamplesPayloadSchema: what narrows drill-detail rows. */
export const SamplesPayloadSchema = z.object({
  filters: z.array(z.record(z.string(), z.unknown())).optional(),
  granularity: z.string().nullish(),
  time_range: z.string().nullish(),
  extras: z.record(z.string(), z.unknown()).optional(),
});
export type SamplesPayload = z.output<typeof SamplesPayloadSchema>;

const COUNT_STAR = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'COUNT(*)' };

export async function datasetSamples(user: CurrentUser, params: SamplesParams, payload: SamplesPayload | null, signal?: AbortSignal) {
  const datasource = { id: params.datasource_id, type: params.datasource_type };
  const loaded = await loadDatasetSource(user, datasource);
  const perPage = params.per_page ?? SAMPLES_ROW_LIMIT;
  const page = { row_limit: perPage, row_offset: params.per_page ? (params.page - 1) * perPage : 0 };
  const base = payload ?? {};
  const now = new Date();
  const run = (query: Record<string, unknown>, resultType: 'samples' | 'drill_detail' | 'full') =>
    answerQueries(user, loaded, parseChartDataRequest({ datasource, queries: [query], result_type: resultType, force: params.force }), { signal, now });
  const [[count], [samples]] = await Promise.all([
    run({ ...base, metrics: [COUNT_STAR] }, 'full'),
    run({ ...base, ...page }, payload ? 'drill_detail' : 'samples'),
  ]);
  if (count.kind !== 'data' || samples.kind !== 'data') throw new InvalidInputError('Unexpected result type');
  const total = count.payload.data[0]?.['COUNT(*)'];
  return { result: { ...samples.payload, page: params.page, per_page: perPage, total_count: typeof total === 'number' ? total : Number(total ?? 0) } };
}

export interface ColumnValuesInput {
  type: string;
  id: number;
  column: string;
  force: boolean;
  signal?: AbortSignal;
}

export async function columnValues(user: CurrentUser, input: ColumnValuesInput): Promise<{ result: Cell[] }> {
  if (!isDatasourceType(input.type)) throw new InvalidInputError(`Invalid datasource type: ${input.type}`);
  const loaded = await loadDatasetSource(user, { id: input.id, type: input.type });
  const { source, connection } = loaded;
  const column = source.columns.find((c) => c.column_name === input.column);
  if (!column) throw new InvalidInputError(`Column name ${input.column} does not exist`);
  try {
    const rls = await rlsPredicatesForSource(user, source);
    const { sql } = await planColumnValues({ user, dataset: source, column: input.column, rls, now: new Date(), limit: FILTER_SELECT_ROW_LIMIT });
    // The SQL holds the RLS predicates: users who see the same rows share the entry.
    const key = `col_values:${crypto.createHash('sha256').update(JSON.stringify({ dataset: source.id, column: input.column, sql })).digest('hex')}`;
    const temporal = column.is_dttm || column.type_generic === 2;
    const values = await cached(
      key,
      source.cache_timeout || defaultCacheTimeout(),
      async () => {
        const result = await executeSql({
          target: connection.target,
          sql,
          schema: source.schema,
          limit: FILTER_SELECT_ROW_LIMIT,
          serverMaxRows: env().SQL_MAX_ROW,
          allowDml: false,
          timeoutMs: VALUES_QUERY_TIMEOUT_MS,
          timeoutErrorType: 'BACKEND_TIMEOUT_ERROR',
          signal: input.signal,
        });
        return result.rows.map((row) => jsonCell(row[0] ?? null, temporal || result.columns[0]?.type_generic === 'temporal'));
      },
      input.force,
    );
    return { result: values };
  } catch (error) {
    throw chartQueryFailure(error);
  }
}
