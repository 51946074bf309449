/** The query context a chart POSTs to /api/v1/chart/data (Superset's buildQueryContext). */
import type { QueryContext, QueryObject, ResultFormat, ResultType } from '~/lib/chart-data/types';
import { buildQueryObject } from './build-query-object';
import type { QueryFieldAliases, QueryFormData } from './types';
import { isXAxisSet, normalizeTimeColumn } from './x-axis';

export type BuildFinalQueryObjects = (baseQueryObject: QueryObject) => QueryObject[];

export interface BuildQueryContextOptions {
  queryFields?: QueryFieldAliases;
  buildQuery?: BuildFinalQueryObjects;
}

/** "<id>__<type>" → {id, type}: type is 'query' for a query datasource, 'table' otherwise. */
export function parseDatasourceKey(key: string | undefined): { id: number; type: string } {
  const [idText, typeText] = String(key ?? '').split('__');
  return { id: parseInt(idText, 10), type: typeText === 'query' ? 'query' : 'table' };
}

/**
 * Builds the base query object, lets the chart type turn it into its queries (one by default),
 * drops empty post-processing steps, marks the x-axis column as BASE_AXIS when x_axis is set,
 * and wraps them with the datasource, force, the form data and the result format and type.
 */
export function buildQueryContext(formData: QueryFormData, options?: BuildFinalQueryObjects | BuildQueryContextOptions): QueryContext {
  const { queryFields, buildQuery = (base: QueryObject) => [base] } =
    typeof options === 'function' ? { buildQuery: options, queryFields: {} } : (options ?? {});
  let queries = buildQuery(buildQueryObject(formData, queryFields)).map((query) =>
    Array.isArray(query.post_processing) ? { ...query, post_processing: query.post_processing.filter(Boolean) } : query,
  );
  if (isXAxisSet(formData)) queries = queries.map((query) => normalizeTimeColumn(formData, query));
  return {
    datasource: parseDatasourceKey(formData.datasource),
    force: (formData.force as boolean) || false,
    queries,
    form_data: formData,
    result_format: (formData.result_format as ResultFormat) || 'json',
    result_type: (formData.result_type as ResultType) || 'full',
  };
}
