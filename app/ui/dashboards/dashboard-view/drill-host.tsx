/**
 * The drill menu and dialogs of one dashboard chart (app/ui/charts/drill, as Explore uses them),
 * loaded with import() the first time a chart asks for a drill, so the dashboard's first load
 * carries none of it. Each new request (its `n` grows) opens what it asks for.
 */
import { useEffect, useRef } from 'react';
import type { ChartPointEvent, FramedChart } from '~/ui/charts/chart-frame';
import { useDrillMenu } from '~/ui/charts/drill/drill-menu';

export type DrillRequest = { n: number; kind: 'detail' } | { n: number; kind: 'point'; event: ChartPointEvent };

export default function DrillHost({ chart, chartName, request }: { chart: FramedChart; chartName: string; request: DrillRequest }) {
  const drill = useDrillMenu(chart, chartName);
  const latest = useRef(drill);
  latest.current = drill;
  const handled = useRef(0);
  useEffect(() => {
    if (request.n === handled.current) return;
    handled.current = request.n;
    if (request.kind === 'detail') latest.current.openDrillToDetail();
    else latest.current.onDataPoint(request.event);
  }, [request]);
  return <>{drill.element}</>;
}
