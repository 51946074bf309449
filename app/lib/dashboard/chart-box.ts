/**
 * The box a dashboard chart is drawn in, in pixels, from its layout component: its grid columns of
 * the page width the server draws for, and its height units less the chart's title bar. One rule
 * for the server's first drawing and the editor's redrawing after a resize, so both ask for the
 * same size.
 */
import { GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT, GRID_DEFAULT_CHART_WIDTH, GRID_GUTTER_SIZE } from './layout/constants';
import { getItem } from './layout/components';
import type { DashboardLayout } from './layout/types';

/** The page's width in pixels charts are drawn for; the browser scales the SVG to the real width. */
export const DASHBOARD_PAGE_WIDTH = 1200;
/** The chart holder's title bar, taken from the component's height (Superset's chart header). */
export const CHART_HEADER_HEIGHT = 40;
export const MIN_CHART_WIDTH = 100;
export const MIN_CHART_HEIGHT = 80;

export type ChartBox = { width: number; height: number };

/** The box of a chart `width` grid columns wide and `units` height units tall (a new chart's size for what is not given). */
export function chartBoxFor(width: number | undefined, units: number | undefined): ChartBox {
  const columns = Math.min(Math.max(width ?? GRID_DEFAULT_CHART_WIDTH, 1), GRID_COLUMN_COUNT);
  return {
    width: Math.max(Math.round(columns * (DASHBOARD_PAGE_WIDTH / GRID_COLUMN_COUNT)) - GRID_GUTTER_SIZE, MIN_CHART_WIDTH),
    height: Math.max((units ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT - CHART_HEADER_HEIGHT, MIN_CHART_HEIGHT),
  };
}

/** The box a chart component is drawn in, as the layout now sizes it. */
export function chartBoxOf(layout: DashboardLayout, componentId: string): ChartBox {
  const meta = getItem(layout, componentId)?.meta ?? {};
  return chartBoxFor(meta.width, meta.height);
}

export const sameBox = (a: ChartBox | undefined, b: ChartBox | undefined): boolean => !!a && !!b && a.width === b.width && a.height === b.height;
