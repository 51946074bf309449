/**
 * An ECharts chart model rendered to SVG on the server (ECharts' SSR mode: no DOM, animation off),
 * so a chart is on screen before any script runs and without JavaScript; the browser later hands
 * the same model to echarts.init and swaps the SVG in place. Every instance is disposed, also when
 * the option fails, so a render holds nothing after it returns.
 */
import * as echarts from 'echarts';
import type { EChartsModel } from '~/viz/types';

export class ChartRenderError extends Error {
  constructor(cause: unknown) {
    super(`The chart could not be drawn: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChartRenderError';
    this.cause = cause;
  }
}

const registeredMaps = new Set<string>();

export function renderEChartsSvg(model: EChartsModel): string {
  for (const [name, geoJson] of Object.entries(model.maps ?? {})) {
    if (registeredMaps.has(name)) continue;
    echarts.registerMap(name, geoJson as Parameters<typeof echarts.registerMap>[1]);
    registeredMaps.add(name);
  }
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: model.width, height: model.height });
  try {
    chart.setOption({ ...model.option, animation: false });
    return chart.renderToSVGString();
  } catch (error) {
    throw new ChartRenderError(error);
  } finally {
    chart.dispose();
  }
}
