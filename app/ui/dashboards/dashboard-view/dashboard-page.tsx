/**
 * The dashboard page in view mode, shared by `/superset/dashboard/{id}/` and `/dashboard/{id}/`.
 * The server's HTML holds the layout with every chart of the active tabs drawn; a tab is a link
 * to the page with that tab (`?tab=`), drawn on the server. After hydration a tab link changes the
 * URL without asking the loader again (shouldRevalidate), shows the tab at once, and fetches the
 * charts it has not drawn yet from the chart route as they come near the viewport, as it does the
 * charts the server left below the fold (use-dashboard-charts.ts). Refresh is a GET form
 * (`force=true`), so it works the same with or without scripts; auto-refresh re-fetches the charts
 * on screen, staggered (use-auto-refresh.ts), or without scripts is a meta refresh. The
 * dashboard's own CSS is applied in view mode (edit mode's CSS editor previews its own).
 */
import { useLocation, useNavigate, useRevalidator, type ShouldRevalidateFunction } from '@remix-run/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
// The layout module's parts, not its index: the index brings the position parser and its schemas.
import { getItem } from '~/lib/dashboard/layout/components';
import { activeTabsShowing, resolveActiveTabs } from '~/lib/dashboard/layout/selectors';
import type { DashboardLayout } from '~/lib/dashboard/layout/types';
import { dangerToast } from '~/lib/toasts';
import { useHydrated } from '~/ui/use-hydrated';
import { useShell } from '~/ui/use-shell';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { readAutoRefresh } from './auto-refresh';
import { styleText } from './chart-requests';
import { DashboardViewContext, type DashboardChartInfo, type DashboardView, type HeldChart } from './context';
import { DashboardHeader } from './dashboard-header';
import { DashboardLayoutView } from './dashboard-layout';
import { copyWithToast } from './copy-with-toast';
import { decodeHash, fullscreenLink, NOT_IN_PERMALINK, pageAddress, refreshFromUrl } from './page-links';
import { useAutoRefresh } from './use-auto-refresh';
import { useDashboardCharts } from './use-dashboard-charts';
import type { DashboardProperties } from '~/ui/dashboards/dashboard-editor/contract';
import type { ChartFilterReport } from './chart-filters';
import { EditWithoutJs } from '~/ui/dashboards/properties/edit-without-js';
import type { DashboardNativeFilters } from '~/lib/dashboard/filter-bar-contract';
import { LazyFilterBar } from '~/ui/dashboards/filter-bar/lazy-filter-bar';
import { CrossFilterList } from '~/ui/dashboards/filter-bar/cross-filter-list';
import { LazyFilterSetsPanel } from '~/ui/dashboards/filter-bar/lazy-filter-sets-panel';
import { useLazyDialog } from './use-lazy-dialog';
import { useApplyDataMask } from '~/ui/dashboards/filter-bar/use-apply-data-mask';

/** The loader's answer (app/routes/superset.dashboard.$idOrSlug/page.server.ts), as the page reads it. */
export type DashboardPageView = {
  dashboard: { id: number; slug: string | null; title: string; published: boolean; url: string };
  canEdit: boolean;
  canDownload: boolean;
  /** can_share_dashboard: permalink and embed code. */
  canShare?: boolean;
  favorite: boolean;
  layout: DashboardLayout;
  activeTabs: string[];
  charts: Record<string, DashboardChartInfo>;
  boxes: Record<string, { width: number; height: number }>;
  rendered: Record<string, HeldChart>;
  /** Charts on screen the server left for the browser (below the fold). */
  deferredCharts: number[];
  focusedChart?: number | null;
  css: string;
  /**
   * The dashboard's auto-refresh settings from its json_metadata (refresh_frequency in seconds,
   * timed_refresh_immune_slices, stagger_refresh, stagger_time in ms); read defensively
   * (readAutoRefresh), as an older loader gives none.
   */
  autoRefresh?: { frequency?: number; immuneChartIds?: number[]; stagger?: boolean; staggerTime?: number } | null;
  notice: string | null;
  display: { hideTitle: boolean; hideTabs: boolean; hideNav: boolean; hideChartControls: boolean };
  editRequested: boolean;
  /** What edit mode starts from (app/routes/superset.dashboard.$idOrSlug/page.server.ts); null unless editRequested. */
  editing: {
    properties: DashboardProperties;
    lastModifiedTime: number;
    changedOn: string;
    changedByName: string;
    /** The metadata's color_scheme ('' for none), and the schemes to choose from (the no-JavaScript form). */
    colorScheme: string;
    colorSchemeOptions: { id: string; label: string }[];
  } | null;
  /** The native filter bar (issue 14); absent from an older loader. */
  nativeFilters?: DashboardNativeFilters | null;
};

/** The filters each chart took and refused, with the filters' names (the bar lists them by id). */
function chartFilterReports(filters: DashboardNativeFilters | null): Record<string, ChartFilterReport> {
  if (!filters) return {};
  const names = new Map(filters.items.map((item) => [item.id, item.kind === 'filter' ? item.name : item.title]));
  return Object.fromEntries(Object.entries(filters.perChart).map(([chartId, { applied, rejected }]) => [
    chartId,
    { applied: applied.map((id) => ({ id, name: names.get(id) ?? id })), rejected },
  ]));
}

/** The bar's settings menu: editors' only, after hydration, so it loads with import() and the first load carries none of it. */
const BarSettingsMenu = lazy(() => import('~/ui/dashboards/filter-bar/bar-settings-menu').then((m) => ({ default: m.BarSettingsMenu })));

/** What an editor's bar starts from on a dashboard without native filters: empty, so its settings have a place. */
const NO_FILTERS: DashboardNativeFilters = {
  items: [], configuration: [], instant: false, crossFiltersEnabled: true, crossFilters: [], filterSets: [],
  orientation: 'HORIZONTAL', dataMask: {}, perChart: {}, filterStateKey: null,
};

type EditorModule = typeof import('~/ui/dashboards/dashboard-editor/dashboard-editor');

/**
 * The editor, loaded with import() once the page has hydrated and edit mode was asked for: the
 * view page's code stays small, and until the editor arrives (or without JavaScript) the page
 * shows the dashboard as it is.
 */
function useEditorModule(wanted: boolean): EditorModule | null {
  const [module, setModule] = useState<EditorModule | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    void import('~/ui/dashboards/dashboard-editor/dashboard-editor').then((loaded) => {
      if (!cancelled) setModule(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, module]);
  return wanted ? module : null;
}

/** The URL parameters that say which filters are in force (the data mask says it in a permalink). */
const isFilterParam = (name: string) => name === 'native_filters' || name === 'native_filters_key' || name === 'nf' || name.startsWith('nf.');

/** Parameters the tab links and the Refresh form do not carry on (they are the links' own, or one-off). */
const NOT_CARRIED = new Set(['tab', 'force']);

/** The route's `handle`: the app shell hides its navigation when this answers true (standalone). */
export const dashboardHandle = {
  hideNav: (data: unknown) => (data as Partial<DashboardPageView> | undefined)?.display?.hideNav === true,
};

/** A change of `?tab=` alone is the page's own tab switch: nothing for the loader to redo. */
export const dashboardShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // The same address is a revalidation asked for (useRevalidator, after the filters' configuration, a filter set or a bar setting was saved).
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const rest = (url: URL) => [...url.searchParams].filter(([name]) => name !== 'tab').map(([k, v]) => `${k}=${v}`).join('&');
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};

/** The loader's tabs with each `?tab=` of the current address taking over its group (the back button, a switched tab). */
function activeTabsFor(layout: DashboardLayout, loaded: readonly string[], search: string): string[] {
  let tabs = [...loaded];
  for (const tab of new URLSearchParams(search).getAll('tab')) if (getItem(layout, tab)?.type === 'TAB') tabs = activeTabsShowing(layout, tab, tabs);
  return resolveActiveTabs(layout, tabs);
}

export function DashboardPage({ page }: { page: DashboardPageView }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const shell = useShell();
  const activeTabs = useMemo(() => activeTabsFor(page.layout, page.activeTabs, location.search), [page, location.search]);
  const fetched = useDashboardCharts(page, activeTabs);
  const editorModule = useEditorModule(hydrated && page.editRequested);
  const layoutArea = useRef<HTMLDivElement>(null);

  const carried = useMemo(() => [...new URLSearchParams(location.search)].filter(([name]) => !NOT_CARRIED.has(name)), [location.search]);
  const keep = useMemo(() => [...carried, ...activeTabs.map((tab) => ['tab', tab] as const)], [carried, activeTabs]);
  const settings = useMemo(() => readAutoRefresh(page.autoRefresh), [page.autoRefresh]);
  // `?refresh=` (the no-JavaScript interval form) overrides the dashboard's own; the dialog overrides both for this visit.
  const fromUrl = refreshFromUrl(location.search);
  const [chosenFrequency, setChosenFrequency] = useState<number | null>(null);
  const frequency = chosenFrequency ?? fromUrl ?? settings.frequency;
  const { rendered, onScreen, refreshChart } = fetched;
  useAutoRefresh(frequency, settings, () => onScreen.filter((id) => rendered[id]), refreshChart, hydrated && !editorModule);
  const { apply: applyDataMask, applying } = useApplyDataMask(page.dashboard.id, keep);
  const revalidator = useRevalidator();
  const filterConfig = useLazyDialog(() => import('~/ui/dashboards/filter-config/filter-config-modal'));
  const crossFilterScoping = useLazyDialog(() => import('~/ui/dashboards/cross-filter-scoping/cross-filter-scoping-dialog'));
  const dataMask = page.nativeFilters?.dataMask ?? {};
  const crossFiltersOn = page.nativeFilters?.crossFiltersEnabled ?? true;

  const view: DashboardView = {
    dashboardId: page.dashboard.id,
    layout: page.layout,
    charts: page.charts,
    boxes: page.boxes,
    rendered: fetched.rendered,
    failures: fetched.failures,
    activeTabs,
    hideTabs: page.display.hideTabs,
    hideChartControls: page.display.hideChartControls,
    canDownload: page.canDownload,
    theme: shell?.theme === 'dark' ? 'dark' : 'light',
    tabHref: (tabId) => {
      const params = new URLSearchParams(carried);
      for (const tab of activeTabsShowing(page.layout, tabId, activeTabs)) params.append('tab', tab);
      return `${location.pathname}?${params.toString()}`;
    },
    selectTab: hydrated ? (tabId) => navigate(view.tabHref(tabId), { preventScrollReset: true }) : null,
    hydrated,
    deferredCharts: page.deferredCharts ?? [],
    focusedChart: page.focusedChart ?? null,
    chartFilters: chartFilterReports(page.nativeFilters ?? null),
    observeChart: hydrated ? fetched.observeChart : null,
    // The mask's code loads with the first click: the page's first load carries none of it.
    crossFilter: hydrated && crossFiltersOn
      ? (chartId, selection) => void import('~/ui/dashboards/filter-bar/cross-filters').then(({ withCrossFilter }) => applyDataMask(withCrossFilter(dataMask, chartId, selection)))
      : null,
    crossFilterSelections: Object.fromEntries((page.nativeFilters?.crossFilters ?? []).map((c) => [String(c.chartId), c.selection])),
  };
  if (editorModule) {
    const Editor = editorModule.default;
    return <DashboardViewContext.Provider value={view}><Editor page={page} /></DashboardViewContext.Provider>;
  }

  const copyPermalink = () => {
    // The filters travel as the data mask, not as this visit's parameters (the filter state's key is this tab's).
    const urlParams = carried.filter(([name]) => !NOT_IN_PERMALINK.has(name) && !isFilterParam(name));
    const anchor = location.hash ? decodeHash(location.hash) : null;
    const made = requestJson<{ url: string }>(shell?.csrfToken ?? '', `/api/v1/dashboard/${page.dashboard.id}/permalink`, {
      method: 'POST',
      body: { urlParams, activeTabs, anchor, dataMask },
    }).then(({ body }) => body.url);
    void copyWithToast(made);
  };
  const downloadImage = async () => {
    try {
      const { downloadDashboardImage } = await import('./dashboard-image');
      await downloadDashboardImage(layoutArea.current, page.dashboard.title);
    } catch (error) {
      showToast(dangerToast((await getClientError(error)).error));
    }
  };
  const noScriptRefresh = fromUrl ?? settings.frequency;
  // Editors see the bar once hydrated even without filters: its settings open the configuration.
  const editFilters = hydrated && page.canEdit;
  const loaded = page.nativeFilters ?? null;
  const nativeFilters = loaded && (loaded.items.length > 0 || loaded.crossFilters.length > 0) ? loaded : editFilters ? loaded ?? NO_FILTERS : null;
  const reload = () => revalidator.revalidate();
  const filterBar = nativeFilters && (
    <LazyFilterBar filters={nativeFilters} keep={keep} hydrated={hydrated} apply={hydrated ? applyDataMask : undefined} applying={applying}
      settings={editFilters ? (
        <Suspense fallback={null}>
          <BarSettingsMenu dashboardId={page.dashboard.id} canEdit={page.canEdit} hydrated={hydrated}
            orientation={nativeFilters.orientation} crossFiltersEnabled={nativeFilters.crossFiltersEnabled}
            onEditFilters={filterConfig.open} onCrossFilterScoping={crossFilterScoping.open} onChanged={reload} />
        </Suspense>
      ) : undefined}
      crossFilters={<CrossFilterList crossFilters={nativeFilters.crossFilters} pathname={location.pathname} keep={keep} onRemove={view.crossFilter ? (chartId) => view.crossFilter?.(chartId, null) : null} />}
      filterSets={nativeFilters.items.length > 0 ? (
        <LazyFilterSetsPanel dashboardId={page.dashboard.id} filterSets={nativeFilters.filterSets} currentDataMask={nativeFilters.dataMask}
          hydrated={hydrated} keep={keep} onApply={hydrated ? applyDataMask : undefined} onChanged={reload}
          configuration={nativeFilters.configuration} canEditDashboard={page.canEdit} />
      ) : undefined} />
  );
  const verticalBar = nativeFilters?.orientation === 'VERTICAL';

  return (
    <DashboardViewContext.Provider value={view}>
      <div className="min-w-0">
        {page.css && <style data-dashboard-css="" dangerouslySetInnerHTML={{ __html: styleText(page.css) }} />}
        {noScriptRefresh > 0 && (
          <noscript>
            <meta httpEquiv="refresh" content={`${noScriptRefresh}; url=${pageAddress(location.pathname, keep)}`} />
          </noscript>
        )}
        <DashboardHeader dashboard={page.dashboard} favorite={page.favorite} canEdit={page.canEdit} hideTitle={page.display.hideTitle}
          menu={{
            keep,
            hydrated,
            refreshFrequency: frequency,
            onRefreshFrequency: setChosenFrequency,
            fullscreen: fullscreenLink(location.pathname, keep, page.display.hideNav),
            dashboardUrl: page.dashboard.url,
            canShare: page.canShare ?? false,
            onCopyPermalink: copyPermalink,
            onDownloadImage: () => void downloadImage(),
          }} />
        {page.notice && (
          <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{page.notice}</p>
        )}
        {page.editRequested && <EditWithoutJs page={page} />}
        {!verticalBar && filterBar}
        <div className={verticalBar ? 'flex items-start gap-4' : undefined}>
          {verticalBar && filterBar}
          <div ref={layoutArea} className="min-w-0 flex-1">
            <DashboardLayoutView />
          </div>
        </div>
        {filterConfig.render({ dashboardId: page.dashboard.id, onSaved: reload })}
        {crossFilterScoping.render({
          dashboardId: page.dashboard.id,
          layout: page.layout,
          charts: Object.values(page.charts).map((chart) => ({ id: chart.id, name: chart.name, vizType: chart.vizType })),
          onSaved: reload,
        })}
      </div>
    </DashboardViewContext.Provider>
  );
}
