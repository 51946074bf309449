/**
 * A chart on a page. The server's HTML already holds the chart (an SVG string for ECharts types,
 * the type's React view for HTML types, or the empty / failed message), so it is readable before
 * hydration and without JavaScript. Once hydrated, an ECharts chart loads ECharts and its chart
 * type with `import()`, redoes transformProps from the same inputs and draws the interactive chart
 * in a layer over the SVG, in the same box (no layout shift); the SVG goes once the chart has
 * drawn. If the script cannot load, the SVG simply stays.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type MutableRefObject } from 'react';
import type { ChartDataResult } from '~/lib/chart-data/types';
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
};

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
  const { componentType, seriesType, seriesName, name, data, value, dataIndex } = params;
  return { kind, componentType, seriesType, seriesName, name, data, value, dataIndex, clientX, clientY };
}

function InteractiveECharts({ chart, height, theme, onDrawn, onDataPoint }: {
  chart: FramedChart;
  height: number;
  theme: 'light' | 'dark';
  onDrawn: () => void;
  /** A ref, so a new callback from a re-render does not redraw the chart. */
  onDataPoint: MutableRefObject<Props['onDataPoint']>;
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
      instance = echarts.init(node, theme === 'dark' ? 'dark' : undefined, { renderer: 'svg', width, height }) as unknown as EChartsInstance;
      instance.on('finished', onDrawn);
      const forward = (kind: ChartPointEvent['kind']) => (params: EChartsMouseParams) => {
        const handler = onDataPoint.current;
        if (!handler) return;
        if (kind === 'contextmenu') params.event?.event?.preventDefault();
        handler(toPointEvent(kind, params, node));
      };
      instance.on('click', forward('click'));
      instance.on('contextmenu', forward('contextmenu'));
      instance.setOption(model.option);
      observer = new ResizeObserver(() => instance?.resize());
      observer.observe(node);
    })().catch((error: unknown) => console.warn('sightline: the interactive chart did not load; the server-drawn chart stays', error));
    return () => {
      disposed = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [chart, height, theme, onDrawn, onDataPoint]);
  return <div ref={ref} className="absolute inset-0" aria-hidden="true" />;
}

export function ChartFrame({ chart, height, theme = 'light', htmlViews = {}, label, onDataPoint }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const onDataPointRef = useRef(onDataPoint);
  onDataPointRef.current = onDataPoint;
  const [drawn, setDrawn] = useState(false);
  const onDrawn = useCallback(() => setDrawn(true), []);
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
      <figure aria-label={label} style={{ minHeight: height }}>
        {View ? <View model={{ kind: 'html', props: model.props, width: model.width, height: model.height }} /> : <p role="alert">There is no view for the chart type "{chart.vizType}".</p>}
      </figure>
    );
  }
  return (
    <figure aria-label={label} className="relative w-full" style={{ height }}>
      {/* The server's SVG, scaled to the box; hidden (not removed) once the interactive chart drew over it. */}
      <div
        className={`h-full w-full [&>svg]:h-full [&>svg]:w-full ${drawn ? 'invisible' : ''}`}
        dangerouslySetInnerHTML={{ __html: viewBoxed(model.svg, model.width, model.height) }}
      />
      {hydrated && <InteractiveECharts chart={chart} height={height} theme={theme} onDrawn={onDrawn} onDataPoint={onDataPointRef} />}
    </figure>
  );
}

/** ECharts' SSR SVG has fixed width and height: a viewBox lets it scale to the box without JavaScript. */
export function viewBoxed(svg: string, width: number, height: number): string {
  if (svg.includes('viewBox=')) return svg;
  return svg.replace('<svg ', `<svg viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet" `);
}
