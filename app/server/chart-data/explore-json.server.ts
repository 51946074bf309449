/**
 * The legacy `/superset/explore_json/`: a chart's form data in, one query built from its legacy
 * fields (legacy-query.server.ts), answered in Superset's legacy viz payload (`{cache_key,
 * cached_dttm, cache_timeout, data, errors, form_data, is_cached, query, from_dttm, to_dttm,
 * status, stacktrace, rowcount, colnames, coltypes, applied_filters, rejected_filters}`), or as
 * the response type the query string asks for (`csv`, `xlsx`, `query`, `results`, `samples`).
 * `data` is the viz type's own shape for the legacy viz types Superset's legacy chart plugins
 * read (legacy-viz/: world_map, chord, horizon, NVD3 series …), else the rows as records,
 * BaseViz's shape. The form data is made current first (app/lib/legacy-form-data) and echoed
 * that way, as Superset's viz does. A form data holding little more than a `slice_id` takes the
 * saved chart's.
 */
import { normalizeLegacyFormData } from '~/lib/legacy-form-data';
import { datasourceOf, readChartParams } from '~/lib/stored-json/chart-params';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { loadDatasetSource } from '../datasets/source.server';
import { InvalidInputError } from '../domain-errors.server';
import { legacyQueryObject } from './legacy-query.server';
import { formMetrics, legacyVizFor } from './legacy-viz/index.server';
import { formDataId, parseChartDataRequest, type ChartDataRequest } from './request.server';
import { answerQueries, chartData, findChartRef, type ChartDataAnswer } from './service.server';

export const LEGACY_RESPONSE_TYPES = ['csv', 'xlsx', 'query', 'results', 'samples'] as const;
export type LegacyResponseType = (typeof LEGACY_RESPONSE_TYPES)[number] | 'json';

export interface ExploreJsonInput {
  formData: Record<string, unknown>;
  responseType: LegacyResponseType;
  force: boolean;
  signal?: AbortSignal;
}

/** Superset's get_form_data: keys that leave the rest of the form data to the saved chart. */
const SLICE_ONLY_KEYS = new Set(['slice_id', 'extra_filters', 'adhoc_filters', 'viz_type']);

async function withSavedChart(formData: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sliceId = formDataId(formData, 'slice_id');
  if (sliceId === null || !Object.keys(formData).every((k) => SLICE_ONLY_KEYS.has(k))) return formData;
  const chart = await models().Chart.findByPk(sliceId, { attributes: ['id', 'params'] });
  return chart ? { ...readChartParams(chart.params), ...formData } : formData;
}

/** The chart data request a legacy form data makes: its dataset, one query built from its fields. */
export async function legacyChartDataRequest(input: Record<string, unknown>, responseType: LegacyResponseType, force = false): Promise<ChartDataRequest> {
  const formData = await withSavedChart(input);
  const datasource = datasourceOf({ datasource: typeof formData.datasource === 'string' ? formData.datasource : undefined });
  if (!datasource) throw new InvalidInputError('The dataset associated with this chart no longer exists');
  return parseChartDataRequest({
    datasource,
    queries: [legacyQueryObject(formData)],
    form_data: formData,
    result_format: responseType === 'csv' || responseType === 'xlsx' ? responseType : 'json',
    result_type: responseType === 'query' || responseType === 'samples' ? responseType : 'full',
    force,
  });
}

export async function exploreJson(user: CurrentUser, input: ExploreJsonInput): Promise<ChartDataAnswer> {
  const request = await legacyChartDataRequest(input.formData, input.responseType, input.force);
  const formData = request.form_data ?? {};
  const format = request.result_format;
  if (format !== 'json') return chartData(user, request, { signal: input.signal });

  const loaded = await loadDatasetSource(user, request.datasource);
  const chart = await findChartRef(formDataId(formData, 'slice_id'));
  const [answer] = await answerQueries(user, loaded, request, { chart, signal: input.signal });
  if (answer.kind === 'query') return { kind: 'json', body: answer.payload };
  if (answer.kind !== 'data') throw new InvalidInputError('Unexpected result type');
  const p = answer.payload;
  if (input.responseType === 'results' || input.responseType === 'samples') return { kind: 'json', body: { data: p.data } };
  const current = normalizeLegacyFormData(formData);
  const viz = legacyVizFor(current.viz_type);
  const data = viz ? viz.data(p.data, { formData: current, metricLabels: formMetrics(current).labels, fromDttm: p.from_dttm, toDttm: p.to_dttm }) : p.data;
  return {
    kind: 'json',
    body: {
      cache_key: p.cache_key,
      cached_dttm: p.cached_dttm,
      cache_timeout: p.cache_timeout,
      data,
      errors: [],
      form_data: current,
      is_cached: p.is_cached,
      query: p.query,
      from_dttm: p.from_dttm,
      to_dttm: p.to_dttm,
      status: p.status,
      stacktrace: null,
      rowcount: p.rowcount,
      colnames: p.colnames,
      coltypes: p.coltypes,
      applied_filters: p.applied_filters,
      rejected_filters: p.rejected_filters,
    },
  };
}
