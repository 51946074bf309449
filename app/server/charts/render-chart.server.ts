/**
 * A chart drawn on the server: form data in, what the page shows out. The viz type builds its
 * query context, the chart data service answers it in this process (the same access checks, row-
 * level security and cache as /api/v1/chart/data), the viz type's transformProps makes the model,
 * and an ECharts model becomes SVG. Explore and dashboards put the result into their HTML, so a
 * chart is readable before any script runs; the browser gets the same inputs (form data, the
 * answers, the dataset) to redo transformProps and make the chart interactive in place.
 *
 * A failing query, an unknown chart type or a model ECharts cannot draw is not an exception for
 * the page: it is a `failed` chart with the message the frame shows, as Superset's chart state.
 */
import type { ChartDataResult, QueryContext } from '~/lib/chart-data/types';
import { createColorContext, type ColorContext, type ForcedColor } from '~/lib/colors';
import { markCrossFilter, type CrossFilterSelection } from '~/lib/dashboard/cross-filter-selection';
import { loadViz } from '~/viz/registry';
import type { ChartModel, EChartsModel, FormData, VizDatasource, VizPlugin } from '~/viz/types';
import type { CurrentUser } from '../auth/current-user.server';
import { chartData } from '../chart-data/service.server';
import { parseChartDataRequest } from '../chart-data/request.server';
import { loadDatasetSource, type LoadedSource } from '../datasets/source.server';
import { DomainError } from '../domain-errors.server';
import { QueryStoppedError } from '../engines/errors.server';
import { SqlLabError } from '../sqllab/errors.server';
import { ChartRenderError, renderEChartsSvg } from './render-svg.server';

export const NO_RESULTS_MESSAGE = 'No results were returned for this query';

export type RenderedModel =
  | { kind: 'echarts'; svg: string; width: number; height: number }
  | { kind: 'html'; props: Record<string, unknown>; width: number; height: number }
  | { kind: 'empty'; message: string }
  | { kind: 'failed'; message: string };

export interface RenderedChart {
  vizType: string;
  formData: FormData;
  queryContext: QueryContext | null;
  queriesData: ChartDataResult[];
  datasource: VizDatasource | null;
  model: RenderedModel;
  /** The main query's row count, for the chart's status line. */
  rowCount: number | null;
}

export interface RenderOptions {
  width: number;
  height: number;
  force?: boolean;
  theme?: 'light' | 'dark';
  /**
   * The colour state the chart draws with: a dashboard passes one context for all its charts, so
   * a label keeps its colour across them. Without it the chart colours on its own, forcing the
   * form data's `label_colors` (how a dashboard hands a chart the colours it gave it).
   */
  colors?: ColorContext;
  /**
   * The chart's own cross-filter on a dashboard (its selection): the SVG shows it marked as the
   * browser's redraw does, so the selection is visible before hydration and without JavaScript.
   */
  crossFilter?: CrossFilterSelection | null;
}

/** A chart's own colour context: Explore's (nothing shared), with the form data's `label_colors` forced. */
export function chartColorContext(formData: FormData): ColorContext {
  const colors = createColorContext({ shareLabelColors: false });
  const forced = formData.label_colors;
  if (forced && typeof forced === 'object' && !Array.isArray(forced)) {
    colors.getNamespace(formData.color_namespace as string | undefined).setColors(forced as Record<string, ForcedColor>);
  }
  return colors;
}

/** `"12__table"` → 12; the form data's datasource as Superset writes it. */
export function datasourceIdOf(formData: FormData): number | null {
  const match = /^(\d+)__/.exec(String(formData.datasource ?? ''));
  return match ? Number(match[1]) : null;
}

/** `"12__query"` → 'query'; anything else reads as a dataset. */
export function datasourceTypeOf(formData: FormData): 'table' | 'query' {
  return /^\d+__query$/.test(String(formData.datasource ?? '')) ? 'query' : 'table';
}

export function vizDatasourceOf(loaded: LoadedSource): VizDatasource {
  const { source } = loaded;
  const verboseMap: Record<string, string> = {};
  for (const c of source.columns) if (c.verbose_name) verboseMap[c.column_name] = c.verbose_name;
  for (const m of source.metrics) if (m.verbose_name) verboseMap[m.metric_name] = m.verbose_name;
  return {
    id: source.id,
    type: source.kind ?? 'table',
    name: source.table_name,
    columns: source.columns.map((c) => ({
      column_name: c.column_name, verbose_name: c.verbose_name, type: c.type, type_generic: c.type_generic, is_dttm: c.is_dttm, groupby: c.groupby, filterable: c.filterable,
    })),
    metrics: source.metrics.map((m) => ({ metric_name: m.metric_name, verbose_name: m.verbose_name, d3format: m.d3format, currency: m.currency, expression: m.expression })),
    verboseMap,
    mainDttmCol: source.main_dttm_col,
  };
}

/**
 * An HTML model's props as loader data: an ECharts part inside them (the big number's trendline)
 * is drawn to SVG here, and only its box goes along (an option holds functions, which do not
 * survive serialisation).
 */
function withDrawnParts(props: Record<string, unknown>): Record<string, unknown> {
  const trendline = props.trendline as EChartsModel | null | undefined;
  if (!trendline || trendline.kind !== 'echarts') return props;
  return { ...props, trendline: { width: trendline.width, height: trendline.height }, trendlineSvg: renderEChartsSvg(trendline) };
}

const failed = (base: Omit<RenderedChart, 'model' | 'rowCount'>, message: string): RenderedChart => ({ ...base, model: { kind: 'failed', message }, rowCount: null });

/**
 * A chart's data, asked for and answered: what drawChart needs. A chart that cannot be drawn (no
 * chart type, no dataset, a failed query) or has no rows is already `final`.
 */
export type QueriedChart =
  | { final: RenderedChart }
  | { final: null; plugin: VizPlugin; chart: Omit<RenderedChart, 'model' | 'rowCount'> & { datasource: VizDatasource }; rowCount: number | null };

/** The query half of renderChart: a dashboard queries its charts at once, then draws them in layout order. */
export async function queryChart(user: CurrentUser, formData: FormData, options: { force?: boolean } = {}): Promise<QueriedChart> {
  const vizType = String(formData.viz_type ?? '');
  const base: Omit<RenderedChart, 'model' | 'rowCount'> = { vizType, formData, queryContext: null, queriesData: [], datasource: null };
  const plugin = await loadViz(vizType);
  if (!plugin) return { final: failed(base, `There is no chart type "${vizType}".`) };
  const datasourceId = datasourceIdOf(formData);
  if (datasourceId === null) return { final: failed(base, 'The chart has no dataset.') };

  let loaded: LoadedSource;
  let queryContext: QueryContext;
  let queriesData: ChartDataResult[];
  try {
    loaded = await loadDatasetSource(user, { id: datasourceId, type: datasourceTypeOf(formData) });
    queryContext = { ...plugin.buildQuery(formData), force: options.force === true };
    const answer = await chartData(user, parseChartDataRequest(queryContext), { loaded });
    if (answer.kind !== 'json') throw new Error('a chart asks for JSON');
    queriesData = (answer.body as { result: ChartDataResult[] }).result;
  } catch (error) {
    // Superset's chart states: a query error is the chart's first error; a stopped query is stopped.
    if (error instanceof SqlLabError) return { final: failed(base, error.error.message) };
    if (error instanceof QueryStoppedError) return { final: failed(base, 'The query was stopped.') };
    if (error instanceof DomainError) return { final: failed(base, error.message) };
    throw error;
  }
  const chart = { vizType, formData, queryContext, queriesData, datasource: vizDatasourceOf(loaded) };
  const rowCount = queriesData[0]?.rowcount ?? null;
  // A filter box is its controls: with no choices (or no filter columns) it still draws its time
  // controls and 'No results found', so it is never the empty-chart message.
  if (vizType !== 'filter_box' && queriesData.every((q) => (q.rowcount ?? q.data?.length ?? 0) === 0)) {
    return { final: { ...chart, model: { kind: 'empty', message: NO_RESULTS_MESSAGE }, rowCount } };
  }
  return { final: null, plugin, chart, rowCount };
}

/** The chart's model (transformProps), with the colours of `options.colors`; null for a final chart. */
function modelOf(queried: QueriedChart, options: RenderOptions): ChartModel | null {
  if (queried.final) return null;
  const { plugin, chart } = queried;
  return plugin.transformProps({
    formData: chart.formData, queriesData: chart.queriesData, width: options.width, height: options.height, datasource: chart.datasource,
    colors: options.colors ?? chartColorContext(chart.formData), theme: options.theme ?? 'light',
  });
}

/**
 * Runs the chart's transformProps for its colours only: the labels it meets take their colours in
 * `colors`, as if it were drawn. A chart that cannot be drawn colours nothing.
 */
export function colorLabels(queried: QueriedChart, options: RenderOptions & { colors: ColorContext }): void {
  try {
    modelOf(queried, options);
  } catch {
    // Drawing it would fail too: such a chart shows its message and colours no label.
  }
}

/** The drawing half of renderChart. */
export function drawChart(queried: QueriedChart, options: RenderOptions): RenderedChart {
  if (queried.final) return queried.final;
  const { chart: filled, rowCount } = queried;
  try {
    const model = modelOf(queried, options)!;
    if (model.kind === 'echarts') {
      const marked = options.crossFilter ? { ...model, option: markCrossFilter(filled, model.option, options.crossFilter) } : model;
      return { ...filled, model: { kind: 'echarts', svg: renderEChartsSvg(marked), width: model.width, height: model.height }, rowCount };
    }
    return { ...filled, model: { kind: 'html', props: withDrawnParts(model.props as Record<string, unknown>), width: model.width, height: model.height }, rowCount };
  } catch (error) {
    if (error instanceof ChartRenderError) return { ...filled, model: { kind: 'failed', message: error.message }, rowCount };
    return { ...filled, model: { kind: 'failed', message: `The chart could not be drawn: ${error instanceof Error ? error.message : String(error)}` }, rowCount };
  }
}

export async function renderChart(user: CurrentUser, formData: FormData, options: RenderOptions): Promise<RenderedChart> {
  return drawChart(await queryChart(user, formData, { force: options.force }), options);
}
