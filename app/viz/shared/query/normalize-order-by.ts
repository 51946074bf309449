/** A valid orderby for a query object (Superset's normalizeOrderBy). */
import type { QueryObject } from '~/lib/chart-data/types';
import { isEmptyValue } from './utils';

/**
 * Keeps a well-formed first orderby clause ([non-empty item, boolean]); otherwise orders by the
 * series limit metric, then legacy_order_by, then the first metric, ascending when order_desc is
 * false, and drops the fields it consumed.
 */
export function normalizeOrderBy(queryObject: QueryObject): QueryObject {
  if (Array.isArray(queryObject.orderby) && queryObject.orderby.length > 0) {
    const first = queryObject.orderby[0];
    if (Array.isArray(first) && first.length === 2 && !isEmptyValue(first[0]) && typeof first[1] === 'boolean') return queryObject;
  }
  const { series_limit_metric, legacy_order_by, order_desc: _orderDesc, orderby: _orderby, ...rest } = queryObject;
  const isAsc = !queryObject.order_desc;
  if (series_limit_metric !== undefined && series_limit_metric !== null && !isEmptyValue(series_limit_metric)) {
    return { ...rest, orderby: [[series_limit_metric, isAsc]] };
  }
  if (legacy_order_by !== undefined && legacy_order_by !== null && !isEmptyValue(legacy_order_by)) {
    return { ...rest, orderby: [[legacy_order_by as string, isAsc]] };
  }
  if (Array.isArray(queryObject.metrics) && queryObject.metrics.length > 0) {
    return { ...rest, orderby: [[queryObject.metrics[0], isAsc]] };
  }
  return rest;
}
