/**
 * The dashboard page's domain half: the dashboard the user may see, its layout (position_json
 * read and repaired by the layout module, with the charts the user may see), the active tabs, and
 * every chart on screen in those tabs drawn on the server in one pass (at most RENDER_CONCURRENCY
 * at a time, so a large dashboard neither waits on one chart after another nor opens every
 * database connection at once). Charts in other tabs are not queried: the page draws them when
 * their tab opens, by URL (the loader again) or through dashboardChart (the chart resource
 * route). Trusts only what access.server.ts decides: a dashboard out of sight is a 404, and a
 * chart is answered only when it is on this dashboard and the user may see it.
 */
import {
  chartIdsInLayout, GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_GUTTER_SIZE, activeTabsShowing, getItem, parseLayout, resolveActiveTabs, visibleChartIds,
  type DashboardLayout,
} from '~/lib/dashboard/layout';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { renderChart, type RenderedChart } from '../charts/render-chart.server';
import { DomainError, NotFoundError } from '../domain-errors.server';
import { favoriteStatus } from '../lists/favorites.server';
import { canEditDashboard, getVisibleDashboard, VIEW } from './access.server';
import type { DashboardRef } from './inputs.server';
import { openDashboardPermalink } from './permalink.server';
import { dashboardCharts, dashboardTitle, dashboardUrl, type DashboardChart } from './show.server';
import { dashboardResource } from './resource.server';

/** The page's width in pixels the server draws for; the browser scales the SVG to the real width. */
export const DASHBOARD_PAGE_WIDTH = 1200;
/** The chart holder's title bar, taken from the component's height (Superset's chart header). */
export const CHART_HEADER_HEIGHT = 40;
const RENDER_CONCURRENCY = 6;
const MIN_CHART_HEIGHT = 80;

export type ChartBox = { width: number; height: number };

/** What the page shows of a chart besides its drawing. */
export type DashboardPageChart = {
  id: number;
  name: string;
  vizType: string;
  description: string | null;
  /** Explore on this chart. */
  editUrl: string;
};

export type DashboardPageData = {
  dashboard: { id: number; slug: string | null; title: string; published: boolean; url: string };
  canEdit: boolean;
  favorite: boolean;
  layout: DashboardLayout;
  /** The tab each visible tab group shows. */
  activeTabs: string[];
  /** The charts the user may see on this dashboard, by chart id. */
  charts: Record<string, DashboardPageChart>;
  /** Each chart component's drawing box, by component id. */
  boxes: Record<string, ChartBox>;
  /** The charts drawn for the active tabs, by chart id. */
  rendered: Record<string, RenderedChart>;
  /**
   * Charts on screen (in the active tabs) the server left undrawn because they sit below the fold:
   * the page draws each when it comes into view (and, without JavaScript, in a lazily loaded frame).
   */
  deferredCharts: number[];
  /** The dashboard's own CSS, applied on its page. */
  css: string;
  /** A permalink that could not be opened: the page shows the dashboard in its default state and says so. */
  notice: string | null;
};

export type DashboardPageOptions = {
  /** `?tab=` values: tabs to show, each overriding the permalink's choice for its tab group. */
  tabs?: readonly string[];
  permalinkKey?: string | null;
  /** Bypass the chart data cache (Refresh). */
  force?: boolean;
};

/** The box a chart component is drawn in: its grid columns of the page width, its height units less the title bar. */
export function chartBoxOf(layout: DashboardLayout, componentId: string): ChartBox {
  const meta = getItem(layout, componentId)?.meta ?? {};
  const columns = Math.min(Math.max(meta.width ?? 4, 1), GRID_COLUMN_COUNT);
  const units = meta.height ?? 50;
  return {
    width: Math.max(Math.round(columns * (DASHBOARD_PAGE_WIDTH / GRID_COLUMN_COUNT)) - GRID_GUTTER_SIZE, 100),
    height: Math.max(units * GRID_BASE_UNIT - CHART_HEADER_HEIGHT, MIN_CHART_HEIGHT),
  };
}

function chartComponents(layout: DashboardLayout): Map<number, string> {
  const byChart = new Map<number, string>();
  for (const item of Object.values(layout)) {
    if (item.type === 'CHART' && typeof item.meta.chartId === 'number' && !byChart.has(item.meta.chartId)) byChart.set(item.meta.chartId, item.id);
  }
  return byChart;
}

/** `work` over the items, at most `limit` running at once, answers in the items' order. */
async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

type Loaded = { dashboardId: number; layout: DashboardLayout; charts: DashboardChart[] };

async function loadLayout(user: CurrentUser, ref: DashboardRef): Promise<Loaded & { dashboard: Awaited<ReturnType<typeof getVisibleDashboard>> }> {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await getVisibleDashboard(user, ref);
  const { result: charts } = await dashboardCharts(user, { id: dashboard.id });
  const layout = parseLayout(dashboard.position_json, {
    chartIds: charts.map((c) => c.id),
    chartNames: Object.fromEntries(charts.map((c) => [c.id, c.slice_name])),
    title: dashboardTitle(dashboard),
  });
  return { dashboard, dashboardId: dashboard.id, layout, charts };
}

function draw(user: CurrentUser, chart: DashboardChart, box: ChartBox, force: boolean): Promise<RenderedChart> {
  // dashboardCharts sets viz_type from the chart's own column: the form data's viz_type is always there.
  return renderChart(user, { ...chart.form_data, viz_type: chart.viz_type }, { width: box.width, height: box.height, force });
}

/** The tabs to show: the permalink's, then each `?tab=` in turn taking over its own tab group. */
async function requestedTabs(user: CurrentUser, dashboardId: number, layout: DashboardLayout, options: DashboardPageOptions): Promise<{ tabs: string[]; notice: string | null }> {
  let tabs: string[] = [];
  let notice: string | null = null;
  if (options.permalinkKey) {
    try {
      const opened = await openDashboardPermalink(user, options.permalinkKey);
      if (opened.dashboard.id === dashboardId) tabs = resolveActiveTabs(layout, opened.state.activeTabs ?? []);
      else notice = 'The permalink belongs to another dashboard.';
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      notice = `The permalink could not be opened: ${error.message}`;
    }
  }
  for (const tab of options.tabs ?? []) if (getItem(layout, tab)?.type === 'TAB') tabs = activeTabsShowing(layout, tab, tabs);
  return { tabs: resolveActiveTabs(layout, tabs), notice };
}

export async function loadDashboardPage(user: CurrentUser, ref: DashboardRef, options: DashboardPageOptions = {}): Promise<DashboardPageData> {
  const { dashboard, layout, charts } = await loadLayout(user, ref);
  const { tabs: activeTabs, notice } = await requestedTabs(user, dashboard.id, layout, options);
  const byId = new Map(charts.map((c) => [c.id, c]));
  const components = chartComponents(layout);
  const boxes: Record<string, ChartBox> = {};
  for (const componentId of components.values()) boxes[componentId] = chartBoxOf(layout, componentId);

  const onScreen = visibleChartIds(layout, activeTabs).filter((id) => byId.has(id) && components.has(id));
  const [drawn, favorites] = await Promise.all([
    mapWithLimit(onScreen, RENDER_CONCURRENCY, (id) => draw(user, byId.get(id)!, boxes[components.get(id)!], options.force === true)),
    favoriteStatus(user, dashboardResource, [dashboard.id]),
  ]);
  const rendered: Record<string, RenderedChart> = {};
  onScreen.forEach((id, index) => {
    rendered[id] = drawn[index];
  });
  return {
    dashboard: { id: dashboard.id, slug: dashboard.slug, title: dashboardTitle(dashboard), published: Boolean(dashboard.published), url: dashboardUrl(dashboard) },
    canEdit: canEditDashboard(user, dashboard),
    favorite: favorites.result[0]?.value === true,
    layout,
    activeTabs,
    charts: Object.fromEntries(
      chartIdsInLayout(layout)
        .filter((id) => byId.has(id))
        .map((id) => {
          const c = byId.get(id)!;
          return [id, { id, name: c.slice_name, vizType: c.viz_type, description: c.description, editUrl: c.slice_url }];
        }),
    ),
    boxes,
    rendered,
    deferredCharts: [],
    css: dashboard.css ?? '',
    notice,
  };
}

/**
 * One chart of the dashboard, drawn at its box on the page: what the page fetches when a tab opens
 * in the browser. 404 when the dashboard is out of sight, or the chart is not on it or not visible
 * to the user (the same answer, so ids cannot be probed).
 */
export async function dashboardChart(user: CurrentUser, ref: DashboardRef, chartId: number, options: { force?: boolean } = {}): Promise<RenderedChart> {
  const { layout, charts } = await loadLayout(user, ref);
  const chart = charts.find((c) => c.id === chartId);
  const componentId = chartComponents(layout).get(chartId);
  if (!chart || !componentId) throw new NotFoundError('Chart not found on this dashboard.');
  return draw(user, chart, chartBoxOf(layout, componentId), options.force === true);
}
