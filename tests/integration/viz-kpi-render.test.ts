/**
 * The KPI and more chart types drawn by the server's ECharts SVG renderer from their models:
 * heatmap, treemap, mixed chart, and the big number's trendline (the page layer draws it into the
 * view's placeholder). Each must render without error and show its labels.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GenericDataType, type ChartDataResult, type QueryMetric } from '~/lib/chart-data/types';
import { createColorContext } from '~/lib/colors';
import { renderEChartsSvg } from '~/server/charts/render-svg.server';
import { transformProps as bigNumber } from '~/viz/big-number/transform-props';
import { transformProps as heatmap } from '~/viz/heatmap/transform-props';
import { transformProps as mixed } from '~/viz/mixed-timeseries/transform-props';
import { transformProps as treemap } from '~/viz/treemap/transform-props';
import { getMetricLabel, getXAxisLabel } from '~/viz/shared/query';
import type { EChartsModel, FormData, TransformInput, VizPlugin } from '~/viz/types';

const datasource = { id: 1, type: 'table', name: 'cleaned_sales_data', columns: [], metrics: [], verboseMap: {} };

function input(formData: FormData, queriesData: ChartDataResult[]): TransformInput {
  return { formData, queriesData, width: 600, height: 400, datasource, colors: createColorContext(), theme: 'light' };
}

const month = (m: number) => Date.UTC(2003, m, 1);

describe('KPI and more chart types render to SVG on the server', () => {
  it('heatmap_v2: cells with their values and the axis labels', () => {
    const rows = [
      { product_line: 'Classic Cars', deal_size: 'Small', count: 12, rank: 0.5 },
      { product_line: 'Classic Cars', deal_size: 'Large', count: 40, rank: 1 },
      { product_line: 'Motorcycles', deal_size: 'Small', count: 7, rank: 0.25 },
      { product_line: 'Motorcycles', deal_size: 'Large', count: 20, rank: 0.75 },
    ];
    const model = heatmap(
      input({ viz_type: 'heatmap_v2', x_axis: 'product_line', groupby: 'deal_size', metric: 'count', linear_color_scheme: 'superset_seq_1', show_values: true, y_axis_format: ',d' }, [
        { data: rows, colnames: ['product_line', 'deal_size', 'count', 'rank'], coltypes: [1, 1, 0, 0], rowcount: 4 },
      ]),
    );
    const svg = renderEChartsSvg(model);
    expect(svg.startsWith('<svg')).toBe(true);
    for (const label of ['Classic Cars', 'Motorcycles', 'Small', 'Large', '40', '12']) expect(svg).toContain(label);
  });

  it('treemap_v2: the groups with key and value labels in their colours', () => {
    const rows = [
      { year: '2003', product_line: 'Classic Cars', count: 60 },
      { year: '2003', product_line: 'Ships', count: 20 },
      { year: '2004', product_line: 'Classic Cars', count: 30 },
    ];
    const colors = createColorContext();
    const model = treemap({
      ...input({ viz_type: 'treemap_v2', groupby: ['year', 'product_line'], metric: 'count', color_scheme: 'supersetColors', label_type: 'key_value' }, [
        { data: rows, colnames: ['year', 'product_line', 'count'], coltypes: [1, 1, 0], rowcount: 3 },
      ]),
      colors,
    });
    const svg = renderEChartsSvg(model);
    expect(svg).toContain('Classic Cars: 60');
    expect(svg).toContain('Ships: 20');
    expect(svg).toContain('2003: 80');
    // One level: each group drawn in its colour from the page's colour context.
    const flat = treemap({
      ...input({ viz_type: 'treemap_v2', groupby: ['product_line'], metric: 'count', color_scheme: 'supersetColors' }, [
        { data: [{ product_line: 'Trains', count: 5 }], colnames: ['product_line', 'count'], coltypes: [1, 0], rowcount: 1 },
      ]),
      colors,
    });
    expect(renderEChartsSvg(flat)).toContain(`fill="${colors.getScale('supersetColors')('Trains')}"`);
  });

  it('mixed_timeseries: a line on the secondary axis, bars on the primary, and the legend', () => {
    const a: ChartDataResult = {
      data: [0, 1, 2, 3].map((m) => ({ order_date: month(m), 'SUM(sales)': 100000 + m * 25000 })),
      colnames: ['order_date', 'SUM(sales)'],
      coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC],
      rowcount: 4,
    };
    const b: ChartDataResult = {
      data: [0, 1, 2, 3].map((m) => ({ order_date: month(m), count: 30 + m })),
      colnames: ['order_date', 'count'],
      coltypes: [GenericDataType.TEMPORAL, GenericDataType.NUMERIC],
      rowcount: 4,
    };
    const model = mixed(
      input(
        {
          viz_type: 'mixed_timeseries',
          x_axis: 'order_date',
          time_grain_sqla: 'P1M',
          metrics: ['SUM(sales)'],
          metrics_b: ['count'],
          seriesType: 'line',
          yAxisIndex: 1,
          seriesTypeB: 'bar',
          yAxisIndexB: 0,
          y_axis_format_secondary: '$,.0f',
          show_legend: true,
        },
        [a, b],
      ),
    );
    const svg = renderEChartsSvg(model);
    expect(svg).toContain('SUM(sales)');
    expect(svg).toContain('count');
    // The secondary axis (the line's) in its own format.
    expect(svg).toMatch(/\$\d{2,3},000/);
    expect(svg).toContain('<path');
  });

  it("big_number: the trendline model draws a line of the placeholder's size", () => {
    const model = bigNumber(
      input({ viz_type: 'big_number', x_axis: 'order_date', time_grain_sqla: 'P1M', metric: 'count' }, [
        { data: [0, 1, 2].map((m) => ({ order_date: month(m), count: 10 + m })), colnames: ['order_date', 'count'], coltypes: [2, 0], rowcount: 3 },
      ]),
    );
    const trendline = model.props.trendline;
    expect(trendline).not.toBeNull();
    const svg = renderEChartsSvg(trendline!);
    expect(svg).toContain(`width="${trendline!.width}"`);
    expect(svg).toContain(`height="${trendline!.height}"`);
    expect(svg).toContain('<path');
  });
});

type Fixture = {
  chart: { viz_type: string; slice_name: string };
  expected_columns: { names: string[] }[];
  query_context: { form_data: FormData; queries: { metrics?: QueryMetric[] }[] };
};
// Each plugin is typed by its own model (as the registry's entries); the test uses the contract's VizPlugin.
const PLUGINS: Record<string, () => Promise<{ default: object }>> = {
  big_number_total: () => import('~/viz/big-number-total'),
  big_number: () => import('~/viz/big-number'),
  heatmap_v2: () => import('~/viz/heatmap'),
  treemap_v2: () => import('~/viz/treemap'),
  mixed_timeseries: () => import('~/viz/mixed-timeseries'),
};
const examples = Object.values(
  import.meta.glob<Fixture>('../fixtures/superset-query-contexts/*.json', { eager: true, import: 'default' }),
).filter((f) => f.chart?.viz_type in PLUGINS);

/** A small answer with the columns Superset's example expects: times on the x-axis, numbers for metrics. */
function answerFor(fixture: Fixture, index: number): ChartDataResult {
  const names = fixture.expected_columns[index]?.names ?? [];
  const metrics = new Set((fixture.query_context.queries[index]?.metrics ?? []).map((m) => getMetricLabel(m)));
  const xAxis = getXAxisLabel(fixture.query_context.form_data);
  const isTime = (name: string) => name === xAxis && fixture.chart.viz_type !== 'heatmap_v2';
  const data = [0, 1, 2].map((i) =>
    Object.fromEntries(names.map((name, j) => [name, isTime(name) ? month(i) : metrics.has(name) || j >= names.length - metrics.size ? 10 * (i + 1) + j : `${name} ${i}`])),
  );
  const coltypes = names.map((name) => (isTime(name) ? GenericDataType.TEMPORAL : typeof data[0][name] === 'number' ? GenericDataType.NUMERIC : GenericDataType.STRING));
  return { data, colnames: names, coltypes, rowcount: data.length };
}

describe("the KPI and more chart types draw Superset's example charts", () => {
  for (const fixture of examples) {
    it(`${fixture.chart.viz_type}: "${fixture.chart.slice_name}"`, async () => {
      const plugin = (await PLUGINS[fixture.chart.viz_type]()).default as VizPlugin;
      const formData = fixture.query_context.form_data;
      const queriesData = fixture.query_context.queries.map((_, i) => answerFor(fixture, i));
      const model = plugin.transformProps(input(formData, queriesData));
      if (model.kind === 'echarts') {
        expect(renderEChartsSvg(model)).toContain('<svg');
      } else {
        const View = plugin.View!;
        const html = renderToStaticMarkup(createElement(View, { model }));
        expect(html).toContain(`data-viz="${fixture.chart.viz_type}"`);
        expect(html).not.toContain('No data');
        const trendline = (model.props as { trendline?: EChartsModel | null }).trendline;
        if (trendline) expect(renderEChartsSvg(trendline)).toContain('<path');
      }
    });
  }
});
