/**
 * Small helpers and type guards of Superset's query building (@superset-ui/core: ensureIsArray,
 * removeDuplicates, isDefined, ensureIsInt; the column, metric and filter guards).
 */
import type { AdhocColumn, AdhocMetric, QueryColumn, QueryMetric } from '~/lib/chart-data/types';
import type { AdhocFilter, FreeFormAdhocFilter, SimpleAdhocFilter } from './types';

export function ensureIsArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Keeps the first of items with the same hash (or the same value without a hash). */
export function removeDuplicates<T>(items: T[], hash?: (item: T) => unknown): T[] {
  if (!hash) return [...new Set(items)];
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const key = hash(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function isDefined<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

export function ensureIsInt(value: unknown, defaultValue?: number): number {
  const parsed = parseInt(String(value), 10);
  if (Number.isNaN(parsed)) return defaultValue === undefined ? NaN : defaultValue;
  return parsed;
}

/** Lodash's isEmpty for the values query building meets (null, strings, arrays, objects). */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  // Numbers and booleans count as empty for lodash (no enumerable keys).
  return true;
}

export function isPhysicalColumn(column: unknown): column is string {
  return typeof column === 'string';
}

/** An SQL-expression column: has sqlExpression and label, expressionType absent or SQL. */
export function isAdhocColumn(column: unknown): column is AdhocColumn & { label: string } {
  if (typeof column !== 'object' || column === null) return false;
  const c = column as Record<string, unknown>;
  return c.sqlExpression !== undefined && c.label !== undefined && (c.expressionType === undefined || c.expressionType === 'SQL');
}

export function isQueryFormColumn(column: unknown): column is QueryColumn {
  return isPhysicalColumn(column) || isAdhocColumn(column);
}

export function isSavedMetric(metric: unknown): metric is string {
  return typeof metric === 'string';
}

export function isAdhocMetricSimple(metric: unknown): metric is AdhocMetric & { expressionType: 'SIMPLE' } {
  return typeof metric === 'object' && metric !== null && (metric as AdhocMetric).expressionType === 'SIMPLE';
}

export function isAdhocMetricSQL(metric: unknown): metric is AdhocMetric & { expressionType: 'SQL' } {
  return typeof metric === 'object' && metric !== null && (metric as AdhocMetric).expressionType === 'SQL';
}

export function isQueryFormMetric(metric: unknown): metric is QueryMetric {
  return isSavedMetric(metric) || isAdhocMetricSimple(metric) || isAdhocMetricSQL(metric);
}

export const UNARY_OPERATORS: readonly string[] = ['IS NOT NULL', 'IS NULL'];
export const BINARY_OPERATORS: readonly string[] = ['==', '!=', '>', '<', '>=', '<=', 'ILIKE', 'LIKE', 'NOT LIKE', 'REGEX', 'TEMPORAL_RANGE'];
export const SET_OPERATORS: readonly string[] = ['IN', 'NOT IN'];

export const isUnaryOperator = (operator: unknown): boolean => UNARY_OPERATORS.includes(operator as string);
export const isBinaryOperator = (operator: unknown): boolean => BINARY_OPERATORS.includes(operator as string);
export const isSetOperator = (operator: unknown): boolean => SET_OPERATORS.includes(operator as string);

export function isSimpleAdhocFilter(filter: AdhocFilter): filter is SimpleAdhocFilter {
  return filter.expressionType === 'SIMPLE';
}

export function isFreeFormAdhocFilter(filter: AdhocFilter): filter is FreeFormAdhocFilter {
  return filter.expressionType === 'SQL';
}
