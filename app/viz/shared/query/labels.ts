/** The labels of metrics and columns: the names their values carry in an answer (Superset's). */
import type { QueryColumn, QueryMetric } from '~/lib/chart-data/types';
import { isAdhocMetricSimple, isPhysicalColumn, isSavedMetric } from './utils';

export function getMetricLabel(metric: QueryMetric): string {
  if (isSavedMetric(metric)) return metric;
  if (metric.label) return metric.label;
  if (isAdhocMetricSimple(metric)) {
    const column = (metric.column ?? {}) as { column_name?: string; columnName?: string };
    return `${metric.aggregate}(${column.columnName || column.column_name})`;
  }
  return metric.sqlExpression as string;
}

export function getColumnLabel(column: QueryColumn): string {
  if (isPhysicalColumn(column)) return column;
  if (column?.label) return column.label;
  return column?.sqlExpression;
}
