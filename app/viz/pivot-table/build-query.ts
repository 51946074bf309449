/**
 * The pivot table's buildQuery, as Superset's plugin-chart-pivot-table: one query grouped by the
 * column then the row group-bys (each once), a physical temporal one as a BASE_AXIS column with
 * the time grain, ordered by the series limit metric or else the first metric (descending when
 * order_desc). The pivot itself happens in the chart.
 */
import type { QueryColumn, QueryContext, QueryMetric } from '~/lib/chart-data/types';
import { buildQueryContext, ensureIsArray, isPhysicalColumn } from '../shared/query';
import type { PivotTableFormData } from './types';

export function buildQuery(formData: PivotTableFormData): QueryContext {
  const extraFormData = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
  const timeGrain = extraFormData?.time_grain_sqla || formData.time_grain_sqla;
  const lookup = formData.temporal_columns_lookup;
  // Superset dedupes by identity: the same name once, adhoc columns as given.
  const columns = [...new Set([...ensureIsArray(formData.groupbyColumns), ...ensureIsArray(formData.groupbyRows)])].map((col): QueryColumn => {
    if (isPhysicalColumn(col) && timeGrain && (lookup?.[col] || formData.granularity_sqla === col)) {
      return { timeGrain, columnType: 'BASE_AXIS', sqlExpression: col, label: col, expressionType: 'SQL' };
    }
    return col as QueryColumn;
  });
  return buildQueryContext(formData, (base) => {
    const { series_limit_metric: seriesLimitMetric, metrics, order_desc: orderDesc } = base;
    let orderby: [QueryMetric, boolean][] | undefined;
    if (seriesLimitMetric) orderby = [[seriesLimitMetric, !orderDesc]];
    else if (Array.isArray(metrics) && metrics[0]) orderby = [[metrics[0], !orderDesc]];
    return [{ ...base, orderby, columns }];
  });
}
