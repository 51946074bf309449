/**
 * What Superset's legacy viz classes (superset/viz.py) share: the contract of a legacy viz here
 * (how it changes BaseViz's query object, and its `get_data` over the query's rows), metric
 * names as get_metric_name gives them, and pandas' way of turning a value into a series title.
 */
import type { Cell, Row } from '~/lib/post-processing/frame';
import { InvalidInputError } from '../../domain-errors.server';

export type Json = Record<string, unknown>;

export interface LegacyVizContext {
  formData: Json;
  /** BaseViz.metric_labels: every metric field's label, in METRIC_KEYS order, without repeats. */
  metricLabels: string[];
  /** The query's time bounds (epoch ms), as BaseViz keeps from_dttm / to_dttm. */
  fromDttm: number | null;
  toDttm: number | null;
}

export interface LegacyViz {
  /** The viz class's is_timeseries: the query groups by `__timestamp`. */
  isTimeseries?: boolean | ((formData: Json) => boolean);
  /** The viz class's query_obj on top of BaseViz's (legacy-query.server.ts). */
  query?(query: Json, formData: Json): Json;
  /** The viz class's get_data: the payload's `data`. Rows arrive as the chart data engine answers them. */
  data(rows: Row[], ctx: LegacyVizContext): unknown;
}

export const DTTM_ALIAS = '__timestamp';

/** Superset's METRIC_KEYS: the form data fields BaseViz reads metrics from. */
export const METRIC_KEYS = ['metric', 'metrics', 'percent_metrics', 'metric_2', 'secondary_metric', 'x', 'y', 'size'];

export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]);

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Superset's get_metric_name; null for what is no metric (an empty field). */
export function metricName(metric: unknown): string | null {
  if (typeof metric === 'string') return metric || null;
  if (!isObject(metric)) return null;
  if (typeof metric.label === 'string' && metric.label) return metric.label;
  if (metric.expressionType === 'SQL' && typeof metric.sqlExpression === 'string' && metric.sqlExpression) return metric.sqlExpression;
  if (metric.expressionType === 'SIMPLE') {
    const column = isObject(metric.column) ? metric.column : null;
    const name = typeof column?.column_name === 'string' ? column.column_name : null;
    if (column && typeof metric.aggregate === 'string' && metric.aggregate) return `${metric.aggregate}(${name})`;
    return name;
  }
  return null;
}

/** The form data's metrics (METRIC_KEYS), one per label, the first place a label appears kept. */
export function formMetrics(formData: Json, keys = METRIC_KEYS): { metrics: unknown[]; labels: string[] } {
  const seen = new Map<string, unknown>();
  for (const key of keys) {
    for (const metric of asList(formData[key])) {
      const label = metricName(metric);
      if (label !== null && !seen.has(label)) seen.set(label, metric);
    }
  }
  return { metrics: [...seen.values()], labels: [...seen.keys()] };
}

/** A form data field holding one column name (some legacy fields are a string, some a one-item list). */
export function columnField(formData: Json, key: string): string | null {
  const value = Array.isArray(formData[key]) ? (formData[key] as unknown[])[0] : formData[key];
  if (typeof value === 'string' && value) return value;
  if (isObject(value) && typeof value.label === 'string') return value.label;
  return null;
}

/** The form data's `groupby` as column labels. */
export function groupbyOf(formData: Json): string[] {
  return asList(formData.groupby).flatMap((c) => {
    if (typeof c === 'string') return [c];
    if (isObject(c) && (typeof c.label === 'string' || typeof c.sqlExpression === 'string')) return [String(c.label || c.sqlExpression)];
    return [];
  });
}

/** Python's str() of a cell, as pandas titles series and nodes (`True`, `None`, `1.5`). */
export function pyStr(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return 'None';
  if (typeof cell === 'boolean') return cell ? 'True' : 'False';
  if (Array.isArray(cell)) return `[${cell.join(', ')}]`;
  return String(cell);
}

/** A finite number, or null (pandas' NaN). Numeric text counts, as df_metrics_to_num coerces it. */
export function num(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
  return null;
}

/** Ascending order of mixed cells as pandas sorts an index: numbers, then text, by value. */
export function compareCells(a: Cell | undefined, b: Cell | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const sa = pyStr(a);
  const sb = pyStr(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** A legacy viz refusing its form data or rows, with Superset's message: a 400. */
export class LegacyVizError extends InvalidInputError {}

/** The form data's metric label for a field, or a 400 naming what to pick. */
export function requiredMetric(formData: Json, key: string, message: string): string {
  const label = metricName(formData[key]);
  if (label === null) throw new LegacyVizError(message);
  return label;
}
