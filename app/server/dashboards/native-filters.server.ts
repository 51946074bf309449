/**
 * A dashboard's native filters resolved on the server (issue 14): the data mask in force and what
 * it adds to each chart's query, and the filter bar with its options. The mask starts from the
 * filters' defaults; the filter state under `native_filters_key`, then the `native_filters` rison
 * parameter, then the bar's GET form fields (`nf=1`, `nf.<id>…`) each override it. Nothing from
 * the URL or the stored state is used as given: every value is rebuilt through the native filter
 * engine (app/lib/dashboard/native-filters), and a key the user may not read is ignored.
 *
 * Options come from the chart data engine (access checks, row-level security and cache as any
 * chart) and never hold up the charts: a chart's extra form data depends only on the values, so
 * startNativeFilters hands it out at once, and only a chart under a 'first item' default waits,
 * for that filter's options alone. Option queries run parents before children (a child narrows
 * by its parents' values, resolved), independent ones side by side, alongside the charts' data.
 */
import {
  FILTER_BOX_VIZ_TYPE, FILTER_RANGE, FILTER_SELECT, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN, NATIVE_FILTER_DEFAULT_ROW_LIMIT, NULL_LABEL,
  ancestorsOf, buildDataMask, decodeFormFields, decodeNativeFiltersParam, defaultDataMask, defaultDataMasks, filterOptionsFormData,
  filterValueOf, filtersForCharts, needsOptionsForDefault, parseFilterConfiguration, resolutionOrder, targetColumn,
  isMaskActive, mergeExtraFormData, type ChartFilterTarget, type ChartFilters, type DataMaskMap, type DecodeContext, type ExtraFormData, type NativeFilter, type SelectValue,
  encodeNativeFiltersParam,
} from '~/lib/dashboard/native-filters';
import type { DashboardLayout } from '~/lib/dashboard/layout';
import { encodeRison } from '~/lib/rison';
import { TIME_GRAINS } from '~/lib/sql/time-grains';
import { crossFiltersEnabled, type DashboardJsonMetadata } from '~/lib/stored-json/dashboard-json-metadata';
import { buildQueryContext, type QueryFormData } from '~/viz/shared/query';
import type { CurrentUser } from '../auth/current-user.server';
import { chartData } from '../chart-data/service.server';
import { parseChartDataRequest } from '../chart-data/request.server';
import { datasourceIdOf } from '../charts/render-chart.server';
import { loadDatasetSource, type LoadedSource } from '../datasets/source.server';
import { DomainError } from '../domain-errors.server';
import { QueryStoppedError } from '../engines/errors.server';
import { GenericType } from '../query/types.server';
import { SqlLabError } from '../sqllab/errors.server';
import { getFilterState } from './filter-state.server';
import { filterBoxFiltersForCharts, filterBoxSelections, type FilterBox, type FilterBoxChartFilters, type FilterBoxTarget } from '~/lib/dashboard/filter-box-filters';
import { FILTER_BOX_SELECTION_KEY } from '~/viz/filter-box/fields';
import { castChoice, readFilterConfigs } from '~/viz/filter-box/filter-configs';

import type { DashboardNativeFilters, FilterBarCrossFilter, FilterBarFilter, FilterBarOption } from '~/lib/dashboard/filter-bar-contract';

export type { DashboardNativeFilters, FilterBarFilter, FilterBarOption };

/** What the page's URL says about the filters. */
export type NativeFilterParams = {
  /** `?native_filters_key=`: a stored filter state of this dashboard. */
  nativeFiltersKey?: string | null;
  /** `?native_filters=`: Superset's rison data mask map. */
  nativeFilters?: string | null;
  /** The query's fields; only `nf`, `nf.<id>…` and the filter boxes' `filter_box.<chartId>…` are read. */
  fields?: ReadonlyArray<[string, string]>;
};

export type NativeFiltersInput = {
  dashboard: { id: number };
  layout: DashboardLayout;
  metadata: DashboardJsonMetadata;
  charts: ReadonlyArray<{ id: number; viz_type: string; datasource: string; form_data: Record<string, unknown>; slice_name?: string }>;
  params: NativeFilterParams;
};

export type ResolvedNativeFilters = {
  /** null when the dashboard has no native filters (nor dividers). */
  bar: DashboardNativeFilters | null;
  /** What each chart's query gets as `extra_form_data`, by chart id, values checked against the options. */
  extraFormDataByChart: Record<string, ExtraFormData>;
};

export type NativeFiltersStart = {
  /** The extra form data of a chart's first query: at once, unless a 'first item' default reaches the chart. */
  extraFormDataFor(chartId: number): Promise<ExtraFormData>;
  /** The bar and the final extra form data, once every option query has answered. */
  done: Promise<ResolvedNativeFilters>;
};

type Options = { options: FilterBarOption[] | null; optionsError: string | null; optionCount: number; range: FilterBarFilter['range'] };
const NO_OPTIONS: Options = { options: null, optionsError: null, optionCount: 0, range: null };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The row limit of option queries: json_metadata's `native_filter_row_limit` when a positive whole number, else 1000. */
function rowLimitOf(metadata: DashboardJsonMetadata): number {
  return metadata.native_filter_row_limit ?? NATIVE_FILTER_DEFAULT_ROW_LIMIT;
}

function failureMessage(error: unknown): string {
  if (error instanceof SqlLabError) return error.error.message;
  if (error instanceof QueryStoppedError) return 'The query was stopped.';
  if (error instanceof DomainError) return error.message;
  throw error;
}

/** The stored filter state's data mask (Superset stores the map itself; a permalink-like `{dataMask}` is read too), or null. */
async function storedDataMask(user: CurrentUser, dashboardId: number, key: string): Promise<unknown | null> {
  try {
    const { value } = await getFilterState(user, String(dashboardId), key);
    const parsed = JSON.parse(value) as unknown;
    if (isObject(parsed) && isObject(parsed.dataMask)) return parsed.dataMask;
    return isObject(parsed) ? parsed : null;
  } catch (error) {
    if (error instanceof DomainError || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Form text typed as the column is ('3' → 3 on a numeric column), so the early mask matches the options' values. */
function typedFormValue(filter: NativeFilter, mask: DataMaskMap[string], loaded: LoadedSource | null): DataMaskMap[string] {
  const column = loaded?.source.columns.find((c) => c.column_name === targetColumn(filter));
  const values = filterValueOf(filter, mask);
  if (filter.filterType !== FILTER_SELECT || !column || !Array.isArray(values)) return mask;
  const typed = (values as SelectValue[]).map((v) => {
    if (typeof v !== 'string') return v;
    if (column.type_generic === GenericType.NUMERIC && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    if (column.type_generic === GenericType.BOOLEAN && (v === 'true' || v === 'false')) return v === 'true';
    return v;
  });
  return buildDataMask(filter, typed, mask.ownState);
}

async function runQuery(user: CurrentUser, loaded: LoadedSource, formData: QueryFormData, orderby: [unknown, boolean][]) {
  const context = buildQueryContext(formData, (base) => [{ ...base, orderby: orderby as never }]);
  const answer = await chartData(user, parseChartDataRequest(context), { loaded });
  if (answer.kind !== 'json') throw new Error('an options query asks for JSON');
  return (answer.body as { result: { data: Record<string, unknown>[] }[] }).result[0]?.data ?? [];
}

/** A select filter's options (its target column's distinct values, narrowed), and how many there are before the row limit. */
async function selectOptions(user: CurrentUser, loaded: LoadedSource, filter: NativeFilter, formData: Record<string, unknown>, rowLimit: number): Promise<Options> {
  const column = targetColumn(filter)!;
  const ascending = filter.controlValues.sortAscending !== false;
  const sortMetric = formData.sortMetric as string | null;
  const rows = await runQuery(user, loaded, formData as QueryFormData, [[sortMetric ?? column, ascending]]);
  const options = rows.map((row) => row[column] as SelectValue).map((value) => ({ value, label: value === null ? NULL_LABEL : String(value) }));
  let optionCount = options.length;
  // Only a cut list needs counting: COUNT(DISTINCT) leaves NULL out, so a NULL among the options adds one.
  if (options.length >= rowLimit) {
    const metric = { expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: column }, label: 'option_count' };
    const [row] = await runQuery(user, loaded, { ...formData, groupby: [], metrics: [metric], row_limit: 1 } as QueryFormData, []);
    optionCount = Number(row?.option_count ?? options.length) + (options.some((o) => o.value === null) ? 1 : 0);
  }
  return { options, optionsError: null, optionCount, range: null };
}

async function rangeBounds(user: CurrentUser, loaded: LoadedSource, filter: NativeFilter, formData: Record<string, unknown>): Promise<Options> {
  const column = targetColumn(filter)!;
  const metric = (aggregate: string) => ({ expressionType: 'SIMPLE', aggregate, column: { column_name: column }, label: aggregate.toLowerCase() });
  const [row] = await runQuery(user, loaded, { ...formData, groupby: [], metrics: [metric('MIN'), metric('MAX')], row_limit: 1 } as QueryFormData, []);
  const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : v !== null && v !== undefined && Number.isFinite(Number(v)) ? Number(v) : null);
  const mode = filter.controlValues.rangeDisplayMode;
  const display = mode === 'input' || mode === 'slider-and-input' ? mode : 'slider';
  return { ...NO_OPTIONS, range: { min: bound(row?.min), max: bound(row?.max), display } };
}

/** One filter's options, on its target dataset (loaded once per dataset); errors become the bar's message. */
async function optionsOf(user: CurrentUser, filter: NativeFilter, masks: DataMaskMap, filters: readonly NativeFilter[], rowLimit: number, dataset: (id: number) => Promise<LoadedSource>): Promise<Options> {
  const datasetId = filter.targets[0]?.datasetId;
  if (datasetId === undefined) return filter.filterType === FILTER_TIME_GRAIN ? grainOptions() : NO_OPTIONS;
  try {
    const loaded = await dataset(datasetId);
    if (filter.filterType === FILTER_TIME_GRAIN) return grainOptions();
    if (filter.filterType === FILTER_TIME_COLUMN) {
      const options = loaded.source.columns.filter((c) => c.is_dttm).map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }));
      return { ...NO_OPTIONS, options, optionCount: options.length };
    }
    if (filter.filterType !== FILTER_SELECT && filter.filterType !== FILTER_RANGE) return NO_OPTIONS;
    if (!targetColumn(filter)) return { ...NO_OPTIONS, optionsError: 'The filter has no column.' };
    const columns = loaded.source.columns.map((c) => c.column_name);
    const formData = filterOptionsFormData(filter, filters, masks, { rowLimit, datasetColumns: columns })!;
    return filter.filterType === FILTER_SELECT ? await selectOptions(user, loaded, filter, formData, rowLimit) : await rangeBounds(user, loaded, filter, formData);
  } catch (error) {
    return { ...NO_OPTIONS, optionsError: failureMessage(error) };
  }
}

function grainOptions(): Options {
  const options = TIME_GRAINS.map((g) => ({ value: g.code, label: g.name }));
  return { ...NO_OPTIONS, options, optionCount: options.length };
}

/** The filters' masks and the start of their option queries; null when the dashboard has neither native filters nor cross-filters in the URL. */
export async function startNativeFilters(user: CurrentUser, input: NativeFiltersInput): Promise<NativeFiltersStart | null> {
  const { dashboard, layout, metadata, charts, params } = input;
  const parsed = parseFilterConfiguration(metadata.native_filter_configuration);
  const { filters } = parsed;
  const hasFilterBox = charts.some((c) => c.viz_type === FILTER_BOX_VIZ_TYPE);
  if (parsed.items.length === 0 && !params.nativeFilters && !params.nativeFiltersKey && !hasFilterBox) return null;

  const datasets = new Map<number, Promise<LoadedSource>>();
  const dataset = (id: number) => {
    if (!datasets.has(id)) datasets.set(id, loadDatasetSource(user, { id, type: 'table' }));
    return datasets.get(id)!;
  };
  const loadedOrNull = (id: number | undefined) => (id === undefined ? Promise.resolve(null) : dataset(id).catch((e: unknown) => (failureMessage(e), null)));
  const filterDatasets = new Set(filters.map((f) => f.targets[0]?.datasetId).filter((id): id is number => id !== undefined));
  // A chart on another dataset than a filter's takes it only when it has the column: its columns are needed.
  const chartTargets: Promise<ChartFilterTarget[]> = Promise.all(charts.map(async (chart) => {
    const datasetId = datasourceIdOf({ viz_type: chart.viz_type, datasource: String(chart.form_data.datasource ?? chart.datasource) });
    const foreign = datasetId !== null && [...filterDatasets].some((id) => id !== datasetId);
    const loaded = foreign ? await loadedOrNull(datasetId) : null;
    return { id: chart.id, datasetId, vizType: chart.viz_type, columns: loaded?.source.columns.map((c) => c.column_name) };
  }));

  const boxFilters: Promise<Record<number, FilterBoxChartFilters>> = hasFilterBox ? filterBoxFilters(input, loadedOrNull) : Promise.resolve({});
  // A failure is the charts' to see through extraFormDataFor and done.
  boxFilters.catch(() => undefined);

  const context: DecodeContext = { filters, chartIds: charts.map((c) => c.id), crossFiltersEnabled: crossFiltersEnabled(metadata) };
  const masks: DataMaskMap = defaultDataMasks(filters);
  const overridden = new Set<string>();
  const overlay = (decoded: DataMaskMap) => {
    for (const [id, mask] of Object.entries(decoded)) {
      masks[id] = mask;
      overridden.add(id);
    }
  };
  let filterStateKey: string | null = null;
  if (params.nativeFiltersKey) {
    const stored = await storedDataMask(user, dashboard.id, params.nativeFiltersKey);
    if (stored) {
      filterStateKey = params.nativeFiltersKey;
      overlay(decodeNativeFiltersParam(encodeRison(stored), context).dataMask);
    }
  }
  if (params.nativeFilters) overlay(decodeNativeFiltersParam(params.nativeFilters, context).dataMask);
  const fields = params.fields ?? [];
  const form = decodeFormFields(fields, context);
  const fromForm = new Set(Object.keys(form.dataMask));
  for (const filter of filters) {
    if (!fromForm.has(filter.id)) continue;
    const loaded = filter.filterType === FILTER_SELECT ? await loadedOrNull(filter.targets[0]?.datasetId) : null;
    form.dataMask[filter.id] = typedFormValue(filter, form.dataMask[filter.id], loaded);
  }
  overlay(form.dataMask);

  // 'First item' defaults not overridden: their value is their first option.
  const pending = new Set(filters.filter((f) => needsOptionsForDefault(f) && !overridden.has(f.id)).map((f) => f.id));
  const targets = await chartTargets;
  const filterContext = (dataMask: DataMaskMap) => ({ filters, dataMask, charts: targets, layout, metadata });
  const early = filtersForCharts(filterContext({ ...masks }));

  const rowLimit = rowLimitOf(metadata);
  const final: DataMaskMap = { ...masks };
  const optionsById = new Map<string, Promise<Options>>();
  const { order } = resolutionOrder(filters);
  const byId = new Map(filters.map((f) => [f.id, f]));
  for (const id of order) {
    const filter = byId.get(id)!;
    // Parents first: a child narrows by their final values (a 'first item' parent's, a form value checked against its options).
    const parents = ancestorsOf(id, filters).map((p) => optionsById.get(p)).filter((p): p is Promise<Options> => p !== undefined);
    optionsById.set(id, Promise.all(parents).then(async () => {
      const options = await optionsOf(user, filter, final, filters, rowLimit, dataset);
      const values = options.options?.map((o) => o.value);
      if (pending.has(id)) final[id] = defaultDataMask(filter, values ?? []);
      else if (fromForm.has(id) && values && filter.filterType !== FILTER_RANGE) {
        const checked = decodeFormFields(fields, { filters: [filter], optionsByFilter: { [id]: values } }).dataMask[id];
        if (checked) final[id] = checked;
      }
      return options;
    }));
  }

  const done = (async (): Promise<ResolvedNativeFilters> => {
    const resolved = new Map<string, Options>();
    for (const id of order) resolved.set(id, await optionsById.get(id)!);
    const perChart = filtersForCharts(filterContext(final));
    const boxes = await boxFilters;
    const extraFormDataByChart = Object.fromEntries(Object.entries(perChart).map(([id, c]) => [id, withFilterBoxes(c.extraFormData, boxes[Number(id)])]));
    for (const [id, box] of Object.entries(boxes)) {
      if (!perChart[Number(id)]) extraFormDataByChart[id] = box.extraFormData;
      const account = (perChart[Number(id)] ??= { chartId: Number(id), extraFormData: {}, applied: [], unset: [], rejected: [] });
      // The bar lists a chart's filters by id and shows a native filter's name for it: a filter box's is named (and listed) by its label.
      for (const name of new Set(box.applied.map((f) => f.name))) account.applied.push({ id: name, kind: 'native', name });
    }
    const crossFilters = crossFiltersOf(final, filters, charts, metadata);
    const boxApplied = Object.values(boxes).some((b) => b.applied.length > 0);
    const bar = parsed.items.length === 0 && crossFilters.length === 0 && !boxApplied ? null : barOf(parsed.items, final, perChart, resolved, metadata, filterStateKey, crossFilters);
    return { bar, extraFormDataByChart };
  })();
  // The page may never ask for the final answer (a single chart's route): a failure is then its caller's to see.
  done.catch(() => undefined);

  return {
    async extraFormDataFor(chartId) {
      const box = (await boxFilters)[chartId];
      const own = early[chartId];
      if (!own) return withFilterBoxes({}, box);
      if (!own.unset.some((f) => pending.has(f.id))) return withFilterBoxes(own.extraFormData, box);
      const waited = own.unset.filter((f) => pending.has(f.id)).map((f) => optionsById.get(f.id)!);
      await Promise.all(waited);
      return withFilterBoxes(filtersForCharts(filterContext(final))[chartId]?.extraFormData ?? {}, box);
    },
    done,
  };
}

/** A chart's native extra form data with its filter boxes' after it (so a box's time range overrides a native one, as it came later in Superset). */
function withFilterBoxes(extra: ExtraFormData, box: FilterBoxChartFilters | undefined): ExtraFormData {
  return box ? mergeExtraFormData(extra, box.extraFormData) : extra;
}

/**
 * The legacy filter boxes' filters (app/lib/dashboard/filter-box-filters.ts) for every chart, from
 * the URL's `filter_box.*` fields: the boxes' datasets give the labels and the value types, and a
 * chart on another dataset than a box's takes its filter only when its dataset has the column.
 * Each box also gets its own choices (custom_form_data[FILTER_BOX_SELECTION_KEY]) to show them;
 * its query leaves them out (filter-box buildQuery), and it is never filtered by them.
 */
async function filterBoxFilters(input: NativeFiltersInput, loadedOrNull: (id: number | undefined) => Promise<LoadedSource | null>): Promise<Record<number, FilterBoxChartFilters>> {
  const datasetOf = (chart: NativeFiltersInput['charts'][number]) => datasourceIdOf({ viz_type: chart.viz_type, datasource: String(chart.form_data.datasource ?? chart.datasource) });
  const sources = new Map<number, LoadedSource['source']>();
  const boxCharts = input.charts.filter((c) => c.viz_type === FILTER_BOX_VIZ_TYPE);
  const boxes: FilterBox[] = await Promise.all(boxCharts.map(async (chart): Promise<FilterBox> => {
    const datasetId = datasetOf(chart);
    const source = (await loadedOrNull(datasetId ?? undefined))?.source;
    if (source && datasetId !== null) sources.set(datasetId, source);
    const fd = chart.form_data;
    return {
      id: chart.id,
      datasetId,
      columns: readFilterConfigs(fd.filter_configs).map((config) => {
        const column = source?.columns.find((c) => c.column_name === config.column);
        const label = config.label ?? (column?.verbose_name || config.column);
        const text = config.defaultValue;
        const defaults = !text ? [] : config.multiple ? text.split(';').map((v) => v.trim()).filter((v) => v !== '') : [text];
        return { column: config.column, label, multiple: config.multiple, defaults };
      }),
      dateFilter: fd.date_filter === undefined ? true : Boolean(fd.date_filter),
      timeGrain: Boolean(fd.show_sqla_time_granularity),
      timeColumn: Boolean(fd.show_sqla_time_column),
    };
  }));
  const boxDatasets = new Set(boxes.map((b) => b.datasetId));
  const targets: FilterBoxTarget[] = await Promise.all(input.charts.map(async (chart) => {
    const datasetId = datasetOf(chart);
    // Only a chart on another dataset than every box's needs its columns.
    const foreign = chart.viz_type !== FILTER_BOX_VIZ_TYPE && datasetId !== null && [...boxDatasets].some((id) => id !== datasetId);
    const loaded = foreign ? await loadedOrNull(datasetId) : null;
    return { id: chart.id, vizType: chart.viz_type, datasetId, columns: loaded?.source.columns.map((c) => c.column_name) };
  }));
  const fields = input.params.fields ?? [];
  const castValue = (box: FilterBox, column: string, text: string) => {
    const found = box.datasetId === null ? undefined : sources.get(box.datasetId)?.columns.find((c) => c.column_name === column);
    return found ? castChoice(text, found as Parameters<typeof castChoice>[1]) : text;
  };
  const result = filterBoxFiltersForCharts({ fields, boxes, charts: targets, layout: input.layout, metadata: input.metadata, castValue });
  const selections = filterBoxSelections({ boxes, fields, metadata: input.metadata });
  for (const box of boxes) {
    const own = (result[box.id] ??= { extraFormData: {}, applied: [] });
    own.extraFormData = mergeExtraFormData(own.extraFormData, { custom_form_data: { [FILTER_BOX_SELECTION_KEY]: selections[box.id] } });
  }
  return result;
}

/** The active cross-filters of the mask (ids that are charts of the dashboard), with their charts' names. */
function crossFiltersOf(masks: DataMaskMap, filters: readonly NativeFilter[], charts: NativeFiltersInput['charts'], metadata: DashboardJsonMetadata): FilterBarCrossFilter[] {
  if (!crossFiltersEnabled(metadata)) return [];
  const native = new Set(filters.map((f) => f.id));
  const byId = new Map(charts.map((c) => [String(c.id), c]));
  const found: FilterBarCrossFilter[] = [];
  for (const [id, mask] of Object.entries(masks)) {
    const chart = byId.get(id);
    if (native.has(id) || !chart || !isMaskActive(mask)) continue;
    const selection: Record<string, SelectValue[]> = {};
    for (const filter of mask.extraFormData?.filters ?? []) {
      if (typeof filter.col === 'string' && Array.isArray(filter.val)) selection[filter.col] = filter.val as SelectValue[];
    }
    const label = typeof mask.filterState?.label === 'string' ? mask.filterState.label : Object.values(selection).flat().map(String).join(', ');
    const { [id]: _removed, ...rest } = masks;
    found.push({ chartId: chart.id, chartName: chart.slice_name ?? `Chart ${chart.id}`, selection, label, removeParam: encodeNativeFiltersParam(rest) });
  }
  return found;
}

function barOf(
  items: ReturnType<typeof parseFilterConfiguration>['items'],
  masks: DataMaskMap,
  perChart: Record<number, ChartFilters>,
  resolved: Map<string, Options>,
  metadata: DashboardJsonMetadata,
  filterStateKey: string | null,
  crossFilters: FilterBarCrossFilter[],
): DashboardNativeFilters {
  return {
    configuration: items.filter((item): item is NativeFilter => item.type !== 'DIVIDER'),
    instant: metadata.native_filters_instant === true,
    crossFiltersEnabled: crossFiltersEnabled(metadata),
    crossFilters,
    filterSets: [],
    items: items.map((item) => {
      if (item.type === 'DIVIDER') return { kind: 'divider', id: item.id, title: String(item.title ?? ''), description: String(item.description ?? '') };
      const filter = item as NativeFilter;
      const mask = masks[filter.id];
      const state = mask?.filterState;
      const cv = filter.controlValues;
      return {
        kind: 'filter',
        id: filter.id,
        name: filter.name,
        description: filter.description,
        filterType: filter.filterType,
        multiSelect: cv.multiSelect !== false,
        required: cv.enableEmptyFilter === true,
        inverseSelection: cv.inverseSelection === true,
        searchAllOptions: cv.searchAllOptions === true,
        ...(resolved.get(filter.id) ?? NO_OPTIONS),
        value: filterValueOf(filter, mask) ?? null,
        parents: [...filter.cascadeParentIds],
        error: state?.validateStatus === 'error' && typeof state.validateMessage === 'string' ? state.validateMessage : null,
      };
    }),
    orientation: metadata.filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL',
    dataMask: masks,
    perChart: Object.fromEntries(Object.entries(perChart).map(([id, c]) => [id, {
      applied: c.applied.map((f) => f.id),
      rejected: c.rejected.map((f) => ({ id: f.id, name: f.name, reason: f.reason })),
    }])),
    filterStateKey,
  };
}

/** The filters resolved in one go: the mask, the bar with every option, and each chart's extra form data. */
export async function resolveNativeFilters(user: CurrentUser, input: NativeFiltersInput): Promise<ResolvedNativeFilters> {
  const started = await startNativeFilters(user, input);
  return started ? started.done : { bar: null, extraFormDataByChart: {} };
}
