/**
 * Filters of a query object as Superset's frontend makes them: adhoc filters become simple
 * filters ({col, op, val}) or freeform WHERE/HAVING clauses in extras; legacy extra_filters carry
 * the dashboard's time overrides (__time_range, __time_col, __time_grain, __granularity).
 */
import type { QueryFilter } from '~/lib/chart-data/types';
import type { AdhocFilter, QueryFormData, SimpleAdhocFilter } from './types';
import { isBinaryOperator, isSimpleAdhocFilter, isUnaryOperator } from './utils';

/** A simple adhoc filter as a query filter: unary operators carry no value. */
export function convertFilter(filter: SimpleAdhocFilter): QueryFilter {
  const { subject, operator } = filter;
  if (isUnaryOperator(operator)) return { col: subject, op: operator };
  if (isBinaryOperator(operator)) return { col: subject, op: operator, val: filter.comparator };
  return { col: subject, op: operator, val: filter.comparator };
}

/** Freeform clauses are parenthesised; a trailing `--` comment gets a newline so it cannot swallow the rest. */
function sanitizeClause(clause: string): string {
  return `(${clause.includes('--') ? `${clause}\n` : clause})`;
}

export interface ProcessFiltersInput {
  adhoc_filters?: AdhocFilter[] | null;
  extras?: Record<string, unknown>;
  filters?: QueryFilter[];
  where?: string;
  [key: string]: unknown;
}

export interface ProcessedFilters {
  filters: QueryFilter[];
  extras: { where: string; having: string; [key: string]: unknown };
}

/**
 * Splits adhoc filters by clause and kind (Superset's processFilters). Simple HAVING filters are
 * dropped, as in Superset (the Explore editor turns metric filters into SQL ones).
 */
export function processFilters(formData: ProcessFiltersInput): ProcessedFilters {
  const { adhoc_filters, where } = formData;
  const simpleWhere: QueryFilter[] = [...(formData.filters ?? [])];
  const freeformWhere: string[] = where ? [where] : [];
  const freeformHaving: string[] = [];
  for (const filter of adhoc_filters ?? []) {
    if (isSimpleAdhocFilter(filter)) {
      if (filter.clause === 'WHERE') simpleWhere.push(convertFilter(filter));
    } else if (filter.clause === 'WHERE') {
      freeformWhere.push(filter.sqlExpression);
    } else {
      freeformHaving.push(filter.sqlExpression);
    }
  }
  return {
    filters: simpleWhere,
    extras: {
      ...(formData.extras ?? {}),
      having: freeformHaving.map(sanitizeClause).join(' AND '),
      where: freeformWhere.map(sanitizeClause).join(' AND '),
    },
  };
}

const RESERVED_EXTRA_FILTER_COLUMNS: Readonly<Record<string, string>> = {
  __time_range: 'time_range',
  __time_col: 'granularity_sqla',
  __time_grain: 'time_grain_sqla',
  __granularity: 'granularity',
};

export interface ExtractedExtras {
  filters: QueryFilter[];
  extras: { time_grain_sqla?: string; [key: string]: unknown };
  applied_time_extras: Record<string, unknown>;
  granularity?: string;
  time_range?: string;
}

/**
 * Legacy extra_filters: the reserved time columns set query fields (and are recorded in
 * applied_time_extras), the others are simple filters. Mirrors Superset, including that an
 * `__granularity` extra filter is recorded but the granularity comes from __time_col or the form data.
 */
export function extractExtras(formData: QueryFormData): ExtractedExtras {
  const applied_time_extras: Record<string, unknown> = {};
  const filters: QueryFilter[] = [];
  const fields: Record<string, unknown> = {};
  for (const filter of (formData.extra_filters as { col: string; op: string; val?: unknown }[] | undefined) ?? []) {
    const field = Object.hasOwn(RESERVED_EXTRA_FILTER_COLUMNS, filter.col) ? RESERVED_EXTRA_FILTER_COLUMNS[filter.col] : undefined;
    if (field) {
      fields[field] = filter.val;
      applied_time_extras[filter.col] = filter.val;
    } else {
      filters.push(filter);
    }
  }
  const result: ExtractedExtras = {
    filters,
    extras: { time_grain_sqla: (fields.time_grain_sqla || formData.time_grain_sqla) as string | undefined },
    applied_time_extras,
    granularity: (fields.granularity_sqla || formData.granularity || formData.granularity_sqla) as string | undefined,
  };
  if ('time_range' in fields) result.time_range = fields.time_range as string;
  return result;
}

/** The time grain in force: extra form data's, then a legacy __time_grain extra filter, then the form data's. */
export function extractTimegrain(formData: QueryFormData): string | undefined {
  const extraFormData = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
  if (extraFormData?.time_grain_sqla) return extraFormData.time_grain_sqla;
  const extraGrain = ((formData.extra_filters as { col: string; val?: unknown }[] | undefined) ?? []).filter((f) => f.col === '__time_grain');
  if (extraGrain.length) return extraGrain[0].val as string;
  return formData.time_grain_sqla as string | undefined;
}
