/**
 * Explore's web half. The loader opens the page as Superset's does (`?slice_id=`,
 * `?datasource_id=&datasource_type=&viz_type=`, `?form_data_key=`, `?permalink_key=`, with
 * `force` and `standalone`), through GET /api/v1/explore/'s domain function, and draws the chart
 * on the server (renderChart) so it shows before any script and without JavaScript.
 *
 * The action takes the page's plain forms (spec: the essential controls re-render on submit, and
 * save works as a form): `intent=update` stores the new form data in the key-value store and
 * redirects to its key, so reload, back and links work; `intent=save` saves the chart as a new
 * one or over the one open (its owners only) and opens it.
 */
import { data, redirect } from '@remix-run/node';
import type { z } from 'zod';
import { EXPLORE_CHART_HEIGHT, EXPLORE_CHART_WIDTH } from '~/lib/explore/chart-size';
import { applyEssentialInput, essentialControlsOf, essentialValuesOf, type EssentialErrors, type EssentialValues } from '~/lib/explore/essential-form';
import { hasPermission, isAdmin } from '~/lib/permissions';
import { isJsonObject, parseJsonText } from '~/lib/safe-json';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith, type CurrentUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { ChartCreateSchema, ChartUpdateSchema } from '~/server/charts/inputs.server';
import { createChart, updateChart } from '~/server/charts/mutations.server';
import { renderChart, type RenderedChart } from '~/server/charts/render-chart.server';
import { InvalidInputError, UnprocessableError } from '~/server/domain-errors.server';
import { getExploreContext, type ExploreParams } from '~/server/explore/context.server';
import { createFormData } from '~/server/explore/form-data.server';
import { createExplorePermalink } from '~/server/explore/permalink.server';
import { loadViz, VIZ_REGISTRY } from '~/viz/registry';
import { withControlDefaults } from '~/viz/shared/controls';
import { validatePanel } from '~/viz/shared/validate-panel';
import type { ControlPanel, FormData } from '~/viz/types';
import type { ExploreDatasource, ExploreSlice, ExploreUser } from '~/ui/explore/types';

export const MISSING_PARAMETERS = 'The URL is missing the dataset_id or slice_id parameters.';
const DEFAULT_VIZ_TYPE = 'table';

type DatasetPanel = {
  id: number | null;
  name: string;
  columns: { column_name: string; verbose_name: string | null; type: string | null; is_dttm: boolean; groupby: boolean }[];
  metrics: { metric_name: string; verbose_name: string | null }[];
};

export type ExplorePage =
  | { missing: true; message: string }
  | {
      missing: false;
      formData: FormData;
      dataset: DatasetPanel;
      slice: { slice_id: number; slice_name: string; owners: number[] } | null;
      message: string | null;
      chart: Omit<RenderedChart, 'queryContext'>;
      /** What the chart asked the chart data API, for the downloads (posted as they are, with another format). */
      queryContext: RenderedChart['queryContext'];
      essential: ReturnType<typeof essentialControlsOf>;
      values: EssentialValues;
      errors: EssentialErrors;
      vizTypes: { type: string; name: string }[];
      standalone: boolean;
      canOverwrite: boolean;
      /** For the hydrated panels: the dataset in full, the user's rights, the saved chart's details. */
      datasource: ExploreDatasource | null;
      user: ExploreUser;
      sliceDetail: ExploreSlice | null;
    };

const positiveInt = (value: string | null) => (value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

function paramsOf(url: URL): ExploreParams | null {
  const q = url.searchParams;
  const params: ExploreParams = {};
  const slice = positiveInt(q.get('slice_id'));
  if (slice) params.slice_id = slice;
  const datasource = /^(\d{1,15})__(\w+)$/.exec(q.get('datasource') ?? '');
  const datasourceId = positiveInt(q.get('datasource_id')) ?? (datasource ? Number(datasource[1]) : undefined);
  if (datasourceId) {
    params.datasource_id = datasourceId;
    params.datasource_type = q.get('datasource_type') ?? datasource?.[2] ?? 'table';
  }
  const formDataKey = q.get('form_data_key');
  if (formDataKey) params.form_data_key = formDataKey;
  const permalink = q.get('permalink_key');
  if (permalink) params.permalink_key = permalink;
  return Object.keys(params).length ? params : null;
}

/** The control names a chart type's panel holds (shared ones by name, its own by their name). */
export function controlNamesOf(panel: ControlPanel): string[] {
  return panel.sections.flatMap((s) => s.controlSetRows.flat()).flatMap((item) => (item === null ? [] : typeof item === 'string' ? [item] : [item.name]));
}

function datasetPanel(dataset: Record<string, unknown>): DatasetPanel {
  const columns = Array.isArray(dataset.columns) ? (dataset.columns as Record<string, unknown>[]) : [];
  const metrics = Array.isArray(dataset.metrics) ? (dataset.metrics as Record<string, unknown>[]) : [];
  return {
    id: typeof dataset.id === 'number' ? dataset.id : null,
    name: String(dataset.table_name ?? dataset.name ?? ''),
    columns: columns.map((c) => ({
      column_name: String(c.column_name), verbose_name: (c.verbose_name as string | null) ?? null, type: (c.type as string | null) ?? null,
      is_dttm: c.is_dttm === true, groupby: c.groupby !== false,
    })),
    metrics: metrics.map((m) => ({ metric_name: String(m.metric_name), verbose_name: (m.verbose_name as string | null) ?? null })),
  };
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
type Person = { id: number; first_name: string; last_name: string };
const people = (value: unknown): Person[] =>
  Array.isArray(value)
    ? (value as Record<string, unknown>[]).filter((o) => typeof o?.id === 'number').map((o) => ({ id: o.id as number, first_name: String(o.first_name ?? ''), last_name: String(o.last_name ?? '') }))
    : [];

/** The dataset as the hydrated panels use it (GET /api/v1/dataset/{id}'s detail, as the explore API answers it). */
function exploreDatasource(dataset: Record<string, unknown>, user: CurrentUser): ExploreDatasource | null {
  if (typeof dataset.id !== 'number') return null;
  const columns = Array.isArray(dataset.columns) ? (dataset.columns as Record<string, unknown>[]) : [];
  const metrics = Array.isArray(dataset.metrics) ? (dataset.metrics as Record<string, unknown>[]) : [];
  const verboseMap: Record<string, string> = {};
  for (const c of columns) if (typeof c.verbose_name === 'string' && c.verbose_name) verboseMap[String(c.column_name)] = c.verbose_name;
  for (const m of metrics) if (typeof m.verbose_name === 'string' && m.verbose_name) verboseMap[String(m.metric_name)] = m.verbose_name;
  let extra: Record<string, unknown> = {};
  try {
    const parsed = typeof dataset.extra === 'string' ? parseJsonText(dataset.extra) : dataset.extra;
    if (isJsonObject(parsed)) extra = parsed;
  } catch {
    // A dataset's extra that is not JSON reads as none.
  }
  const owners = people(dataset.owners);
  const database = isJsonObject(dataset.database) && typeof dataset.database.id === 'number' ? { id: dataset.database.id, database_name: String(dataset.database.database_name ?? '') } : null;
  const genericCode = (value: unknown) => (typeof value === 'number' ? value : value === 'numeric' ? 0 : value === 'string' ? 1 : value === 'temporal' ? 2 : value === 'boolean' ? 3 : null);
  return {
    id: dataset.id,
    uid: `${dataset.id}__${dataset.type === 'query' ? 'query' : 'table'}`,
    type: dataset.type === 'query' ? 'query' : 'table',
    name: String(dataset.table_name ?? dataset.name ?? ''),
    columns: columns.map((c) => ({
      column_name: String(c.column_name), verbose_name: textOrNull(c.verbose_name), type: textOrNull(c.type), type_generic: genericCode(c.type_generic),
      is_dttm: c.is_dttm === true, groupby: c.groupby !== false, filterable: c.filterable !== false, expression: textOrNull(c.expression) || null, description: textOrNull(c.description),
    })),
    metrics: metrics.map((m) => ({
      metric_name: String(m.metric_name), verbose_name: textOrNull(m.verbose_name), expression: String(m.expression ?? ''), d3format: textOrNull(m.d3format),
      currency: isJsonObject(m.currency) ? { symbol: String(m.currency.symbol ?? ''), symbolPosition: String(m.currency.symbolPosition ?? 'prefix') } : null,
      description: textOrNull(m.description), warning_text: textOrNull(m.warning_text),
    })),
    verboseMap,
    mainDttmCol: textOrNull(dataset.main_dttm_col),
    owners,
    database,
    schema: textOrNull(dataset.schema),
    sql: textOrNull(dataset.sql) || null,
    extra,
    canEdit: dataset.type !== 'query' && (isAdmin(user.roles) || owners.some((o) => o.id === user.id)),
  };
}

function exploreUser(user: CurrentUser): ExploreUser {
  return {
    id: user.id,
    isAdmin: isAdmin(user.roles),
    canDownload: hasPermission(user.roles, 'can_csv', 'Superset'),
    canSqlLab: hasPermission(user.roles, 'menu_access', 'SQL Lab'),
    canSaveChart: hasPermission(user.roles, 'can_write', 'Chart'),
    canSaveDataset: hasPermission(user.roles, 'can_write', 'Dataset'),
  };
}

function sliceDetailOf(slice: Record<string, unknown> | null, metadata: Record<string, unknown> | null): ExploreSlice | null {
  if (!slice || typeof slice.slice_id !== 'number') return null;
  // The explore API answers owners as ids (slice) and names (metadata), in the same order.
  const ids = Array.isArray(slice.owners) ? (slice.owners as number[]) : [];
  const names = Array.isArray(metadata?.owners) ? (metadata.owners as string[]) : [];
  return {
    slice_id: slice.slice_id,
    slice_name: String(slice.slice_name ?? ''),
    description: textOrNull(slice.description),
    cache_timeout: typeof slice.cache_timeout === 'number' ? slice.cache_timeout : null,
    certified_by: textOrNull(slice.certified_by),
    certification_details: textOrNull(slice.certification_details),
    owners: ids.map((id, i) => {
      const [first_name = '', ...rest] = String(names[i] ?? '').split(' ');
      return { id, first_name, last_name: rest.join(' ') };
    }),
    dashboards: Array.isArray(metadata?.dashboards) ? (metadata.dashboards as { id: number; dashboard_title: string }[]) : [],
  };
}

async function pageFor(user: CurrentUser, url: URL, formDataOverride: FormData | null, errors: EssentialErrors): Promise<ExplorePage> {
  const params = paramsOf(url);
  if (!params && !formDataOverride) return { missing: true, message: MISSING_PARAMETERS };
  const urlArgs = [...url.searchParams.entries()].filter(([k]) => !['slice_id', 'datasource_id', 'datasource_type', 'datasource', 'form_data_key', 'permalink_key', 'viz_type', 'force', 'standalone'].includes(k));
  const { result } = await getExploreContext(user, params ?? {}, urlArgs);
  let formData = (formDataOverride ?? result.form_data) as FormData;
  const vizType = url.searchParams.get('viz_type') ?? (typeof formData.viz_type === 'string' && formData.viz_type ? formData.viz_type : DEFAULT_VIZ_TYPE);
  formData = { ...formData, viz_type: vizType };
  const plugin = await loadViz(vizType);
  // Every control's default where the form data has no value, as Superset's Explore fills it.
  if (plugin) formData = withControlDefaults(plugin.controlPanel, formData);
  const essential = plugin ? essentialControlsOf(controlNamesOf(plugin.controlPanel)) : [];
  const dataset = datasetPanel(result.dataset);
  const chart: RenderedChart = dataset.id === null
    ? { vizType, formData, queryContext: null, queriesData: [], datasource: null, model: { kind: 'failed', message: result.message ?? 'Missing dataset' }, rowCount: null }
    : await renderChart(user, formData, { width: EXPLORE_CHART_WIDTH, height: EXPLORE_CHART_HEIGHT, force: url.searchParams.get('force') === 'true' });
  const slice = result.slice as { slice_id?: number; slice_name?: string; owners?: number[] } | null;
  const owners = slice?.owners ?? [];
  const { queryContext, ...shown } = chart;
  return {
    missing: false,
    formData,
    dataset,
    slice: slice?.slice_id ? { slice_id: slice.slice_id, slice_name: slice.slice_name ?? '', owners } : null,
    message: result.message,
    chart: shown,
    queryContext,
    essential,
    values: essentialValuesOf(formData),
    errors,
    vizTypes: Object.entries(VIZ_REGISTRY).map(([type, entry]) => ({ type, name: entry.metadata.name })).sort((a, b) => a.name.localeCompare(b.name)),
    standalone: url.searchParams.get('standalone') === '1' || url.searchParams.get('standalone') === 'true',
    canOverwrite: Boolean(slice?.slice_id) && (isAdmin(user.roles) || owners.includes(user.id)),
    datasource: exploreDatasource(result.dataset, user),
    user: exploreUser(user),
    sliceDetail: sliceDetailOf(result.slice as Record<string, unknown> | null, result.metadata as Record<string, unknown> | null),
  };
}

export async function loadExplorePage(request: Request): Promise<ExplorePage> {
  const user = await requireUserWith(request, 'can_read', 'Explore');
  return pageResult(() => pageFor(user, new URL(request.url), null, {}));
}

const texts = (form: globalThis.FormData, name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');
const text = (form: globalThis.FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

function postedFormData(form: globalThis.FormData): FormData {
  let value: unknown;
  try {
    value = parseJsonText(text(form, 'form_data'));
  } catch {
    throw new InvalidInputError('The form data is not valid JSON.');
  }
  if (!isJsonObject(value) || typeof value.datasource !== 'string' || !/^\d{1,15}__(table|query)$/.test(value.datasource)) throw new InvalidInputError('The form data names no dataset.');
  return value as FormData;
}

export async function exploreAction(request: Request) {
  const user = await requireUserWith(request, 'can_read', 'Explore');
  return pageResult(async () => {
    const form = await readForm(request);
    const intent = text(form, 'intent');
    const current = postedFormData(form);
    const vizType = text(form, 'viz_type') || String(current.viz_type || DEFAULT_VIZ_TYPE);
    const plugin = await loadViz(vizType);
    if (!plugin) throw new InvalidInputError(`There is no chart type "${vizType}".`);
    const sliceId = positiveInt(text(form, 'slice_id'));
    if (intent === 'apply') {
      // The hydrated control panel posts the whole form data: checked against the type's validators, then stored under a key like an update.
      const applied = { ...current, viz_type: vizType } as FormData;
      const problems = validatePanel(plugin.controlPanel, applied, null);
      if (Object.keys(problems).length) throw new UnprocessableError(problems);
      const [id, type] = String(applied.datasource).split('__');
      const { key } = await createFormData(user, { datasource_id: Number(id), datasource_type: type as 'table' | 'query', chart_id: sliceId ?? null, form_data: JSON.stringify(applied) }, null);
      return redirect(`/explore/?form_data_key=${key}${sliceId ? `&slice_id=${sliceId}` : ''}`);
    }
    const essential = essentialControlsOf(controlNamesOf(plugin.controlPanel));
    const { formData: updated, errors } = applyEssentialInput({ ...current, viz_type: vizType }, essential, {
      savedMetrics: texts(form, 'metrics'), sqlMetrics: text(form, 'sql_metrics'), groupby: texts(form, 'groupby'), xAxis: text(form, 'x_axis'),
      filters: text(form, 'filters'), timeRange: text(form, 'time_range'), rowLimit: text(form, 'row_limit'),
    });
    const formData = updated as FormData;
    const [datasourceId, datasourceType] = String(formData.datasource).split('__');
    if (Object.keys(errors).length) {
      // The page again with the typed values and their messages, nothing stored.
      const url = new URL(request.url);
      const page = await pageFor(user, url, formData, errors);
      return data(page, { status: 400 });
    }
    if (intent === 'save') {
      const name = text(form, 'slice_name').trim();
      const overwrite = text(form, 'save_action') === 'overwrite' && sliceId !== undefined;
      const params = JSON.stringify({ ...formData, slice_id: undefined, own_state: undefined });
      const saved = overwrite
        ? await updateChart(user, sliceId, parseInput(ChartUpdateSchema, { slice_name: name || undefined, viz_type: vizType, params, datasource_id: Number(datasourceId), datasource_type: datasourceType }))
        : await createChart(user, parseInput(ChartCreateSchema, { slice_name: name, viz_type: vizType, params, datasource_id: Number(datasourceId), datasource_type: datasourceType }));
      const toast = successToast(overwrite ? `Chart [${name}] has been overwritten` : `Chart [${name}] has been saved`);
      return redirect(`/explore/?slice_id=${saved.id}`, { headers: { 'Set-Cookie': await flashToasts(request, [toast]) } });
    }
    if (intent === 'permalink') {
      const { key } = await createExplorePermalink(user, { formData: { ...formData, ...(sliceId ? { slice_id: sliceId } : {}) }, urlParams: null }, new URL(request.url).origin);
      return redirect(`/explore/?permalink_key=${key}`);
    }
    if (intent !== 'update') throw new InvalidInputError(`Unknown intent: ${intent}`);
    const { key } = await createFormData(user, { datasource_id: Number(datasourceId), datasource_type: datasourceType as 'table' | 'query', chart_id: sliceId ?? null, form_data: JSON.stringify(formData) }, null);
    return redirect(`/explore/?form_data_key=${key}${sliceId ? `&slice_id=${sliceId}` : ''}`);
  });
}

/** The chart API's own schema on what the form gave; a refusal is a 422 on the field, 'Enter a chart name.' for a missing name. */
function parseInput<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    (errors[field] ??= []).push(field === 'slice_name' && input.slice_name === '' ? 'Enter a chart name.' : issue.message);
  }
  throw new UnprocessableError(errors);
}
