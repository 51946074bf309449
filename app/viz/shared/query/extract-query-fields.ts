/** Metrics, columns and orderby gathered from form data keys (Superset's extractQueryFields). */
import type { QueryColumn, QueryMetric, QueryObject } from '~/lib/chart-data/types';
import { QueryMode } from './constants';
import { getColumnLabel, getMetricLabel } from './labels';
import type { QueryFieldAliases } from './types';
import { removeDuplicates } from './utils';

/** Form data keys that feed query fields, for backward compatibility (Superset's predefined aliases). */
const DEFAULT_ALIASES: QueryFieldAliases = {
  metric: 'metrics',
  metric_2: 'metrics',
  secondary_metric: 'metrics',
  x: 'metrics',
  y: 'metrics',
  size: 'metrics',
  all_columns: 'columns',
  series: 'groupby',
  order_by_cols: 'orderby',
};

export interface QueryFields {
  columns: QueryColumn[];
  metrics: QueryMetric[] | undefined;
  orderby: QueryObject['orderby'] | undefined;
}

/**
 * Walks the form data in key order: `metrics` and its aliases make the metrics, `groupby`,
 * `columns` and theirs the columns, `orderby` the ordering (JSON strings from the order-by
 * choices are parsed). In aggregate mode raw columns are ignored, in raw mode groupby and metrics.
 * Duplicates (same label) are dropped, keeping the first.
 */
export function extractQueryFields(formData: Record<string, unknown>, aliases?: QueryFieldAliases): QueryFields {
  const fieldAliases: QueryFieldAliases = { ...DEFAULT_ALIASES, ...aliases };
  const { query_mode: queryMode, ...rest } = formData;
  let columns: QueryColumn[] = [];
  let metrics: QueryMetric[] = [];
  let orderby: unknown[] = [];
  for (const [key, value] of Object.entries(rest)) {
    if (value == null) continue;
    let field = Object.hasOwn(fieldAliases, key) ? fieldAliases[key] : key;
    if (queryMode === QueryMode.Aggregate && field === 'columns') continue;
    if (queryMode === QueryMode.Raw && (field === 'groupby' || field === 'metrics')) continue;
    // groupby is the old name of the query object's columns.
    if (field === 'groupby') field = 'columns';
    if (field === 'metrics') metrics = metrics.concat(value as QueryMetric | QueryMetric[]);
    else if (field === 'columns') columns = columns.concat(value as QueryColumn | QueryColumn[]);
    else if (field === 'orderby') orderby = orderby.concat(value);
  }
  return {
    columns: removeDuplicates(
      columns.filter((col) => col !== ''),
      getColumnLabel,
    ),
    metrics: queryMode === QueryMode.Raw ? undefined : removeDuplicates(metrics, getMetricLabel),
    orderby:
      orderby.length > 0
        ? (orderby.map((item) => {
            if (typeof item !== 'string') return item;
            try {
              return JSON.parse(item);
            } catch {
              throw new Error('Found invalid orderby options');
            }
          }) as QueryObject['orderby'])
        : undefined,
  };
}
