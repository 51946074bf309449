/**
 * The chart types. Metadata is here eagerly (the picker lists every type without loading its
 * code); a type's code loads with `import()`, so the browser fetches only the chart types a page
 * shows, after the server-rendered SVG is on screen. Adding a chart type: a folder with
 * meta.ts and index.ts, and one line below.
 */
import { metadata as areaMeta } from './area/meta';
import { metadata as bigNumberMeta } from './big-number/meta';
import { metadata as bigNumberTotalMeta } from './big-number-total/meta';
import { metadata as filterBoxMeta } from './filter-box/meta';
import { metadata as heatmapMeta } from './heatmap/meta';
import { metadata as mixedTimeseriesMeta } from './mixed-timeseries/meta';
import { metadata as treemapMeta } from './treemap/meta';
import { pieMetadata } from './pie/meta';
import { metadata as pivotTableMeta } from './pivot-table/meta';
import { metadata as tableMeta } from './table/meta';
import { metadata as timeseriesBarMeta } from './timeseries-bar/meta';
import { metadata as timeseriesLineMeta } from './timeseries-line/meta';
import { metadata as timeseriesScatterMeta } from './timeseries-scatter/meta';
import { metadata as timeseriesSmoothMeta } from './timeseries-smooth/meta';
import { metadata as timeseriesStepMeta } from './timeseries-step/meta';
import type { VizMetadata, VizPlugin } from './types';

// A type's plugin is generic in its own form data and model (VizPlugin<FD, M>), which a map of all
// types cannot name; each folder's index.ts is typed as a VizPlugin where it is written.
type VizEntry = { metadata: VizMetadata; load: () => Promise<{ default: object }> };

// Each line: the type's metadata (static import, small) and its plugin (dynamic import, code-split).
export const VIZ_REGISTRY: Readonly<Record<string, VizEntry>> = {
  table: { metadata: tableMeta, load: () => import('./table') },
  pie: { metadata: pieMetadata, load: () => import('./pie') },
  pivot_table_v2: { metadata: pivotTableMeta, load: () => import('./pivot-table') },
  echarts_timeseries_line: { metadata: timeseriesLineMeta, load: () => import('./timeseries-line') },
  echarts_timeseries_bar: { metadata: timeseriesBarMeta, load: () => import('./timeseries-bar') },
  echarts_area: { metadata: areaMeta, load: () => import('./area') },
  echarts_timeseries_scatter: { metadata: timeseriesScatterMeta, load: () => import('./timeseries-scatter') },
  echarts_timeseries_smooth: { metadata: timeseriesSmoothMeta, load: () => import('./timeseries-smooth') },
  echarts_timeseries_step: { metadata: timeseriesStepMeta, load: () => import('./timeseries-step') },
  mixed_timeseries: { metadata: mixedTimeseriesMeta, load: () => import('./mixed-timeseries') },
  big_number_total: { metadata: bigNumberTotalMeta, load: () => import('./big-number-total') },
  big_number: { metadata: bigNumberMeta, load: () => import('./big-number') },
  heatmap_v2: { metadata: heatmapMeta, load: () => import('./heatmap') },
  treemap_v2: { metadata: treemapMeta, load: () => import('./treemap') },
  filter_box: { metadata: filterBoxMeta, load: () => import('./filter-box') },
};

export function vizMetadata(type: string): VizMetadata | null {
  return Object.hasOwn(VIZ_REGISTRY, type) ? VIZ_REGISTRY[type].metadata : null;
}

/** The chart type's plugin, or null for a type this build does not have. */
export async function loadViz(type: string): Promise<VizPlugin | null> {
  if (!Object.hasOwn(VIZ_REGISTRY, type)) return null;
  return (await VIZ_REGISTRY[type].load()).default as VizPlugin;
}

export function registeredVizTypes(): string[] {
  return Object.keys(VIZ_REGISTRY);
}
