/**
 * Drill to detail and drill by on a chart's data points. The chart frame reports clicks and
 * context menus on the interactive chart (its `onDataPoint`); this turns one into the point's
 * filters (app/lib/explore/drill.ts), opens the menu there, and from it the drill dialogs.
 *
 *   const drill = useDrillMenu(chart, title);
 *   <ChartFrame … onDataPoint={drill.onDataPoint} />
 *   {drill.element}
 *
 * Nothing renders until a point is clicked, so the server's HTML is unchanged.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { drillByColumns, type DrillFilter } from '~/lib/explore/drill';
import type { ChartPointEvent, FramedChart } from '../chart-frame';
import { loadDrillContext, pointFilters, type DrillContext } from './drill-context';
import { DrillByDialog } from './drill-by-dialog';
import { DrillDetailDialog } from './drill-detail-dialog';
import { PointMenu } from './point-menu';

type Open = { context: DrillContext; filters: DrillFilter[] };
type MenuAt = Open & { x: number; y: number };

export type DrillMenu = {
  /** For ChartFrame's `onDataPoint`. */
  onDataPoint: (event: ChartPointEvent) => void;
  /** Opens drill to detail on the whole chart (its own filters only), for a menu or a button elsewhere. */
  openDrillToDetail: () => void;
  /** The menu and dialogs, to render beside the frame. */
  element: ReactNode;
};

export function useDrillMenu(chart: FramedChart, chartName: string): DrillMenu {
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const [detail, setDetail] = useState<Open | null>(null);
  const [by, setBy] = useState<Open | null>(null);
  // Each open dialog keeps its last state while it closes (Headless UI's leave transition).
  const [detailOpen, setDetailOpen] = useState(false);
  const [byOpen, setByOpen] = useState(false);
  // The chart's query and label map are built once per chart, on the first click.
  const contextFor = useRef<{ chart: FramedChart; context: Promise<DrillContext> } | null>(null);
  const drillContext = useCallback(() => {
    if (contextFor.current?.chart !== chart) contextFor.current = { chart, context: loadDrillContext(chart) };
    return contextFor.current.context;
  }, [chart]);

  const onDataPoint = useCallback(
    (event: ChartPointEvent) => {
      void drillContext()
        .then((context) => setMenu({ context, filters: pointFilters(chart, context, event), x: event.clientX, y: event.clientY }))
        .catch((error: unknown) => console.warn('sightline: drilling into the point failed', error));
    },
    [chart, drillContext],
  );

  const openDrillToDetail = useCallback(() => {
    void drillContext().then((context) => {
      setDetail({ context, filters: [] });
      setDetailOpen(true);
    });
  }, [drillContext]);

  const closeMenu = useCallback(() => setMenu(null), []);
  const sourceId = chart.datasource?.id;
  const sourceType = chart.datasource?.type;
  // Stable across renders, so the detail dialog does not reload for an unrelated re-render.
  const detailSource = useMemo(() => (sourceId !== undefined && sourceType ? { id: sourceId, type: sourceType } : null), [sourceId, sourceType]);

  const element = (
    <>
      {menu && (
        <PointMenu x={menu.x} y={menu.y} filters={menu.filters} onClose={closeMenu}
          canDrillBy={Boolean(chart.datasource) && drillByColumns(chart.datasource?.columns ?? [], menu.filters).length > 0}
          onDrillToDetail={() => {
            setDetail({ context: menu.context, filters: menu.filters });
            setDetailOpen(true);
            setMenu(null);
          }}
          onDrillBy={() => {
            setBy({ context: menu.context, filters: menu.filters });
            setByOpen(true);
            setMenu(null);
          }} />
      )}
      {detail && (
        <DrillDetailDialog open={detailOpen} onClose={() => setDetailOpen(false)} chartName={chartName} datasource={detailSource}
          base={detail.context.base} filters={detail.filters} />
      )}
      {by && (
        <DrillByDialog open={byOpen} onClose={() => setByOpen(false)} chartName={chartName} datasource={chart.datasource}
          formData={chart.formData} base={by.context.base} filters={by.filters} />
      )}
    </>
  );
  return { onDataPoint, openDrillToDetail, element };
}

/** The same as a component, for a caller that would rather render than call a hook: the frame goes in `children`. */
export function DrillMenu({ chart, chartName, children }: { chart: FramedChart; chartName: string; children: (onDataPoint: DrillMenu['onDataPoint']) => ReactNode }) {
  const drill = useDrillMenu(chart, chartName);
  return (
    <>
      {children(drill.onDataPoint)}
      {drill.element}
    </>
  );
}
