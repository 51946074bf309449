/**
 * The configuration modal's pure parts around the state: the json_metadata saved (only
 * native_filter_configuration replaced, every other key kept), the scoping tree of the layout's
 * tabs and charts and the scope its checkboxes mean, the parents a filter may take without a
 * cycle, the chart data query listing a column's values for the default value, and the default
 * value read from and written to a filter's defaultDataMask.
 */
import { DASHBOARD_ROOT_ID, type DashboardLayout } from '~/lib/dashboard/layout';
import { buildDataMask, chartsInScope, dependentsOf, withScopesResolved } from '~/lib/dashboard/native-filters';
import {
  FILTER_RANGE, FILTER_SELECT, FILTER_TIME, NATIVE_FILTER,
  type DataMask, type NativeFilterTarget, type FilterConfigItem, type FilterScope, type NativeFilter, type SelectValue,
} from '~/lib/dashboard/native-filters/types';
import { toStoredConfiguration } from '~/lib/dashboard/native-filters/parse';
import { isJsonObject } from '~/lib/safe-json';

/** How many values the default value's list offers (the native filter row limit). */
export const VALUES_ROW_LIMIT = 1000;

const isFilter = (item: FilterConfigItem): item is NativeFilter => item.type === NATIVE_FILTER;

/**
 * json_metadata to PUT: the stored one with native_filter_configuration replaced by the list in
 * order, each filter with the charts and tabs its scope reaches (as Superset saves them).
 */
export function metadataToSave(metadata: Record<string, unknown>, items: readonly FilterConfigItem[], layout: DashboardLayout | null): string {
  const resolved = layout
    ? items.map((item) => (isFilter(item) ? withScopesResolved([item], layout)[0] : item))
    : items;
  return JSON.stringify({ ...metadata, native_filter_configuration: toStoredConfiguration(resolved) });
}

export type ScopeNode = { id: string; kind: 'root' | 'tab' | 'chart'; label: string; chartId?: number; children: ScopeNode[] };

/** The layout as the scoping tree shows it: the dashboard, its tabs and charts (rows, columns and tab groups flattened away). */
export function scopeTree(layout: DashboardLayout, chartNames: Readonly<Record<number, string>>): ScopeNode {
  const seen = new Set<string>();
  const childrenOf = (id: string): ScopeNode[] => {
    const item = layout[id];
    if (!item || seen.has(id)) return [];
    seen.add(id);
    return item.children.flatMap((childId): ScopeNode[] => {
      const child = layout[childId];
      if (!child) return [];
      if (child.type === 'CHART' && typeof child.meta.chartId === 'number') {
        const chartId = child.meta.chartId;
        const label = child.meta.sliceNameOverride || chartNames[chartId] || child.meta.sliceName || `Chart ${chartId}`;
        return [{ id: childId, kind: 'chart', label, chartId, children: [] }];
      }
      if (child.type === 'TAB') return [{ id: childId, kind: 'tab', label: child.meta.text || 'Tab', children: childrenOf(childId) }];
      return childrenOf(childId);
    });
  };
  return { id: DASHBOARD_ROOT_ID, kind: 'root', label: 'All panels', children: childrenOf(DASHBOARD_ROOT_ID) };
}

/** The chart ids under a node, each once. */
export function chartIdsOf(node: ScopeNode): number[] {
  if (node.kind === 'chart') return node.chartId !== undefined ? [node.chartId] : [];
  return [...new Set(node.children.flatMap(chartIdsOf))];
}

/** The charts a scope checks in the tree. */
export function checkedCharts(layout: DashboardLayout, scope: FilterScope): Set<number> {
  return new Set(chartsInScope(layout, scope));
}

/**
 * The scope the checked charts mean: the whole dashboard minus the unchecked charts. Tabs whose
 * every chart is checked need no rootPath of their own, as the root reaches them; a chart added
 * to a tab later is then in scope, as in Superset when the root is checked.
 */
export function scopeOfChecked(tree: ScopeNode, checked: ReadonlySet<number>): FilterScope {
  const excluded = chartIdsOf(tree).filter((id) => !checked.has(id));
  return { rootPath: [DASHBOARD_ROOT_ID], excluded };
}

/** The filters `filter` may depend on: the others, except those depending on it already (a cycle). */
export function parentChoices(filter: NativeFilter, items: readonly FilterConfigItem[]): NativeFilter[] {
  const filters = items.filter(isFilter);
  const dependents = new Set(dependentsOf(filter.id, filters));
  return filters.filter((other) => other.id !== filter.id && !dependents.has(other.id));
}

/** The chart data request listing a column's distinct values, narrowed by the filter's pre-filter. */
export function columnValuesQuery(filter: NativeFilter): Record<string, unknown> | null {
  const target = filter.targets[0];
  const column = target?.column?.name;
  if (target?.datasetId === undefined || !column) return null;
  const where = (filter.adhoc_filters ?? [])
    .filter((adhoc) => adhoc.expressionType === 'SQL' && typeof adhoc.sqlExpression === 'string' && adhoc.sqlExpression.trim())
    .map((adhoc) => `(${String(adhoc.sqlExpression)})`)
    .join(' AND ');
  const query: Record<string, unknown> = { columns: [column], metrics: [], filters: [], row_limit: VALUES_ROW_LIMIT, orderby: [[column, true]] };
  if (where) query.extras = { where };
  if (filter.time_range) query.time_range = filter.time_range;
  return {
    datasource: { id: target.datasetId, type: 'table' },
    force: false,
    queries: [query],
    form_data: {},
    result_format: 'json',
    result_type: 'full',
  };
}

const isSelectValue = (value: unknown): value is SelectValue =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The distinct values of `column` in a chart data answer, in their order. */
export function valuesOfResult(body: unknown, column: string): SelectValue[] {
  const first = isJsonObject(body) && Array.isArray(body.result) ? body.result[0] : undefined;
  const rows = isJsonObject(first) && Array.isArray(first.data) ? first.data : [];
  const seen = new Set<string>();
  const values: SelectValue[] = [];
  for (const row of rows) {
    if (!isJsonObject(row)) continue;
    const value = row[column];
    if (!isSelectValue(value)) continue;
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    values.push(value);
  }
  return values;
}

/** The filter's stored default value, or undefined. */
export function defaultValueOf(filter: NativeFilter): unknown {
  const value = filter.defaultDataMask.filterState?.value;
  return value === null ? undefined : value;
}

/** The defaultDataMask of a filter whose default value is `value` (undefined: none). */
export function defaultMaskFor(filter: NativeFilter, value: unknown): DataMask {
  if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') return {};
  const { id: _id, ...mask } = buildDataMask(filter, value);
  return mask;
}

/** A free-text default list ('Europe, Asia') as values. */
export function parseValueList(text: string): string[] {
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/** Which settings a filter type shows. */
export function settingsOf(filterType: string) {
  return {
    column: filterType === FILTER_SELECT || filterType === FILTER_RANGE,
    dataset: filterType !== FILTER_TIME,
    select: filterType === FILTER_SELECT,
    range: filterType === FILTER_RANGE,
    time: filterType === FILTER_TIME,
  };
}

/** A dataset column as GET /api/v1/dataset/{id} lists it, as far as the Column choice needs. */
export type ColumnOption = { name: string; type: string | null; typeGeneric: number | null; isTemporal: boolean };

/** Superset's generic column types (type_generic), as the dataset API sends them. */
const GENERIC_NUMERIC = 0;
const GENERIC_TEMPORAL = 2;
// Columns whose generic type is unknown (not synced, a virtual expression) are judged by the database type's name.
const NUMERIC_TYPE = /INT|NUM|DEC|FLOAT|DOUBLE|REAL|MONEY|SERIAL/i;
const TEMPORAL_TYPE = /DATE|TIME/i;

/** A column of the dataset's API answer as a choice (anything unreadable left out). */
export function columnOptionOf(column: { column_name?: unknown; type?: unknown; type_generic?: unknown; is_dttm?: unknown }): ColumnOption | null {
  if (typeof column.column_name !== 'string' || !column.column_name) return null;
  const type = typeof column.type === 'string' && column.type ? column.type : null;
  const typeGeneric = typeof column.type_generic === 'number' ? column.type_generic : null;
  const isTemporal = column.is_dttm === true || typeGeneric === GENERIC_TEMPORAL || (typeGeneric === null && type !== null && TEMPORAL_TYPE.test(type));
  return { name: column.column_name, type, typeGeneric, isTemporal };
}

const isNumeric = (column: ColumnOption) =>
  column.typeGeneric !== null ? column.typeGeneric === GENERIC_NUMERIC : column.type !== null && NUMERIC_TYPE.test(column.type) && !column.isTemporal;

/**
 * Whether a filter type may target the column: a numerical range a numeric one only, a value
 * filter any. Time range, time column and time grain filters target no column (the engine reads
 * a time column filter's column from its value, granularity_sqla, not from its target).
 */
export function columnFits(filterType: string, column: ColumnOption): boolean {
  if (filterType === FILTER_RANGE) return isNumeric(column);
  return settingsOf(filterType).column;
}

/** The columns the Column list offers for a filter type. */
export function columnsFor(filterType: string, columns: readonly ColumnOption[]): ColumnOption[] {
  return columns.filter((column) => columnFits(filterType, column));
}

/**
 * The patch of a filter type change: no default value (one type's means nothing to another) and,
 * when the dataset's columns are known and the chosen column does not fit the new type, no column
 * (validation then asks for one).
 */
export function typeChangePatch(
  filterType: string, target: NativeFilterTarget | undefined, columns: readonly ColumnOption[] | null,
): { filterType: string; defaultDataMask: DataMask; target?: { column: null } } {
  const name = target?.column?.name;
  const column = name && columns ? columns.find((option) => option.name === name) : undefined;
  const clear = Boolean(name) && (!settingsOf(filterType).column || (column !== undefined && !columnFits(filterType, column)));
  return { filterType, defaultDataMask: {}, ...(clear ? { target: { column: null } } : {}) };
}
