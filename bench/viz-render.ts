/**
 * Server rendering of each chart type (issue 12's bench): for every Superset example chart of a
 * registered type (tests/fixtures/superset-query-contexts), an answer of a typical size with the
 * columns the chart expects, then transformProps and the server drawing: ECharts SSR to SVG, or
 * the type's React view to HTML. Median of RUNS after a warm-up; the size is the markup's bytes.
 * Two sizes the issue names: the table at 1,000 rows, and a line of 10,000 points (LTTB sampled).
 *
 * Alone: `npx tsx bench/viz-render.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GenericDataType, type ChartDataResult, type QueryMetric } from '../app/lib/chart-data/types';
import { createColorContext } from '../app/lib/colors';
import { renderEChartsSvg } from '../app/server/charts/render-svg.server';
import { loadViz, registeredVizTypes } from '../app/viz/registry';
import { getMetricLabel, getXAxisLabel } from '../app/viz/shared/query';
import type { FormData, VizDatasource, VizPlugin } from '../app/viz/types';
import { median, round } from './stats';

const RUNS = 10;
const WIDTH = 800;
const HEIGHT = 400;
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '../tests/fixtures/superset-query-contexts');

type Fixture = {
  chart: { viz_type: string; slice_name: string };
  expected_columns: { names: string[] }[];
  query_context: { form_data: FormData; queries: { metrics?: QueryMetric[] }[] };
};

export interface VizRenderResult {
  rows: { viz: string; chart: string; points: number; ms: number; kb: number; kind: 'svg' | 'html' }[];
}

const datasource: VizDatasource = { id: 1, type: 'table', name: 'bench', columns: [], metrics: [], verboseMap: {} };
const DAY = 86_400_000;

/** `rows` rows with the columns the example expects: days on the x-axis, numbers for metrics, a few categories. */
function answer(fixture: Fixture, index: number, rows: number): ChartDataResult {
  const names = fixture.expected_columns[index]?.names ?? [];
  const metrics = new Set((fixture.query_context.queries[index]?.metrics ?? []).map((m) => getMetricLabel(m)));
  const xAxis = getXAxisLabel(fixture.query_context.form_data);
  const isTime = (name: string) => name === xAxis && fixture.chart.viz_type !== 'heatmap_v2';
  const isNumber = (name: string, j: number) => metrics.has(name) || j >= names.length - metrics.size;
  const data = Array.from({ length: rows }, (_, i) =>
    Object.fromEntries(names.map((name, j) => [name, isTime(name) ? Date.UTC(2000, 0, 1) + i * DAY : isNumber(name, j) ? Math.round(1000 + 500 * Math.sin(i / 7 + j)) : `${name} ${i % 12}`])),
  );
  const coltypes = names.map((name, j) => (isTime(name) ? GenericDataType.TEMPORAL : isNumber(name, j) ? GenericDataType.NUMERIC : GenericDataType.STRING));
  return { data, colnames: names, coltypes, rowcount: data.length };
}

/** Typical sizes: a table page of 1,000 rows, time series of a year of days, a few dozen categories elsewhere. */
function typicalRows(viz: string): number {
  if (viz === 'table') return 1000;
  if (viz.startsWith('echarts_timeseries') || viz === 'echarts_area' || viz === 'mixed_timeseries' || viz === 'big_number') return 365;
  if (viz === 'pivot_table_v2' || viz === 'heatmap_v2') return 240;
  return 24;
}

const TIME_SERIES = new Set(['echarts_timeseries_line', 'echarts_timeseries_bar', 'echarts_area', 'echarts_timeseries_scatter', 'echarts_timeseries_smooth', 'echarts_timeseries_step']);

/**
 * The time-series types get a chart of their own, not their example's: a daily x-axis with two
 * series (the examples mix legacy and current x-axis styles, and a synthetic answer must have the
 * pivoted shape the chart reads).
 */
function timeSeriesExample(viz: string): Fixture {
  return {
    chart: { viz_type: viz, slice_name: 'births by gender, daily' },
    expected_columns: [{ names: ['ds', 'boy', 'girl'] }],
    query_context: { form_data: { viz_type: viz, x_axis: 'ds', time_grain_sqla: 'P1D', metrics: ['count'], groupby: ['gender'], show_legend: true, truncate_metric: true }, queries: [{ metrics: ['boy', 'girl'] }] },
  };
}

function draw(plugin: VizPlugin, fixture: Fixture, rows: number): { markup: string; kind: 'svg' | 'html' } {
  const queriesData = fixture.query_context.queries.map((_, i) => answer(fixture, i, rows));
  const model = plugin.transformProps({ formData: fixture.query_context.form_data, queriesData, width: WIDTH, height: HEIGHT, datasource, colors: createColorContext({ shareLabelColors: false }), theme: 'light' });
  if (model.kind === 'echarts') return { markup: renderEChartsSvg(model), kind: 'svg' };
  return { markup: renderToStaticMarkup(createElement(plugin.View!, { model })), kind: 'html' };
}

function time(plugin: VizPlugin, fixture: Fixture, rows: number) {
  let last = draw(plugin, fixture, rows);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = draw(plugin, fixture, rows);
    ms.push(performance.now() - started);
  }
  return { ms: round(median(ms)), kb: round(Buffer.byteLength(last.markup) / 1024), kind: last.kind };
}

export async function benchVizRender(): Promise<VizRenderResult> {
  const fixtures = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json') && !f.startsWith('_')).map((f) => JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) as Fixture);
  const registered = new Set(registeredVizTypes());
  const rows: VizRenderResult['rows'] = [];
  for (const viz of [...registered].sort()) {
    const fixture = TIME_SERIES.has(viz) ? timeSeriesExample(viz) : fixtures.find((f) => f.chart.viz_type === viz);
    const plugin = await loadViz(viz);
    if (!fixture || !plugin) continue;
    const points = typicalRows(viz);
    rows.push({ viz, chart: fixture.chart.slice_name, points, ...time(plugin, fixture, points) });
  }
  const line = timeSeriesExample('echarts_timeseries_line');
  const linePlugin = await loadViz('echarts_timeseries_line');
  if (linePlugin) rows.push({ viz: 'echarts_timeseries_line (LTTB)', chart: line.chart.slice_name, points: 10_000, ...time(linePlugin, line, 10_000) });
  return { rows };
}

export function describeVizRender(r: VizRenderResult): [string, string][] {
  return r.rows.map((row): [string, string] => [`server render ${row.viz} ("${row.chart}", ${row.points.toLocaleString('en')} rows, ${WIDTH}x${HEIGHT})`, `${row.ms} ms, ${row.kb} KB ${row.kind.toUpperCase()}`]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchVizRender()
    .then((r) => {
      for (const [k, v] of describeVizRender(r)) console.log(`${k.padEnd(100)}  ${v}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    });
}
