/**
 * The charts the browser fetches for the dashboard page: those the server left undrawn (below the
 * fold, listed in `deferredCharts`, or in a tab opened after load), each asked for from the chart
 * route (with the address's filter parameters, so it is filtered as the drawn ones are) when its
 * placeholder comes within ROOT_MARGIN of the viewport, and the refreshes of drawn
 * charts (`force=true`). One request per chart at a time; a request for a chart that left the
 * screen (its tab closed), a newer request for the same chart, a new answer of the loader and
 * leaving the page cancel what they make unneeded. Everything fetched is forgotten when the loader
 * answers again (the Refresh form): the server drew the new state.
 */
import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { visibleChartIds } from '~/lib/dashboard/layout/selectors';
import { requestJson } from '~/ui/request-json';
import { useShell } from '~/ui/use-shell';
import { dashboardChartUrl, filterParamsOf, planChartFetches } from './chart-requests';
import type { HeldChart } from './context';
import type { DashboardPageView } from './dashboard-page';

/** How far outside the viewport a chart starts loading, so a scroll finds it drawn. */
const ROOT_MARGIN = '200px 0px';

type Fetched = { page: DashboardPageView; charts: Record<string, HeldChart>; failures: Record<string, string> };

export type DashboardCharts = {
  /** The server's drawings with the fetched ones over them (a chart whose last request failed is left out). */
  rendered: Record<string, HeldChart>;
  failures: Record<string, string>;
  /** Charts on screen now, drawn or not. */
  onScreen: number[];
  observeChart: (chartId: number, element: Element) => () => void;
  /** Asks for a chart again, bypassing the cache (a refresh), cancelling its request on the way. */
  refreshChart: (chartId: number) => void;
};

export function useDashboardCharts(page: DashboardPageView, activeTabs: readonly string[]): DashboardCharts {
  const csrfToken = useShell()?.csrfToken ?? '';
  const [fetched, setFetched] = useState<Fetched>({ page, charts: {}, failures: {} });
  const current = fetched.page === page ? fetched : { page, charts: {}, failures: {} };
  if (fetched.page !== page) setFetched(current);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const inFlight = useRef(new Map<number, AbortController>());
  const observer = useRef<IntersectionObserver | null>(null);
  const watched = useRef(new Map<Element, number>());
  const tabsKey = activeTabs.join(' ');
  // The tabs at the time of a request (for the chart's colours), without making a new request function per tab switch.
  const tabsRef = useRef(activeTabs);
  tabsRef.current = activeTabs;
  // The address's filter parameters (the loader drew `page` with them): a fetched chart is filtered as the drawn ones.
  const search = useLocation().search;
  const filtersRef = useRef<[string, string][]>([]);
  filtersRef.current = useMemo(() => filterParamsOf(search), [search]);
  // tabsKey stands for activeTabs (a new array on every render).
  const onScreen = useMemo(() => visibleChartIds(page.layout, activeTabs), [page, tabsKey]);

  const request = useCallback(
    (chartId: number, force: boolean) => {
      inFlight.current.get(chartId)?.abort();
      const controller = new AbortController();
      inFlight.current.set(chartId, controller);
      const done = () => {
        if (inFlight.current.get(chartId) === controller) inFlight.current.delete(chartId);
      };
      requestJson<HeldChart>(csrfToken, dashboardChartUrl(page.dashboard.id, chartId, { force, tabs: tabsRef.current, filters: filtersRef.current }), { signal: controller.signal })
        .then(({ body }) => {
          done();
          setFetched((f) => {
            if (f.page !== page) return f;
            const { [chartId]: _cleared, ...failures } = f.failures;
            return { ...f, charts: { ...f.charts, [chartId]: body }, failures };
          });
        })
        .catch(async (error: unknown) => {
          done();
          if (controller.signal.aborted) return;
          const { error: message } = await getClientError(error);
          setFetched((f) => (f.page === page ? { ...f, failures: { ...f.failures, [chartId]: message } } : f));
        });
    },
    [csrfToken, page],
  );

  // A new answer of the loader (or leaving the page) cancels every request for the old one.
  useEffect(() => {
    const flying = inFlight.current;
    return () => {
      for (const controller of flying.values()) controller.abort();
      flying.clear();
    };
  }, [page]);

  useEffect(() => {
    const { start, cancel } = planChartFetches({
      onScreen,
      known: (id) => Boolean(page.charts[id]),
      settled: (id) => Boolean(page.rendered[id] || current.charts[id] || current.failures[id]),
      near: (id) => near.has(id),
      inFlight: [...inFlight.current.keys()],
    });
    for (const id of cancel) {
      inFlight.current.get(id)?.abort();
      inFlight.current.delete(id);
    }
    for (const id of start) request(id, false);
  }, [onScreen, near, page, current, request]);

  const observeChart = useCallback((chartId: number, element: Element) => {
    if (typeof IntersectionObserver === 'undefined') {
      // No observer (an old browser): every chart on screen is fetched at once, as before.
      setNear((set) => (set.has(chartId) ? set : new Set(set).add(chartId)));
      return () => {};
    }
    observer.current ??= new IntersectionObserver(
      (entries) => {
        const seen = entries.filter((entry) => entry.isIntersecting).map((entry) => watched.current.get(entry.target)).filter((id) => id !== undefined);
        if (seen.length > 0) setNear((set) => (seen.every((id) => set.has(id)) ? set : new Set([...set, ...seen])));
      },
      { rootMargin: ROOT_MARGIN },
    );
    const io = observer.current;
    watched.current.set(element, chartId);
    io.observe(element);
    return () => {
      watched.current.delete(element);
      io.unobserve(element);
      // Out of the page (its tab closed) or drawn: a placeholder seen again waits for the viewport again.
      setNear((set) => {
        if (!set.has(chartId)) return set;
        const next = new Set(set);
        next.delete(chartId);
        return next;
      });
    };
  }, []);

  useEffect(() => () => observer.current?.disconnect(), []);

  const refreshChart = useCallback((id: number) => request(id, true), [request]);

  const rendered: Record<string, HeldChart> = { ...page.rendered, ...current.charts };
  for (const id of Object.keys(current.failures)) delete rendered[id];
  return { rendered, failures: current.failures, onScreen, observeChart, refreshChart };
}

