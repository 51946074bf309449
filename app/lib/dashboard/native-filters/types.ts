/**
 * Native filters and cross-filters as a dashboard stores and exchanges them (dashboards.md §3
 * "Native filter", "Data mask", "Chart config"), in Superset's shapes and key names so that
 * json_metadata, filter state records and `native_filters` URLs move between the two products.
 * Every stored object keeps keys this engine does not read (index signatures), for round trips.
 */

export const NATIVE_FILTER = 'NATIVE_FILTER';
export const DIVIDER = 'DIVIDER';

export const FILTER_SELECT = 'filter_select';
export const FILTER_RANGE = 'filter_range';
export const FILTER_TIME = 'filter_time';
export const FILTER_TIME_COLUMN = 'filter_timecolumn';
export const FILTER_TIME_GRAIN = 'filter_timegrain';
export const FILTER_TYPES = [FILTER_SELECT, FILTER_RANGE, FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN] as const;
export type KnownFilterType = (typeof FILTER_TYPES)[number];

/** The special time column of legacy time series, and the time range meaning "none". */
export const NO_TIME_RANGE = 'No filter';
/** Native filters' option queries fetch at most this many rows unless the deployment says otherwise (dashboards.md §9). */
export const NATIVE_FILTER_DEFAULT_ROW_LIMIT = 1000;

/** A filter on one column: what `extra_form_data.filters` holds. */
export interface ExtraFilter {
  col: string;
  op: string;
  val?: unknown;
  [key: string]: unknown;
}

/** Superset's ExtraFormData: `adhoc_filters`/`filters`/… are appended when merged, the rest override. */
export interface ExtraFormData {
  adhoc_filters?: Record<string, unknown>[];
  filters?: ExtraFilter[];
  interactive_groupby?: unknown[];
  interactive_highlight?: unknown[];
  interactive_drilldown?: unknown[];
  custom_form_data?: Record<string, unknown>;
  granularity?: string;
  granularity_sqla?: string;
  time_range?: string;
  time_column?: string;
  time_grain?: string;
  time_grain_sqla?: string;
  relative_start?: string;
  relative_end?: string;
  [key: string]: unknown;
}

/** A select filter's value: the chosen column values (null is the column's NULL). */
export type SelectValue = string | number | boolean | null;
/** A range filter's value: [lower, upper], either end open when null. */
export type RangeValue = [number | null, number | null];

export interface FilterState {
  /** select: SelectValue[]; range: RangeValue; time: a time range string; time column / grain: [name]. */
  value?: unknown;
  label?: string;
  validateStatus?: 'error' | 'warning' | 'info';
  validateMessage?: string;
  [key: string]: unknown;
}

export interface DataMask {
  extraFormData?: ExtraFormData;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A data mask with the id it belongs to: a native filter's id, or a chart's id (its cross-filter) as a string. */
export interface DataMaskWithId extends DataMask {
  id: string;
}

/** Every active mask of a dashboard, by id. */
export type DataMaskMap = Record<string, DataMaskWithId>;

export interface FilterScope {
  /** Layout component ids (ROOT_ID, tabs) whose charts are in scope. */
  rootPath: string[];
  /** Chart ids left out. */
  excluded: number[];
}

export interface NativeFilterTarget {
  datasetId?: number;
  column?: { name: string; displayName?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface FilterControlValues {
  multiSelect?: boolean;
  /** "Filter value is required". */
  enableEmptyFilter?: boolean;
  defaultToFirstItem?: boolean;
  inverseSelection?: boolean;
  searchAllOptions?: boolean;
  sortAscending?: boolean;
  sortMetric?: string | null;
  [key: string]: unknown;
}

export interface NativeFilter {
  id: string;
  type: typeof NATIVE_FILTER;
  name: string;
  /** One of FILTER_TYPES, or a plugin type this engine keeps but does not evaluate. */
  filterType: string;
  description: string;
  targets: NativeFilterTarget[];
  controlValues: FilterControlValues;
  defaultDataMask: DataMask;
  cascadeParentIds: string[];
  scope: FilterScope;
  chartsInScope?: number[];
  tabsInScope?: string[];
  adhoc_filters?: Record<string, unknown>[];
  time_range?: string;
  granularity_sqla?: string;
  requiredFirst?: boolean;
  sortMetric?: string | null;
  [key: string]: unknown;
}

export interface FilterDivider {
  id: string;
  type: typeof DIVIDER;
  title: string;
  description: string;
  [key: string]: unknown;
}

export type FilterConfigItem = NativeFilter | FilterDivider;

/** `chart_configuration[chartId]`: how far a chart's cross-filters reach ('global' follows global_chart_configuration). */
export interface ChartConfiguration {
  id: number;
  crossFilters: { scope: FilterScope | 'global'; chartsInScope?: number[]; [key: string]: unknown };
  [key: string]: unknown;
}

export interface GlobalChartConfiguration {
  scope: FilterScope;
  chartsInScope?: number[];
  [key: string]: unknown;
}

/** A chart as filter application sees it: which dataset it queries and that dataset's column names. */
export interface ChartFilterTarget {
  id: number;
  datasetId: number | null;
  columns?: readonly string[];
  vizType?: string;
}
