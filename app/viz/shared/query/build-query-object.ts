/** The query object every chart type starts from (Superset's buildQueryObject). */
import type { QueryMetric, QueryObject } from '~/lib/chart-data/types';
import { overrideExtraFormData } from './extra-form-data';
import { extractQueryFields } from './extract-query-fields';
import { extractExtras, processFilters } from './filters';
import type { AdhocFilter, ExtraFormData, QueryFieldAliases, QueryFormData } from './types';
import { isDefined, isQueryFormMetric } from './utils';

/**
 * Form data → the base query object: time range and granularity, filters (adhoc, legacy extra
 * filters and the extra form data's appended ones), extras (where, having, time grain), metrics,
 * columns and orderby from the form data keys, limits, order, url and custom params; then the
 * extra form data's overrides. Null fields become undefined so they are not sent.
 */
export function buildQueryObject(formData: QueryFormData, queryFields?: QueryFieldAliases): QueryObject {
  const {
    annotation_layers = [],
    extra_form_data,
    time_range,
    since,
    until,
    row_limit,
    row_offset,
    order_desc,
    limit,
    timeseries_limit_metric,
    granularity,
    url_params = {},
    custom_params = {},
    series_columns,
    series_limit,
    series_limit_metric,
    ...residualFormData
  } = formData;
  const {
    adhoc_filters: appendAdhocFilters = [],
    filters: appendFilters = [],
    custom_form_data = {},
    ...overrides
  } = (extra_form_data ?? {}) as ExtraFormData;

  const { metrics, columns, orderby } = extractQueryFields(residualFormData, queryFields);
  const extras = extractExtras(formData);
  const filtersAndClauses = processFilters({
    ...formData,
    ...extras,
    filters: [...extras.filters, ...appendFilters],
    adhoc_filters: [...((formData.adhoc_filters as AdhocFilter[] | undefined) ?? []), ...appendAdhocFilters],
  });

  const numericRowLimit = Number(row_limit);
  const numericRowOffset = Number(row_offset);
  const queryObject: QueryObject = {
    time_range: (time_range as string) || undefined,
    since: (since as string) || undefined,
    until: (until as string) || undefined,
    granularity: (granularity as string) || undefined,
    ...extras,
    ...filtersAndClauses,
    columns,
    metrics,
    orderby,
    annotation_layers: annotation_layers as unknown[],
    row_limit: row_limit == null || Number.isNaN(numericRowLimit) ? undefined : numericRowLimit,
    row_offset: row_offset == null || Number.isNaN(numericRowOffset) ? undefined : numericRowOffset,
    series_columns: series_columns as QueryObject['series_columns'],
    series_limit: (series_limit as number | undefined) ?? (isDefined(limit) ? Number(limit) : 0),
    series_limit_metric:
      (isQueryFormMetric(series_limit_metric) ? series_limit_metric : undefined) ??
      (timeseries_limit_metric as QueryMetric | undefined) ??
      undefined,
    order_desc: typeof order_desc === 'undefined' ? true : (order_desc as boolean),
    url_params: (url_params as Record<string, string>) || undefined,
    custom_params: custom_params as Record<string, unknown>,
  };
  return { ...overrideExtraFormData(queryObject, overrides), custom_form_data };
}
