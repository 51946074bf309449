/**
 * The filter box's queries, as Superset's legacy FilterBoxViz runs them: one per filter column,
 * over the chart's own filters and time range, grouping by the column with the filter's metric
 * (none without one: the distinct values), ordered by the metric (else the column) ascending
 * unless the filter says otherwise, and at most FILTER_BOX_ROW_LIMIT choices. Ordering in SQL
 * (Superset sorts after the limit) keeps the first 1000 choices the ones the sort puts first.
 * The answers come back in filter_configs order (transformProps reads them so).
 */
import type { QueryContext, QueryObject } from '~/lib/chart-data/types';
import { buildQueryContext } from '../shared/query';
import type { AdhocFilter } from '../shared/query/types';
import type { FormData } from '../types';
import { FILTER_BOX_SELECTION_KEY } from './fields';
import { readFilterConfigs, type FilterConfig } from './filter-configs';

/** The choices a filter loads at most (spec dashboards.md section 9). */
export const FILTER_BOX_ROW_LIMIT = 1000;

/**
 * The form data without the page's current selection (never part of a query), whether given
 * directly or by the dashboard in extra_form_data.custom_form_data.
 */
function queryFormData(formData: FormData): FormData {
  const { [FILTER_BOX_SELECTION_KEY]: _selection, ...rest } = formData;
  const extra = rest.extra_form_data as { custom_form_data?: Record<string, unknown> } | undefined;
  if (extra && typeof extra === 'object' && extra.custom_form_data && FILTER_BOX_SELECTION_KEY in extra.custom_form_data) {
    const { [FILTER_BOX_SELECTION_KEY]: _dashboard, ...custom } = extra.custom_form_data;
    const { custom_form_data: _custom, ...others } = extra;
    rest.extra_form_data = Object.keys(custom).length > 0 ? { ...others, custom_form_data: custom } : others;
  }
  return rest as FormData;
}

function filterQuery(base: QueryObject, config: FilterConfig): QueryObject {
  return {
    ...base,
    columns: [config.column],
    metrics: config.metric ? [config.metric] : [],
    orderby: [[config.metric ?? config.column, config.asc]],
    row_limit: FILTER_BOX_ROW_LIMIT,
    series_columns: undefined,
    series_limit: 0,
    series_limit_metric: undefined,
    is_timeseries: false,
  };
}

/** One query per filter column of filter_configs (none without filters: the box shows only its time controls). */
export function buildQuery(formData: FormData): QueryContext {
  const configs = readFilterConfigs(formData.filter_configs);
  return buildQueryContext(queryFormData(formData), (base) => configs.map((config) => filterQuery(base, config)));
}

/** The ILIKE '%text%' filter of an options search on a column (spec dashboards.md section 5). */
export function searchFilter(column: string, text: string): AdhocFilter {
  return { expressionType: 'SIMPLE', clause: 'WHERE', subject: column, operator: 'ILIKE', comparator: `%${text}%` };
}

/**
 * The query context of a filter's options search ('Type or Select …' with searchAllOptions): the
 * filter's one query with the chart's own filters and an ILIKE '%text%' on the column (none for
 * empty text: the first choices again). Its answer reads like the first load's (optionsOf).
 */
export function buildOptionsSearchQuery(formData: FormData, column: string, text: string): QueryContext {
  const config = readFilterConfigs(formData.filter_configs).find((c) => c.column === column) ?? readFilterConfigs([{ column }])[0];
  const own = Array.isArray(formData.adhoc_filters) ? (formData.adhoc_filters as AdhocFilter[]) : [];
  const searched: FormData = { ...queryFormData(formData), adhoc_filters: text === '' ? own : [...own, searchFilter(column, text)] };
  return buildQueryContext(searched, (base) => [filterQuery(base, config)]);
}
