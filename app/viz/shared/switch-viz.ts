/**
 * A chart type change (spec explore.md section 4, "Explore control changes"), as Superset's
 * StandardizedFormData does it:
 * - Metrics and columns are "standardized": every metric-like value (metric, metrics, metric_2) and
 *   column-like value (groupby, columns, groupbyColumns, groupbyRows) of the old type goes into one
 *   pool each, and the new type takes from the pools what its controls hold (all metrics for a
 *   `metrics` control, the first for a single `metric`, all columns for `groupby`, …, as Superset's
 *   plugins' formDataOverrides pop them). A type without metric-like (or column-like) controls
 *   passes the pool on unchanged, so table → big number → bar keeps the table's dimensions.
 * - The form data of every type visited is remembered, so going back restores that type's own
 *   settings; the time, filter, limit, x-axis and advanced-analytics values ("public controls")
 *   always come from the chart as it is now. The memory travels in the form data under
 *   `standardizedFormData`, as in Superset, without nesting (a remembered form data carries none).
 * - Controls of the old panel that the new one lacks are dropped (time_range excepted: it is a
 *   filter the user set); keys that are no control of either (datasource, slice_id, url_params,
 *   …) stay. An x-axis the new type needs and the form data lacks is the time column
 *   (granularity_sqla) or the dataset's default temporal column.
 * - A select value not among the new control's choices is reset to null (filtered for a multi
 *   select), unless the control is free-form; then the new panel's formDataOverrides run.
 */
import type { ControlConfig, ControlPanel, FormData, VizDatasource } from '../types';
import { controlChoices, getTemporalColumns, resolveControl } from './controls';
import { ensureIsArray, isEmptyValue } from './query/utils';

type StandardizedKind = 'metrics' | 'columns';
type StandardizedState = Record<StandardizedKind, unknown[]>;

/** Where the memory lives in the form data (Superset's key). */
export const MEMORY_KEY = 'standardizedFormData';

interface Memory {
  standardizedState: StandardizedState;
  /** [viz_type, form data] in visiting order, the last being the type left most recently. */
  memorizedFormData: [string, FormData][];
}

/** The metric-like and column-like controls and the pool each feeds (Superset's sharedControls). */
const STANDARDIZED_CONTROLS: Readonly<Record<string, StandardizedKind>> = {
  metric: 'metrics',
  metrics: 'metrics',
  metric_2: 'metrics',
  groupby: 'columns',
  columns: 'columns',
  groupbyColumns: 'columns',
  groupbyRows: 'columns',
};

/** Values a new type takes from the chart as it is rather than from its own remembered form data. */
const PUBLIC_CONTROLS = new Set([
  'granularity_sqla',
  'time_grain_sqla',
  'time_range',
  'adhoc_filters',
  'limit',
  'timeseries_limit_metric',
  'series_limit_metric',
  'order_desc',
  'row_limit',
  'x_axis',
  'rolling_type',
  'rolling_periods',
  'min_periods',
  'time_compare',
  'comparison_type',
  'resample_rule',
  'resample_method',
]);

const isStandardized = (key: string) => Object.hasOwn(STANDARDIZED_CONTROLS, key);

/** The panel's controls by name, with the panel's overrides applied. */
function panelControls(panel: ControlPanel | null): Map<string, ControlConfig> {
  const controls = new Map<string, ControlConfig>();
  for (const row of panel?.sections.flatMap((section) => section.controlSetRows) ?? []) {
    for (const item of row) {
      const control = resolveControl(item, panel?.controlOverrides);
      if (control) controls.set(control.name, control.config);
    }
  }
  return controls;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The memory in the form data, when it has the expected shape (a saved chart may carry anything). */
function readMemory(formData: FormData): Memory | null {
  const memory = formData[MEMORY_KEY];
  if (!isRecord(memory)) return null;
  const state = memory.standardizedState;
  const remembered = memory.memorizedFormData;
  if (!isRecord(state) || !Array.isArray(state.metrics) || !Array.isArray(state.columns) || !Array.isArray(remembered)) return null;
  const entries = remembered.filter(
    (entry): entry is [string, FormData] => Array.isArray(entry) && typeof entry[0] === 'string' && isRecord(entry[1]),
  );
  return { standardizedState: { metrics: state.metrics, columns: state.columns }, memorizedFormData: entries };
}

function withoutMemory(formData: FormData): FormData {
  const { [MEMORY_KEY]: _memory, ...rest } = formData;
  return rest as FormData;
}

/**
 * The pools of the form data: its metric-like and column-like values in key order; a kind the form
 * data has no control for is inherited from the previous state.
 */
function standardizedState(formData: FormData, previous: StandardizedState | null): StandardizedState {
  const current: StandardizedState = { metrics: [], columns: [] };
  const present = new Set<StandardizedKind>();
  for (const [key, value] of Object.entries(formData)) {
    if (!isStandardized(key)) continue;
    const kind = STANDARDIZED_CONTROLS[key];
    present.add(kind);
    current[kind].push(...ensureIsArray(value));
  }
  const prior = previous && (previous.metrics.length > 0 || previous.columns.length > 0) ? previous : current;
  for (const kind of ['metrics', 'columns'] as const) {
    if (!present.has(kind)) current[kind] = [...prior[kind]];
    current[kind] = current[kind].filter(Boolean);
  }
  return current;
}

/** Same metric or column (saved ones are names, ad hoc ones objects that may have been copied). */
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const notIn = (values: unknown[]) => (value: unknown) => !values.some((other) => sameValue(other, value));

/** What the new type's metric-like and column-like controls take from the pools (Superset's plugins' formDataOverrides). */
function assignStandardized(next: FormData, pools: StandardizedState, controls: Map<string, ControlConfig>): void {
  const metrics = [...pools.metrics];
  const columns = [...pools.columns];
  const set = (key: string, value: unknown) => {
    if (value === undefined) delete next[key];
    else next[key] = value;
  };

  // Mixed chart: query A takes what query B (remembered) does not already show.
  if (controls.has('metrics_b')) {
    set('metrics', metrics.filter(notIn(ensureIsArray(next.metrics_b as unknown[]))));
    if (controls.has('groupby')) set('groupby', columns.filter(notIn(ensureIsArray(next.groupby_b as unknown[]))));
    return;
  }
  // Pivot table: the columns not already rows (remembered) become its columns.
  if (controls.has('groupbyColumns') && controls.has('groupbyRows')) {
    const rows = ensureIsArray(next.groupbyRows as unknown[]);
    set('groupbyRows', rows);
    set('groupbyColumns', columns.filter(notIn(rows)));
    if (controls.has('metrics')) set('metrics', metrics);
    return;
  }

  if (controls.has('metrics')) set('metrics', metrics.splice(0));
  else if (controls.has('metric')) set('metric', metrics.shift());
  if (controls.has('metric_2')) set('metric_2', metrics.shift());

  const groupby = controls.get('groupby');
  if (groupby) set('groupby', groupby.multi === false ? columns.shift() : columns.splice(0));
  const columnsControl = controls.get('columns');
  if (columnsControl) set('columns', columnsControl.multi === false ? columns.shift() : columns.splice(0));
}

/** Superset's handleMissingChoice: a select's value must be one of its choices, unless typed in freely. */
function resetMissingChoices(next: FormData, controls: Map<string, ControlConfig>, datasource: VizDatasource | null): void {
  for (const [name, config] of controls) {
    if (config.type !== 'SelectControl' || config.freeForm || !config.choices) continue;
    const value = next[name];
    // As Superset, only a set value is judged (null, 0 and '' stay).
    if (!value) continue;
    const choices = controlChoices(config, { formData: next, datasource });
    // No choices yet (a dataset-driven list without the dataset): nothing to judge the value by.
    if (choices.length === 0) continue;
    const allowed = (v: unknown) => choices.some(([choice]) => choice === v || (choice !== null && v !== null && String(choice) === String(v)));
    if (config.multi && Array.isArray(value)) next[name] = value.filter(allowed);
    else if (!allowed(value)) next[name] = null;
  }
}

export function switchVizType(formData: FormData, fromPanel: ControlPanel | null, toPanel: ControlPanel, toType: string, datasource: VizDatasource | null): FormData {
  if (formData.viz_type === toType) return formData;

  const memory = readMemory(formData);
  const current = withoutMemory(formData);
  const memorized = new Map<string, FormData>(memory?.memorizedFormData ?? []);
  memorized.delete(current.viz_type);
  memorized.set(current.viz_type, current);
  const pools = standardizedState(current, memory?.standardizedState ?? null);

  const fromControls = panelControls(fromPanel);
  const toControls = panelControls(toPanel);

  // The chart as it is, without the old type's own controls the new type has no place for.
  const next: FormData = { viz_type: current.viz_type };
  for (const [key, value] of Object.entries(current)) {
    if (isStandardized(key)) continue;
    if (fromControls.has(key) && !toControls.has(key) && key !== 'time_range') continue;
    next[key] = value;
  }

  // The new type's own settings from its last visit; public values stay as the chart has them.
  const remembered = memorized.get(toType);
  if (remembered) {
    for (const name of toControls.keys()) {
      if (isStandardized(name) || (PUBLIC_CONTROLS.has(name) && Object.hasOwn(current, name))) continue;
      if (Object.hasOwn(remembered, name)) next[name] = remembered[name];
      else delete next[name];
    }
    // The pivot table's rows are column-like but its own choice: they come back as they were.
    if (toControls.has('groupbyRows') && Object.hasOwn(remembered, 'groupbyRows')) next.groupbyRows = remembered.groupbyRows;
  }

  assignStandardized(next, pools, toControls);

  // An x-axis the new type requires: the time column, else the dataset's default temporal column.
  if (toControls.has('x_axis') && isEmptyValue(next.x_axis)) {
    const xAxis = (isEmptyValue(next.granularity_sqla) ? undefined : next.granularity_sqla) ?? getTemporalColumns(datasource).defaultColumn;
    if (xAxis !== undefined) next.x_axis = xAxis;
  }

  resetMissingChoices(next, toControls, datasource);

  next[MEMORY_KEY] = { standardizedState: pools, memorizedFormData: [...memorized.entries()] } satisfies Memory;

  // The new panel's own adjustments see the form data as coming from the old type (pie's tells a
  // pie's own form data from another type's by viz_type).
  const overridden = toPanel.formDataOverrides ? toPanel.formDataOverrides(next) : next;
  return { ...overridden, viz_type: toType };
}
