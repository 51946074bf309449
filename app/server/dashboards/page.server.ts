/**
 * The dashboard page's domain half: the dashboard the user may see, its layout (position_json
 * read and repaired by the layout module, with the charts the user may see), the active tabs, and
 * every chart on screen in those tabs above the fold (app/lib/dashboard/fold.ts) drawn on the
 * server in one pass: queried at most RENDER_CONCURRENCY at a time (so a large dashboard neither
 * waits on one chart after another nor opens every database connection at once), then coloured
 * and drawn in layout order (see PageColors). Charts below the fold and in other tabs are not
 * queried: the page draws them when they come into view or their tab opens, by URL (the loader
 * again) or through dashboardChart (the chart resource route). Trusts only what access.server.ts
 * decides: a dashboard out of sight is a 404, and a chart is answered only when it is on this
 * dashboard and the user may see it, or when the user may edit the dashboard and see the chart.
 */
import { createColorContext, type CategoricalColorNamespace, type ColorContext, type ColorScale } from '~/lib/colors';
import { chartsBelowFold } from '~/lib/dashboard/fold';
import {
  chartIdsInLayout, activeTabsShowing, findChartComponentId, getItem, parseLayout,
  resolveActiveTabs, visibleChartIds, type DashboardLayout,
} from '~/lib/dashboard/layout';
import { parseStoredObject } from '~/lib/safe-json';
import { chartBoxFor, chartBoxOf, type ChartBox } from '~/lib/dashboard/chart-box';
import { mergeExtraFormData, type ExtraFormData } from '~/lib/dashboard/native-filters';
import { readDashboardJsonMetadata, type DashboardJsonMetadata } from '~/lib/stored-json/dashboard-json-metadata';
import type { FormData } from '~/viz/types';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { findVisibleChart } from '../charts/ownership.server';
import type { CrossFilterSelection } from '~/lib/dashboard/cross-filter-selection';
import { colorLabels, drawChart, queryChart, type QueriedChart, type RenderedChart } from '../charts/render-chart.server';
import { DomainError, NotFoundError } from '../domain-errors.server';
import { favoriteStatus } from '../lists/favorites.server';
import { canEditDashboard, getVisibleDashboard, VIEW } from './access.server';
import type { DashboardRef } from './inputs.server';
import { openDashboardPermalink } from './permalink.server';
import { dashboardCharts, dashboardTitle, dashboardUrl, type DashboardChart } from './show.server';
import { drawingsKey, keepDrawings, reuseDrawings } from './drawn-pages.server';
import { dashboardResource } from './resource.server';
import { filterSetsForBar } from './filter-sets.server';
import { startNativeFilters, type DashboardNativeFilters, type NativeFilterParams, type NativeFiltersStart } from './native-filters.server';

export { CHART_HEADER_HEIGHT, DASHBOARD_PAGE_WIDTH, chartBoxOf, type ChartBox } from '~/lib/dashboard/chart-box';
const RENDER_CONCURRENCY = 6;

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
  /** The chart `?focused_chart=` names, when it is on screen: the page highlights it and scrolls to it. */
  focusedChart: number | null;
  /** The dashboard's own CSS, applied on its page. */
  css: string;
  /**
   * Auto-refresh from json_metadata (dashboards.md §3, §4): refresh_frequency (seconds, 0 none),
   * timed_refresh_immune_slices, stagger_refresh (on unless false), stagger_time (ms, 5000 unless set).
   */
  autoRefresh: { frequency: number; immuneChartIds: number[]; stagger: boolean; staggerTime: number };
  /** A permalink that could not be opened: the page shows the dashboard in its default state and says so. */
  notice: string | null;
  /** The native filter bar (values, options, what each chart took); null when the dashboard has no native filters. */
  nativeFilters: DashboardNativeFilters | null;
};

export type DashboardPageOptions = {
  /** `?tab=` values: tabs to show, each overriding the permalink's choice for its tab group. */
  tabs?: readonly string[];
  permalinkKey?: string | null;
  /** Bypass the chart data cache (Refresh). */
  force?: boolean;
  /** `?focused_chart=`: the chart to show and highlight (its tabs open, drawn even below the fold). */
  focusedChart?: number | null;
  /** The URL's filter state: `native_filters_key`, `native_filters`, the bar's `nf` fields. */
  nativeFilters?: NativeFilterParams;
};

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

type Loaded = { layout: DashboardLayout; charts: DashboardChart[]; metadata: DashboardJsonMetadata };

async function loadLayout(user: CurrentUser, ref: DashboardRef): Promise<Loaded & { dashboard: Awaited<ReturnType<typeof getVisibleDashboard>> }> {
  requirePermission(user, 'can_read', VIEW);
  const dashboard = await getVisibleDashboard(user, ref);
  const { result: charts } = await dashboardCharts(user, { id: dashboard.id });
  const layout = parseLayout(dashboard.position_json, {
    chartIds: charts.map((c) => c.id),
    chartNames: Object.fromEntries(charts.map((c) => [c.id, c.slice_name])),
    title: dashboardTitle(dashboard),
  });
  return { dashboard, layout, charts, metadata: readDashboardJsonMetadata(dashboard.json_metadata) };
}

/**
 * Colours on a dashboard, as Superset's: the dashboard's `color_scheme` (json_metadata) replaces
 * each chart's own; its `label_colors` force a label's colour in every chart (and the colours
 * `map_label_colors` saved for the labels of `shared_label_colors`, under them); and the page has
 * one colour namespace, whatever namespace a chart asks for, so a label coloured by one chart
 * keeps that colour in the next ('boy' is the same in the pie and the bar).
 *
 * The rule that makes it deterministic: the page's charts are those it draws on the server (on
 * screen for the active tabs, above the fold), and each takes its colours after the page's
 * charts that come before it in layout order, whatever query answers first; a chart the page
 * leaves to the browser (below the fold, in a tab opened later, or added by the editor) comes
 * after all the page's charts of its screen (the tabs that show it). The page queries its charts
 * at once and colours them in layout order; dashboardChart replays the page's charts first (their
 * answers come from the chart data cache the page has just filled), so it draws a chart in the
 * colours the page gives it. Within a chart, a new label takes the first colour of the scheme
 * that none of the chart's other labels has. Two charts left to the browser do not see each
 * other's new labels: replaying them too would cost a query per chart before each one.
 *
 * The colours a chart drew with go back in its form data as `label_colors`, so the browser,
 * redoing transformProps with the chart's own colour context, forces exactly those colours.
 */
class PageColors {
  private readonly namespace: CategoricalColorNamespace;
  /** The labels whose colour the dashboard forces. */
  private readonly forced: Set<string>;

  constructor(metadata: DashboardJsonMetadata) {
    this.namespace = createColorContext().getNamespace(metadata.color_namespace).applyDashboardColors(metadata, true);
    const shared = Array.isArray(metadata.shared_label_colors) ? metadata.shared_label_colors : [];
    const saved = Object.keys(metadata.map_label_colors ?? {}).filter((label) => shared.includes(label));
    this.forced = new Set([...Object.keys(metadata.label_colors ?? {}), ...saved].map((label) => label.trim()));
  }

  /**
   * Gives the chart's labels their page colours before it draws: a label the page knows (forced,
   * or coloured by an earlier chart) keeps its colour, and each new one takes the first colour of
   * the chart's scheme that none of its other labels has. Done ahead (a dry run of transformProps
   * tells the labels, in the order the chart meets them) so a new label does not take the colour
   * a known label of the same chart is about to bring in.
   */
  private prime(queried: QueriedChart, box: ChartBox): void {
    const probe = createColorContext({ shareLabelColors: false });
    const met: Array<{ schemeId: string | null | undefined; scale: ColorScale }> = [];
    colorLabels(queried, {
      ...box,
      colors: {
        getNamespace: probe.getNamespace,
        getScale: (schemeId) => {
          const scale = probe.getScale(schemeId);
          met.push({ schemeId, scale });
          return scale;
        },
      },
    });
    for (const { schemeId, scale: probed } of met) {
      const labels = Object.keys(probed.getColorMap());
      const scale = this.namespace.getScale(schemeId);
      const known = this.namespace.getColorMap();
      const isNew = (label: string) => known[label] === undefined && !this.forced.has(label);
      const taken = new Set(labels.filter((label) => !isNew(label)).map((label) => scale.getColor(label)));
      labels.filter(isNew).forEach((label, index) => {
        const color = scale.colors.find((c) => !taken.has(c)) ?? scale.colors[index % scale.colors.length];
        taken.add(color);
        scale.setColor(label, color).getColor(label);
      });
    }
  }

  /** Draws the chart in the page's colours, and hands the browser those colours in its form data. */
  draw(queried: QueriedChart, box: ChartBox, crossFilter?: CrossFilterSelection | null): RenderedChart {
    this.prime(queried, box);
    const scales: ColorScale[] = [];
    const colors: ColorContext = {
      getNamespace: () => this.namespace,
      getScale: (schemeId) => {
        const scale = this.namespace.getScale(schemeId);
        scales.push(scale);
        return scale;
      },
    };
    const drawn = drawChart(queried, { ...box, colors, crossFilter });
    const labelColors = Object.assign({}, ...scales.map((scale) => scale.getColorMap())) as Record<string, string>;
    if (Object.keys(labelColors).length === 0) return drawn;
    const own = drawn.formData.label_colors;
    return { ...drawn, formData: { ...drawn.formData, label_colors: { ...(own && typeof own === 'object' ? own : {}), ...labelColors } } };
  }

  /** Lets the chart colour its labels, as if drawn, without drawing it. */
  replay(queried: QueriedChart, box: ChartBox): void {
    this.prime(queried, box);
  }
}

/**
 * The chart's form data on the dashboard: its viz type from its own column, the dashboard's colour
 * scheme over its own, and the filters reaching it merged into its `extra_form_data` as Superset
 * sends them (buildQuery appends their filters and takes their time range, grain and column).
 */
function formDataOn(chart: Pick<DashboardChart, 'form_data' | 'viz_type'>, metadata: DashboardJsonMetadata, extra: ExtraFormData = {}): FormData {
  const formData: FormData = { ...chart.form_data, viz_type: chart.viz_type };
  if (metadata.color_scheme) formData.color_scheme = metadata.color_scheme;
  if (Object.keys(extra).length > 0) {
    const own = chart.form_data.extra_form_data;
    formData.extra_form_data = mergeExtraFormData(own && typeof own === 'object' ? (own as ExtraFormData) : {}, extra);
  }
  return formData;
}

/** Per chart id, the selection of the chart's own cross-filter in force. */
function crossFilterSelections(bar: DashboardNativeFilters | null): Record<number, CrossFilterSelection> {
  return Object.fromEntries((bar?.crossFilters ?? []).map((c) => [c.chartId, c.selection]));
}

/** The dashboard's native filters started from the URL's state (null without any). */
function filtersOf(user: CurrentUser, loaded: Loaded & { dashboard: { id: number } }, params: NativeFilterParams = {}): Promise<NativeFiltersStart | null> {
  return startNativeFilters(user, { dashboard: loaded.dashboard, layout: loaded.layout, metadata: loaded.metadata, charts: loaded.charts, params });
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
  tabs = withTabs(layout, tabs, options.tabs);
  const focused = options.focusedChart ? findChartComponentId(layout, options.focusedChart) : null;
  if (focused) tabs = activeTabsShowing(layout, focused, tabs);
  return { tabs, notice };
}

/** `tabs` with each of `requested` in turn taking over its own tab group, resolved. */
function withTabs(layout: DashboardLayout, tabs: string[], requested: readonly string[] = []): string[] {
  let active = tabs;
  for (const tab of requested) if (getItem(layout, tab)?.type === 'TAB') active = activeTabsShowing(layout, tab, active);
  return resolveActiveTabs(layout, active);
}

/** The charts on screen for these tabs that the page draws on the server, and those it leaves below the fold, in layout order. */
function screenOf(loaded: Loaded, activeTabs: readonly string[], focusedChart: number | null): { drawn: number[]; deferred: number[] } {
  const byId = new Set(loaded.charts.map((c) => c.id));
  const components = chartComponents(loaded.layout);
  const onScreen = visibleChartIds(loaded.layout, activeTabs).filter((id) => byId.has(id) && components.has(id));
  const below = new Set(chartsBelowFold(loaded.layout, activeTabs));
  // The focused chart is what the visitor came for: drawn now wherever it sits.
  if (focusedChart !== null) below.delete(focusedChart);
  return { drawn: onScreen.filter((id) => !below.has(id)), deferred: onScreen.filter((id) => below.has(id)) };
}

export async function loadDashboardPage(user: CurrentUser, ref: DashboardRef, options: DashboardPageOptions = {}): Promise<DashboardPageData> {
  const loaded = await loadLayout(user, ref);
  const { dashboard, layout, charts, metadata } = loaded;
  const { tabs: activeTabs, notice } = await requestedTabs(user, dashboard.id, layout, options);
  const byId = new Map(charts.map((c) => [c.id, c]));
  const components = chartComponents(layout);
  const boxes: Record<string, ChartBox> = {};
  for (const componentId of components.values()) boxes[componentId] = chartBoxOf(layout, componentId);

  const focusedChart = options.focusedChart && byId.has(options.focusedChart) && visibleChartIds(layout, activeTabs).includes(options.focusedChart) ? options.focusedChart : null;
  const { drawn: toDraw, deferred } = screenOf(loaded, activeTabs, focusedChart);
  const filters = await filtersOf(user, loaded, options.nativeFilters);
  // The charts' first data and the filters' options at once: a chart waits only for a 'first item' default reaching it.
  const sent = new Map<number, ExtraFormData>();
  const query = async (id: number, extra: ExtraFormData) => {
    sent.set(id, extra);
    return queryChart(user, formDataOn(byId.get(id)!, metadata, extra), { force: options.force === true });
  };
  const [queried, favorites, resolved, filterSets] = await Promise.all([
    mapWithLimit(toDraw, RENDER_CONCURRENCY, async (id) => query(id, filters ? await filters.extraFormDataFor(id) : {})),
    favoriteStatus(user, dashboardResource, [dashboard.id]),
    filters?.done ?? null,
    // Only the bar lists them: none is read for a dashboard without native filters.
    filters ? filterSetsForBar(user, dashboard) : [],
  ]);
  if (resolved) {
    // A form value its options no longer offer (a parent changed) is dropped once the options are known: such charts are queried again.
    const stale = toDraw.filter((id) => JSON.stringify(resolved.extraFormDataByChart[id] ?? {}) !== JSON.stringify(sent.get(id) ?? {}));
    const again = await mapWithLimit(stale, RENDER_CONCURRENCY, (id) => query(id, resolved.extraFormDataByChart[id] ?? {}));
    stale.forEach((id, i) => {
      queried[toDraw.indexOf(id)] = again[i];
    });
  }
  // Each chart's own cross-filter marks its drawing (its query does not change with it).
  const selections = crossFilterSelections(resolved?.bar ?? null);
  const drawingKey = options.force
    ? null
    : drawingsKey({
      dashboardId: dashboard.id,
      changedOn: dashboard.changed_on,
      metadata: Object.keys(selections).length > 0 ? JSON.stringify([dashboard.json_metadata, selections]) : dashboard.json_metadata,
      charts: toDraw.map((id, index) => ({ id, box: boxes[components.get(id)!], queried: queried[index] })),
    });
  let rendered = reuseDrawings(drawingKey);
  if (!rendered) {
    const colors = new PageColors(metadata);
    const drawn: Record<string, RenderedChart> = {};
    toDraw.forEach((id, index) => {
      drawn[id] = colors.draw(queried[index], boxes[components.get(id)!], selections[id]);
    });
    keepDrawings(drawingKey, drawn);
    rendered = drawn;
  }
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
    deferredCharts: deferred,
    focusedChart,
    css: dashboard.css ?? '',
    autoRefresh: {
      frequency: Math.floor(metadata.refresh_frequency ?? 0),
      immuneChartIds: metadata.timed_refresh_immune_slices ?? [],
      stagger: metadata.stagger_refresh !== false,
      staggerTime: metadata.stagger_time ?? 5000,
    },
    notice,
    nativeFilters: resolved?.bar ? { ...resolved.bar, filterSets } : null,
  };
}

export type DashboardChartOptions = {
  force?: boolean;
  /** Draw at this size instead of the chart's box in the layout (full screen, the editor after a resize). */
  box?: Partial<ChartBox>;
  /** The tabs the page shows (`?tab=`): the screen whose charts come before this one; the chart's own tabs always show. */
  tabs?: readonly string[];
  /** The page's filter state (the same URL parameters as the page's). */
  nativeFilters?: NativeFilterParams;
};

/** A chart drawn for the dashboard, and the name it has there. */
export type DashboardChartDrawing = { chart: RenderedChart; name: string };

/** A saved chart that is not on the dashboard, as the editor's side panel adds it: Superset's form data of the chart. */
async function chartOffTheDashboard(user: CurrentUser, chartId: number, dashboardId: number): Promise<Pick<DashboardChart, 'form_data' | 'viz_type' | 'slice_name'>> {
  const chart = await findVisibleChart(user, chartId);
  const datasource = `${chart.datasource_id ?? 'None'}__${chart.datasource_type ?? 'table'}`;
  return {
    slice_name: chart.slice_name,
    viz_type: chart.viz_type,
    form_data: { ...parseStoredObject(chart.params), slice_id: chart.id, viz_type: chart.viz_type, datasource, dashboardId },
  };
}

/**
 * One chart of the dashboard, drawn at its box on the page (or `options.box`) in the colours the
 * page gives it (PageColors): what the page fetches when a tab opens or a chart below the fold
 * comes into view. 404 when the dashboard is out of sight, or the chart is not on it or not
 * visible to the user (the same answer, so ids cannot be probed); but someone who may edit the
 * dashboard gets any chart they may see, as the editor shows charts added from its side panel
 * before the dashboard is saved.
 */
export async function dashboardChart(user: CurrentUser, ref: DashboardRef, chartId: number, options: DashboardChartOptions = {}): Promise<DashboardChartDrawing> {
  const loaded = await loadLayout(user, ref);
  const { dashboard, layout, charts, metadata } = loaded;
  const componentId = chartComponents(layout).get(chartId);
  const placed = componentId ? charts.find((c) => c.id === chartId) : undefined;
  let chart: Pick<DashboardChart, 'form_data' | 'viz_type' | 'slice_name'>;
  if (placed) chart = placed;
  else if (canEditDashboard(user, dashboard)) chart = await chartOffTheDashboard(user, chartId, dashboard.id);
  else throw new NotFoundError('Chart not found on this dashboard.');

  const requested = resolveActiveTabs(layout, withTabs(layout, [], options.tabs));
  const screen = componentId && placed ? activeTabsShowing(layout, componentId, requested) : requested;
  const { drawn } = screenOf(loaded, screen, null);
  const index = drawn.indexOf(chartId);
  // The charts the page draws before this one on its screen (all of them for a chart not drawn by the page).
  const before = index >= 0 ? drawn.slice(0, index) : drawn.filter((id) => id !== chartId);
  const byId = new Map(charts.map((c) => [c.id, c]));
  const components = chartComponents(layout);
  // The page's final filters (its option queries are cached), so this chart and the replayed ones get what the page's got.
  const filters = await filtersOf(user, loaded, options.nativeFilters);
  const resolved = filters ? await filters.done : null;
  const extra = resolved?.extraFormDataByChart ?? {};
  const queries = [
    () => queryChart(user, formDataOn(chart, metadata, placed ? extra[chartId] : undefined), { force: options.force === true }),
    // Only for their colours: the cache answers them when the page has just drawn them.
    ...before.map((id) => () => queryChart(user, formDataOn(byId.get(id)!, metadata, extra[id]))),
  ];
  const [queried, ...replayed] = await mapWithLimit(queries, RENDER_CONCURRENCY, (run) => run());
  const colors = new PageColors(metadata);
  before.forEach((id, i) => colors.replay(replayed[i], chartBoxOf(layout, components.get(id)!)));
  const own = componentId ? chartBoxOf(layout, componentId) : chartBoxFor(undefined, undefined);
  const box = { width: options.box?.width ?? own.width, height: options.box?.height ?? own.height };
  const meta = componentId ? getItem(layout, componentId)?.meta : undefined;
  const name = (typeof meta?.sliceNameOverride === 'string' && meta.sliceNameOverride) || chart.slice_name || 'Untitled chart';
  return { chart: colors.draw(queried, box, placed ? crossFilterSelections(resolved?.bar ?? null)[chartId] : null), name };
}
