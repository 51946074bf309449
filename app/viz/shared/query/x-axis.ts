/**
 * The x-axis of generic (GENERIC_CHART_AXES) charts: `x_axis` names a column or is an SQL column;
 * legacy charts have a granularity_sqla time column and answer it as __timestamp.
 */
import type { AdhocColumn, QueryColumn, QueryObject } from '~/lib/chart-data/types';
import { DTTM_ALIAS } from './constants';
import { getColumnLabel } from './labels';
import type { QueryFormData } from './types';
import { isAdhocColumn, isPhysicalColumn, isQueryFormColumn } from './utils';

export const isXAxisSet = (formData: QueryFormData): boolean => isQueryFormColumn(formData.x_axis);

/** The x-axis column: x_axis when set, __timestamp for a legacy time column, else none. */
export function getXAxisColumn(formData: QueryFormData): QueryColumn | undefined {
  if (!(formData.granularity_sqla || formData.x_axis)) return undefined;
  if (isXAxisSet(formData)) return formData.x_axis as QueryColumn;
  return DTTM_ALIAS;
}

export function getXAxisLabel(formData: QueryFormData): string | undefined {
  const column = getXAxisColumn(formData);
  return column ? getColumnLabel(column) : undefined;
}

/**
 * Marks the x-axis column of a query object as the BASE_AXIS with the query's time grain (a
 * physical column becomes an SQL column of itself), and drops is_timeseries: the engine then
 * truncates that column to the grain. A query without the x-axis among its columns is unchanged.
 */
export function normalizeTimeColumn(formData: QueryFormData, queryObject: QueryObject): QueryObject {
  if (!isXAxisSet(formData)) return queryObject;
  const xAxis = formData.x_axis as QueryColumn;
  const columns = queryObject.columns;
  if (!Array.isArray(columns)) return queryObject;
  const axisIdx = columns.findIndex(
    (col) =>
      (isPhysicalColumn(col) && isPhysicalColumn(xAxis) && col === xAxis) ||
      (isAdhocColumn(col) && isAdhocColumn(xAxis) && col.sqlExpression === xAxis.sqlExpression),
  );
  if (axisIdx < 0) return queryObject;
  const timeGrain = queryObject.extras?.time_grain_sqla;
  const axisColumn = columns[axisIdx];
  const mutatedColumns = [...columns];
  mutatedColumns[axisIdx] = isAdhocColumn(axisColumn)
    ? ({ timeGrain, columnType: 'BASE_AXIS', ...axisColumn } as AdhocColumn)
    : { timeGrain, columnType: 'BASE_AXIS', sqlExpression: xAxis as string, label: xAxis as string, expressionType: 'SQL' };
  const { is_timeseries: _dropped, ...rest } = queryObject;
  return { ...rest, columns: mutatedColumns };
}
