/**
 * Types of Superset's frontend query building (@superset-ui/core's query module) that the wire
 * types of app/lib/chart-data do not cover: the form data as query building reads it, adhoc
 * filters, and the extra form data native and cross filters inject.
 */
import type { QueryColumn, QueryFilter, QueryMetric } from '~/lib/chart-data/types';

/** Form data as query building reads it: any keys, Superset's names. */
export type QueryFormData = { datasource?: string; viz_type?: string; [key: string]: unknown };

export type UnaryOperator = 'IS NOT NULL' | 'IS NULL';
export type BinaryOperator = '==' | '!=' | '>' | '<' | '>=' | '<=' | 'ILIKE' | 'LIKE' | 'NOT LIKE' | 'REGEX' | 'TEMPORAL_RANGE';
export type SetOperator = 'IN' | 'NOT IN';

interface BaseAdhocFilter {
  clause: 'WHERE' | 'HAVING';
  timeGrain?: string;
  isExtra?: boolean;
  filterOptionName?: string;
  [key: string]: unknown;
}
export interface SimpleAdhocFilter extends BaseAdhocFilter {
  expressionType: 'SIMPLE';
  subject: QueryColumn;
  operator: string;
  comparator?: unknown;
}
export interface FreeFormAdhocFilter extends BaseAdhocFilter {
  expressionType: 'SQL';
  sqlExpression: string;
}
export type AdhocFilter = SimpleAdhocFilter | FreeFormAdhocFilter;

/** Superset's ExtraFormData: appended (filters) and overriding (time range, grain) parts. */
export interface ExtraFormData {
  adhoc_filters?: AdhocFilter[];
  filters?: QueryFilter[];
  interactive_drilldown?: string[];
  interactive_groupby?: string[];
  interactive_highlight?: string[];
  custom_form_data?: Record<string, unknown>;
  granularity?: string;
  granularity_sqla?: string;
  time_range?: string;
  time_column?: string;
  time_grain?: string;
  relative_start?: string;
  relative_end?: string;
  time_grain_sqla?: string;
  [key: string]: unknown;
}

/** Aliases from form data keys to query fields (metrics, columns, groupby, orderby). */
export type QueryFieldAliases = Record<string, string>;

export type { QueryColumn, QueryMetric, QueryFilter };
