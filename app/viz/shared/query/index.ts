/**
 * Superset's frontend query building (@superset-ui/core query, chart-controls operators), pure
 * and isomorphic: chart types' buildQuery functions build their query contexts with these.
 */
export { buildQueryContext, parseDatasourceKey } from './build-query-context';
export type { BuildFinalQueryObjects, BuildQueryContextOptions } from './build-query-context';
export { buildQueryObject } from './build-query-object';
export { extractQueryFields } from './extract-query-fields';
export type { QueryFields } from './extract-query-fields';
export { convertFilter, extractExtras, extractTimegrain, processFilters } from './filters';
export { mergeExtraFormData, overrideExtraFormData } from './extra-form-data';
export { normalizeOrderBy } from './normalize-order-by';
export { getXAxisColumn, getXAxisLabel, isXAxisSet, normalizeTimeColumn } from './x-axis';
export { getColumnLabel, getMetricLabel } from './labels';
export * from './constants';
export * from './utils';
export * from './operators';
export type * from './types';
