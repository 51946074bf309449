/**
 * Reads `json_metadata.native_filter_configuration` as stored by Superset or by us, leniently: a
 * broken item or field is reported in `problems` and left out or given its default, never thrown,
 * so one bad filter does not take the dashboard down. Keys this engine does not know stay on the
 * items, so writing the list back (`toStoredConfiguration`) loses nothing.
 */
import { DASHBOARD_ROOT_ID } from '../layout';
import {
  DIVIDER, FILTER_TYPES, NATIVE_FILTER,
  type FilterConfigItem, type FilterDivider, type FilterScope, type NativeFilter, type NativeFilterTarget,
} from './types';

export interface ConfigProblem {
  /** Position in the stored list. */
  index: number;
  id?: string;
  message: string;
  /** True when the whole item was left out; false when only a field was reset. */
  dropped: boolean;
}

export interface ParsedFilterConfiguration {
  /** Filters and dividers in their stored order. */
  items: FilterConfigItem[];
  /** Only the filters, in stored order. */
  filters: NativeFilter[];
  problems: ConfigProblem[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const KNOWN_TYPES = new Set<string>(FILTER_TYPES);

/** Superset's default scope: the whole dashboard, nothing excluded. */
export function defaultFilterScope(): FilterScope {
  return { rootPath: [DASHBOARD_ROOT_ID], excluded: [] };
}

function toChartId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** A scope as stored, or null when it is not one (missing parts take their defaults). */
export function parseFilterScope(value: unknown): FilterScope | null {
  if (!isObject(value)) return null;
  const rootPath = Array.isArray(value.rootPath) ? value.rootPath.filter((id): id is string => typeof id === 'string') : [DASHBOARD_ROOT_ID];
  const excluded = Array.isArray(value.excluded) ? value.excluded.map(toChartId).filter((id): id is number => id !== null) : [];
  return { ...value, rootPath, excluded };
}

function parseTarget(value: unknown): NativeFilterTarget | null {
  if (!isObject(value)) return null;
  const target: NativeFilterTarget = { ...value };
  const datasetId = toChartId(value.datasetId);
  if (datasetId === null) delete target.datasetId;
  else target.datasetId = datasetId;
  if (isObject(value.column) && typeof value.column.name === 'string' && value.column.name !== '') {
    target.column = { ...value.column, name: value.column.name };
  } else delete target.column;
  return target;
}

function parseDivider(raw: Json, id: string): FilterDivider {
  return { ...raw, id, type: DIVIDER, title: typeof raw.title === 'string' ? raw.title : '', description: typeof raw.description === 'string' ? raw.description : '' };
}

function parseFilter(raw: Json, id: string, report: (message: string) => void): NativeFilter {
  const filter: NativeFilter = {
    ...raw,
    id,
    type: NATIVE_FILTER,
    name: typeof raw.name === 'string' ? raw.name : '',
    filterType: raw.filterType as string,
    description: typeof raw.description === 'string' ? raw.description : '',
    targets: [],
    controlValues: isObject(raw.controlValues) ? { ...raw.controlValues } : {},
    defaultDataMask: isObject(raw.defaultDataMask) ? { ...raw.defaultDataMask } : {},
    cascadeParentIds: [],
    scope: parseFilterScope(raw.scope) ?? defaultFilterScope(),
  };
  if (!KNOWN_TYPES.has(filter.filterType)) report(`unknown filter type '${filter.filterType}': kept, not evaluated`);
  if (typeof raw.name !== 'string') report('has no name');
  if (raw.scope !== undefined && !isObject(raw.scope)) report('scope is not an object: the whole dashboard is used');

  if (Array.isArray(raw.targets)) {
    raw.targets.forEach((value, i) => {
      const target = parseTarget(value);
      if (target) filter.targets.push(target);
      else report(`target ${i} is not an object: left out`);
    });
  } else if (raw.targets !== undefined) report('targets is not a list: none used');

  if (Array.isArray(raw.cascadeParentIds)) {
    for (const parentId of raw.cascadeParentIds) {
      if (typeof parentId !== 'string') report('a parent id is not a string: left out');
      else if (parentId === id) report('is its own parent: left out');
      else if (!filter.cascadeParentIds.includes(parentId)) filter.cascadeParentIds.push(parentId);
    }
  } else if (raw.cascadeParentIds !== undefined) report('cascadeParentIds is not a list: no parents used');

  if (isObject(filter.defaultDataMask.filterState)) filter.defaultDataMask.filterState = { ...filter.defaultDataMask.filterState };
  else delete filter.defaultDataMask.filterState;
  for (const key of ['chartsInScope'] as const) {
    const list = raw[key];
    if (Array.isArray(list)) filter[key] = list.map(toChartId).filter((n): n is number => n !== null);
    else delete filter[key];
  }
  if (Array.isArray(raw.tabsInScope)) filter.tabsInScope = raw.tabsInScope.filter((t): t is string => typeof t === 'string');
  else delete filter.tabsInScope;
  if (Array.isArray(raw.adhoc_filters)) filter.adhoc_filters = raw.adhoc_filters.filter(isObject);
  else if (raw.adhoc_filters !== undefined) {
    report('adhoc_filters is not a list: left out');
    delete filter.adhoc_filters;
  }
  for (const key of ['time_range', 'granularity_sqla'] as const) {
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'string') {
      report(`${key} is not a string: left out`);
      delete filter[key];
    }
  }
  if (raw.requiredFirst !== undefined && typeof raw.requiredFirst !== 'boolean') delete filter.requiredFirst;
  return filter;
}

/**
 * The stored configuration read into filters and dividers. Items without a string id, with an id
 * already used, with an unknown `type` or without a `filterType` are left out; an item without a
 * `type` is a filter (Superset's first versions wrote none). Parents that name no filter of the
 * list are removed from `cascadeParentIds`.
 */
export function parseFilterConfiguration(stored: unknown): ParsedFilterConfiguration {
  const result: ParsedFilterConfiguration = { items: [], filters: [], problems: [] };
  if (stored === undefined || stored === null) return result;
  if (!Array.isArray(stored)) {
    result.problems.push({ index: -1, message: 'native_filter_configuration is not a list', dropped: true });
    return result;
  }
  const seen = new Set<string>();
  stored.forEach((raw, index) => {
    const drop = (message: string, id?: string) => result.problems.push({ index, id, message, dropped: true });
    if (!isObject(raw)) return drop('is not an object');
    const id = raw.id;
    if (typeof id !== 'string' || id === '') return drop('has no id');
    if (seen.has(id)) return drop(`repeats the id '${id}'`, id);
    const type = raw.type ?? NATIVE_FILTER;
    if (type === DIVIDER) {
      seen.add(id);
      result.items.push(parseDivider(raw, id));
      return;
    }
    if (type !== NATIVE_FILTER) return drop(`has an unknown type '${String(type)}'`, id);
    if (typeof raw.filterType !== 'string' || raw.filterType === '') return drop('has no filter type', id);
    seen.add(id);
    const filter = parseFilter(raw, id, (message) => result.problems.push({ index, id, message, dropped: false }));
    result.items.push(filter);
    result.filters.push(filter);
  });
  const filterIds = new Set(result.filters.map((filter) => filter.id));
  for (const filter of result.filters) {
    const missing = filter.cascadeParentIds.filter((parentId) => !filterIds.has(parentId));
    if (missing.length === 0) continue;
    filter.cascadeParentIds = filter.cascadeParentIds.filter((parentId) => filterIds.has(parentId));
    const index = stored.findIndex((raw) => isObject(raw) && raw.id === filter.id);
    for (const parentId of missing) result.problems.push({ index, id: filter.id, message: `parent '${parentId}' is not a filter: left out`, dropped: false });
  }
  return result;
}

/** The items as json_metadata stores them (a JSON-safe copy; unknown keys included). */
export function toStoredConfiguration(items: readonly FilterConfigItem[]): Record<string, unknown>[] {
  return JSON.parse(JSON.stringify(items)) as Record<string, unknown>[];
}

/** The filters by id. */
export function filtersById(filters: readonly NativeFilter[]): Map<string, NativeFilter> {
  return new Map(filters.map((filter) => [filter.id, filter]));
}
