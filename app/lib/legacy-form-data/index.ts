/**
 * Old chart form data made current, as Superset does before it queries or opens Explore
 * (superset/utils/core.py): the pre-adhoc filter fields become adhoc filters
 * (`convertLegacyFiltersIntoAdhoc`), and what a dashboard adds on top of a chart (the legacy
 * `extra_filters` of filter boxes, the native filters' `extra_form_data`) is merged in, marked
 * `isExtra` (`mergeExtraFilters`, which runs `mergeExtraFormData` first).
 *
 * Shared by the browser (Explore) and the server (explore_json, GET /api/v1/explore/), so pure:
 * nothing imported, the input never mutated; every function answers a new object.
 * `filterOptionName` is a deterministic hash of the filter, as Superset's md5 of the filter is,
 * but not the same digits (no digest here); the frontend only needs it stable and unique.
 */

export type FormData = Record<string, unknown>;

export interface AdhocFilter {
  clause: 'WHERE' | 'HAVING';
  expressionType: 'SIMPLE' | 'SQL';
  subject?: unknown;
  operator?: unknown;
  comparator?: unknown;
  sqlExpression?: unknown;
  isExtra?: boolean;
  filterOptionName: string;
  [key: string]: unknown;
}

/** Superset's NO_TIME_RANGE: an `__time_range` extra filter with it changes nothing. */
export const NO_TIME_RANGE = 'No filter';

/** extra_form_data keys that override the form data's (EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS). */
const OVERRIDE_REGULAR: [string, string][] = [
  ['granularity', 'granularity'],
  ['granularity_sqla', 'granularity'],
  ['time_column', 'time_column'],
  ['time_grain', 'time_grain'],
  ['time_range', 'time_range'],
  ['time_grain_sqla', 'time_grain_sqla'],
];
/** extra_form_data keys that land in the form data's `extras` (EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS). */
const OVERRIDE_EXTRAS = ['relative_start', 'relative_end'];
/** extra_form_data objects that replace the form data's when either has content (EXTRA_FORM_DATA_APPEND_KEYS less the filters). */
const APPEND_OBJECTS = ['interactive_groupby', 'interactive_highlight', 'interactive_drilldown', 'custom_form_data'];
/** Legacy `extra_filters` columns that set a time field instead of filtering. */
const TIME_EXTRAS: Record<string, string> = { __time_range: 'time_range', __time_col: 'granularity_sqla', __time_grain: 'time_grain_sqla' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Canonical JSON (sorted keys) of a value, for hashing and comparing. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A 128-bit FNV-1a-style digest as 32 hex digits: four 32-bit lanes with different seeds. */
export function hashOf(value: unknown): string {
  const text = canonical(value);
  const seeds = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  return seeds
    .map((seed) => {
      let h = seed >>> 0;
      for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193) >>> 0;
        h = (h ^ (h >>> 13)) >>> 0;
      }
      return h.toString(16).padStart(8, '0');
    })
    .join('');
}

function withName<T extends Omit<AdhocFilter, 'filterOptionName'>>(filter: T): T & { filterOptionName: string } {
  return { ...filter, filterOptionName: hashOf(filter) };
}

/** Superset's simple_filter_to_adhoc: a `{col, op, val}` filter as a SIMPLE adhoc filter. */
export function simpleFilterToAdhoc(filter: Record<string, unknown>, clause: 'where' | 'having' = 'where'): AdhocFilter {
  return withName({
    clause: clause === 'having' ? 'HAVING' : 'WHERE',
    expressionType: 'SIMPLE',
    comparator: filter.val,
    operator: filter.op,
    subject: filter.col,
    ...(filter.isExtra ? { isExtra: true } : {}),
  });
}

/** Superset's form_data_to_adhoc: the form data's `where` or `having` text as a SQL adhoc filter. */
export function formDataToAdhoc(formData: FormData, clause: 'where' | 'having'): AdhocFilter {
  return withName({ clause: clause === 'having' ? 'HAVING' : 'WHERE', expressionType: 'SQL', sqlExpression: formData[clause] });
}

const LEGACY_FILTER_KEYS = ['filters', 'having', 'having_filters', 'where'];

/**
 * Superset's convert_legacy_filters_into_adhoc: when the form data has no adhoc filters, its
 * `having` and `where` texts and its `filters` (WHERE) and `having_filters` (HAVING, the old
 * Druid ones) become adhoc filters, in that order. The legacy keys go either way, as in Superset:
 * a form data that has adhoc filters already keeps only those.
 */
export function convertLegacyFiltersIntoAdhoc(input: FormData): FormData {
  const formData: FormData = { ...input };
  const existing = formData.adhoc_filters;
  if (!Array.isArray(existing) || existing.length === 0) {
    const adhoc: AdhocFilter[] = [];
    for (const clause of ['having', 'where'] as const) {
      if (clause in formData && formData[clause] !== '' && formData[clause] !== null && formData[clause] !== undefined) adhoc.push(formDataToAdhoc(formData, clause));
    }
    for (const [key, clause] of [['filters', 'where'], ['having_filters', 'having']] as const) {
      for (const filter of listOf(formData[key])) if (isObject(filter)) adhoc.push(simpleFilterToAdhoc(filter, clause));
    }
    formData.adhoc_filters = adhoc;
  }
  for (const key of LEGACY_FILTER_KEYS) delete formData[key];
  return formData;
}

/**
 * Superset's merge_extra_form_data: a dashboard's `extra_form_data` (native filters, cross
 * filters) merged in and removed: its time fields override (`granularity_sqla` becomes
 * `granularity`), `relative_start`/`relative_end` go into `extras`, its adhoc filters and simple
 * `filters` are appended marked `isExtra`, and with a time range but no `granularity_sqla` the
 * TEMPORAL_RANGE filters take that range.
 */
export function mergeExtraFormData(input: FormData): FormData {
  const formData: FormData = { ...input };
  const extra = isObject(formData.extra_form_data) ? formData.extra_form_data : {};
  delete formData.extra_form_data;

  for (const key of APPEND_OBJECTS) {
    const extraValue = isObject(extra[key]) ? extra[key] : {};
    const formValue = isObject(formData[key]) ? formData[key] : {};
    if (Object.keys({ ...formValue, ...extraValue }).length > 0) formData[key] = extraValue;
  }
  for (const [source, target] of OVERRIDE_REGULAR) if (extra[source] !== undefined && extra[source] !== null) formData[target] = extra[source];
  const extras: Record<string, unknown> = isObject(formData.extras) ? { ...formData.extras } : {};
  for (const key of OVERRIDE_EXTRAS) if (extra[key] !== undefined && extra[key] !== null) extras[key] = extra[key];
  if (Object.keys(extras).length) formData.extras = extras;

  const adhoc: unknown[] = [...listOf(formData.adhoc_filters), ...listOf(extra.adhoc_filters).filter(isObject).map((f) => ({ isExtra: true, ...f }))];
  formData.adhoc_filters = adhoc;
  const appended = listOf(extra.filters).filter(isObject);
  if (appended.length) {
    // Superset appends them to every adhoc_filter* list (adhoc_filters, adhoc_filters_b of mixed charts).
    for (const key of Object.keys(formData)) {
      if (!key.startsWith('adhoc_filter') || !Array.isArray(formData[key])) continue;
      formData[key] = [...(formData[key] as unknown[]), ...appended.map((f) => simpleFilterToAdhoc({ isExtra: true, ...f }))];
    }
  }
  const timeRange = formData.time_range;
  if (typeof timeRange === 'string' && timeRange && !formData.granularity_sqla) {
    formData.adhoc_filters = listOf(formData.adhoc_filters).map((f) => (isObject(f) && f.operator === 'TEMPORAL_RANGE' ? { ...f, comparator: timeRange } : f));
  }
  return formData;
}

const filterKey = (f: Record<string, unknown>) => ('expressionType' in f ? `${String(f.subject)}__${String(f.operator)}` : `${String(f.col)}__${String(f.op)}`);

function sameValues(a: unknown[], b: unknown[]): boolean {
  const setA = new Set(a.map(canonical));
  const setB = new Set(b.map(canonical));
  return setA.size === setB.size && [...setA].every((v) => setB.has(v));
}

/**
 * Superset's merge_extra_filters: `mergeExtraFormData`, then the legacy `extra_filters` (filter
 * box selections, `{col, op, val}`) merged in and removed. `__time_range`, `__time_col` and
 * `__time_grain` set the time fields (and are listed in `applied_time_extras`); any other filter
 * with a value becomes a WHERE adhoc filter marked `isExtra`, unless an adhoc filter on the same
 * column and operator already holds the same value (the same set, for lists).
 */
export function mergeExtraFilters(input: FormData): FormData {
  const formData = mergeExtraFormData({ ...input, applied_time_extras: isObject(input.applied_time_extras) ? { ...input.applied_time_extras } : {}, adhoc_filters: listOf(input.adhoc_filters) });
  if (!('extra_filters' in formData)) return formData;
  const adhoc = [...listOf(formData.adhoc_filters)];
  const appliedTimeExtras = formData.applied_time_extras as Record<string, unknown>;
  const existing = new Map<string, unknown>();
  for (const f of adhoc) {
    if (isObject(f) && f.expressionType === 'SIMPLE' && f.comparator !== null && f.comparator !== undefined && f.subject !== null && f.subject !== undefined) existing.set(filterKey(f), f.comparator);
  }
  for (const raw of listOf(formData.extra_filters)) {
    if (!isObject(raw)) continue;
    const filter: Record<string, unknown> = { ...raw, isExtra: true };
    const timeField = typeof filter.col === 'string' ? TIME_EXTRAS[filter.col] : undefined;
    if (timeField) {
      if (filter.val && filter.val !== NO_TIME_RANGE) {
        formData[timeField] = filter.val;
        appliedTimeExtras[filter.col as string] = filter.val;
      }
      continue;
    }
    if (!filter.val || (Array.isArray(filter.val) && filter.val.length === 0)) continue;
    const key = filterKey(filter);
    if (existing.has(key)) {
      const current = existing.get(key);
      const same = Array.isArray(filter.val) ? Array.isArray(current) && sameValues(current, filter.val) : canonical(filter.val) === canonical(current);
      if (same) continue;
    }
    adhoc.push(simpleFilterToAdhoc(filter));
  }
  formData.adhoc_filters = adhoc;
  delete formData.extra_filters;
  return formData;
}

/**
 * What explore_json and the Explore page do to any form data they take: legacy filters into
 * adhoc filters, then a dashboard's extra filters and extra form data merged in. Idempotent.
 */
export function normalizeLegacyFormData(formData: FormData): FormData {
  return mergeExtraFilters(convertLegacyFiltersIntoAdhoc(formData));
}
