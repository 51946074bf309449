/**
 * How chart data is cached, as Superset's query context does it: under `qc-` + a hash of what the
 * result depends on (the compiler's cacheKeyBasis, which holds the rendered SQL and so the RLS
 * predicates and user-dependent template values, plus the dataset and the result type), for the
 * first timeout set among the request's custom one, the chart's, the dataset's and the
 * database's, else CACHE_DEFAULT_TIMEOUT. A timeout of 0 means "the default", a negative one
 * "never cache" (Superset's CACHE_DISABLED_TIMEOUT is -1).
 */
import crypto from 'node:crypto';
import { env } from '../env.server';
import type { DatasetSource, ResultType } from '../query/types.server';

export const CHART_DATA_KEY_PREFIX = 'qc-';
export const CHART_DATA_KEY = /^qc-[0-9a-f]{64}$/;

/** JSON with every object's keys sorted, so equal values hash alike whatever order they were built in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) Object.defineProperty(sorted, key, { value: (v as Record<string, unknown>)[key], enumerable: true });
    return sorted;
  });
}

export function chartDataCacheKey(basis: unknown, datasourceId: number, resultType: ResultType): string {
  const hash = crypto.createHash('sha256').update(stableJson({ basis, datasource: datasourceId, result_type: resultType })).digest('hex');
  return `${CHART_DATA_KEY_PREFIX}${hash}`;
}

/** CACHE_DEFAULT_TIMEOUT from the environment (Superset's default: one day). */
export function defaultCacheTimeout(): number {
  return env().CACHE_DEFAULT_TIMEOUT;
}

export function cacheTimeoutFor(opts: {
  custom: number | null | undefined;
  chart: number | null | undefined;
  source: Pick<DatasetSource, 'cache_timeout' | 'database'>;
}): number {
  const chosen = [opts.custom, opts.chart, opts.source.cache_timeout, opts.source.database.cache_timeout].find((t) => t !== null && t !== undefined);
  return chosen ? chosen : defaultCacheTimeout();
}
