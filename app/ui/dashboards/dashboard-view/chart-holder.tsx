/**
 * One chart on the dashboard: its title, its options and the chart itself in a ChartFrame (the
 * server's SVG or HTML view, interactive after hydration), a figure named by the chart's title.
 * Options: Edit chart, Download CSV, View query (plain links, forms and disclosures, so they work
 * without JavaScript) and, once hydrated, Download as image, View as full screen (a full-window
 * overlay drawn again at the window's size; Escape leaves it) and Drill to detail.
 * Once hydrated, a left click on a data point (a table's dimension cell) emits the chart's
 * cross-filter, a second click on the same selection removes it, and the chart marks the
 * selection in force (ChartFrame's cross-filter props); a right click opens the drill menu at the point.
 * A chart that is not drawn yet (below the fold, or its tab just opened) holds its place at its
 * size and is fetched when it comes near the viewport; without JavaScript, a chart the server left
 * for later is a lazily loaded frame of the chart route's HTML.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { getClientError } from '~/lib/client-error';
import type { LayoutItem } from '~/lib/dashboard/layout';
import { dangerToast } from '~/lib/toasts';
import { ChartFrame, type ChartPointEvent } from '~/ui/charts/chart-frame';
import { LAZY_HTML_VIEWS } from '~/ui/charts/lazy-html-views';
import { CsrfInput } from '~/ui/csrf-input';
import { requestJson } from '~/ui/request-json';
import { showToast } from '~/ui/toasts';
import { useShell } from '~/ui/use-shell';
import { ChartFilters } from './chart-filters';
import { dashboardChartUrl } from './chart-requests';
import { useDashboardView, type HeldChart } from './context';
import type { DrillRequest } from './drill-host';
import { menuItemClass, menuSummaryClass } from './header-menu';
import { useDisclosureClose } from './use-disclosure-close';

const DrillHost = lazy(() => import('./drill-host'));

// Superset's words for a chart component whose chart is gone or out of the user's sight.
const MISSING_CHART = 'There is no chart definition associated with this component, it could have been deleted.';

/** Room the full-screen overlay keeps for the chart's title bar and padding. */
const FULL_SCREEN_CHROME = { width: 32, height: 72 };

type OptionsProps = {
  title: string;
  editUrl: string;
  chart: HeldChart | undefined;
  fullScreen: boolean;
  onFullScreen: () => void;
  onImage: () => void;
  onDrill: () => void;
};

function ChartOptions({ title, editUrl, chart, fullScreen, onFullScreen, onImage, onDrill }: OptionsProps) {
  const { canDownload, hydrated } = useDashboardView();
  const { ref, close } = useDisclosureClose();
  const sql = chart?.queriesData.map((q) => q.query).filter(Boolean).join(';\n\n') ?? '';
  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <details ref={ref} className="relative shrink-0">
      <summary aria-label={`Options for ${title}`} title="More options" className={menuSummaryClass}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {hydrated && (
          <button type="button" className={menuItemClass} onClick={run(onFullScreen)}>{fullScreen ? 'Exit full screen' : 'View as full screen'}</button>
        )}
        <a href={editUrl} className={menuItemClass}>Edit chart</a>
        {canDownload && chart?.queryContext && (
          <form method="post" action="/api/v1/chart/data">
            <CsrfInput />
            <input type="hidden" name="form_data" value={JSON.stringify({ ...chart.queryContext, result_format: 'csv', result_type: 'full' })} />
            <button type="submit" className={menuItemClass}>Download CSV</button>
          </form>
        )}
        {hydrated && chart && <button type="button" className={menuItemClass} onClick={run(onImage)}>Download as image</button>}
        {hydrated && chart?.datasource && <button type="button" className={menuItemClass} onClick={run(onDrill)}>Drill to detail</button>}
        {sql && (
          <details className="px-3 py-1.5 text-sm">
            <summary className="cursor-pointer">View query</summary>
            <pre aria-label={`The SQL of ${title}`} className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs dark:border-slate-800 dark:bg-slate-950">{sql}</pre>
          </details>
        )}
      </div>
    </details>
  );
}

/**
 * Full screen: Escape leaves it (unless a dialog of the chart has the key), the page behind does
 * not scroll, and the chart is drawn again at the window's size (the server's drawing of the box
 * stands in, scaled, until it arrives). A newer drawing of the chart (a refresh) is fetched again.
 */
function useFullScreen(dashboardId: number, chartId: number, chart: HeldChart | undefined, tabs: readonly string[]) {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [drawn, setDrawn] = useState<{ from: HeldChart; chart: HeldChart } | null>(null);
  const exit = useCallback(() => setSize(null), []);
  const tabsRef = useRef(tabs);
  tabsRef.current = tabs;
  const toggle = useCallback(() => {
    setSize((current) => (current ? null : { width: window.innerWidth - FULL_SCREEN_CHROME.width, height: window.innerHeight - FULL_SCREEN_CHROME.height }));
  }, []);

  useEffect(() => {
    if (!size) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !(event.target instanceof Element && event.target.closest('[role="dialog"], details[open]'))) exit();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [size, exit]);

  useEffect(() => {
    if (!size || !chart) return;
    const controller = new AbortController();
    requestJson<HeldChart>(csrfToken, dashboardChartUrl(dashboardId, chartId, { width: size.width, height: size.height, tabs: tabsRef.current }), { signal: controller.signal })
      .then(({ body }) => setDrawn({ from: chart, chart: body }))
      .catch((error: unknown) => {
        // The box's drawing stays, scaled to the window.
        if (!controller.signal.aborted) console.warn('sightline: the full-screen chart could not be drawn', error);
      });
    return () => controller.abort();
  }, [size, chart, csrfToken, dashboardId, chartId]);

  const shown = size && chart ? (drawn?.from === chart ? drawn.chart : chart) : chart;
  return { fullScreen: size !== null, height: size?.height ?? null, shown, toggle };
}

/** The focused chart comes into view when the page opens (a ref callback runs once per element). */
function scrollIntoViewOnce(element: HTMLDivElement | null) {
  if (element && !element.dataset.scrolled) {
    element.dataset.scrolled = 'true';
    element.scrollIntoView({ block: 'center' });
  }
}

export function ChartHolder({ item, style, className }: { item: LayoutItem; style: CSSProperties; className: string }) {
  const view = useDashboardView();
  const chartId = item.meta.chartId;
  const info = typeof chartId === 'number' ? view.charts[chartId] : undefined;
  const box = view.boxes[item.id] ?? { width: 400, height: 320 };
  if (!info) {
    return (
      <div className={`${className} flex items-center justify-center rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300`} style={{ ...style, minHeight: box.height }}>
        <p role="status">{MISSING_CHART}</p>
      </div>
    );
  }
  const title = (typeof item.meta.sliceNameOverride === 'string' && item.meta.sliceNameOverride) || info.name || 'Untitled chart';
  return <HeldChartView chartId={info.id} editUrl={info.editUrl} title={title} box={box} style={style} className={className} />;
}

type ViewProps = { chartId: number; editUrl: string; title: string; box: { width: number; height: number }; style: CSSProperties; className: string };

function HeldChartView({ chartId, editUrl, title, box, style, className }: ViewProps) {
  const view = useDashboardView();
  const chart = view.rendered[chartId];
  const failure = view.failures[chartId];
  const card = useRef<HTMLDivElement>(null);
  const placeholder = useRef<HTMLElement>(null);
  const full = useFullScreen(view.dashboardId, chartId, chart, view.activeTabs);
  const [drill, setDrill] = useState<DrillRequest | null>(null);
  const { observeChart } = view;

  // An undrawn chart is fetched when its placeholder comes near the viewport.
  const waiting = !chart && !failure;
  useEffect(() => {
    const element = placeholder.current;
    if (!waiting || !observeChart || !element) return;
    return observeChart(chartId, element);
  }, [waiting, observeChart, chartId]);

  const onImage = async () => {
    try {
      const { downloadChartImage } = await import('~/ui/explore/header/browser-actions');
      await downloadChartImage(card.current, title);
    } catch (error) {
      showToast(dangerToast((await getClientError(error)).error));
    }
  };
  const onDrill = () => setDrill((d) => ({ n: (d?.n ?? 0) + 1, kind: 'detail' }));
  // A right click on a data point opens the drill menu there (a left click is the cross-filter's: the frame's onCrossFilter).
  const onDataPoint = useCallback((event: ChartPointEvent) => {
    if (event.kind === 'contextmenu') setDrill((d) => ({ n: (d?.n ?? 0) + 1, kind: 'point', event }));
  }, []);
  const { crossFilter } = view;

  const height = full.height ?? box.height;
  const deferred = view.deferredCharts?.includes(chartId) ?? false;
  const focused = view.focusedChart === chartId;
  return (
    <div ref={focused ? scrollIntoViewOnce : undefined} id={`chart-${chartId}`}
      className={`${className} rounded-md border bg-white dark:bg-slate-900 ${focused ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200 dark:border-slate-800'}`}
      style={full.fullScreen ? { ...style, minHeight: box.height + 40 } : style} data-component="chart" data-chart-id={chartId} data-focused={focused ? 'true' : undefined}>
      <div ref={card} role={full.fullScreen ? 'region' : undefined} aria-label={full.fullScreen ? `${title}, full screen` : undefined}
        className={full.fullScreen ? 'fixed inset-0 z-40 overflow-auto bg-white p-4 dark:bg-slate-900' : 'p-2'}>
        <div className="mb-1 flex items-start justify-between gap-2">
          <p className="truncate text-sm font-medium" title={title}>{title}</p>
          <ChartFilters title={title} report={view.chartFilters?.[chartId]} />
          {!view.hideChartControls && (
            <ChartOptions title={title} editUrl={editUrl} chart={chart} fullScreen={full.fullScreen} onFullScreen={full.toggle}
              onImage={() => void onImage()} onDrill={onDrill} />
          )}
        </div>
        {full.shown ? (
          <ChartFrame chart={full.shown} height={height} theme={view.theme} htmlViews={LAZY_HTML_VIEWS} label={title} onDataPoint={view.hydrated ? onDataPoint : undefined}
            crossFilterSelection={view.crossFilterSelections?.[chartId] ?? null} onCrossFilter={crossFilter ? (selection) => crossFilter(chartId, selection) : null} />
        ) : (
          <figure ref={placeholder} aria-label={title} aria-busy={!failure}
            className="relative flex items-center justify-center overflow-hidden rounded-md bg-slate-50 text-sm text-slate-600 dark:bg-slate-950 dark:text-slate-300" style={{ height }}>
            {failure ? <p role="alert" className="text-rose-700 dark:text-rose-300">{failure}</p> : <p role="status">Loading chart…</p>}
            {deferred && (
              <noscript>
                <iframe loading="lazy" src={dashboardChartUrl(view.dashboardId, chartId, { format: 'html' })} title={title}
                  style={{ position: 'absolute', inset: 0, width: '100%', height: box.height, border: 0, background: 'white' }} />
              </noscript>
            )}
          </figure>
        )}
      </div>
      {drill && chart && (
        <Suspense fallback={null}>
          <DrillHost chart={chart} chartName={title} request={drill} />
        </Suspense>
      )}
    </div>
  );
}
