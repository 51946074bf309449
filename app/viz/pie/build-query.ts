/** The pie chart's query (Superset's Pie buildQuery): the base query, sorted by the metric when asked. */
import type { QueryContext } from '~/lib/chart-data/types';
import { buildQueryContext } from '../shared/query';
import type { PieFormData } from './types';

export function buildQuery(formData: PieFormData): QueryContext {
  const { metric, sort_by_metric } = formData;
  return buildQueryContext(formData, (base) => [{ ...base, ...(sort_by_metric && { orderby: [[metric as string, false]] }) }]);
}

export default buildQuery;
