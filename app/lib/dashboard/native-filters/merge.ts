/**
 * Superset's mergeExtraFormData: how the masks reaching one query combine. Lists under the append
 * keys concatenate (every filter narrows); the override keys (time range, grain, time column)
 * take the later mask's value. custom_form_data merges by key.
 */
import type { ExtraFormData } from './types';

/** Keys whose lists concatenate when masks merge. */
export const APPEND_KEYS = ['adhoc_filters', 'filters', 'interactive_groupby', 'interactive_highlight', 'interactive_drilldown'] as const;
/** Keys the later mask overrides. */
export const OVERRIDE_KEYS = ['granularity', 'granularity_sqla', 'time_column', 'time_grain', 'time_range', 'relative_start', 'relative_end', 'time_grain_sqla'] as const;

/** Two extra form data merged: lists of APPEND_KEYS concatenate, OVERRIDE_KEYS take the later value, custom_form_data merges by key. */
export function mergeExtraFormData(original: ExtraFormData = {}, extra: ExtraFormData = {}): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const key of APPEND_KEYS) {
    const values = [...asList(original[key]), ...asList(extra[key])];
    if (values.length) (merged as Record<string, unknown>)[key] = values;
  }
  if (original.custom_form_data || extra.custom_form_data) merged.custom_form_data = { ...original.custom_form_data, ...extra.custom_form_data };
  for (const key of OVERRIDE_KEYS) {
    const value = extra[key] !== undefined ? extra[key] : original[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

const asList = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
