/**
 * Adhoc metrics as the Explore metric editor makes them (Superset's AdhocMetric): validity, the
 * default label ('SUM(num)'), which tab the editor opens on, the metric a column dropped on a
 * metric selector becomes, and the SQL a metric stands for (a HAVING filter on it). Values are
 * form data's own shapes: a saved metric is its name, an adhoc metric an object.
 */
import type { AdhocMetric, QueryMetric } from '~/lib/chart-data/types';

export type { AdhocMetric, QueryMetric };

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** Superset's default title of a metric not yet named. */
export const DEFAULT_METRIC_TITLE = 'My metric';

/** What the metric code needs of a dataset column (Explore's and the viz contract's columns fit). */
export interface ColumnInfo {
  column_name: string;
  verbose_name?: string | null;
  type?: string | null;
  /** 0 numeric, 1 string, 2 temporal, 3 boolean (Superset's GenericDataType); null when unknown. */
  type_generic?: number | null;
  is_dttm?: boolean;
  expression?: string | null;
}

export interface SavedMetricInfo {
  metric_name: string;
  verbose_name?: string | null;
  expression?: string | null;
}

export type MetricTab = 'SAVED' | 'SIMPLE' | 'SQL';

/** A label longer than 42 characters is cut to 40 and an ellipsis (Superset's getDefaultLabel). */
export function truncateLabel(label: string): string {
  return label.length < 43 ? label : `${label.substring(0, 40)}...`;
}

/** An id for an option row (Superset's optionName / filterOptionName: prefix and two random parts). */
export function newOptionName(prefix: 'metric' | 'filter'): string {
  const part = () => Math.random().toString(36).substring(2, 15);
  return `${prefix}_${part()}_${part()}`;
}

export function isAggregate(value: unknown): value is Aggregate {
  return typeof value === 'string' && (AGGREGATES as readonly string[]).includes(value);
}

/** Valid when simple with a column and an aggregate, or SQL with an expression (spec section 5). */
export function isValidAdhocMetric(metric: AdhocMetric | null | undefined): boolean {
  if (!metric) return false;
  if (metric.expressionType === 'SIMPLE') return !!metric.column?.column_name && isAggregate(metric.aggregate);
  if (metric.expressionType === 'SQL') return !!metric.sqlExpression?.trim();
  return false;
}

/** The metric as written: 'SUM(num)' for a simple one, the expression for SQL (the default label's source). */
export function translateMetricToLabelSql(metric: AdhocMetric): string {
  if (metric.expressionType === 'SIMPLE') {
    const column = metric.column?.column_name ? `(${metric.column.column_name})` : '';
    return `${metric.aggregate ?? ''}${column}`;
  }
  return metric.sqlExpression ?? '';
}

export function defaultMetricLabel(metric: AdhocMetric): string {
  return truncateLabel(translateMetricToLabelSql(metric));
}

/** The label an adhoc metric shows and answers under: its own when customised, else the default. */
export function adhocMetricLabel(metric: AdhocMetric): string {
  if (metric.hasCustomLabel && metric.label) return metric.label;
  return metric.label || defaultMetricLabel(metric);
}

/** What an option row shows for a metric: a saved metric's verbose name, an adhoc metric's label. */
export function metricDisplayLabel(metric: QueryMetric, savedMetrics: readonly SavedMetricInfo[]): string {
  if (typeof metric === 'string') {
    const saved = savedMetrics.find((m) => m.metric_name === metric);
    return saved?.verbose_name || metric;
  }
  return adhocMetricLabel(metric);
}

/**
 * The editor's first tab (spec section 4): an adhoc metric with a column or an expression opens on
 * its own type; a new or saved metric opens on Saved when the dataset has saved metrics.
 */
export function metricEditorDefaultTab(input: { metric: QueryMetric | null; isNew: boolean; savedMetricCount: number }): MetricTab {
  const { metric, isNew, savedMetricCount } = input;
  if (metric && typeof metric === 'object') {
    if (metric.column || (metric.sqlExpression !== undefined && metric.sqlExpression !== null)) return metric.expressionType;
  }
  if ((isNew || typeof metric === 'string') && savedMetricCount > 0) return 'SAVED';
  if (metric && typeof metric === 'object') return metric.expressionType;
  return 'SIMPLE';
}

/**
 * The aggregate a column dropped on a metric selector starts with: SUM for numbers, COUNT_DISTINCT
 * for strings, booleans and times; none when the type is unknown (the user picks).
 */
export function aggregateForColumn(column: ColumnInfo): Aggregate | null {
  switch (column.type_generic) {
    case 0:
      return 'SUM';
    case 1:
    case 2:
    case 3:
      return 'COUNT_DISTINCT';
    default:
      return column.is_dttm ? 'COUNT_DISTINCT' : null;
  }
}

/** The column as a simple metric carries it (Superset keeps the dataset column's fields). */
export function metricColumn(column: ColumnInfo): NonNullable<AdhocMetric['column']> {
  return {
    column_name: column.column_name,
    verbose_name: column.verbose_name ?? null,
    type: column.type ?? null,
    type_generic: column.type_generic ?? null,
    is_dttm: !!column.is_dttm,
    expression: column.expression ?? null,
  };
}

/** A new simple metric over a column: the editor's pre-filled draft when a column is dropped. */
export function metricFromColumn(column: ColumnInfo, aggregate: Aggregate | null = aggregateForColumn(column)): AdhocMetric {
  const metric: AdhocMetric = {
    expressionType: 'SIMPLE',
    column: metricColumn(column),
    aggregate,
    sqlExpression: null,
    hasCustomLabel: false,
    optionName: newOptionName('metric'),
  };
  return { ...metric, label: defaultMetricLabel(metric) };
}

/**
 * The metric as the editor saves it: simple metrics drop the SQL and SQL metrics the column and
 * aggregate (editing one kind resets the other); a label not customised follows the definition.
 */
export function finaliseAdhocMetric(metric: AdhocMetric): AdhocMetric {
  const base: AdhocMetric =
    metric.expressionType === 'SIMPLE'
      ? { expressionType: 'SIMPLE', column: metric.column ?? null, aggregate: metric.aggregate ?? null, sqlExpression: null }
      : { expressionType: 'SQL', column: null, aggregate: null, sqlExpression: metric.sqlExpression ?? '' };
  const hasCustomLabel = !!(metric.hasCustomLabel && metric.label?.trim());
  return {
    ...base,
    hasCustomLabel,
    label: hasCustomLabel ? (metric.label as string).trim() : defaultMetricLabel(base),
    optionName: metric.optionName || newOptionName('metric'),
  };
}

/** Whether two metrics define the same thing under the same label (the editor's "changed" test). */
export function sameMetric(a: QueryMetric | null | undefined, b: QueryMetric | null | undefined): boolean {
  if (!a || !b) return a === b;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.expressionType !== b.expressionType) return false;
  if (adhocMetricLabel(a) !== adhocMetricLabel(b)) return false;
  if (a.expressionType === 'SQL') return (a.sqlExpression ?? '') === (b.sqlExpression ?? '');
  return a.aggregate === b.aggregate && a.column?.column_name === b.column?.column_name;
}

/** The SQL a metric computes (a HAVING filter's left side): COUNT_DISTINCT is COUNT(DISTINCT …). */
export function metricSql(metric: QueryMetric, savedMetrics: readonly SavedMetricInfo[]): string {
  if (typeof metric === 'string') return savedMetrics.find((m) => m.metric_name === metric)?.expression || metric;
  if (metric.expressionType === 'SQL') return metric.sqlExpression ?? '';
  const column = metric.column?.column_name ?? '';
  if (metric.aggregate === 'COUNT_DISTINCT') return `COUNT(DISTINCT ${column})`;
  return `${metric.aggregate ?? ''}(${column})`;
}

/**
 * Whether a metric reads something the dataset lacks (its saved metric or its column): the option
 * row's 'This metric might be incompatible with current dataset'. SQL metrics are not checked.
 */
export function isMetricIncompatible(metric: QueryMetric, dataset: { columns: readonly ColumnInfo[]; metrics: readonly SavedMetricInfo[] }): boolean {
  if (typeof metric === 'string') return !dataset.metrics.some((m) => m.metric_name === metric);
  if (metric.expressionType === 'SIMPLE') {
    const name = metric.column?.column_name;
    return !!name && !dataset.columns.some((c) => c.column_name === name);
  }
  return false;
}
