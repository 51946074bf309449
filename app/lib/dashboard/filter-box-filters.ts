/**
 * What the legacy filter boxes (`filter_box` charts) of a dashboard add to its other charts'
 * queries (spec dashboards.md 'Filter-box chart', 'Legacy filter-box entry'). A box's choices
 * travel as GET fields `filter_box.<boxId>.<column>` (one per value; the time controls use
 * `__time_range`, `__time_grain`, `__time_col` as the column) plus a marker field
 * `filter_box.<boxId>` saying the box was submitted, so a box emptied on purpose stays empty.
 * A box with no field in the URL starts from its filters' default values, overridden per column
 * by json_metadata.default_filters (Superset's preselected filters).
 *
 * Each column's choices reach the charts of its scope in json_metadata.filter_scopes (default:
 * the whole dashboard), less its immune charts, never a filter box (the box itself included), and
 * only charts that can take them: on the box's dataset, or whose dataset has the column (as native
 * filters). A select becomes an IN filter; the time controls become time_range, time_grain_sqla and
 * granularity_sqla. Pure and browser-safe; every value is checked here, nothing from the URL is
 * used as a column name unless the box configures that column.
 */
import { DASHBOARD_ROOT_ID } from './layout/constants';
import type { DashboardLayout } from './layout';
import { chartsInScope, FILTER_BOX_VIZ_TYPE } from './native-filters/scope';
import { mergeExtraFormData } from './native-filters/merge';
import type { ExtraFilter, ExtraFormData, SelectValue } from './native-filters/types';
import { isJsonObject, parseJsonText } from '../safe-json';

export const FILTER_BOX_FIELD_PREFIX = 'filter_box';
export const FILTER_BOX_TIME_RANGE = '__time_range';
export const FILTER_BOX_TIME_GRAIN = '__time_grain';
export const FILTER_BOX_TIME_COLUMN = '__time_col';
/** A time range that filters nothing (the box's empty choice). */
export const NO_TIME_FILTER = 'No filter';
/** At most this many values of one column are taken (a hostile URL may repeat a field at will). */
export const MAX_VALUES_PER_COLUMN = 1000;
/** Longer field values are dropped. */
export const MAX_VALUE_LENGTH = 1000;

/** A filter box's choices: column (or time key) → values. */
export type FilterBoxSelection = Record<string, string[]>;

/** One filter of a box, as its chart's filter_configs say (resolved by the caller). */
export interface FilterBoxColumn {
  column: string;
  /** The label the filter shows (its own, the column's verbose name, or the column). */
  label: string;
  multiple: boolean;
  /** The filter's default values (filter_configs defaultValue). */
  defaults: string[];
}

export interface FilterBox {
  id: number;
  datasetId: number | null;
  columns: readonly FilterBoxColumn[];
  /** The box shows a time range (date_filter). */
  dateFilter: boolean;
  timeGrain: boolean;
  timeColumn: boolean;
}

/** A chart a box may filter. `columns` is its dataset's columns (undefined when unknown). */
export interface FilterBoxTarget {
  id: number;
  vizType: string;
  datasetId: number | null;
  columns?: readonly string[];
}

export interface FilterBoxOnChart {
  /** `filter_box.<boxId>.<column>`. */
  id: string;
  boxId: number;
  column: string;
  /** The filter's label (the time controls: 'Time Range', 'Time Grain', 'Time Column'). */
  name: string;
}

export interface FilterBoxChartFilters {
  extraFormData: ExtraFormData;
  applied: FilterBoxOnChart[];
}

export interface FilterBoxContext {
  /** The URL's query fields (all of them; only `filter_box.*` are read). */
  fields: ReadonlyArray<[string, string]>;
  boxes: readonly FilterBox[];
  charts: readonly FilterBoxTarget[];
  layout: DashboardLayout;
  metadata: { filter_scopes?: unknown; default_filters?: unknown };
  /** A chosen text as the column's type (numbers on a numeric column); text as is without one. */
  castValue?: (box: FilterBox, column: string, text: string) => SelectValue;
}

const TIME_LABELS: Record<string, string> = {
  [FILTER_BOX_TIME_RANGE]: 'Time Range',
  [FILTER_BOX_TIME_GRAIN]: 'Time Grain',
  [FILTER_BOX_TIME_COLUMN]: 'Time Column',
};

export const filterBoxFieldId = (boxId: number, column: string) => `${FILTER_BOX_FIELD_PREFIX}.${boxId}.${column}`;

/** Whether the URL holds anything of this box (its marker or one of its fields). */
function submitted(fields: FilterBoxContext['fields'], boxId: number): boolean {
  const marker = `${FILTER_BOX_FIELD_PREFIX}.${boxId}`;
  return fields.some(([name]) => name === marker || name.startsWith(`${marker}.`));
}

function urlSelection(fields: FilterBoxContext['fields'], boxId: number): FilterBoxSelection {
  const prefix = `${FILTER_BOX_FIELD_PREFIX}.${boxId}.`;
  const selection: FilterBoxSelection = {};
  for (const [name, value] of fields) {
    if (!name.startsWith(prefix) || name.length === prefix.length || value === '' || value.length > MAX_VALUE_LENGTH) continue;
    const list = (selection[name.slice(prefix.length)] ??= []);
    if (list.length < MAX_VALUES_PER_COLUMN && !list.includes(value)) list.push(value);
  }
  return selection;
}

/** json_metadata.default_filters (JSON text, or the object itself): box id → column → values. */
function defaultFiltersOf(metadata: FilterBoxContext['metadata']): Record<string, Record<string, unknown>> {
  let raw: unknown = metadata.default_filters;
  if (typeof raw === 'string') {
    try {
      raw = raw.trim() === '' ? {} : parseJsonText(raw);
    } catch {
      return {};
    }
  }
  if (!isJsonObject(raw)) return {};
  const byBox: Record<string, Record<string, unknown>> = {};
  for (const [id, columns] of Object.entries(raw)) if (isJsonObject(columns)) byBox[id] = columns;
  return byBox;
}

const textsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((v): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(String)
    .filter((v) => v !== '' && v.length <= MAX_VALUE_LENGTH)
    .slice(0, MAX_VALUES_PER_COLUMN);

/** The keys a box takes: its filters' columns and the time controls it shows. */
function keysOf(box: FilterBox): string[] {
  const keys = box.columns.map((c) => c.column);
  if (box.dateFilter) keys.push(FILTER_BOX_TIME_RANGE);
  if (box.timeGrain) keys.push(FILTER_BOX_TIME_GRAIN);
  if (box.timeColumn) keys.push(FILTER_BOX_TIME_COLUMN);
  return keys;
}

/**
 * A box's choices in force: the URL's when the box is in it, else its filters' defaults overridden
 * by default_filters. Only the box's own keys are kept; a single filter (and each time control)
 * keeps one value.
 */
export function filterBoxSelection(box: FilterBox, fields: FilterBoxContext['fields'], metadata: FilterBoxContext['metadata']): FilterBoxSelection {
  let chosen: FilterBoxSelection;
  if (submitted(fields, box.id)) chosen = urlSelection(fields, box.id);
  else {
    chosen = Object.fromEntries(box.columns.filter((c) => c.defaults.length > 0).map((c) => [c.column, c.defaults]));
    for (const [column, value] of Object.entries(defaultFiltersOf(metadata)[String(box.id)] ?? {})) chosen[column] = textsOf(value);
  }
  const selection: FilterBoxSelection = {};
  for (const key of keysOf(box)) {
    const values = chosen[key];
    if (!values || values.length === 0) continue;
    const single = box.columns.find((c) => c.column === key)?.multiple === false || key.startsWith('__');
    selection[key] = single ? values.slice(0, 1) : values;
  }
  return selection;
}

/** filter_scopes' entry for a box's column: the charts it reaches (filter boxes never). */
function scopeOf(context: FilterBoxContext, boxId: number, column: string, vizTypes: Record<number, string>): Set<number> {
  const scopes = isJsonObject(context.metadata.filter_scopes) ? context.metadata.filter_scopes : {};
  const byColumn = scopes[String(boxId)];
  const entry = isJsonObject(byColumn) ? byColumn[column] : undefined;
  const scope = isJsonObject(entry) && Array.isArray(entry.scope) ? entry.scope.filter((id): id is string => typeof id === 'string') : [DASHBOARD_ROOT_ID];
  const immune = isJsonObject(entry) && Array.isArray(entry.immune) ? entry.immune.filter((id): id is number => typeof id === 'number') : [];
  return new Set(chartsInScope(context.layout, { rootPath: scope, excluded: immune }, { vizTypes }));
}

function canTake(box: FilterBox, chart: FilterBoxTarget, column: string): boolean {
  if (box.datasetId !== null && chart.datasetId === box.datasetId) return true;
  return chart.columns?.includes(column) === true;
}

/** What one column's choices add to a query. */
function extraOf(box: FilterBox, key: string, values: string[], cast: NonNullable<FilterBoxContext['castValue']>): ExtraFormData | null {
  if (key === FILTER_BOX_TIME_RANGE) return values[0] === NO_TIME_FILTER ? null : { time_range: values[0] };
  if (key === FILTER_BOX_TIME_GRAIN) return { time_grain_sqla: values[0] };
  if (key === FILTER_BOX_TIME_COLUMN) return { granularity_sqla: values[0] };
  const filter: ExtraFilter = { col: key, op: 'IN', val: values.map((v) => cast(box, key, v)) };
  return { filters: [filter] };
}

/** Every box's choices in force, by box id (for the boxes to show them). */
export function filterBoxSelections(context: Pick<FilterBoxContext, 'boxes' | 'fields' | 'metadata'>): Record<number, FilterBoxSelection> {
  return Object.fromEntries(context.boxes.map((box) => [box.id, filterBoxSelection(box, context.fields, context.metadata)]));
}

/**
 * Per chart id, what the dashboard's filter boxes add to its query and which filters applied.
 * Charts nothing reaches are left out.
 */
export function filterBoxFiltersForCharts(context: FilterBoxContext): Record<number, FilterBoxChartFilters> {
  const cast = context.castValue ?? ((_box, _column, text) => text);
  const vizTypes = Object.fromEntries(context.charts.map((c) => [c.id, c.vizType]));
  const byId = new Map(context.charts.map((c) => [c.id, c]));
  const result: Record<number, FilterBoxChartFilters> = {};
  for (const box of context.boxes) {
    const selection = filterBoxSelection(box, context.fields, context.metadata);
    for (const [key, values] of Object.entries(selection)) {
      const extra = extraOf(box, key, values, cast);
      if (!extra) continue;
      const checked = key === FILTER_BOX_TIME_COLUMN ? values[0] : key.startsWith('__') ? null : key;
      const name = TIME_LABELS[key] ?? box.columns.find((c) => c.column === key)?.label ?? key;
      for (const chartId of scopeOf(context, box.id, key, vizTypes)) {
        const chart = byId.get(chartId);
        if (!chart || chart.vizType === FILTER_BOX_VIZ_TYPE || (checked !== null && !canTake(box, chart, checked))) continue;
        const own = (result[chartId] ??= { extraFormData: {}, applied: [] });
        own.extraFormData = mergeExtraFormData(own.extraFormData, extra);
        own.applied.push({ id: filterBoxFieldId(box.id, key), boxId: box.id, column: key, name });
      }
    }
  }
  return result;
}
