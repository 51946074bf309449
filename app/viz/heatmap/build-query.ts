/**
 * heatmap_v2: the metric by the x-axis column and the y-axis column, ordered by the axis sorts,
 * with a rank of each cell (within its x, its y, or the whole heatmap) for the normalized colours.
 * As Superset's Heatmap buildQuery.
 */
import type { QueryColumn, QueryContext, QueryMetric } from '~/lib/chart-data/types';
import { buildQueryContext, ensureIsArray, getColumnLabel, getMetricLabel, getXAxisColumn, rankOperator } from '../shared/query';
import type { FormData } from '../types';

export function buildQuery(formData: FormData): QueryContext {
  const { groupby, normalize_across: normalizeAcross, x_axis: xAxis } = formData;
  const sortX = String(formData.sort_x_axis ?? 'alpha_asc');
  const sortY = String(formData.sort_y_axis ?? 'alpha_asc');
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const columns = [...ensureIsArray(getXAxisColumn(formData)), ...ensureIsArray(groupby as QueryColumn | QueryColumn[])];
  const orderby: [QueryMetric | QueryColumn, boolean][] = [
    [sortX.includes('value') ? metric : columns[0], sortX.includes('asc')],
    [sortY.includes('value') ? metric : columns[1], sortY.includes('asc')],
  ];
  const groupBy =
    normalizeAcross === 'x'
      ? getColumnLabel(xAxis as QueryColumn)
      : normalizeAcross === 'y'
        ? getColumnLabel(ensureIsArray(groupby as QueryColumn | QueryColumn[])[0])
        : undefined;
  return buildQueryContext(formData, (base) => [
    {
      ...base,
      columns,
      orderby,
      post_processing: [rankOperator(formData, base, groupBy === undefined ? { metric } : { metric, group_by: groupBy })],
    },
  ]);
}
