/**
 * Explore's essential controls as a plain HTML form (the page without JavaScript, spec: "a form
 * with the essential controls of the viz type: metrics, group by, filters as text, time range,
 * row limit"). Which controls a chart type has comes from its control panel; the form's fields map
 * onto Superset's form data keys, so a chart built here opens unchanged with the full panel.
 *
 * - Metrics: saved metrics chosen in a multi-select, plus custom SQL metrics typed one per line
 *   (a chart type with a single `metric` takes the first).
 * - Group by: columns chosen in a multi-select (`groupby`, or `x_axis` + `groupby` for time series).
 * - Filters: one SQL WHERE condition per line, each an adhoc SQL filter (the structured filters
 *   of the full editor are shown the same way, as SQL).
 * - Time range: Superset's time range text ('Last week', 'No filter', '2020-01-01 : now').
 * - Row limit: a whole number.
 */
import type { AdhocMetric } from '~/lib/chart-data/types';

export type FormDataValue = Record<string, unknown>;

export const ESSENTIAL_CONTROLS = ['metric', 'metrics', 'x_axis', 'groupby', 'adhoc_filters', 'time_range', 'row_limit'] as const;
export type EssentialControl = (typeof ESSENTIAL_CONTROLS)[number];

/** The essential controls a chart type has, from the names in its control panel. */
export function essentialControlsOf(controlNames: readonly string[]): EssentialControl[] {
  const names = new Set(controlNames);
  return ESSENTIAL_CONTROLS.filter((c) => names.has(c));
}

export interface AdhocFilter {
  expressionType: 'SIMPLE' | 'SQL';
  clause?: 'WHERE' | 'HAVING';
  subject?: unknown;
  operator?: string;
  comparator?: unknown;
  sqlExpression?: string | null;
  filterOptionName?: string;
  isExtra?: boolean;
  [key: string]: unknown;
}

/** What the form shows for the current form data. */
export interface EssentialValues {
  savedMetrics: string[];
  sqlMetrics: string;
  groupby: string[];
  xAxis: string;
  filters: string;
  timeRange: string;
  rowLimit: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

function metricsOf(formData: FormDataValue): unknown[] {
  return [...asArray(formData.metrics), ...asArray(formData.metric)];
}

function quoteLiteral(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** A filter as the SQL line the form shows: SQL filters as they are, simple ones written out. */
export function filterAsSql(filter: AdhocFilter): string | null {
  if (filter.expressionType === 'SQL') return filter.clause === 'HAVING' ? null : text(filter.sqlExpression).trim() || null;
  const subject = typeof filter.subject === 'string' ? filter.subject : null;
  const op = filter.operator ?? '';
  if (!subject || op === 'TEMPORAL_RANGE') return null;
  const column = /^[A-Za-z_][A-Za-z0-9_]*$/.test(subject) ? subject : `"${subject.replace(/"/g, '""')}"`;
  if (op === 'IS NULL' || op === 'IS NOT NULL' || op === 'IS TRUE' || op === 'IS FALSE') return `${column} ${op}`;
  if (op === 'IN' || op === 'NOT IN') return `${column} ${op} (${asArray(filter.comparator).map(quoteLiteral).join(', ')})`;
  return `${column} ${op} ${quoteLiteral(filter.comparator)}`;
}

export function essentialValuesOf(formData: FormDataValue): EssentialValues {
  const metrics = metricsOf(formData);
  const filters = asArray(formData.adhoc_filters) as AdhocFilter[];
  return {
    savedMetrics: metrics.filter((m): m is string => typeof m === 'string'),
    sqlMetrics: metrics
      .filter((m): m is AdhocMetric => typeof m === 'object' && m !== null)
      .map((m) => (m.expressionType === 'SQL' ? text(m.sqlExpression) : m.aggregate && m.column ? `${m.aggregate}(${m.column.column_name})` : ''))
      .filter(Boolean)
      .join('\n'),
    groupby: asArray(formData.groupby).filter((c): c is string => typeof c === 'string'),
    xAxis: text(formData.x_axis) || text(formData.granularity_sqla),
    filters: filters.map(filterAsSql).filter((f): f is string => f !== null).join('\n'),
    timeRange: text(formData.time_range) || 'No filter',
    rowLimit: formData.row_limit === undefined || formData.row_limit === null ? '' : String(formData.row_limit),
  };
}

/** The form's fields, as read from the request (multi-selects as lists). */
export interface EssentialInput {
  savedMetrics: string[];
  sqlMetrics: string;
  groupby: string[];
  xAxis: string;
  filters: string;
  timeRange: string;
  rowLimit: string;
}

export type EssentialErrors = Partial<Record<keyof EssentialInput, string>>;

const lines = (value: string) => value.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

function sqlMetric(expression: string): AdhocMetric {
  return { expressionType: 'SQL', sqlExpression: expression, label: expression, hasCustomLabel: false, optionName: `metric_${stableId(expression)}` };
}

/** A short stable id for an expression (Superset's option names are random; ours repeat for the same text, so a form posted twice gives the same form data). */
function stableId(value: string): string {
  let hash = 2166136261;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 16777619);
  return (hash >>> 0).toString(36);
}

/**
 * The form data after the form: the essential controls the type has are replaced by the form's
 * values, everything else (colours, formats, the full editor's settings) is kept. The filters that
 * are not shown as lines (a time range filter, HAVING) are kept as they were.
 */
export function applyEssentialInput(formData: FormDataValue, controls: readonly EssentialControl[], input: EssentialInput): { formData: FormDataValue; errors: EssentialErrors } {
  const errors: EssentialErrors = {};
  const next: FormDataValue = { ...formData };
  const has = (c: EssentialControl) => controls.includes(c);
  const metrics: (string | AdhocMetric)[] = [...input.savedMetrics, ...lines(input.sqlMetrics).map(sqlMetric)];
  if (has('metrics')) next.metrics = metrics;
  else if (has('metric')) next.metric = metrics[0] ?? null;
  if ((has('metrics') || has('metric')) && metrics.length === 0) errors.savedMetrics = 'cannot be empty';
  if (has('groupby')) next.groupby = input.groupby;
  if (has('x_axis')) {
    next.x_axis = input.xAxis || null;
    if (!input.xAxis) errors.xAxis = 'cannot be empty';
  }
  if (has('adhoc_filters')) {
    const kept = (asArray(formData.adhoc_filters) as AdhocFilter[]).filter((f) => filterAsSql(f) === null);
    const typed = lines(input.filters).map((sql): AdhocFilter => ({ expressionType: 'SQL', clause: 'WHERE', sqlExpression: sql, subject: null, operator: null as unknown as string, comparator: null, filterOptionName: `filter_${stableId(sql)}` }));
    next.adhoc_filters = [...kept, ...typed];
  }
  if (has('time_range')) next.time_range = input.timeRange.trim() || 'No filter';
  if (has('row_limit')) {
    const limit = input.rowLimit.trim();
    if (limit === '') next.row_limit = null;
    else if (!/^\d+$/.test(limit)) errors.rowLimit = 'is expected to be an integer';
    else next.row_limit = Number(limit);
  }
  return { formData: next, errors };
}
