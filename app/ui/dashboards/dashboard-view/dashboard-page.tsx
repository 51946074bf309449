/**
 * The dashboard page in view mode, shared by `/superset/dashboard/{id}/` and `/dashboard/{id}/`.
 * The server's HTML holds the layout with every chart of the active tabs drawn; a tab is a link
 * to the page with that tab (`?tab=`), drawn on the server. After hydration a tab link changes the
 * URL without asking the loader again (shouldRevalidate), shows the tab at once, and fetches the
 * charts it has not drawn yet from the chart route, cancelling those a newer tab switch made
 * unneeded. Refresh is a GET form (`force=true`), so it works the same with or without scripts.
 */
import { useLocation, useNavigate, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { activeTabsShowing, getItem, resolveActiveTabs, visibleChartIds, type DashboardLayout } from '~/lib/dashboard/layout';
import { useHydrated } from '~/ui/use-hydrated';
import { useShell } from '~/ui/use-shell';
import { requestJson } from '~/ui/request-json';
import { DashboardViewContext, type DashboardChartInfo, type DashboardView, type HeldChart } from './context';
import { DashboardHeader } from './dashboard-header';
import { DashboardLayoutView } from './dashboard-layout';
import type { DashboardProperties } from '~/ui/dashboards/dashboard-editor/contract';
import { EditWithoutJs } from '~/ui/dashboards/properties/edit-without-js';

/** The loader's answer (app/routes/superset.dashboard.$idOrSlug/page.server.ts), as the page reads it. */
export type DashboardPageView = {
  dashboard: { id: number; slug: string | null; title: string; published: boolean; url: string };
  canEdit: boolean;
  canDownload: boolean;
  favorite: boolean;
  layout: DashboardLayout;
  activeTabs: string[];
  charts: Record<string, DashboardChartInfo>;
  boxes: Record<string, { width: number; height: number }>;
  rendered: Record<string, HeldChart>;
  /** Charts on screen the server left for the browser (below the fold). */
  deferredCharts: number[];
  css: string;
  notice: string | null;
  display: { hideTitle: boolean; hideTabs: boolean; hideNav: boolean; hideChartControls: boolean };
  editRequested: boolean;
  /** What edit mode starts from (app/routes/superset.dashboard.$idOrSlug/page.server.ts); null unless editRequested. */
  editing: {
    properties: DashboardProperties;
    lastModifiedTime: number;
    changedOn: string;
    changedByName: string;
  } | null;
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

/** Parameters the tab links and the Refresh form do not carry on (they are the links' own, or one-off). */
const NOT_CARRIED = new Set(['tab', 'force']);

/** The route's `handle`: the app shell hides its navigation when this answers true (standalone). */
export const dashboardHandle = {
  hideNav: (data: unknown) => (data as Partial<DashboardPageView> | undefined)?.display?.hideNav === true,
};

/** A change of `?tab=` alone is the page's own tab switch: nothing for the loader to redo. */
export const dashboardShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => [...url.searchParams].filter(([name]) => name !== 'tab').map(([k, v]) => `${k}=${v}`).join('&');
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};

/** The loader's tabs with each `?tab=` of the current address taking over its group (the back button, a switched tab). */
function activeTabsFor(layout: DashboardLayout, loaded: readonly string[], search: string): string[] {
  let tabs = [...loaded];
  for (const tab of new URLSearchParams(search).getAll('tab')) if (getItem(layout, tab)?.type === 'TAB') tabs = activeTabsShowing(layout, tab, tabs);
  return resolveActiveTabs(layout, tabs);
}

type Fetched = { page: DashboardPageView; charts: Record<string, HeldChart>; failures: Record<string, string> };

/** The charts the browser fetched for tabs opened after load; forgotten when the loader answers again (a refresh). */
function useTabCharts(page: DashboardPageView, activeTabs: readonly string[]) {
  const shell = useShell();
  const [fetched, setFetched] = useState<Fetched>({ page, charts: {}, failures: {} });
  const current = fetched.page === page ? fetched : { page, charts: {}, failures: {} };
  if (fetched.page !== page) setFetched(current);
  const known = useRef(current);
  known.current = current;
  const tabsKey = activeTabs.join(' ');

  useEffect(() => {
    const have = known.current;
    const missing = visibleChartIds(page.layout, activeTabs).filter(
      (id) => page.charts[id] && !page.rendered[id] && !have.charts[id] && !have.failures[id],
    );
    if (missing.length === 0) return;
    const controller = new AbortController();
    for (const id of missing) {
      requestJson<HeldChart>(shell?.csrfToken ?? '', `/superset/dashboard/${page.dashboard.id}/chart/${id}`, { signal: controller.signal })
        .then(({ body }) => setFetched((f) => (f.page === page ? { ...f, charts: { ...f.charts, [id]: body } } : f)))
        .catch(async (error: unknown) => {
          if (controller.signal.aborted) return;
          const { error: message } = await getClientError(error);
          setFetched((f) => (f.page === page ? { ...f, failures: { ...f.failures, [id]: message } } : f));
        });
    }
    // A newer tab switch (or leaving the page) cancels what this one still waits for.
    return () => controller.abort();
    // tabsKey stands for activeTabs (a new array on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, tabsKey, shell?.csrfToken]);

  return current;
}

export function DashboardPage({ page }: { page: DashboardPageView }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const shell = useShell();
  const activeTabs = useMemo(() => activeTabsFor(page.layout, page.activeTabs, location.search), [page, location.search]);
  const fetched = useTabCharts(page, activeTabs);
  const editorModule = useEditorModule(hydrated && page.editRequested);

  const carried = useMemo(() => [...new URLSearchParams(location.search)].filter(([name]) => !NOT_CARRIED.has(name)), [location.search]);
  const view: DashboardView = {
    dashboardId: page.dashboard.id,
    layout: page.layout,
    charts: page.charts,
    boxes: page.boxes,
    rendered: { ...page.rendered, ...fetched.charts },
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
  };
  if (editorModule) {
    const Editor = editorModule.default;
    return <DashboardViewContext.Provider value={view}><Editor page={page} /></DashboardViewContext.Provider>;
  }
  return (
    <DashboardViewContext.Provider value={view}>
      <div className="min-w-0">
        <DashboardHeader dashboard={page.dashboard} favorite={page.favorite} canEdit={page.canEdit} hideTitle={page.display.hideTitle}
          keep={[...carried, ...activeTabs.map((tab) => ['tab', tab] as const)]} />
        {page.notice && (
          <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{page.notice}</p>
        )}
        {page.editRequested && <EditWithoutJs page={page} />}
        <DashboardLayoutView />
      </div>
    </DashboardViewContext.Provider>
  );
}
