/**
 * The time-series family drawn to SVG on the server (ECharts SSR): a line, a horizontal stacked
 * bar, an area, and a 10,000-point line that must be LTTB-sampled.
 */
import { describe, expect, it } from 'vitest';
import { createColorContext } from '~/lib/colors';
import type { ChartDataResult } from '~/lib/chart-data/types';
import { renderEChartsSvg } from '~/server/charts/render-svg.server';
import type { EChartsModel, FormData, VizDatasource, VizPlugin } from '~/viz/types';
import area from '~/viz/area';
import bar from '~/viz/timeseries-bar';
import line from '~/viz/timeseries-line';

const datasource: VizDatasource = { id: 1, type: 'table', name: 'birth_names', columns: [], metrics: [], verboseMap: {} };
const Y = (year: number) => Date.UTC(year, 0, 1);
const rows: Record<string, unknown>[] = [2001, 2002, 2003, 2004].map((year, i) => ({ ds: Y(year), boy: 100 + i * 10, girl: 80 + i * 25 }));
const answer = (data: Record<string, unknown>[]): ChartDataResult => ({
  data,
  colnames: Object.keys(data[0]),
  coltypes: Object.keys(data[0]).map((k) => (k === 'ds' ? 2 : 0)),
  rowcount: data.length,
});

function draw(plugin: VizPlugin, formData: Partial<FormData>, data = rows): { model: EChartsModel; svg: string } {
  const model = plugin.transformProps({
    formData: { viz_type: plugin.type, x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: ['count'], groupby: ['gender'], ...formData } as FormData,
    queriesData: [answer(data)],
    width: 600,
    height: 300,
    datasource,
    colors: createColorContext(),
    theme: 'light',
  }) as EChartsModel;
  return { model, svg: renderEChartsSvg(model) };
}

describe('time-series charts as SVG', () => {
  it('draws a line chart with its legend and year labels', () => {
    const { svg } = draw(line, {});
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('boy');
    expect(svg).toContain('girl');
    expect(svg).toContain('2002');
    expect(svg).toMatch(/<path d="M[^"]+"[^>]*stroke="#1FA8C9"/i);
  });

  it('draws horizontal stacked bars, years on the y axis', () => {
    const { model, svg } = draw(bar, { orientation: 'horizontal', stack: 'Stack', show_value: true, only_total: true });
    expect((model.option.yAxis as { type: string }).type).toBe('time');
    expect(svg).toContain('2003');
    // The stack's total is labelled once per bar: 2004 has 130 + 155.
    expect(svg).toContain('285');
    expect(svg).toContain('boy');
  });

  it('draws a stacked area chart', () => {
    const { model, svg } = draw(area, { stack: 'Stack', opacity: 0.5 });
    const series = model.option.series as { areaStyle?: { opacity: number } }[];
    expect(series.every((s) => s.areaStyle?.opacity === 0.5)).toBe(true);
    expect(svg).toContain('girl');
    expect(svg).toMatch(/fill-opacity="0.5"/);
  });

  it('samples a 10,000-point line with LTTB and stays small', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => ({ ds: Y(2000) + i * 3_600_000, value: Math.sin(i / 100) * 100 + i / 100 }));
    const { model, svg } = draw(line, { groupby: [], metrics: ['value'], time_grain_sqla: 'PT1H' }, long);
    expect((model.option.series as { sampling?: string }[])[0].sampling).toBe('lttb');
    expect(svg.startsWith('<svg')).toBe(true);
    // One point per pixel or so, not 10,000 path commands.
    const path = /<path d="(M[^"]+)"[^>]*stroke="#1FA8C9"/i.exec(svg)?.[1] ?? '';
    expect(path.length).toBeGreaterThan(0);
    expect((path.match(/L/g) ?? []).length).toBeLessThan(2000);
  });
});
