/**
 * What every component of a dashboard's layout reads while it draws: the layout, the charts and
 * their drawings, the active tabs and how to change them. One context, so the recursive layout
 * components take only the id of what they draw.
 */
import type { ChartFilterReport } from './chart-filters';
import { createContext, useContext } from 'react';
import type { QueryContext } from '~/lib/chart-data/types';
import type { DashboardLayout } from '~/lib/dashboard/layout';
import type { SelectValue } from '~/lib/dashboard/native-filters/types';
import type { FramedChart } from '~/ui/charts/chart-frame';

/** A chart drawn on the server (the page's loader or the chart route), as the holder shows it. */
export type HeldChart = FramedChart & { queryContext: QueryContext | null; rowCount: number | null };

export type DashboardChartInfo = { id: number; name: string; vizType: string; description: string | null; editUrl: string };

export type DashboardView = {
  dashboardId: number;
  layout: DashboardLayout;
  charts: Readonly<Record<string, DashboardChartInfo>>;
  boxes: Readonly<Record<string, { width: number; height: number }>>;
  /** Drawn charts by chart id; a chart on screen without one is on its way (or failed: `failures`). */
  rendered: Readonly<Record<string, HeldChart>>;
  failures: Readonly<Record<string, string>>;
  activeTabs: readonly string[];
  hideTabs: boolean;
  hideChartControls: boolean;
  canDownload: boolean;
  theme: 'light' | 'dark';
  /** The address that shows this tab (the server draws its charts): what a tab link points to. */
  tabHref: (tabId: string) => string;
  /** Shows the tab at once (after hydration); without it, the link's address is followed. */
  selectTab: ((tabId: string) => void) | null;
  /** Whether the page has hydrated: options that need scripts (full screen, image, drill) show only then. */
  hydrated?: boolean;
  /** Charts on screen the server left undrawn (below the fold): without scripts, a lazy frame draws each. */
  deferredCharts?: readonly number[];
  /** `?focused_chart=`: the chart highlighted and scrolled to. */
  focusedChart?: number | null;
  /** Per chart id: the native filters it took and those it refused (issue 14). */
  chartFilters?: Readonly<Record<string, ChartFilterReport>>;
  /**
   * Emits (or, with null, removes) the cross-filter of a chart: per column, the values clicked
   * (issue 14). Absent before hydration and when the dashboard's cross-filters are off.
   */
  crossFilter?: ((chartId: number, selection: Readonly<Record<string, readonly SelectValue[]>> | null) => void) | null;
  /** Per emitting chart id: its cross-filter in force (the chart marks the selection). */
  crossFilterSelections?: Readonly<Record<string, Readonly<Record<string, readonly SelectValue[]>>>>;
  /**
   * Watches an undrawn chart's placeholder: the page fetches the chart once it comes near the
   * viewport. Answers the function that stops watching. Absent before hydration.
   */
  observeChart?: ((chartId: number, element: Element) => () => void) | null;
};

export const DashboardViewContext = createContext<DashboardView | null>(null);

export function useDashboardView(): DashboardView {
  const view = useContext(DashboardViewContext);
  if (!view) throw new Error('useDashboardView outside a DashboardViewContext');
  return view;
}
