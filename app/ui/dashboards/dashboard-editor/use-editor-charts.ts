/**
 * The charts of the layout being edited: what the editor knows of each (the page's charts and
 * those added from the side panel), their drawings, and the requests for the ones on screen that
 * have no drawing at their box yet: a chart just added, or one resized. Each is drawn by the
 * server at its box (`GET /superset/dashboard/{id}/chart/{chartId}?width=&height=`); a request a
 * newer box, a closed tab or a removal made useless is cancelled. A failure is kept for that box
 * only, so a resize tries again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { chartBoxOf, sameBox, type ChartBox } from '~/lib/dashboard/chart-box';
import { findChartComponentId, visibleChartIds, type DashboardLayout } from '~/lib/dashboard/layout';
import { dashboardChartUrl } from '~/ui/dashboards/dashboard-view/chart-requests';
import type { DashboardChartInfo, DashboardView, HeldChart } from '~/ui/dashboards/dashboard-view/context';
import type { DashboardPageView } from '~/ui/dashboards/dashboard-view/dashboard-page';
import { requestJson } from '~/ui/request-json';

type Drawn = { chart: HeldChart; box: ChartBox };
type Failed = { message: string; box: ChartBox };
type Pending = { box: ChartBox; controller: AbortController };

/** The page's drawings and failures, each with the box it was drawn for (the page's box of its component). */
function initialCharts(page: DashboardPageView, view: DashboardView) {
  const boxOfChart = (id: string): ChartBox => {
    const componentId = findChartComponentId(page.layout, Number(id));
    return (componentId && page.boxes[componentId]) || (componentId ? chartBoxOf(page.layout, componentId) : { width: 0, height: 0 });
  };
  const drawn: Record<string, Drawn> = {};
  for (const [id, chart] of Object.entries(view.rendered)) drawn[id] = { chart, box: boxOfChart(id) };
  const failed: Record<string, Failed> = {};
  for (const [id, message] of Object.entries(view.failures)) failed[id] = { message, box: boxOfChart(id) };
  return { drawn, failed };
}

export function useEditorCharts({ page, view, layout, activeTabs, csrfToken }: {
  page: DashboardPageView;
  view: DashboardView;
  layout: DashboardLayout;
  activeTabs: readonly string[];
  csrfToken: string;
}) {
  const dashboardId = page.dashboard.id;
  const [charts, setCharts] = useState<Record<string, DashboardChartInfo>>(() => ({ ...view.charts }));
  const [{ drawn, failed }, setState] = useState(() => initialCharts(page, view));
  const latest = useRef({ drawn, failed });
  latest.current = { drawn, failed };
  const pending = useRef(new Map<string, Pending>());
  const tabsKey = activeTabs.join(' ');

  useEffect(() => {
    const wanted = new Map<string, ChartBox>();
    for (const chartId of visibleChartIds(layout, activeTabs)) {
      const id = String(chartId);
      const componentId = findChartComponentId(layout, chartId);
      if (!charts[id] || !componentId) continue;
      const box = chartBoxOf(layout, componentId);
      if (sameBox(latest.current.drawn[id]?.box, box) || sameBox(latest.current.failed[id]?.box, box)) continue;
      wanted.set(id, box);
    }
    // Requests for another box, or for charts no longer on screen, are superseded.
    for (const [id, request] of pending.current) {
      if (!sameBox(wanted.get(id), request.box)) {
        request.controller.abort();
        pending.current.delete(id);
      }
    }
    for (const [id, box] of wanted) {
      if (pending.current.has(id)) continue;
      const controller = new AbortController();
      pending.current.set(id, { box, controller });
      const done = () => {
        if (pending.current.get(id)?.controller === controller) pending.current.delete(id);
      };
      requestJson<HeldChart>(csrfToken, dashboardChartUrl(dashboardId, Number(id), box), { signal: controller.signal })
        .then(({ body }) => {
          if (controller.signal.aborted) return;
          done();
          setState((s) => {
            const { [id]: _gone, ...failedRest } = s.failed;
            return { drawn: { ...s.drawn, [id]: { chart: body, box } }, failed: failedRest };
          });
        })
        .catch(async (error: unknown) => {
          if (controller.signal.aborted) return;
          done();
          const { error: message } = await getClientError(error);
          setState((s) => ({ ...s, failed: { ...s.failed, [id]: { message, box } } }));
        });
    }
    // tabsKey stands for activeTabs (a new array on every render).
  }, [layout, tabsKey, charts, dashboardId, csrfToken]);

  useEffect(() => {
    const requests = pending.current;
    return () => {
      for (const request of requests.values()) request.controller.abort();
      requests.clear();
    };
  }, []);

  const rememberChart = useCallback((chart: DashboardChartInfo) => {
    setCharts((known) => (known[chart.id] ? known : { ...known, [chart.id]: chart }));
  }, []);

  const rendered = useMemo(() => Object.fromEntries(Object.entries(drawn).map(([id, d]) => [id, d.chart])), [drawn]);
  // A drawing at an older box stands until the new one arrives; a failure shows only for the box it was for.
  const failures = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [id, f] of Object.entries(failed)) {
      const componentId = findChartComponentId(layout, Number(id));
      if (componentId && sameBox(f.box, chartBoxOf(layout, componentId))) out[id] = f.message;
    }
    return out;
  }, [failed, layout]);
  const boxOf = useCallback((componentId: string) => chartBoxOf(layout, componentId), [layout]);
  const boxes = useMemo(() => {
    const out: Record<string, ChartBox> = {};
    for (const item of Object.values(layout)) if (item.type === 'CHART') out[item.id] = chartBoxOf(layout, item.id);
    return out;
  }, [layout]);

  return useMemo(() => ({ charts, rendered, failures, boxOf, boxes, rememberChart }), [charts, rendered, failures, boxOf, boxes, rememberChart]);
}
