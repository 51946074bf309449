/**
 * The filter bar's field values as text, the way the GET form sends them
 * (app/lib/dashboard/native-filters/url.ts: `nf.<id>` repeated, `nf.<id>.min`/`.max`, '<NULL>'
 * for NULL), and the bar's draft: what the fields hold before Apply.
 */
import { FILTER_RANGE, FILTER_SELECT, FILTER_TIME, NO_TIME_RANGE } from '~/lib/dashboard/native-filters/types';
import type { DashboardNativeFilters, FilterBarFilter, FilterBarOption } from './contract';

/**
 * The GET form's names and NULL's text, as app/lib/dashboard/native-filters/url.ts and data-mask.ts
 * define them (a test checks they agree). Repeated, not imported: an import would put those
 * modules, which the lazily loaded apply-filters.ts uses in full, into the page's first load.
 */
export const FORM_PREFIX = 'nf';
export const NATIVE_FILTERS_PARAM = 'native_filters';
export const NULL_LABEL = '<NULL>';

/** The Time range filter's presets ('No filter' clears it). */
export const TIME_RANGE_PRESETS = [NO_TIME_RANGE, 'Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'] as const;

/** What one filter's fields hold: the chosen values of a select, or a range's two bounds ('' is open). */
export type FieldDraft = { kind: 'list'; values: string[] } | { kind: 'range'; min: string; max: string };
export type BarDraft = Record<string, FieldDraft>;

/** An option's value as a form field sends it. */
export function fieldText(value: FilterBarOption['value'] | undefined): string {
  return value === null || value === undefined ? NULL_LABEL : String(value);
}

/** The placeholder: '214 options', '1 option'. */
export function optionCountText(count: number): string {
  return count === 1 ? '1 option' : `${count} options`;
}

export const fieldName = (id: string) => `${FORM_PREFIX}.${id}`;
export const fieldId = (id: string) => `nf-${id}`;

const bound = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : '');

/** A filter's value in force as its fields' text. */
export function draftOf(filter: FilterBarFilter): FieldDraft {
  const { value } = filter;
  if (filter.filterType === FILTER_RANGE) {
    const [min, max] = Array.isArray(value) ? value : [];
    return { kind: 'range', min: bound(min), max: bound(max) };
  }
  // null is no value (the loader's unset filter); a chosen NULL comes as [null].
  if (value === undefined || value === null || value === '') return { kind: 'list', values: filter.filterType === FILTER_TIME ? [NO_TIME_RANGE] : [] };
  const list = Array.isArray(value) ? value : [value];
  return { kind: 'list', values: list.map((item) => fieldText(item as FilterBarOption['value'])) };
}

export function initialDraft(filters: DashboardNativeFilters): BarDraft {
  const draft: BarDraft = {};
  for (const item of filters.items) if (item.kind === 'filter') draft[item.id] = draftOf(item);
  return draft;
}

/** Every field emptied (what Clear all leaves before Apply): no values, open ranges, 'No filter'. */
export function clearedDraft(filters: DashboardNativeFilters): BarDraft {
  const draft: BarDraft = {};
  for (const item of filters.items) {
    if (item.kind !== 'filter') continue;
    draft[item.id] = item.filterType === FILTER_RANGE ? { kind: 'range', min: '', max: '' } : { kind: 'list', values: item.filterType === FILTER_TIME ? [NO_TIME_RANGE] : [] };
  }
  return draft;
}

/**
 * The page's parameters the form carries as hidden fields: all but the bar's own (`nf`, `nf.*`,
 * which the fields send anew) and `native_filters` (the submitted fields replace that mask).
 */
export function carriedParams(keep: readonly (readonly [string, string])[]): [string, string][] {
  return keep
    .filter(([name]) => name !== FORM_PREFIX && !name.startsWith(`${FORM_PREFIX}.`) && name !== NATIVE_FILTERS_PARAM)
    .map(([name, value]) => [name, value]);
}

/** A select's options: the loaded ones, plus chosen values they lack (kept so Apply does not drop them). */
export function selectOptions(filter: FilterBarFilter, chosen: readonly string[]): { value: string; label: string }[] {
  const options = (filter.options ?? []).map((option) => ({ value: fieldText(option.value), label: option.label }));
  const known = new Set(options.map((option) => option.value));
  const missing = chosen.filter((value) => !known.has(value)).map((value) => ({ value, label: value }));
  return [...missing, ...options];
}

/** Options matching a search text (case-insensitive, on the label), the chosen ones always kept. */
export function matchingOptions<T extends { value: string; label: string }>(options: readonly T[], search: string, chosen: readonly string[]): T[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...options];
  const keep = new Set(chosen);
  return options.filter((option) => keep.has(option.value) || option.label.toLowerCase().includes(text));
}

export const isSelect = (filter: FilterBarFilter) => filter.filterType === FILTER_SELECT;
