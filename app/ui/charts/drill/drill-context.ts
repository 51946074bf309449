/**
 * What a drill needs from the chart besides the clicked point: the chart's first query object as
 * its own chart type builds it (its filters, time range and WHERE narrow the drill too, as in
 * Superset's getDrillPayload), and for a pie the label → group-by values map its slices are named
 * by. Both come from the chart type's module, loaded with `import()` like the interactive chart
 * itself, so the page's first load carries none of it.
 */
import type { QueryObject } from '~/lib/chart-data/types';
import { drillFiltersForPoint, type ChartPoint, type DrillFilter } from '~/lib/explore/drill';
import { loadViz } from '~/viz/registry';
import type { FramedChart } from '../chart-frame';

export type DrillContext = {
  base: QueryObject | null;
  labelMap?: Record<string, unknown[]>;
};

export async function loadDrillContext(chart: FramedChart): Promise<DrillContext> {
  const plugin = await loadViz(chart.vizType);
  let base: QueryObject | null = null;
  try {
    base = plugin ? (plugin.buildQuery(chart.formData).queries[0] ?? null) : null;
  } catch (error) {
    // A form data the type cannot build a query from still drew a chart (the server's answer); drill with the point alone.
    console.warn('sightline: the chart query for drilling could not be built', error);
  }
  if (chart.vizType !== 'pie') return { base };
  const { pieLabelMap } = await import('~/viz/pie/transform-props');
  return { base, labelMap: pieLabelMap(chart.formData, chart.queriesData[0]) };
}

/** The filters of one point of this chart. */
export function pointFilters(chart: FramedChart, context: DrillContext, point: ChartPoint): DrillFilter[] {
  const first = chart.queriesData[0];
  return drillFiltersForPoint(point, {
    vizType: chart.vizType,
    formData: chart.formData,
    result: first ? { colnames: first.colnames ?? [], coltypes: first.coltypes ?? [], label_map: first.label_map } : null,
    verboseMap: chart.datasource?.verboseMap,
    labelMap: context.labelMap,
  });
}
