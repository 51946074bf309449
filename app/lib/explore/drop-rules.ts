/**
 * What a drop from the dataset pane does to a selector (spec section 4, "Drops"): a saved metric
 * on a metric selector is added; a column on a metric selector opens the metric editor with SUM
 * (numbers) or COUNT_DISTINCT (strings, booleans, times); a column on a column selector is added;
 * a column on the filter selector opens the filter editor with IN (a temporal range for a
 * temporal column); a metric on the filter selector opens it with a HAVING filter on the metric.
 * Anything else is refused, so a selector can tell the user while the item is dragged over it.
 */
import { metricFromColumn, metricSql, type AdhocMetric, type ColumnInfo, type QueryMetric, type SavedMetricInfo } from './adhoc-metric';
import { filterFromColumn, filterFromMetricSql, type AdhocFilterValue } from './adhoc-filter';

/** What the dataset pane puts on a drag ('application/x-sightline-explore'). */
export interface DragItem {
  kind: 'metric' | 'column';
  name: string;
}

export type DropTarget =
  /** MetricsControl and MetricControl. */
  | { kind: 'metrics'; multi: boolean; value: readonly QueryMetric[] }
  /** ColumnsControl and XAxisControl: `allowed` are the column names its choices offer. */
  | { kind: 'columns'; multi: boolean; value: readonly unknown[]; allowed: readonly string[] }
  | { kind: 'filters' };

export interface DropDataset {
  columns: readonly ColumnInfo[];
  metrics: readonly SavedMetricInfo[];
}

export type DropOutcome =
  | { action: 'add'; value: string }
  | { action: 'edit-metric'; metric: AdhocMetric }
  | { action: 'edit-filter'; filter: AdhocFilterValue }
  | { action: 'reject' };

/** Parses what a drag carries; anything else (another app's drag, broken JSON) is null. */
export function parseDragItem(text: string | null | undefined): DragItem | null {
  if (!text) return null;
  try {
    const item = JSON.parse(text) as unknown;
    if (typeof item !== 'object' || item === null) return null;
    const { kind, name } = item as Record<string, unknown>;
    if ((kind === 'metric' || kind === 'column') && typeof name === 'string' && name) return { kind, name };
  } catch {
    // Not ours: refuse like any other foreign drag.
  }
  return null;
}

export function resolveDrop(target: DropTarget, item: DragItem, dataset: DropDataset): DropOutcome {
  const column = item.kind === 'column' ? dataset.columns.find((c) => c.column_name === item.name) : undefined;
  const metric = item.kind === 'metric' ? dataset.metrics.find((m) => m.metric_name === item.name) : undefined;
  if (!column && !metric) return { action: 'reject' };

  switch (target.kind) {
    case 'metrics':
      if (metric) {
        // A multi selector holds a saved metric once; a single one takes it in place of its value.
        if (target.multi && target.value.includes(metric.metric_name)) return { action: 'reject' };
        return { action: 'add', value: metric.metric_name };
      }
      return { action: 'edit-metric', metric: metricFromColumn(column as ColumnInfo) };
    case 'columns':
      if (!column || !target.allowed.includes(column.column_name)) return { action: 'reject' };
      if (target.multi && target.value.includes(column.column_name)) return { action: 'reject' };
      return { action: 'add', value: column.column_name };
    case 'filters':
      if (column) return { action: 'edit-filter', filter: filterFromColumn(column) };
      return { action: 'edit-filter', filter: filterFromMetricSql(metricSql((metric as SavedMetricInfo).metric_name, dataset.metrics)) };
  }
}

/** Whether the drop would do anything (the drop zone's "can drop here" highlight). */
export function canDrop(target: DropTarget, item: DragItem, dataset: DropDataset): boolean {
  return resolveDrop(target, item, dataset).action !== 'reject';
}

/** The selector's value after adding one item: appended to a multi selector, replacing a single one's. */
export function addToValue<T>(value: readonly T[], item: T, multi: boolean): T[] {
  return multi ? [...value, item] : [item];
}

/** Moves the item at `from` to `to` (a reorder by drag). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}
