/**
 * Data masks: a filter's current value (`filterState`) and the query parts it adds to the charts
 * in its scope (`extraFormData`), built per filter type as Superset's filter plugins build them,
 * so a mask written here reads the same in Superset and back. Values arriving from outside
 * (URL, form, stored default) go through `normalizeFilterValue` first.
 */
import {
  FILTER_RANGE, FILTER_SELECT, FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN, NO_TIME_RANGE,
  type DataMaskMap, type DataMaskWithId, type ExtraFormData, type FilterState, type NativeFilter, type RangeValue, type SelectValue,
} from './types';

/** How a NULL value is labelled, as Superset's select shows it. */
export const NULL_LABEL = '<NULL>';
export const VALUE_REQUIRED = 'Value is required';
/** The adhoc filter a required select with nothing chosen sends: the charts show no rows rather than all. */
export const EMPTY_RESULT_FILTER = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' } as const;

export interface NormalizedValue {
  /** The value in its stored shape, or undefined for "no value". */
  value: SelectValue[] | RangeValue | string | string[] | undefined;
  /** Why (part of) the given value was not kept. */
  problem?: string;
}

const isScalar = (value: unknown): value is SelectValue =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

function toBound(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** The filter's target column name, if it has one. */
export function targetColumn(filter: NativeFilter): string | undefined {
  return filter.targets[0]?.column?.name;
}

/** A value of the filter's type in its stored shape (see FilterState.value); anything else is reported and dropped. */
export function normalizeFilterValue(filter: NativeFilter, value: unknown): NormalizedValue {
  if (value === undefined || value === null) return { value: undefined };
  switch (filter.filterType) {
    case FILTER_SELECT: {
      const list = Array.isArray(value) ? value : [value];
      const values = list.filter(isScalar);
      const problem = values.length < list.length ? 'values that are not text, numbers or booleans were left out' : undefined;
      if (values.length === 0) return { value: undefined, problem };
      if (filter.controlValues.multiSelect === false && values.length > 1) {
        return { value: values.slice(0, 1), problem: 'takes a single value: only the first was kept' };
      }
      return { value: values, problem };
    }
    case FILTER_RANGE: {
      if (!Array.isArray(value) || value.length !== 2) return { value: undefined, problem: 'a range is [lower, upper]' };
      const lower = toBound(value[0]);
      const upper = toBound(value[1]);
      if (lower === undefined || upper === undefined) return { value: undefined, problem: 'range bounds must be numbers' };
      if (lower !== null && upper !== null && lower > upper) return { value: undefined, problem: 'the lower bound is above the upper bound' };
      if (lower === null && upper === null) return { value: undefined };
      return { value: [lower, upper] };
    }
    case FILTER_TIME: {
      if (typeof value !== 'string') return { value: undefined, problem: 'a time range is text' };
      const range = value.trim();
      return { value: range === '' || range === NO_TIME_RANGE ? undefined : range };
    }
    case FILTER_TIME_COLUMN:
    case FILTER_TIME_GRAIN: {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return { value: undefined };
      const [first] = list;
      if (typeof first !== 'string') return { value: undefined, problem: 'the value is a name (text)' };
      if (first === '') return { value: undefined };
      return { value: [first], problem: list.length > 1 ? 'takes a single value: only the first was kept' : undefined };
    }
    default:
      return { value: undefined, problem: `filter type '${filter.filterType}' is not evaluated` };
  }
}

function labelOf(value: SelectValue): string {
  return value === null ? NULL_LABEL : String(value);
}

function rangeLabel([lower, upper]: RangeValue): string {
  if (lower !== null && upper !== null) return `${lower} ≤ x ≤ ${upper}`;
  if (lower !== null) return `x ≥ ${lower}`;
  return `x ≤ ${upper}`;
}

/** Select: the chosen values IN (or NOT IN, inverted) the column; a required select with none matches no rows. */
export function selectExtraFormData(column: string | undefined, values: readonly SelectValue[] | undefined, options: { inverse?: boolean; required?: boolean } = {}): ExtraFormData {
  const empty = !values || values.length === 0;
  if (empty && options.required && !options.inverse) return { adhoc_filters: [{ ...EMPTY_RESULT_FILTER }] };
  if (empty || !column) return {};
  return { filters: [{ col: column, op: options.inverse ? 'NOT IN' : 'IN', val: [...values] }] };
}

/** Range: `col >= lower` and `col <= upper`, each only when that end is set. */
export function rangeExtraFormData(column: string | undefined, value: RangeValue | undefined): ExtraFormData {
  if (!column || !value) return {};
  const filters = [];
  if (value[0] !== null) filters.push({ col: column, op: '>=', val: value[0] });
  if (value[1] !== null) filters.push({ col: column, op: '<=', val: value[1] });
  return filters.length ? { filters } : {};
}

/** The data mask of a filter set to `value` (undefined clears it). Values of the wrong shape count as none. */
export function buildDataMask(filter: NativeFilter, value: unknown, ownState?: Record<string, unknown>): DataMaskWithId {
  const normalized = normalizeFilterValue(filter, value).value;
  const column = targetColumn(filter);
  const required = filter.controlValues.enableEmptyFilter === true;
  let extraFormData: ExtraFormData = {};
  const filterState: FilterState = { value: normalized ?? null };
  switch (filter.filterType) {
    case FILTER_SELECT: {
      const values = normalized as SelectValue[] | undefined;
      const inverse = filter.controlValues.inverseSelection === true;
      extraFormData = selectExtraFormData(column, values, { inverse, required });
      if (values) filterState.label = `${values.map(labelOf).join(', ')}${inverse ? ' (excluded)' : ''}`;
      break;
    }
    case FILTER_RANGE:
      extraFormData = rangeExtraFormData(column, normalized as RangeValue | undefined);
      if (normalized) filterState.label = rangeLabel(normalized as RangeValue);
      break;
    case FILTER_TIME:
      if (normalized) extraFormData = { time_range: normalized as string };
      if (normalized) filterState.label = normalized as string;
      break;
    case FILTER_TIME_COLUMN:
      if (normalized) extraFormData = { granularity_sqla: (normalized as string[])[0] };
      if (normalized) filterState.label = (normalized as string[])[0];
      break;
    case FILTER_TIME_GRAIN:
      if (normalized) extraFormData = { time_grain_sqla: (normalized as string[])[0] };
      if (normalized) filterState.label = (normalized as string[])[0];
      break;
    default:
      break;
  }
  if (required && normalized === undefined) Object.assign(filterState, { validateStatus: 'error', validateMessage: VALUE_REQUIRED });
  const mask: DataMaskWithId = { id: filter.id, extraFormData, filterState };
  if (ownState) mask.ownState = ownState;
  return mask;
}

/** The filter's value in a mask, in its stored shape, or undefined. */
export function filterValueOf(filter: NativeFilter, mask: DataMaskWithId | undefined): NormalizedValue['value'] {
  return normalizeFilterValue(filter, mask?.filterState?.value).value;
}

/** Whether a mask adds anything to a query. */
export function isMaskActive(mask: DataMaskWithId | undefined): boolean {
  const extra = mask?.extraFormData;
  return !!extra && Object.values(extra).some((part) => part !== undefined && !(Array.isArray(part) && part.length === 0));
}

/** Whether the filter's default waits for its options ('first item'). */
export function needsOptionsForDefault(filter: NativeFilter): boolean {
  return filter.filterType === FILTER_SELECT && filter.controlValues.defaultToFirstItem === true;
}

/**
 * The filter's default mask: its first option when 'first item' is set (none while `options` is
 * not given), else its stored default value rebuilt for its current settings.
 */
export function defaultDataMask(filter: NativeFilter, options?: readonly SelectValue[]): DataMaskWithId {
  if (needsOptionsForDefault(filter)) return buildDataMask(filter, options && options.length > 0 ? [options[0]] : undefined);
  const ownState = filter.defaultDataMask.ownState;
  return buildDataMask(filter, filter.defaultDataMask.filterState?.value, typeof ownState === 'object' && ownState !== null ? ownState as Record<string, unknown> : undefined);
}

/** Every filter's default mask, by filter id. */
export function defaultDataMasks(filters: readonly NativeFilter[], optionsByFilter: Readonly<Record<string, readonly SelectValue[] | undefined>> = {}): DataMaskMap {
  return Object.fromEntries(filters.map((filter) => [filter.id, defaultDataMask(filter, optionsByFilter[filter.id])]));
}

/** The filters marked required (enableEmptyFilter) that have no value in the masks: Apply waits for them. */
export function missingRequiredFilters(filters: readonly NativeFilter[], masks: DataMaskMap): string[] {
  return filters.filter((filter) => filter.controlValues.enableEmptyFilter === true && filterValueOf(filter, masks[filter.id]) === undefined).map((filter) => filter.id);
}

/**
 * A chart's cross-filter mask: one IN filter per column with chosen values (Superset's table
 * emits several); no columns clears it. `label` defaults to the values joined.
 */
export function crossFilterDataMask(chartId: number, selection: Readonly<Record<string, readonly SelectValue[]>>, label?: string): DataMaskWithId {
  const entries = Object.entries(selection).filter(([, values]) => values.length > 0);
  if (entries.length === 0) return { id: String(chartId), extraFormData: {}, filterState: { value: null } };
  const values = entries.flatMap(([, list]) => list);
  return {
    id: String(chartId),
    extraFormData: { filters: entries.map(([col, list]) => ({ col, op: 'IN', val: [...list] })) },
    filterState: {
      value: entries.length === 1 ? [...entries[0][1]] : entries.map(([, list]) => [...list]),
      label: label ?? values.map(labelOf).join(', '),
      filters: Object.fromEntries(entries.map(([col, list]) => [col, [...list]])),
    },
  };
}
