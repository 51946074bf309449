/**
 * A chart on a page. The server's HTML already holds the chart (an SVG string for ECharts types,
 * the type's React view for HTML types, or the empty / failed message), so it is readable before
 * hydration and without JavaScript. Once hydrated, an ECharts chart loads ECharts and its chart
 * type with `import()`, redoes transformProps from the same inputs and draws the interactive chart
 * in a layer over the SVG, in the same box (no layout shift); the SVG goes once the chart has
 * drawn. If the script cannot load, the SVG simply stays.
 *
 * On a dashboard that cross-filters, a left click on a data point (a table's dimension cell)
 * toggles the chart's cross-filter, and the chart marks the one in force: the interactive chart
 * draws the data outside the selection dimmed, a table marks the selected cells, and the figure
 * names the selection in `data-cross-filter` ('region=Europe'). What a click selects and how the
 * selection is drawn is app/lib/dashboard/cross-filter-selection.ts, loaded with import() on the
 * first click or mark.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type MutableRefObject } from 'react';
import type { ChartDataResult } from '~/lib/chart-data/types';
import { TableCellFilterContext, type TableCellFilter } from '~/viz/table/cell-filter';
import type { FormData, HtmlModel, VizDatasource } from '~/viz/types';

/** What the server rendered (RenderedChart of app/server/charts/render-chart.server.ts), as loader data. */
export type FramedChart = {
  vizType: string;
  formData: FormData;
  queriesData: ChartDataResult[];
  datasource: VizDatasource | null;
  model:
    | { kind: 'echarts'; svg: string; width: number; height: number }
    | { kind: 'html'; props: Record<string, unknown>; width: number; height: number }
    | { kind: 'empty'; message: string }
    | { kind: 'failed'; message: string };
};

/** The React views of the HTML chart types, imported statically: the server renders them into the HTML. */
export type HtmlViews = Readonly<Record<string, ComponentType<{ model: HtmlModel }>>>;

type Props = {
  chart: FramedChart;
  /** Height of the chart's box; the width is the container's. */
  height: number;
  theme?: 'light' | 'dark';
  htmlViews?: HtmlViews;
  /** A name for the figure (the chart's title), for assistive technology. */
  label: string;
  /**
   * Called when a data point of the interactive chart is clicked or right-clicked (drill to
   * detail, drill by). With it, the browser's own context menu gives way to the caller's.
   */
  onDataPoint?: (event: ChartPointEvent) => void;
  /** The chart's cross-filter in force (per column, the values kept): marked on the chart. */
  crossFilterSelection?: CrossFilterMark | null;
  /**
   * Emits the chart's cross-filter (null removes it). With it, a left click on a data point (a
   * table's dimension cell) selects that point's values, or removes the selection in force when
   * it is the same.
   */
  onCrossFilter?: ((selection: CrossFilterMark | null) => void) | null;
};

/** A cross-filter's selection as the frame marks it (CrossFilterSelection of app/lib/dashboard/cross-filter-selection.ts). */
export type CrossFilterMark = Readonly<Record<string, readonly (string | number | boolean | null)[]>>;

/** The selection as text for the figure's marker: 'region=Europe', 'region=Europe,Asia; year=2014' (NULL as '<NULL>'). */
export function crossFilterMarker(selection: CrossFilterMark | null | undefined): string {
  if (!selection) return '';
  return Object.entries(selection).map(([column, values]) => `${column}=${values.map((v) => (v === null ? '<NULL>' : String(v))).join(',')}`).join('; ');
}

/** A click or context menu on a data point of the interactive chart: ECharts' event fields, and where the pointer was. */
export type ChartPointEvent = {
  kind: 'click' | 'contextmenu';
  componentType?: string;
  seriesType?: string;
  seriesName?: string;
  name?: string;
  data?: unknown;
  value?: unknown;
  dataIndex?: number;
  /** Treemap: the node's path, the root first. */
  treePathInfo?: { name?: string }[];
  /** Viewport coordinates of the pointer, for a menu at the point. */
  clientX: number;
  clientY: number;
};

/** What ECharts hands a mouse event handler (the fields read here). */
type EChartsMouseParams = {
  componentType?: string;
  seriesType?: string;
  seriesName?: string;
  name?: string;
  data?: unknown;
  value?: unknown;
  dataIndex?: number;
  treePathInfo?: { name?: string }[];
  event?: { event?: MouseEvent; offsetX?: number; offsetY?: number };
};

type EChartsInstance = {
  setOption(option: unknown): void;
  resize(): void;
  dispose(): void;
  on(event: string, handler: (params: EChartsMouseParams) => void): void;
};

/** An ECharts mouse event as a ChartPointEvent; the native event's position, or the chart-relative one placed on the node. */
export function toPointEvent(kind: ChartPointEvent['kind'], params: EChartsMouseParams, node: HTMLElement | null): ChartPointEvent {
  const native = params.event?.event;
  const box = node?.getBoundingClientRect();
  const clientX = native?.clientX ?? (box?.left ?? 0) + (params.event?.offsetX ?? 0);
  const clientY = native?.clientY ?? (box?.top ?? 0) + (params.event?.offsetY ?? 0);
  const { componentType, seriesType, seriesName, name, data, value, dataIndex, treePathInfo } = params;
  return { kind, componentType, seriesType, seriesName, name, data, value, dataIndex, treePathInfo, clientX, clientY };
}

/** The cross-filter selections' code, loaded on the first click or mark (one import site: one chunk reference). */
const loadSelections = () => import('~/lib/dashboard/cross-filter-selection');

function InteractiveECharts({ chart, height, theme, onDrawn, onDataPoint, selection, selectionKey }: {
  chart: FramedChart;
  height: number;
  theme: 'light' | 'dark';
  onDrawn: () => void;
  /** A ref, so a new callback from a re-render does not redraw the chart. */
  onDataPoint: MutableRefObject<Props['onDataPoint']>;
  /** The selection to mark, read when drawing; the chart redraws when its text (`selectionKey`) changes. */
  selection: MutableRefObject<CrossFilterMark | null>;
  selectionKey: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !chart.datasource) return;
    let disposed = false;
    let instance: EChartsInstance | null = null;
    let observer: ResizeObserver | null = null;
    void (async () => {
      // The chart types' registry and the colour schemes load with ECharts, after the SVG shows: a page's first load carries neither.
      const [echarts, { loadViz }, { createColorContext }] = await Promise.all([import('echarts'), import('~/viz/registry'), import('~/lib/colors')]);
      const plugin = await loadViz(chart.vizType);
      if (disposed || !plugin) return;
      const width = node.clientWidth || 600;
      // The colours the server drew with (a dashboard hands each chart its page's colours as label_colors).
      const colors = createColorContext({ shareLabelColors: false });
      const forced = chart.formData.label_colors;
      if (forced && typeof forced === 'object' && !Array.isArray(forced)) {
        colors.getNamespace(chart.formData.color_namespace as string | undefined).setColors(forced as Record<string, string>);
      }
      const model = plugin.transformProps({
        formData: chart.formData, queriesData: chart.queriesData, width, height, datasource: chart.datasource!, colors, theme,
      });
      if (model.kind !== 'echarts') return;
      let option = model.option;
      const marked = selection.current;
      if (marked && Object.keys(marked).length > 0) {
        const selections = await loadSelections();
        if (disposed) return;
        option = selections.markCrossFilter(chart, option, marked);
      }
      instance = echarts.init(node, theme === 'dark' ? 'dark' : undefined, { renderer: 'svg', width, height }) as unknown as EChartsInstance;
      instance.on('finished', () => {
        // A mark on the layer that this drawing is done (tests wait for a redraw after a cross-filter).
        node.dataset.drawn = 'true';
        onDrawn();
      });
      const forward = (kind: ChartPointEvent['kind']) => (params: EChartsMouseParams) => {
        const handler = onDataPoint.current;
        if (!handler) return;
        if (kind === 'contextmenu') params.event?.event?.preventDefault();
        handler(toPointEvent(kind, params, node));
      };
      instance.on('click', forward('click'));
      instance.on('contextmenu', forward('contextmenu'));
      instance.setOption(option);
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(node);
    })().catch((error: unknown) => console.warn('sightline: the interactive chart did not load; the server-drawn chart stays', error));
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
      delete node.dataset.drawn;
    };
    // selectionKey stands for the selection (a new object per page render would redraw the chart each time).
  }, [chart, height, theme, onDrawn, onDataPoint, selection, selectionKey]);
  return <div ref={ref} className="absolute inset-0" aria-hidden="true" />;
}

export function ChartFrame({ chart, height, theme = 'light', htmlViews = {}, label, onDataPoint, crossFilterSelection = null, onCrossFilter }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const selectionRef = useRef(crossFilterSelection);
  selectionRef.current = crossFilterSelection;
  // Read at the click, so a new callback from a re-render does not redraw the chart.
  const onPointRef = useRef<Props['onDataPoint']>();
  onPointRef.current = onDataPoint || onCrossFilter ? (event) => {
    if (event.kind === 'click' && onCrossFilter) {
      loadSelections()
        .then((selections) => {
          const next = selections.clickedSelection(chart, event, selectionRef.current);
          if (next !== undefined) onCrossFilter(next);
        })
        .catch((error: unknown) => console.warn('sightline: the cross-filter could not be emitted', error));
    }
    onDataPoint?.(event);
  } : undefined;
  const marker = crossFilterMarker(crossFilterSelection) || undefined;
  const cellClicks = Boolean(onCrossFilter);
  const cellFilter = useMemo<TableCellFilter | null>(() => {
    if (!cellClicks) return null;
    return {
      selection: selectionRef.current,
      onCellClick: (column, value) => onPointRef.current?.({ kind: 'click', componentType: 'table-cell', name: column, value, clientX: 0, clientY: 0 }),
    };
    // The marker stands for the selection: the context changes only when the selection does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cellClicks, marker]);
  // Drawn for this chart only: new data (the loader's, after a filter applies) shows its server SVG until ECharts has drawn it.
  const [drawnFor, setDrawnFor] = useState<FramedChart | null>(null);
  const drawn = drawnFor === chart;
  const onDrawn = useCallback(() => setDrawnFor(chart), [chart]);
  useEffect(() => setHydrated(true), []);
  const { model } = chart;

  if (model.kind === 'empty' || model.kind === 'failed') {
    return (
      <figure aria-label={label} className="flex items-center justify-center rounded-md border border-dashed border-slate-300 p-6 text-sm dark:border-slate-700" style={{ minHeight: height }}>
        <p role={model.kind === 'failed' ? 'alert' : 'status'} className={model.kind === 'failed' ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-300'}>
          {model.message}
        </p>
      </figure>
    );
  }
  if (model.kind === 'html') {
    const View = htmlViews[chart.vizType];
    return (
      <figure aria-label={label} style={{ minHeight: height }} data-cross-filter={marker}>
        {View ? (
          <TableCellFilterContext.Provider value={cellFilter}>
            <View model={{ kind: 'html', props: model.props, width: model.width, height: model.height }} />
          </TableCellFilterContext.Provider>
        ) : <p role="alert">There is no view for the chart type "{chart.vizType}".</p>}
      </figure>
    );
  }
  return (
    <figure aria-label={label} className="relative w-full" style={{ height }} data-cross-filter={marker}>
      {/* The server's SVG, scaled to the box; hidden (not removed) once the interactive chart drew over it. */}
      <div
        className={`h-full w-full [&>svg]:h-full [&>svg]:w-full ${drawn ? 'invisible' : ''}`}
        dangerouslySetInnerHTML={{ __html: viewBoxed(model.svg, model.width, model.height) }}
      />
      {hydrated && (
        <InteractiveECharts chart={chart} height={height} theme={theme} onDrawn={onDrawn} onDataPoint={onPointRef}
          selection={selectionRef} selectionKey={marker ?? ''} />
      )}
    </figure>
  );
}

/** ECharts' SSR SVG has fixed width and height: a viewBox lets it scale to the box without JavaScript. */
export function viewBoxed(svg: string, width: number, height: number): string {
  if (svg.includes('viewBox=')) return svg;
  return svg.replace('<svg ', `<svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet" `);
}
