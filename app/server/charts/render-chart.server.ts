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
import { createColorContext } from '~/lib/colors';
import { loadViz } from '~/viz/registry';
import type { EChartsModel, FormData, VizDatasource } from '~/viz/types';
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

export async function renderChart(user: CurrentUser, formData: FormData, options: RenderOptions): Promise<RenderedChart> {
  const vizType = String(formData.viz_type ?? '');
  const base: Omit<RenderedChart, 'model' | 'rowCount'> = { vizType, formData, queryContext: null, queriesData: [], datasource: null };
  const plugin = await loadViz(vizType);
  if (!plugin) return failed(base, `There is no chart type "${vizType}".`);
  const datasourceId = datasourceIdOf(formData);
  if (datasourceId === null) return failed(base, 'The chart has no dataset.');

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
    if (error instanceof SqlLabError) return failed(base, error.error.message);
    if (error instanceof QueryStoppedError) return failed(base, 'The query was stopped.');
    if (error instanceof DomainError) return failed(base, error.message);
    throw error;
  }
  const datasource = vizDatasourceOf(loaded);
  const filled: Omit<RenderedChart, 'model' | 'rowCount'> = { vizType, formData, queryContext, queriesData, datasource };
  const rowCount = queriesData[0]?.rowcount ?? null;
  if (queriesData.every((q) => (q.rowcount ?? q.data?.length ?? 0) === 0)) {
    return { ...filled, model: { kind: 'empty', message: NO_RESULTS_MESSAGE }, rowCount };
  }
  try {
    const model = plugin.transformProps({
      formData, queriesData, width: options.width, height: options.height, datasource,
      colors: createColorContext({ shareLabelColors: false }), theme: options.theme ?? 'light',
    });
    if (model.kind === 'echarts') return { ...filled, model: { kind: 'echarts', svg: renderEChartsSvg(model), width: model.width, height: model.height }, rowCount };
    return { ...filled, model: { kind: 'html', props: withDrawnParts(model.props as Record<string, unknown>), width: model.width, height: model.height }, rowCount };
  } catch (error) {
    if (error instanceof ChartRenderError) return { ...filled, model: { kind: 'failed', message: error.message }, rowCount };
    return { ...filled, model: { kind: 'failed', message: `The chart could not be drawn: ${error instanceof Error ? error.message : String(error)}` }, rowCount };
  }
}
