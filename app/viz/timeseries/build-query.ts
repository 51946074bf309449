/**
 * The query of a time-series chart (Superset's Timeseries buildQuery): the x-axis column as the
 * BASE_AXIS at the chart's time grain, the group-by columns as series (with the series limit and
 * its metric), time offsets for time comparison, and the post-processing chain the chart data
 * engine runs on the rows: pivot (one column per metric × series), rolling window, time
 * comparison, resample, rename, contribution, sort, flatten.
 */
import type { PostProcessingStep, QueryContext } from '~/lib/chart-data/types';
import {
  buildQueryContext,
  contributionOperator,
  ensureIsArray,
  extractExtraMetrics,
  flattenOperator,
  getXAxisColumn,
  isTimeComparison,
  isXAxisSet,
  normalizeOrderBy,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  timeCompareOperator,
  timeComparePivotOperator,
} from '../shared/query';
import type { QueryColumn } from '../shared/query';
import type { FormData } from '../types';

export default function buildQuery(formData: FormData): QueryContext {
  const groupby = formData.groupby as QueryColumn[] | undefined;
  return buildQueryContext(formData, (base) => {
    // The series limit metric is queried too when the x-axis is sorted by it.
    const extraMetrics = extractExtraMetrics(formData);
    const timeComparison = isTimeComparison(formData, base);
    const pivot = timeComparison ? timeComparePivotOperator(formData, base) : pivotOperator(formData, base);
    const xAxis = isXAxisSet(formData) ? getXAxisColumn(formData) : undefined;
    const columns = [...ensureIsArray(xAxis), ...ensureIsArray(groupby)];
    const timeOffsets = timeComparison ? ensureIsArray(formData.time_compare as string | string[]) : [];
    return [
      {
        ...base,
        metrics: [...(base.metrics || []), ...extraMetrics],
        columns,
        series_columns: groupby,
        ...(isXAxisSet(formData) ? {} : { is_timeseries: true }),
        orderby: normalizeOrderBy(base).orderby,
        time_offsets: timeOffsets,
        // Pivot first: rolling, time comparison and resample work on the pivoted frame; flatten
        // turns its multi-level columns into 'metric, series' names.
        post_processing: [
          pivot,
          rollingWindowOperator(formData, base),
          timeCompareOperator(formData, base),
          resampleOperator(formData, base),
          renameOperator(formData, base),
          contributionOperator(formData, base, timeOffsets),
          sortOperator(formData, base),
          flattenOperator(formData, base),
        ].filter((step): step is PostProcessingStep => Boolean(step)),
      },
    ];
  });
}
