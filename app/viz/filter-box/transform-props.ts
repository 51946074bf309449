/**
 * filter_box: the answers of buildQuery (one per filter column, in filter_configs order) become
 * the box's controls: a time range select (date_filter), time grain and time column selects
 * (show_sqla_time_granularity, show_sqla_time_column) and one select per filter with its choices,
 * its label and placeholder, and what is chosen (the page's selection, else the filter's default
 * value). Every text and field name is computed here, so the view is a function of JSON props.
 */
import { CALENDAR_RANGE_OPTIONS, COMMON_RANGE_OPTIONS, NO_TIME_RANGE } from '~/lib/explore/time-range-control';
import { GenericDataType, type ChartDataResult } from '~/lib/chart-data/types';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import { getMetricLabel } from '../shared/query';
import type { FormData, HtmlModel, TransformInput, VizDatasource } from '../types';
import { chartIdOf, fieldName, selectionOf, TIME_COLUMN_KEY, TIME_GRAIN_KEY, TIME_RANGE_KEY, type FilterBoxSelection } from './fields';
import { defaultChoices, filterLabel, readFilterConfigs, type FilterConfig } from './filter-configs';

export const TIME_RANGE_LABEL = 'Time Range';
export const TIME_RANGE_HINT = 'Select start and end date';
export const TIME_GRAIN_LABEL = 'Time Grain';
export const TIME_COLUMN_LABEL = 'Time Column';
export const NO_RESULTS_TEXT = 'No results found';
export const APPLY_TEXT = 'Apply';
export const placeholderFor = (label: string) => `Type or Select [${label}]`;

export interface FilterBoxOption {
  /** The form value (the choice's id as text). */
  value: string;
  text: string;
  /** The sort metric's value, when the filter has a metric. */
  metric: number | null;
}

export interface FilterBoxFilter {
  column: string;
  /** The GET field name (fields.ts). */
  name: string;
  label: string;
  placeholder: string;
  multiple: boolean;
  clearable: boolean;
  searchAllOptions: boolean;
  options: FilterBoxOption[];
  /** The chosen values; a chosen value missing from the options is offered anyway. */
  selected: string[];
}

export interface FilterBoxTimeControl {
  name: string;
  label: string;
  hint: string | null;
  /** The first option's text when the control may stay empty, else null. */
  emptyText: string | null;
  options: { value: string; label: string }[];
  selected: string;
}

export interface FilterBoxProps {
  chartId: number;
  instantFiltering: boolean;
  timeRange: FilterBoxTimeControl | null;
  timeGrain: FilterBoxTimeControl | null;
  timeColumn: FilterBoxTimeControl | null;
  filters: FilterBoxFilter[];
  noResultsText: string;
  applyText: string;
}

export type FilterBoxModel = HtmlModel<FilterBoxProps> & { kind: 'html' };

const TIME_RANGE_PRESETS = [NO_TIME_RANGE, ...COMMON_RANGE_OPTIONS.map((o) => o.value), ...CALENDAR_RANGE_OPTIONS.map((o) => o.value)];

/** An epoch-ms time as the text a temporal choice shows and submits ('2024-01-31 00:00:00'). */
function timeText(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A filter's choices from its answer: the column's values in the answer's order (the query sorted
 * them), null and empty values left out (no field value can stand for them), each value once.
 */
export function optionsOf(result: ChartDataResult | undefined, config: FilterConfig): FilterBoxOption[] {
  if (!result) return [];
  const index = result.colnames.indexOf(config.column);
  const temporal = index >= 0 && result.coltypes[index] === GenericDataType.TEMPORAL;
  const metricLabel = config.metric ? getMetricLabel(config.metric) : null;
  const seen = new Set<string>();
  const options: FilterBoxOption[] = [];
  for (const row of result.data) {
    const id = row[config.column];
    if (id === null || id === undefined || id === '') continue;
    const text = temporal && typeof id === 'number' ? timeText(id) : String(id);
    if (seen.has(text)) continue;
    seen.add(text);
    const metric = metricLabel === null ? null : Number(row[metricLabel]);
    options.push({ value: text, text, metric: metric === null || Number.isNaN(metric) ? null : metric });
  }
  return options;
}

/**
 * Superset's legacy filter box payload (`data` of explore_json): column → [{id, text, metric?}],
 * what its options call reads as (id, metric) pairs.
 */
export function legacyFilterBoxData(formData: FormData, queriesData: ChartDataResult[]): Record<string, { id: string; text: string; metric?: number | null }[]> {
  const data: Record<string, { id: string; text: string; metric?: number | null }[]> = {};
  readFilterConfigs(formData.filter_configs).forEach((config, i) => {
    data[config.column] = optionsOf(queriesData[i], config).map((o) => (config.metric ? { id: o.value, text: o.text, metric: o.metric } : { id: o.value, text: o.text }));
  });
  return data;
}

function filterOf(config: FilterConfig, result: ChartDataResult | undefined, chartId: number, selection: FilterBoxSelection, datasource: VizDatasource): FilterBoxFilter {
  const label = filterLabel(config, datasource);
  const chosen = [...new Set(selection[config.column] ?? defaultChoices(config))].slice(0, config.multiple ? undefined : 1);
  const options = optionsOf(result, config);
  const known = new Set(options.map((o) => o.value));
  // A value chosen earlier may be past the first choices (or gone): it stays offered, so it stays chosen.
  const missing = chosen.filter((value) => !known.has(value)).map((value) => ({ value, text: value, metric: null }));
  return {
    column: config.column,
    name: fieldName(chartId, config.column),
    label,
    placeholder: placeholderFor(label),
    multiple: config.multiple,
    clearable: config.clearable,
    searchAllOptions: config.searchAllOptions,
    options: [...missing, ...options],
    selected: chosen,
  };
}

function timeControls(formData: FormData, chartId: number, selection: FilterBoxSelection, datasource: VizDatasource) {
  const chosen = (key: string) => selection[key]?.[0] ?? '';
  let timeRange: FilterBoxTimeControl | null = null;
  if (formData.date_filter ?? true) {
    const selected = chosen(TIME_RANGE_KEY) || NO_TIME_RANGE;
    const values = TIME_RANGE_PRESETS.includes(selected) ? TIME_RANGE_PRESETS : [...TIME_RANGE_PRESETS, selected];
    timeRange = {
      name: fieldName(chartId, TIME_RANGE_KEY),
      label: TIME_RANGE_LABEL,
      hint: TIME_RANGE_HINT,
      emptyText: null,
      options: values.map((value) => ({ value, label: value })),
      selected,
    };
  }
  const timeGrain: FilterBoxTimeControl | null = formData.show_sqla_time_granularity
    ? {
        name: fieldName(chartId, TIME_GRAIN_KEY),
        label: TIME_GRAIN_LABEL,
        hint: null,
        emptyText: `Select ${TIME_GRAIN_LABEL}`,
        options: TIME_GRAINS.map((g) => ({ value: g.code, label: g.name })),
        selected: chosen(TIME_GRAIN_KEY),
      }
    : null;
  const timeColumn: FilterBoxTimeControl | null = formData.show_sqla_time_column
    ? {
        name: fieldName(chartId, TIME_COLUMN_KEY),
        label: TIME_COLUMN_LABEL,
        hint: null,
        emptyText: `Select ${TIME_COLUMN_LABEL}`,
        options: datasource.columns.filter((c) => c.is_dttm).map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name })),
        selected: chosen(TIME_COLUMN_KEY),
      }
    : null;
  return { timeRange, timeGrain, timeColumn };
}

export function transformProps({ formData, queriesData, width, height, datasource }: TransformInput<FormData>): FilterBoxModel {
  const chartId = chartIdOf(formData);
  const selection = selectionOf(formData);
  const configs = readFilterConfigs(formData.filter_configs);
  return {
    kind: 'html',
    width,
    height,
    props: {
      chartId,
      // Superset's default: a filter box applies each change at once.
      instantFiltering: formData.instant_filtering === undefined ? true : Boolean(formData.instant_filtering),
      ...timeControls(formData, chartId, selection, datasource),
      filters: configs.map((config, i) => filterOf(config, queriesData[i], chartId, selection, datasource)),
      noResultsText: NO_RESULTS_TEXT,
      applyText: APPLY_TEXT,
    },
  };
}
