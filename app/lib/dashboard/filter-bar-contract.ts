/**
 * What the dashboard page's loader gives the native filter bar (issue 14): the filters as the
 * bar shows them, with their options and current values already resolved on the server (options
 * come from the chart data engine, row-level security applied, fetched with the charts' first
 * data), and which filters each chart took or refused. The bar is a GET form (fields of
 * app/lib/dashboard/native-filters/url.ts: `nf=1`, `nf.<id>=value`, `nf.<id>.min/.max`), so it
 * filters the server-drawn charts without JavaScript; hydration adds search and instant mode.
 */
import type { DataMaskMap, NativeFilter, SelectValue } from '~/lib/dashboard/native-filters';

export type FilterBarOption = { value: string | number | boolean | null; label: string };

export type FilterBarFilter = {
  kind: 'filter';
  id: string;
  name: string;
  description: string;
  filterType: 'filter_select' | 'filter_range' | 'filter_time' | 'filter_timecolumn' | 'filter_timegrain' | string;
  multiSelect: boolean;
  required: boolean;
  inverseSelection: boolean;
  searchAllOptions: boolean;
  /** Select, time column and time grain choices (narrowed by the parents' values); null when they could not be fetched. */
  options: FilterBarOption[] | null;
  optionsError: string | null;
  /** Every option before the row limit cut it ('214 options'). */
  optionCount: number;
  /** Range filters: the column's smallest and largest value, and how the range is entered. */
  range: { min: number | null; max: number | null; display: 'slider' | 'input' | 'slider-and-input' } | null;
  /** The value in force: a list for selects, [min, max] for ranges, a time range text, a column or grain name. */
  value: unknown;
  /** cascadeParentIds. */
  parents: string[];
  /** The message when a required filter has no value. */
  error: string | null;
};

export type FilterBarDivider = { kind: 'divider'; id: string; title: string; description: string };

/** A cross-filter in force: emitted by a click on a chart (its mask's id is the chart's id). */
export type FilterBarCrossFilter = {
  chartId: number;
  chartName: string;
  /** Per column, the chosen values (the mask's filterState.filters). */
  selection: Record<string, SelectValue[]>;
  /** What the bar shows ('Europe', 'Europe, Asia'). */
  label: string;
  /** The `native_filters` parameter of the page without this cross-filter (the chip's no-JavaScript remove link). */
  removeParam: string;
};

/** A saved filter set of the dashboard (`/api/v1/dashboard/{id}/filtersets`). */
export type FilterBarFilterSet = {
  id: number;
  name: string;
  /** The set's data mask (json_metadata.dataMask), as stored. */
  dataMask: DataMaskMap;
  /** The mask as the `native_filters` parameter (rison), encoded on the server: the set's Apply form sends it. */
  nativeFiltersParam: string;
  /** Whether the current user may update and delete it (owner rules of filter-sets.server.ts). */
  canEdit: boolean;
};

export type DashboardNativeFilters = {
  items: Array<FilterBarFilter | FilterBarDivider>;
  /** The parsed native filters (not dividers): what the browser builds data masks from (decodeFormFields, buildDataMask). */
  configuration: NativeFilter[];
  /**
   * Apply each change at once (json_metadata `native_filters_instant`, this product's key): the
   * bar has no Apply button and every change queries each chart once.
   */
  instant: boolean;
  /** json_metadata.cross_filters_enabled (default true). */
  crossFiltersEnabled: boolean;
  /** The cross-filters in force, by chart id. */
  crossFilters: FilterBarCrossFilter[];
  /** The dashboard's filter sets the user may see; empty until loaded. */
  filterSets: FilterBarFilterSet[];
  orientation: 'VERTICAL' | 'HORIZONTAL';
  /** The data mask in force (defaults, the URL's, the filter state's). */
  dataMask: DataMaskMap;
  /** Per chart id: the filter ids applied to it and those refused (with why). */
  perChart: Record<string, { applied: string[]; rejected: { id: string; name: string; reason: string }[] }>;
  /** The filter state's key (`native_filters_key`) the page's state is stored under, when there is one. */
  filterStateKey: string | null;
};
