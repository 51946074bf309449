/**
 * The drag-and-drop selectors (Superset's DndMetricSelect, DndColumnSelect and DndFilterSelect):
 * metrics and metric, columns and x-axis, adhoc filters. Each is the generic DndSelector
 * (app/ui/explore/dnd) with its value shape, its option rows' looks, its editor and its drop
 * rules (app/lib/explore/drop-rules). Values stay in Superset's form data shapes.
 */
import type { ReactNode } from 'react';
import {
  emptyFilter,
  filterLabel,
  isFilterIncompatible,
  type AdhocFilterValue,
} from '~/lib/explore/adhoc-filter';
import { DEFAULT_METRIC_TITLE, isMetricIncompatible, metricDisplayLabel, type QueryMetric } from '~/lib/explore/adhoc-metric';
import type { DropOutcome } from '~/lib/explore/drop-rules';
import type { Choice, ControlConfig, ControlContext, ControlType } from '~/viz/types';
import type { ControlComponent } from '../control-registry';
import type { ControlProps, ExploreColumn, ExploreDatasource } from '../types';
import { ColumnEditor } from '../dnd/column-editor';
import { columnDisplayLabel, DEFAULT_COLUMN_TITLE, isColumnIncompatible, isDerivedColumn, type QueryColumn } from '../dnd/column-value';
import { DndSelector } from '../dnd/dnd-selector';
import { FilterEditor } from '../dnd/filter-editor';
import { MetricEditor } from '../dnd/metric-editor';
import { controlAria } from './basic/control-aria';

export const COLUMN_GHOST = 'Drop a column here or click';
export const METRIC_GHOST = 'Drop a column/metric here or click';
export const FILTER_GHOST = 'Drop columns/metrics here or click';

export const INHERITED_FILTER_WARNING = "This filter was inherited from the dashboard's context and won't be saved when saving the chart.";
export const INCOMPATIBLE = {
  metric: 'This metric might be incompatible with current dataset',
  column: 'This column might be incompatible with current dataset',
  filter: 'This filter might be incompatible with current dataset',
} as const;

const METRIC_EDITOR_WIDTH = 360;
const COLUMN_EDITOR_WIDTH = 360;
const FILTER_EDITOR_WIDTH = 400;

const asArray = <T,>(value: T | T[] | null | undefined): T[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

function choicesOf(config: ControlConfig, context: ControlContext): Choice[] | null {
  if (!config.choices) return null;
  return typeof config.choices === 'function' ? config.choices(context) : config.choices;
}

/** The dataset's columns this control offers (its choices), all of them when it names none. */
function offeredColumns(config: ControlConfig, context: ControlContext, datasource: ExploreDatasource | null): ExploreColumn[] {
  const columns = datasource?.columns ?? [];
  const choices = choicesOf(config, context);
  if (!choices) return columns;
  const names = new Set(choices.map(([value]) => String(value)));
  return columns.filter((c) => names.has(c.column_name));
}

function dropDataset(datasource: ExploreDatasource | null) {
  return datasource ? { columns: datasource.columns, metrics: datasource.metrics } : null;
}

// --- metrics ---------------------------------------------------------------------------------

function MetricSelector(props: ControlProps<unknown> & { multi: boolean }) {
  const { id, config, value, onChange, datasource, errors, multi } = props;
  const items = asArray(value as QueryMetric | QueryMetric[] | null | undefined);
  const saved = datasource?.metrics ?? [];
  const dataset = { columns: datasource?.columns ?? [], metrics: saved };
  const emit = (next: QueryMetric[]) => onChange(multi ? next : next[0] ?? null);
  return (
    <DndSelector<QueryMetric>
      id={id}
      label={config.label}
      ghostText={METRIC_GHOST}
      items={items}
      multi={multi}
      onChange={emit}
      aria={controlAria({ id, config, errors })}
      look={(metric) => ({
        key: typeof metric === 'string' ? metric : metric.optionName || metricDisplayLabel(metric, saved),
        label: metricDisplayLabel(metric, saved),
        derived: typeof metric !== 'string',
        warning: datasource && isMetricIncompatible(metric, dataset) ? INCOMPATIBLE.metric : null,
      })}
      editorTitle={(metric) => (metric === null ? DEFAULT_METRIC_TITLE : metricDisplayLabel(metric, saved))}
      editorWidth={METRIC_EDITOR_WIDTH}
      renderEditor={({ value: metric, isNew, onSave, onClose }) => (
        <MetricEditor value={metric} isNew={isNew} datasource={datasource} onSave={onSave} onClose={onClose} />
      )}
      dropTarget={{ kind: 'metrics', multi, value: items }}
      dataset={dropDataset(datasource)}
      fromDrop={(outcome: DropOutcome) =>
        outcome.action === 'add' ? { add: outcome.value } : outcome.action === 'edit-metric' ? { edit: outcome.metric } : null
      }
    />
  );
}

export function MetricsControl(props: ControlProps<unknown>) {
  return <MetricSelector {...props} multi={props.config.multi !== false} />;
}

export function MetricControl(props: ControlProps<unknown>) {
  return <MetricSelector {...props} multi={false} />;
}

// --- columns ---------------------------------------------------------------------------------

function ColumnSelector(props: ControlProps<unknown> & { multi: boolean }) {
  const { id, config, value, onChange, context, datasource, errors, multi } = props;
  const items = asArray(value as QueryColumn | QueryColumn[] | null | undefined);
  const offered = offeredColumns(config, context, datasource);
  const all = datasource?.columns ?? [];
  const emit = (next: QueryColumn[]) => onChange(multi ? next : next[0] ?? null);
  return (
    <DndSelector<QueryColumn>
      id={id}
      label={config.label}
      ghostText={COLUMN_GHOST}
      items={items}
      multi={multi}
      onChange={emit}
      aria={controlAria({ id, config, errors })}
      look={(column) => ({
        key: typeof column === 'string' ? column : column.label || column.sqlExpression,
        label: columnDisplayLabel(column, all),
        derived: isDerivedColumn(column, all),
        warning: datasource && isColumnIncompatible(column, all) ? INCOMPATIBLE.column : null,
      })}
      editorTitle={(column) => (column === null ? DEFAULT_COLUMN_TITLE : columnDisplayLabel(column, all))}
      editorWidth={COLUMN_EDITOR_WIDTH}
      renderEditor={({ value: column, isNew, onSave, onClose }) => (
        <ColumnEditor value={column} isNew={isNew} columns={offered} onSave={onSave} onClose={onClose} />
      )}
      dropTarget={{ kind: 'columns', multi, value: items, allowed: offered.map((c) => c.column_name) }}
      dataset={dropDataset(datasource)}
      fromDrop={(outcome: DropOutcome) => (outcome.action === 'add' ? { add: outcome.value } : null)}
    />
  );
}

export function ColumnsControl(props: ControlProps<unknown>) {
  return <ColumnSelector {...props} multi={props.config.multi !== false} />;
}

export function XAxisControl(props: ControlProps<unknown>) {
  return <ColumnSelector {...props} multi={false} />;
}

// --- filters ---------------------------------------------------------------------------------

export function AdhocFilterControl(props: ControlProps<unknown>) {
  const { id, config, value, onChange, context, datasource, errors } = props;
  const items = asArray(value as AdhocFilterValue[] | null | undefined);
  const offered = offeredColumns(config, context, datasource);
  const all = datasource?.columns ?? [];
  const chartMetrics = [...asArray(context.formData.metrics as QueryMetric[] | undefined), ...asArray(context.formData.metric as QueryMetric | undefined)];
  const editor = ({ value: filter, isNew, onSave, onClose }: { value: AdhocFilterValue | null; isNew: boolean; onSave: (f: AdhocFilterValue) => void; onClose: () => void }): ReactNode => (
    <FilterEditor value={filter ?? emptyFilter()} isNew={isNew} datasource={datasource} columns={offered} chartMetrics={chartMetrics} onSave={onSave} onClose={onClose} />
  );
  return (
    <DndSelector<AdhocFilterValue>
      id={id}
      label={config.label}
      ghostText={FILTER_GHOST}
      items={items}
      multi
      onChange={onChange}
      aria={controlAria({ id, config, errors })}
      look={(filter) => ({
        key: filter.filterOptionName || filterLabel(filter),
        label: filterLabel(filter),
        derived: filter.expressionType === 'SQL',
        warning: filter.isExtra ? INHERITED_FILTER_WARNING : datasource && isFilterIncompatible(filter, all) ? INCOMPATIBLE.filter : null,
      })}
      editorTitle={(filter) => (filter === null || filter.isNew ? 'Add filter' : 'Edit filter')}
      editorWidth={FILTER_EDITOR_WIDTH}
      renderEditor={editor}
      dropTarget={{ kind: 'filters' }}
      dataset={dropDataset(datasource)}
      fromDrop={(outcome: DropOutcome) => (outcome.action === 'edit-filter' ? { edit: outcome.filter } : null)}
    />
  );
}

export const DND_CONTROLS: Partial<Record<ControlType, ControlComponent>> = {
  MetricsControl,
  MetricControl,
  ColumnsControl,
  XAxisControl,
  AdhocFilterControl,
};
