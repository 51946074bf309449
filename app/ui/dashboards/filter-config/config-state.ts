/**
 * The native filter configuration modal's state, pure: the edited list of filters and dividers,
 * the one on screen, the deletions still undoable ('Restore filter', dashboards.md §4: pending for
 * 5000 ms) and the field errors of the last validation (§5: collect every error, then show the
 * first filter in error when the current one has none). Time comes in as `now` so the reducer
 * stays deterministic; the modal calls `expire` from its own timer.
 */
import { defaultFilterScope, toStoredConfiguration } from '~/lib/dashboard/native-filters/parse';
import { resolutionOrder } from '~/lib/dashboard/native-filters/cascade';
import {
  DIVIDER, FILTER_SELECT, FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN, NATIVE_FILTER,
  type DataMask, type FilterConfigItem, type FilterControlValues, type FilterDivider, type FilterScope, type NativeFilter, type NativeFilterTarget,
} from '~/lib/dashboard/native-filters/types';

/** How long a deleted filter or divider can be restored. */
export const PENDING_DELETE_MS = 5000;
export const UNTITLED = '[untitled]';
export const FILTER_ID_PREFIX = 'NATIVE_FILTER-';
export const DIVIDER_ID_PREFIX = 'NATIVE_FILTER_DIVIDER-';

export const NAME_REQUIRED = 'Name is required';
export const DATASET_REQUIRED = 'Dataset is required';
export const COLUMN_REQUIRED = 'Column is required';
export const CYCLE_DETECTED = 'Cycle detected';
export const PARENT_MISSING = 'Parent filter does not exist';

/** The fields validation reports on. */
export type ConfigField = 'name' | 'dataset' | 'column' | 'cascadeParentIds';
export type FieldErrors = Partial<Record<ConfigField, string>>;
export type ConfigErrors = Record<string, FieldErrors>;

export interface RemovedItem {
  id: string;
  item: FilterConfigItem;
  /** Where it stood in `items`, so a restore puts it back there. */
  index: number;
  /** When it was removed (ms, the caller's clock). */
  at: number;
}

export interface ConfigState {
  items: FilterConfigItem[];
  currentId: string | null;
  removed: RemovedItem[];
  errors: ConfigErrors;
}

/** What `update` may change; fields that do not apply to the item (a divider's name) are ignored. */
export interface ConfigItemPatch {
  name?: string;
  filterType?: string;
  /** Merged into the first target; a new dataset clears the column unless one is given. */
  target?: { datasetId?: number; column?: NativeFilterTarget['column'] | null };
  /** Merged into the current control values. */
  controlValues?: FilterControlValues;
  defaultDataMask?: DataMask;
  cascadeParentIds?: string[];
  scope?: FilterScope;
  description?: string;
  title?: string;
  /** The pre-filter's adhoc filters (`adhoc_filters`); an empty list removes the key. */
  adhocFilters?: Record<string, unknown>[];
  /** The pre-filter's time range (`time_range`); null removes the key. */
  timeRange?: string | null;
}

export interface ValidationResult {
  errors: ConfigErrors;
  /** The first item, in list order, with an error; null when all are valid. */
  firstInvalidId: string | null;
}

export type ConfigAction =
  | { type: 'addFilter'; seed: string }
  | { type: 'addDivider'; seed: string }
  | { type: 'select'; id: string }
  | { type: 'update'; id: string; patch: ConfigItemPatch }
  | { type: 'remove'; id: string; now: number }
  /** `now`, when given, refuses a restore after the pending window even if `expire` has not run yet. */
  | { type: 'restore'; id: string; now?: number }
  | { type: 'expire'; now: number }
  | { type: 'reorder'; from: number; to: number }
  /** Store a validation's errors and, when the current item has none, show the first one in error. */
  | { type: 'showErrors'; result: ValidationResult };

const isFilter = (item: FilterConfigItem): item is NativeFilter => item.type === NATIVE_FILTER;

export function initialConfigState(items: readonly FilterConfigItem[]): ConfigState {
  return { items: [...items], currentId: items[0]?.id ?? null, removed: [], errors: {} };
}

export function newFilter(seed: string): NativeFilter {
  return {
    id: `${FILTER_ID_PREFIX}${seed}`,
    type: NATIVE_FILTER,
    name: UNTITLED,
    filterType: FILTER_SELECT,
    description: '',
    targets: [{}],
    controlValues: { multiSelect: true },
    defaultDataMask: {},
    cascadeParentIds: [],
    scope: defaultFilterScope(),
  };
}

export function newDivider(seed: string): FilterDivider {
  return { id: `${DIVIDER_ID_PREFIX}${seed}`, type: DIVIDER, title: UNTITLED, description: '' };
}

/** True while a removed item can still be restored at `now`. */
export function isRestorable(state: ConfigState, id: string, now: number): boolean {
  const entry = state.removed.find((removed) => removed.id === id);
  return entry !== undefined && now - entry.at < PENDING_DELETE_MS;
}

function withoutErrors(errors: ConfigErrors, id: string, fields?: readonly ConfigField[]): ConfigErrors {
  const own = errors[id];
  if (!own) return errors;
  const next = { ...errors };
  if (!fields) {
    delete next[id];
    return next;
  }
  const kept: FieldErrors = { ...own };
  for (const field of fields) delete kept[field];
  if (Object.keys(kept).length === 0) delete next[id];
  else next[id] = kept;
  return next;
}

function patchFilter(filter: NativeFilter, patch: ConfigItemPatch): NativeFilter {
  const next: NativeFilter = { ...filter };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.filterType !== undefined) next.filterType = patch.filterType;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.controlValues !== undefined) next.controlValues = { ...filter.controlValues, ...patch.controlValues };
  if (patch.defaultDataMask !== undefined) next.defaultDataMask = patch.defaultDataMask;
  if (patch.cascadeParentIds !== undefined) next.cascadeParentIds = [...patch.cascadeParentIds];
  if (patch.scope !== undefined) next.scope = patch.scope;
  if (patch.adhocFilters !== undefined) {
    if (patch.adhocFilters.length > 0) next.adhoc_filters = patch.adhocFilters;
    else delete next.adhoc_filters;
  }
  if (patch.timeRange !== undefined) {
    if (patch.timeRange !== null) next.time_range = patch.timeRange;
    else delete next.time_range;
  }
  if (patch.target !== undefined) {
    const [first = {}, ...rest] = filter.targets;
    const target: NativeFilterTarget = { ...first };
    const { datasetId, column } = patch.target;
    if (datasetId !== undefined && datasetId !== first.datasetId) {
      target.datasetId = datasetId;
      delete target.column;
    }
    if (column === null) delete target.column;
    else if (column !== undefined) target.column = column;
    next.targets = [target, ...rest];
  }
  return next;
}

function touchedFields(patch: ConfigItemPatch): ConfigField[] {
  const fields: ConfigField[] = [];
  if (patch.name !== undefined) fields.push('name');
  if (patch.target !== undefined) fields.push('dataset', 'column');
  if (patch.filterType !== undefined) fields.push('dataset', 'column');
  if (patch.cascadeParentIds !== undefined) fields.push('cascadeParentIds');
  return fields;
}

function add(state: ConfigState, item: FilterConfigItem): ConfigState {
  if (state.items.some((existing) => existing.id === item.id) || state.removed.some((removed) => removed.id === item.id)) return state;
  return { ...state, items: [...state.items, item], currentId: item.id };
}

export function configReducer(state: ConfigState, action: ConfigAction): ConfigState {
  switch (action.type) {
    case 'addFilter':
      return add(state, newFilter(action.seed));
    case 'addDivider':
      return add(state, newDivider(action.seed));
    case 'select':
      return state.items.some((item) => item.id === action.id) ? { ...state, currentId: action.id } : state;
    case 'update': {
      const index = state.items.findIndex((item) => item.id === action.id);
      if (index < 0) return state;
      const item = state.items[index];
      const { patch } = action;
      let next: FilterConfigItem;
      if (isFilter(item)) next = patchFilter(item, patch);
      else {
        next = { ...item };
        if (patch.title !== undefined) next.title = patch.title;
        if (patch.description !== undefined) next.description = patch.description;
      }
      const items = [...state.items];
      items[index] = next;
      return { ...state, items, errors: withoutErrors(state.errors, action.id, touchedFields(patch)) };
    }
    case 'remove': {
      const index = state.items.findIndex((item) => item.id === action.id);
      if (index < 0) return state;
      const items = state.items.filter((_, i) => i !== index);
      const currentId = state.currentId === action.id ? (items[index] ?? items[index - 1])?.id ?? null : state.currentId;
      const entry: RemovedItem = { id: action.id, item: state.items[index], index, at: action.now };
      return { items, currentId, removed: [...state.removed, entry], errors: withoutErrors(state.errors, action.id) };
    }
    case 'restore': {
      const entry = state.removed.find((removed) => removed.id === action.id);
      if (!entry) return state;
      if (action.now !== undefined && action.now - entry.at >= PENDING_DELETE_MS) return state;
      const items = [...state.items];
      items.splice(Math.min(entry.index, items.length), 0, entry.item);
      return { ...state, items, currentId: entry.id, removed: state.removed.filter((removed) => removed !== entry) };
    }
    case 'expire': {
      const removed = state.removed.filter((entry) => action.now - entry.at < PENDING_DELETE_MS);
      if (removed.length === state.removed.length) return state;
      // A deletion made final leaves the parents of the filters that depended on it.
      const gone = new Set(state.removed.filter((entry) => !removed.includes(entry)).map((entry) => entry.id));
      const items = state.items.map((item) =>
        isFilter(item) && item.cascadeParentIds.some((id) => gone.has(id)) ? { ...item, cascadeParentIds: item.cascadeParentIds.filter((id) => !gone.has(id)) } : item);
      return { ...state, items, removed };
    }
    case 'reorder': {
      const { from, to } = action;
      const count = state.items.length;
      if (from === to || !Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < 0 || from >= count || to >= count) return state;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved);
      return { ...state, items };
    }
    case 'showErrors': {
      const { errors, firstInvalidId } = action.result;
      const currentInError = state.currentId !== null && errors[state.currentId] !== undefined;
      const currentId = firstInvalidId !== null && !currentInError ? firstInvalidId : state.currentId;
      return { ...state, errors, currentId };
    }
  }
}

/**
 * Every field error of the filters still in the list (removed ones are not checked). A required
 * filter with a default value is fine; a parent must be a filter of the list (or one deleted in
 * this session, which saving drops from the parents, as Superset does) and no filter may reach
 * itself through its parents.
 */
export function validate(state: ConfigState): ValidationResult {
  const filters = state.items.filter(isFilter);
  const filterIds = new Set(filters.map((filter) => filter.id));
  const inCycle = new Set(resolutionOrder(filters).cycles.flat());
  const removedIds = new Set(state.removed.map((removed) => removed.id));
  const errors: ConfigErrors = {};
  for (const filter of filters) {
    const own: FieldErrors = {};
    if (filter.name.trim() === '') own.name = NAME_REQUIRED;
    if (filter.filterType !== FILTER_TIME) {
      const target = filter.targets[0];
      if (target?.datasetId === undefined) own.dataset = DATASET_REQUIRED;
      // Time column and time grain filters name a dataset only (their choices are its columns and grains).
      if (!target?.column?.name && filter.filterType !== FILTER_TIME_COLUMN && filter.filterType !== FILTER_TIME_GRAIN) own.column = COLUMN_REQUIRED;
    }
    // A parent deleted in this session is dropped from the saved list (itemsToSave), not an error.
    if (filter.cascadeParentIds.some((parentId) => !filterIds.has(parentId) && !removedIds.has(parentId))) own.cascadeParentIds = PARENT_MISSING;
    else if (inCycle.has(filter.id) || filter.cascadeParentIds.includes(filter.id)) own.cascadeParentIds = CYCLE_DETECTED;
    if (Object.keys(own).length > 0) errors[filter.id] = own;
  }
  const firstInvalidId = state.items.find((item) => errors[item.id] !== undefined)?.id ?? null;
  return { errors, firstInvalidId };
}

/** The items to save: the list in order, pending deletions left out, and so left out of every filter's parents. */
export function itemsToSave(state: ConfigState): FilterConfigItem[] {
  const removedIds = new Set(state.removed.map((removed) => removed.id));
  if (removedIds.size === 0) return state.items;
  return state.items.map((item) =>
    isFilter(item) && item.cascadeParentIds.some((id) => removedIds.has(id))
      ? { ...item, cascadeParentIds: item.cascadeParentIds.filter((id) => !removedIds.has(id)) }
      : item);
}

/** `json_metadata.native_filter_configuration` as saved (itemsToSave). */
export function toSaved(state: ConfigState): Record<string, unknown>[] {
  return toStoredConfiguration(itemsToSave(state));
}
