/**
 * `GET /api/v1/explore/` (Superset's ExploreRestApi / GetExploreCommand): what the Explore page
 * opens with, in one answer: the form data (from a permalink, a form data key, a chart or a
 * dataset, in that order), the dataset as its datasource JSON, the chart and its metadata. The
 * dataset must be the user's to see (403); a chart or form data key that is gone falls back as
 * Superset's does, with a message; a dataset that is gone answers a placeholder and the message
 * the page shows as 'Missing dataset'.
 */
import { humanizeDelta } from '~/lib/humanize';
import { normalizeLegacyFormData } from '~/lib/legacy-form-data';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import type { Chart } from '../../../db/index';
import { rowScope } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { getDatasetDetail } from '../datasets/show.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { PERSON_ATTRIBUTES, personName } from '../lists/people.server';
import { loadQuerySource } from '../datasets/query-source.server';
import type { DatasetSource } from '../query/types.server';
import { rlsFiltersOnDataset } from '../rls/dataset-filters.server';
import { getFormData } from './form-data.server';
import { getExplorePermalink } from './permalink.server';

export type ExploreParams = {
  form_data_key?: string;
  permalink_key?: string;
  slice_id?: number;
  datasource_id?: number;
  datasource_type?: string;
};

/** The request's other query parameters: Superset keeps them in the form data's url_params. */
export type UrlArgs = [string, string][];

export const MISSING_DATASET_MESSAGE = 'The dataset linked to this chart may have been deleted.';

type FormData = Record<string, unknown>;

async function storedFormData(user: CurrentUser, key: string): Promise<FormData | null> {
  try {
    const value = parseJsonText((await getFormData(user, key)).form_data);
    return isJsonObject(value) ? value : null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

function chartParams(chart: Chart): FormData {
  try {
    const value = chart.params ? parseJsonText(chart.params) : {};
    return isJsonObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** Superset's Slice.form_data: the saved params with the chart's own id, type and datasource. */
function chartFormData(chart: Chart): FormData {
  return {
    ...chartParams(chart),
    slice_id: chart.id,
    viz_type: chart.viz_type,
    datasource: `${chart.datasource_id ?? 'None'}__${chart.datasource_type ?? 'table'}`,
  };
}

/** Superset's update_time_range: the legacy since/until pair becomes a time_range. */
function updateTimeRange(formData: FormData): void {
  if (!('since' in formData) && !('until' in formData)) return;
  const part = (v: unknown) => (typeof v === 'string' ? v : '');
  formData.time_range = `${part(formData.since) || 'No filter'} : ${part(formData.until) || 'No filter'}`;
  delete formData.since;
  delete formData.until;
}

/** A slice_id as form data carries it: a number, or its text (url params and permalinks are text). */
function positiveInt(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
  return null;
}

function datasourceOf(formData: FormData, params: ExploreParams): { id: number | null; type: string } {
  const text = formData.datasource;
  const match = typeof text === 'string' ? /^(\d{1,15}|None)__([a-z_]+)$/.exec(text) : null;
  if (match) return { id: match[1] === 'None' ? null : Number(match[1]), type: match[2] };
  return { id: params.datasource_id ?? null, type: params.datasource_type ?? 'table' };
}

/** A SQL Lab query as Explore's datasource JSON (Superset's Query.data): its columns, no metrics, its SQL. */
function queryDatasourceJson(source: DatasetSource): Record<string, unknown> {
  return {
    id: source.id,
    type: 'query',
    uid: `${source.id}__query`,
    name: source.table_name,
    table_name: source.table_name,
    schema: source.schema,
    sql: source.sql,
    columns: source.columns.map((c) => ({ ...c, type_generic: c.type_generic })),
    metrics: [],
    main_dttm_col: source.main_dttm_col,
    owners: [],
    database: { id: source.database.id, database_name: source.database.database_name, backend: source.database.dialect },
  };
}

async function loadChart(user: CurrentUser, id: number) {
  const { Chart, User, Dashboard } = models();
  // A chart's dashboards are named only when the user may see them, as in the chart list.
  const visibleDashboards = await rowScope(Dashboard.name, user);
  return Chart.findByPk(id, {
    include: [
      { model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } },
      { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
      { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
      { model: Dashboard, as: 'dashboards', attributes: ['id', 'dashboard_title'], through: { attributes: [] }, where: visibleDashboards, required: false },
    ],
  });
}

/** Superset's Slice.data. */
function sliceData(chart: Chart, formData: FormData) {
  return {
    cache_timeout: chart.cache_timeout,
    changed_on: chart.changed_on.toISOString(),
    changed_on_humanized: humanizeDelta(chart.changed_on),
    modified: humanizeDelta(chart.changed_on),
    datasource: formData.datasource,
    description: chart.description,
    description_markdown: chart.description ?? '',
    edit_url: `/chart/edit/${chart.id}`,
    form_data: formData,
    query_context: chart.query_context,
    is_managed_externally: false,
    owners: (chart.owners ?? []).map((o) => o.id),
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_url: `/explore/?slice_id=${chart.id}`,
    certified_by: chart.certified_by ?? null,
    certification_details: chart.certification_details ?? null,
  };
}

function chartMetadata(chart: Chart) {
  const visibleDashboards = chart.dashboards ?? [];
  return {
    created_on_humanized: humanizeDelta(chart.created_on),
    changed_on_humanized: humanizeDelta(chart.changed_on),
    owners: (chart.owners ?? []).map((o) => personName(o)),
    dashboards: visibleDashboards.map((d) => ({ id: d.id, dashboard_title: d.dashboard_title })),
    ...(chart.created_by ? { created_by: personName(chart.created_by) } : {}),
    ...(chart.changed_by ? { changed_by: personName(chart.changed_by) } : {}),
  };
}

export async function getExploreContext(user: CurrentUser, params: ExploreParams, urlArgs: UrlArgs) {
  requirePermission(user, 'can_read', 'Explore');
  let formData: FormData = {};
  let message: string | null = null;
  if (params.permalink_key !== undefined) {
    const { state } = await getExplorePermalink(user, params.permalink_key);
    formData = { ...state.formData };
    if (state.urlParams?.length) formData.url_params = Object.fromEntries(state.urlParams);
  } else if (params.form_data_key) {
    formData = (await storedFormData(user, params.form_data_key)) ?? {};
  }
  if (Object.keys(formData).length === 0) {
    if (params.slice_id) {
      formData.slice_id = params.slice_id;
      if (params.form_data_key) message = 'Form data not found in cache, reverting to chart metadata.';
    } else if (params.datasource_id) {
      formData.datasource = `${params.datasource_id}__${params.datasource_type ?? 'table'}`;
      if (params.form_data_key) message = 'Form data not found in cache, reverting to dataset metadata.';
    }
  }

  const sliceId = positiveInt(formData.slice_id) ?? params.slice_id;
  const chart = sliceId ? await loadChart(user, sliceId) : null;
  if (chart) formData = { ...chartFormData(chart), ...formData };
  updateTimeRange(formData);
  // Old charts' filters (filters, where, having) as adhoc filters, a dashboard's extra filters merged in, as Superset's Explore opens them.
  formData = normalizeLegacyFormData(formData);

  const datasource = datasourceOf(formData, params);
  let dataset: Record<string, unknown> | null = null;
  if (datasource.id !== null && datasource.type === 'table') {
    try {
      const detail = await getDatasetDetail(user, datasource.id);
      dataset = { ...detail, type: 'table', rls_filters: await rlsFiltersOnDataset(user, datasource.id) };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  } else if (datasource.id !== null && datasource.type === 'query') {
    try {
      dataset = queryDatasourceJson((await loadQuerySource(user, datasource.id)).source);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  formData.datasource = `${datasource.id ?? 'None'}__${datasource.type}`;
  const urlParams = isJsonObject(formData.url_params) ? { ...formData.url_params } : {};
  for (const [name, value] of urlArgs) if (name !== 'form_data' && name !== 'r') urlParams[name] = value;
  formData.url_params = urlParams;

  if (!dataset) {
    message ??= MISSING_DATASET_MESSAGE;
    // Superset's placeholder for a datasource that is gone: the page shows 'Missing dataset' and offers a swap.
    dataset = { type: datasource.type, name: '[Missing Dataset]', columns: [], metrics: [], database: { id: 0, backend: '' } };
  }
  return {
    result: {
      dataset,
      form_data: formData,
      slice: chart ? sliceData(chart, formData) : null,
      message,
      metadata: chart ? chartMetadata(chart) : null,
    },
  };
}
