/** Extra form data (native and cross filters) over a query object, as Superset's overrideExtraFormData. */
import type { QueryObject } from '~/lib/chart-data/types';
import { EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS, EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS } from './constants';
import type { ExtraFormData } from './types';

/**
 * The overriding keys of extra form data replace query object fields (granularity_sqla goes to
 * granularity) and extras (relative_start, relative_end, time_grain_sqla). The appending keys
 * (adhoc_filters, filters, custom_form_data) are merged by buildQueryObject, not here.
 */
export function overrideExtraFormData(queryObject: QueryObject, overrides: Partial<ExtraFormData>): QueryObject {
  const result: QueryObject = { ...queryObject };
  const extras: Record<string, unknown> = { ...(queryObject.extras ?? {}) };
  for (const [key, target] of Object.entries(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS)) {
    const value = overrides[key];
    if (value !== undefined) result[target] = value;
  }
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) {
    if (key in overrides) extras[key] = overrides[key];
  }
  if (Object.keys(extras).length > 0) result.extras = extras;
  return result;
}

/**
 * Two extra form data merged (a dashboard's native filters and a cross-filter): the appending
 * keys concatenate, the overriding keys take the later value. Superset does this in its
 * dashboard code (mergeExtraFormData); the chart side only reads the result.
 */
export function mergeExtraFormData(original: ExtraFormData = {}, extra: ExtraFormData = {}): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const key of ['adhoc_filters', 'filters', 'interactive_groupby', 'interactive_highlight', 'interactive_drilldown'] as const) {
    const values = [...((original[key] as unknown[]) ?? []), ...((extra[key] as unknown[]) ?? [])];
    if (values.length) (merged as Record<string, unknown>)[key] = values;
  }
  if (original.custom_form_data || extra.custom_form_data) {
    merged.custom_form_data = { ...(original.custom_form_data ?? {}), ...(extra.custom_form_data ?? {}) };
  }
  for (const key of [...Object.keys(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS), ...EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS]) {
    const value = extra[key] !== undefined ? extra[key] : original[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}
