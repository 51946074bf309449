/**
 * Dependent filters (cascadeParentIds): a child's options narrow by its parents' current values,
 * several parents combining (their extra form data merged), and the order filters resolve in.
 * One step past Superset, which reads only the direct parents: ancestors count too, so a city
 * filter under an unset state filter still narrows by the chosen region. Parents without a
 * value add nothing (a required parent's "no rows" guard does not empty its children).
 */
import { mergeExtraFormData } from './merge';
import { filterValueOf, targetColumn } from './data-mask';
import { NATIVE_FILTER_DEFAULT_ROW_LIMIT, type DataMaskMap, type ExtraFormData, type NativeFilter } from './types';

export interface CascadeOptions {
  /** The child dataset's column names: a parent on another dataset applies when its column is among them. */
  datasetColumns?: readonly string[];
  /** Direct parents only, as Superset does. Default false. */
  directOnly?: boolean;
}

export interface CascadeNarrowing {
  extraFormData: ExtraFormData;
  /** Ancestors whose values narrowed the options, nearest first. */
  applied: string[];
  rejected: { id: string; reason: string }[];
}

/** The parents, then their parents…, each once, nearest first (cycles are cut). */
export function ancestorsOf(filterId: string, filters: readonly NativeFilter[], directOnly = false): string[] {
  const byId = new Map(filters.map((filter) => [filter.id, filter]));
  const found: string[] = [];
  let frontier = byId.get(filterId)?.cascadeParentIds ?? [];
  while (frontier.length) {
    const next: string[] = [];
    for (const id of frontier) {
      if (id === filterId || found.includes(id) || !byId.has(id)) continue;
      found.push(id);
      next.push(...(byId.get(id)?.cascadeParentIds ?? []));
    }
    frontier = directOnly ? [] : next;
  }
  return found;
}

/** The filters that depend on this one, directly or not, in resolution order: what to re-query when it changes. */
export function dependentsOf(filterId: string, filters: readonly NativeFilter[]): string[] {
  return resolutionOrder(filters).order.filter((id) => id !== filterId && ancestorsOf(id, filters).includes(filterId));
}

/** The extra form data a child's options query gets from its ancestors' current values. */
export function cascadeExtraFormData(filterId: string, filters: readonly NativeFilter[], dataMask: DataMaskMap, options: CascadeOptions = {}): CascadeNarrowing {
  const byId = new Map(filters.map((filter) => [filter.id, filter]));
  const child = byId.get(filterId);
  const result: CascadeNarrowing = { extraFormData: {}, applied: [], rejected: [] };
  if (!child) return result;
  const childDataset = child.targets[0]?.datasetId;
  for (const id of ancestorsOf(filterId, filters, options.directOnly)) {
    const parent = byId.get(id) as NativeFilter;
    const mask = dataMask[id];
    if (filterValueOf(parent, mask) === undefined) continue;
    const column = targetColumn(parent);
    const sameDataset = parent.targets[0]?.datasetId !== undefined && parent.targets[0]?.datasetId === childDataset;
    if (column && !sameDataset && !options.datasetColumns?.includes(column)) {
      result.rejected.push({ id, reason: `column '${column}' is not in the dataset of '${child.name}'` });
      continue;
    }
    result.applied.push(id);
    result.extraFormData = mergeExtraFormData(result.extraFormData, mask.extraFormData);
  }
  return result;
}

export interface ResolutionOrder {
  /** Every filter id, parents before children; filters caught in a cycle come last, in stored order. */
  order: string[];
  /** Each cycle's filter ids, in stored order. */
  cycles: string[][];
}

/** Parents before children (Kahn's algorithm, stable in stored order), cycles reported. */
export function resolutionOrder(filters: readonly NativeFilter[]): ResolutionOrder {
  const ids = filters.map((filter) => filter.id);
  const known = new Set(ids);
  const parents = new Map(filters.map((filter) => [filter.id, filter.cascadeParentIds.filter((id) => known.has(id) && id !== filter.id)]));
  const done = new Set<string>();
  const order: string[] = [];
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const id of ids) {
      if (done.has(id) || !(parents.get(id) ?? []).every((parent) => done.has(parent))) continue;
      done.add(id);
      order.push(id);
      progressed = true;
    }
  }
  const left = ids.filter((id) => !done.has(id));
  return { order: [...order, ...left], cycles: cyclesAmong(left, parents) };
}

/** Strongly connected components of more than one filter (Tarjan), among the filters Kahn could not place. */
function cyclesAmong(ids: readonly string[], parents: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const within = new Set(ids);
  let counter = 0;
  const connect = (id: string) => {
    index.set(id, counter);
    low.set(id, counter++);
    stack.push(id);
    onStack.add(id);
    for (const next of parents.get(id) ?? []) {
      if (!within.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(id, Math.min(low.get(id)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(id, Math.min(low.get(id)!, index.get(next)!));
    }
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    if (component.length > 1) components.push(ids.filter((candidate) => component.includes(candidate)));
  };
  for (const id of ids) if (!index.has(id)) connect(id);
  return components;
}

/**
 * The form data of a filter's options query, as Superset's filter plugins send it: the target
 * column grouped, the pre-filters (adhoc_filters, time_range, granularity_sqla), the sort, the
 * row limit, and the cascade's narrowing as extra_form_data. Null when the filter has no dataset.
 */
export function filterOptionsFormData(
  filter: NativeFilter,
  filters: readonly NativeFilter[],
  dataMask: DataMaskMap,
  options: CascadeOptions & { rowLimit?: number } = {},
): Record<string, unknown> | null {
  const datasetId = filter.targets[0]?.datasetId;
  if (datasetId === undefined) return null;
  const column = targetColumn(filter);
  const sortMetric = filter.controlValues.sortMetric ?? filter.sortMetric ?? null;
  return {
    datasource: `${datasetId}__table`,
    viz_type: filter.filterType,
    groupby: column ? [column] : [],
    metrics: sortMetric ? [sortMetric] : [],
    adhoc_filters: filter.adhoc_filters ?? [],
    ...(filter.time_range ? { time_range: filter.time_range } : {}),
    ...(filter.granularity_sqla ? { granularity_sqla: filter.granularity_sqla } : {}),
    sortAscending: filter.controlValues.sortAscending ?? true,
    sortMetric,
    row_limit: options.rowLimit ?? NATIVE_FILTER_DEFAULT_ROW_LIMIT,
    extra_form_data: cascadeExtraFormData(filter.id, filters, dataMask, options).extraFormData,
  };
}
