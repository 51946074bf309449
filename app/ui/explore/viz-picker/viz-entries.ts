/**
 * The chart types the picker offers: the registry's, in its order (only types this build can draw),
 * and the ones the Explore control shows as tiles (Superset's quick switcher).
 */
import type { VizPickerEntry } from '~/lib/explore/viz-search';
import { VIZ_REGISTRY } from '~/viz/registry';
import type { VizMetadata } from '~/viz/types';

export type VizEntry = VizPickerEntry<VizMetadata>;

/** The tiles of the chart-type control, before the current type (spec section 2). */
export const TILE_VIZ_TYPES = ['echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area', 'table', 'big_number_total', 'pie'] as const;

export function registryEntries(): VizEntry[] {
  return Object.entries(VIZ_REGISTRY).map(([key, entry]) => ({ key, metadata: entry.metadata }));
}

/** What a badge (metadata.label) means, for its tooltip. */
export const LABEL_EXPLANATIONS: Record<NonNullable<VizMetadata['label']>, string> = {
  DEPRECATED: 'This chart type is no longer maintained and will be removed; prefer another type.',
  LEGACY: 'This chart type uses an older implementation; a newer type may do the same job.',
  VERIFIED: 'This chart type has been tested and should behave reliably.',
};
