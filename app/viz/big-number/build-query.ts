/**
 * big_number: the metric over the temporal x-axis (pivoted, rolled, resampled, flattened), as
 * Superset's BigNumberWithTrendline; with aggregation 'raw' ("Overall value") a second query
 * asks for the metric over the whole period, since a ratio or a distinct count cannot be summed
 * from the points.
 */
import type { PostProcessingStep, QueryContext, QueryObject } from '~/lib/chart-data/types';
import { buildQueryContext, ensureIsArray, flattenOperator, getXAxisColumn, isXAxisSet, pivotOperator, resampleOperator, rollingWindowOperator } from '../shared/query';
import type { FormData } from '../types';

export function buildQuery(formData: FormData): QueryContext {
  const timeColumn = isXAxisSet(formData) ? ensureIsArray(getXAxisColumn(formData)) : [];
  return buildQueryContext(formData, (base) => {
    const queries: QueryObject[] = [
      {
        ...base,
        columns: [...timeColumn],
        ...(timeColumn.length ? {} : { is_timeseries: true }),
        post_processing: [
          pivotOperator(formData, base),
          rollingWindowOperator(formData, base),
          resampleOperator(formData, base),
          flattenOperator(formData, base),
        ].filter((step): step is PostProcessingStep => Boolean(step)),
      },
    ];
    if (formData.aggregation === 'raw') queries.push({ ...base, columns: [], is_timeseries: false, post_processing: [] });
    return queries;
  });
}
