import type { QueryContext, QueryMetric } from '~/lib/chart-data/types';
import { buildQueryContext } from '../shared/query';
import type { FormData } from '../types';

/** The metric by the groupby columns; largest first when sort_by_metric (Superset's Treemap buildQuery). */
export function buildQuery(formData: FormData): QueryContext {
  const { metric, sort_by_metric: sortByMetric } = formData;
  return buildQueryContext(formData, (base) => [{ ...base, ...(sortByMetric ? { orderby: [[metric as QueryMetric, false]] } : {}) }]);
}
