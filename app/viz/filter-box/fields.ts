/**
 * How a filter box's choices travel without JavaScript. The view is a GET form; each of its fields
 * is named `filter_box.<chartId>.<column>` (a multiple select repeats the name once per value), and
 * the time controls use Superset's legacy time filter keys as the column part: `__time_range`,
 * `__time_grain`, `__time_col`. A dashboard page reads them back with readFilterBoxSelection and
 * hands a chart's own choices to it in the form data under FILTER_BOX_SELECTION_KEY (never saved:
 * buildQuery drops it), so the box shows what is chosen. On a dashboard the server passes them in
 * extra_form_data.custom_form_data under the same key (with the filters the boxes add to the other
 * charts, app/lib/dashboard/filter-box-filters.ts). The form also sends a marker field
 * `filter_box.<chartId>` (markerName): the box was submitted, so a box emptied on purpose does not
 * fall back to its defaults. The chart id is the form data's slice_id; an unsaved chart (Explore)
 * uses 0.
 */
import type { FormData } from '../types';

export const FIELD_PREFIX = 'filter_box';
export const TIME_RANGE_KEY = '__time_range';
export const TIME_GRAIN_KEY = '__time_grain';
export const TIME_COLUMN_KEY = '__time_col';

/** The form data key holding the box's current choices, column (or time key) → values. */
export const FILTER_BOX_SELECTION_KEY = 'filter_box_selection';

export type FilterBoxSelection = Record<string, string[]>;

export function chartIdOf(formData: FormData): number {
  const id = Number(formData.slice_id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export const fieldPrefix = (chartId: number) => `${FIELD_PREFIX}.${chartId}.`;

/** The field saying a chart's filter box was submitted (its value is ignored). */
export const markerName = (chartId: number) => `${FIELD_PREFIX}.${chartId}`;

/** The field name of a column (or time key) of a chart's filter box. */
export const fieldName = (chartId: number, column: string) => `${fieldPrefix(chartId)}${column}`;

/**
 * The choices of one chart's filter box in a query string: column → the non-empty values, in
 * order. A column's name may hold dots: everything after `filter_box.<chartId>.` is the column.
 */
export function readFilterBoxSelection(params: URLSearchParams, chartId: number): FilterBoxSelection {
  const prefix = fieldPrefix(chartId);
  const selection: FilterBoxSelection = {};
  for (const [name, value] of params) {
    if (!name.startsWith(prefix) || name.length === prefix.length || value === '') continue;
    const column = name.slice(prefix.length);
    (selection[column] ??= []).push(value);
  }
  return selection;
}

/** The dashboard's selection for the box: extra_form_data.custom_form_data[FILTER_BOX_SELECTION_KEY]. */
function dashboardSelection(formData: FormData): unknown {
  const extra = formData.extra_form_data as { custom_form_data?: Record<string, unknown> } | undefined;
  return extra && typeof extra === 'object' ? extra.custom_form_data?.[FILTER_BOX_SELECTION_KEY] : undefined;
}

/** The selection a form data carries (FILTER_BOX_SELECTION_KEY, else the dashboard's), strings only; {} without one. */
export function selectionOf(formData: FormData): FilterBoxSelection {
  const raw = formData[FILTER_BOX_SELECTION_KEY] ?? dashboardSelection(formData);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const selection: FilterBoxSelection = {};
  for (const [column, value] of Object.entries(raw as Record<string, unknown>)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
    selection[column] = values;
  }
  return selection;
}
