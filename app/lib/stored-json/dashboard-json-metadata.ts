/**
 * `dashboards.json_metadata`, a dashboard's settings as JSON text (dashboards.md, "metadata";
 * Superset's DashboardJSONMetadataSchema): colours, refresh, cross-filters, native filters and
 * their scopes. Superset's own shapes changed over versions (`shared_label_colors` was an object
 * and is now a list), so those keys take either; a native filter without an id is left out.
 */
import { z } from 'zod';
import { lenient, lenientList, lenientRecord, readStoredJson } from './read-stored';

const NativeFilterSchema = z.looseObject({
  id: z.string(),
  type: lenient(z.string()),
  name: lenient(z.string()),
  filterType: lenient(z.string()),
  description: lenient(z.string()),
  targets: lenient(z.array(z.unknown())),
  controlValues: lenient(z.looseObject({})),
  defaultDataMask: lenient(z.looseObject({})),
  cascadeParentIds: lenient(z.array(z.string())),
  scope: lenient(z.looseObject({ rootPath: lenient(z.array(z.string())), excluded: lenient(z.array(z.number().int())) })),
  chartsInScope: lenient(z.array(z.number().int())),
  tabsInScope: lenient(z.array(z.string())),
});
export type NativeFilter = z.output<typeof NativeFilterSchema>;

export const DashboardJsonMetadataSchema = z.looseObject({
  color_scheme: lenient(z.string().nullable()),
  color_namespace: lenient(z.string().nullable()),
  color_scheme_domain: lenient(z.array(z.string())),
  label_colors: lenient(lenientRecord(z.string())),
  shared_label_colors: lenient(z.union([z.array(z.string()), lenientRecord(z.string())])),
  map_label_colors: lenient(lenientRecord(z.string())),
  expanded_slices: lenient(lenientRecord(z.boolean())),
  refresh_frequency: lenient(z.number().nonnegative()),
  timed_refresh_immune_slices: lenient(z.array(z.number().int())),
  stagger_refresh: lenient(z.boolean()),
  stagger_time: lenient(z.number().nonnegative()),
  cross_filters_enabled: lenient(z.boolean()),
  default_filters: lenient(z.string()),
  filter_scopes: lenient(z.looseObject({})),
  chart_configuration: lenient(z.looseObject({})),
  global_chart_configuration: lenient(z.looseObject({})),
  native_filter_configuration: lenient(lenientList(NativeFilterSchema)),
  filter_bar_orientation: lenient(z.enum(['VERTICAL', 'HORIZONTAL'])),
  native_filters_instant: lenient(z.boolean()),
  native_filter_row_limit: lenient(z.number().int().positive()),
  positions: lenient(z.looseObject({})),
  import_time: lenient(z.number()),
  remote_id: lenient(z.number().int()),
});
export type DashboardJsonMetadata = z.output<typeof DashboardJsonMetadataSchema>;

export function readDashboardJsonMetadata(text: string | null | undefined): DashboardJsonMetadata {
  return readStoredJson(text, DashboardJsonMetadataSchema, () => ({}));
}

/** Cross-filters are on unless the dashboard turned them off, as in Superset. */
export function crossFiltersEnabled(metadata: DashboardJsonMetadata): boolean {
  return metadata.cross_filters_enabled !== false;
}
