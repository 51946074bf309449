/**
 * The table's buildQuery, as Superset's plugin-chart-table: aggregate mode orders by the sort
 * metric (or the first metric, descending), adds the percent metrics with a `contribution` step
 * (their columns renamed '%<metric>'), and puts a temporal group-by first as the BASE_AXIS column
 * with the time grain; raw mode never includes time. Server pagination adds row_limit/row_offset
 * from the page and a second query counting the rows (`is_rowcount`); `show_totals` adds a query
 * of the metrics alone for the summary row.
 */
import type { QueryColumn, QueryContext, QueryMetric, QueryObject } from '~/lib/chart-data/types';
import {
  buildQueryContext,
  ensureIsArray,
  getMetricLabel,
  isPhysicalColumn,
  isTimeComparison,
  removeDuplicates,
  timeCompareOperator,
  type QueryFormData,
} from '../shared/query';
import { getQueryMode } from './transform-props';
import type { TableFormData } from './types';

/** Server pagination's page: Superset's ownState (the chart frame passes it; form data's `own_state` as a fallback). */
export interface TableBuildQueryOptions {
  ownState?: { currentPage?: number; pageSize?: number };
}

export function buildQuery(formData: TableFormData, options?: TableBuildQueryOptions): QueryContext {
  const percentMetrics = formData.percent_metrics;
  const orderDesc = formData.order_desc ?? false;
  const queryMode = getQueryMode(formData);
  const sortByMetric = ensureIsArray(formData.timeseries_limit_metric as QueryMetric | QueryMetric[] | undefined)[0];
  const extraFormData = formData.extra_form_data as { time_grain_sqla?: string; interactive_groupby?: QueryColumn[] } | undefined;
  const timeGrain = extraFormData?.time_grain_sqla || formData.time_grain_sqla;
  const ownState = options?.ownState ?? (formData as { own_state?: TableBuildQueryOptions['ownState'] }).own_state ?? {};
  // Never include time in raw records mode.
  const formDataCopy: QueryFormData = queryMode === 'raw' ? { ...formData, include_time: false } : formData;

  return buildQueryContext(formDataCopy, (base) => {
    let { metrics, orderby = [], columns = [] } = base;
    const extras = { ...(base.extras ?? {}) };
    let postProcessing: QueryObject['post_processing'] = [];
    const timeCompare = ensureIsArray(formData.time_compare as string | string[] | undefined);
    const comparing = isTimeComparison(formData, base);
    let timeOffsets: string[] = [];
    if (comparing) {
      timeOffsets = timeCompare.filter((shift) => shift !== 'custom' && shift !== 'inherit');
      if (timeCompare.includes('custom')) timeOffsets = [...timeOffsets, formData.start_date_offset as string];
      if (timeCompare.includes('inherit')) timeOffsets = [...timeOffsets, 'inherit'];
    }

    let temporalColumn: QueryColumn | null = null;
    if (queryMode === 'aggregate') {
      metrics = metrics || [];
      // The sort metric orders the rows; else the first metric, descending whatever order_desc says.
      if (sortByMetric) orderby = [[sortByMetric, !orderDesc]];
      else if (metrics.length > 0) orderby = [[metrics[0], false]];

      if (percentMetrics && percentMetrics.length > 0) {
        const labels = (percentMetrics as QueryMetric[]).map(getMetricLabel);
        const withOffsets = comparing ? labels.flatMap((label) => [label, ...timeOffsets.map((offset) => `${label}__${offset}`)]) : labels;
        const percentLabels = removeDuplicates(withOffsets);
        metrics = removeDuplicates([...metrics, ...(percentMetrics as QueryMetric[])], getMetricLabel);
        postProcessing = [{ operation: 'contribution', options: { columns: percentLabels, rename_columns: percentLabels.map((x) => `%${x}`) } }];
      }
      if (timeOffsets.length) postProcessing.push(timeCompareOperator(formData, base) ?? null);

      // A physical temporal group-by with a time grain becomes the first, BASE_AXIS column.
      const lookup = formData.temporal_columns_lookup;
      columns = columns.filter((col) => {
        if (!temporalColumn && isPhysicalColumn(col) && timeGrain && lookup?.[col]) {
          temporalColumn = { timeGrain, columnType: 'BASE_AXIS', sqlExpression: col, label: col, expressionType: 'SQL' };
          return false;
        }
        return true;
      });
      if (temporalColumn) columns = [temporalColumn, ...columns];
    }

    const more: Partial<QueryObject> = {};
    if (formDataCopy.server_pagination) {
      more.row_limit = ownState.pageSize ?? (Number(formDataCopy.server_page_length) || 0);
      more.row_offset = (ownState.currentPage ?? 0) * (ownState.pageSize ?? 0);
    }
    // Without a temporal column the query has no use for a time grain.
    if (!temporalColumn) extras.time_grain_sqla = undefined;

    const queryObject: QueryObject = { ...base, columns, extras, orderby, metrics, post_processing: postProcessing, time_offsets: timeOffsets, ...more };

    const extraQueries: QueryObject[] = [];
    if (metrics?.length && formData.show_totals && queryMode === 'aggregate') {
      // The summary row: the metrics over every row (row limit 0), unordered.
      extraQueries.push({ ...queryObject, columns: [], row_limit: 0, row_offset: 0, post_processing: [], order_desc: undefined, orderby: undefined });
    }
    const interactiveGroupBy = extraFormData?.interactive_groupby;
    if (interactiveGroupBy && queryObject.columns) {
      queryObject.columns = [...new Set([...queryObject.columns, ...interactiveGroupBy])];
    }
    if (formData.server_pagination) {
      return [{ ...queryObject }, { ...queryObject, time_offsets: [], row_limit: 0, row_offset: 0, post_processing: [], is_rowcount: true }, ...extraQueries];
    }
    return [queryObject, ...extraQueries];
  });
}
