/**
 * Filter state in URLs, both ways, trusting nothing that comes in: every value is checked against
 * the dashboard's filter configuration and rebuilt into a mask here (an incoming extraFormData is
 * never used as given), and what does not fit is dropped with the reason.
 *
 * 1. `native_filters`: Superset's rison parameter, the data mask map as it is,
 *    `(NATIVE_FILTER-a:(id:NATIVE_FILTER-a,extraFormData:(…),filterState:(value:!(x)),ownState:()),12:(…))`
 *    — a numeric key is chart 12's cross-filter.
 * 2. The filter bar's GET form without JavaScript, a flat scheme of plain fields:
 *      nf=1                      the bar was submitted: filters without fields are cleared
 *                                (without it, absent filters keep their defaults)
 *      nf.<filterId>=<value>     select (repeated for each chosen value; '<NULL>' is NULL),
 *                                time range ('Last week', 'No filter' clears), time column, time grain
 *      nf.<filterId>.min=<n>     range lower bound (empty: open)
 *      nf.<filterId>.max=<n>     range upper bound (empty: open)
 *    Field values are text: given a filter's options, a select value takes the option's own type
 *    (the number 3 for '3'), and values outside the options are dropped (so a child filter loses
 *    values its changed parents no longer offer) unless the select searches all options; without
 *    options they stay text.
 */
import { decodeRison, encodeRison, RisonError } from '~/lib/rison';
import { buildDataMask, crossFilterDataMask, filterValueOf, normalizeFilterValue, NULL_LABEL } from './data-mask';
import {
  FILTER_RANGE, FILTER_SELECT, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN,
  type DataMaskMap, type NativeFilter, type RangeValue, type SelectValue,
} from './types';

export const NATIVE_FILTERS_PARAM = 'native_filters';
export const FORM_PREFIX = 'nf';

export interface UrlProblem {
  /** The filter id or form field concerned ('' for the whole parameter). */
  id: string;
  reason: string;
}

export interface DecodedFilters {
  dataMask: DataMaskMap;
  problems: UrlProblem[];
}

export interface DecodeContext {
  filters: readonly NativeFilter[];
  /** The dashboard's chart ids: cross-filters of other ids are dropped. Without it, cross-filters are dropped. */
  chartIds?: readonly number[];
  crossFiltersEnabled?: boolean;
  /** Known options per filter id (select values, time columns, time grains). */
  optionsByFilter?: Readonly<Record<string, readonly SelectValue[] | undefined>>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `native_filters` parameter's value (rison text; URLSearchParams escapes it). */
export function encodeNativeFiltersParam(dataMask: DataMaskMap): string {
  const out: Record<string, unknown> = {};
  for (const [id, mask] of Object.entries(dataMask)) {
    out[id] = { id, extraFormData: mask.extraFormData ?? {}, filterState: mask.filterState ?? {}, ownState: mask.ownState ?? {} };
  }
  return encodeRison(out);
}

function decodeCrossFilter(id: string, raw: Record<string, unknown>): { mask?: DataMaskMap[string]; reason?: string } {
  const extra = isObject(raw.extraFormData) ? raw.extraFormData : {};
  const filters = Array.isArray(extra.filters) ? extra.filters : [];
  const selection: Record<string, SelectValue[]> = {};
  for (const filter of filters) {
    if (!isObject(filter) || typeof filter.col !== 'string' || filter.op !== 'IN' || !Array.isArray(filter.val)) return { reason: 'a cross-filter is column IN values' };
    const values = filter.val.filter((v): v is SelectValue => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    if (values.length !== filter.val.length) return { reason: 'a cross-filter value is not text, a number or a boolean' };
    selection[filter.col] = [...(selection[filter.col] ?? []), ...values];
  }
  const label = isObject(raw.filterState) && typeof raw.filterState.label === 'string' ? raw.filterState.label : undefined;
  return { mask: crossFilterDataMask(Number(id), selection, label) };
}

/** The `native_filters` parameter read into masks for the configured filters (and the dashboard's charts' cross-filters). */
export function decodeNativeFiltersParam(text: string, context: DecodeContext): DecodedFilters {
  const result: DecodedFilters = { dataMask: {}, problems: [] };
  let value: unknown;
  try {
    value = decodeRison(text);
  } catch (error) {
    if (!(error instanceof RisonError)) throw error;
    result.problems.push({ id: '', reason: `not rison: ${error.message}` });
    return result;
  }
  if (!isObject(value)) {
    result.problems.push({ id: '', reason: 'not a map of filter ids to data masks' });
    return result;
  }
  const byId = new Map(context.filters.map((filter) => [filter.id, filter]));
  const charts = new Set(context.chartIds ?? []);
  for (const [id, raw] of Object.entries(value)) {
    const drop = (reason: string) => result.problems.push({ id, reason });
    if (!isObject(raw)) {
      drop('not a data mask');
      continue;
    }
    const filter = byId.get(id);
    if (filter) {
      const state = isObject(raw.filterState) ? raw.filterState : {};
      const { problem } = normalizeFilterValue(filter, state.value);
      if (problem) drop(problem);
      result.dataMask[id] = buildDataMask(filter, state.value, isObject(raw.ownState) ? raw.ownState : undefined);
      continue;
    }
    if (!/^\d+$/.test(id)) {
      drop('no such filter on this dashboard');
      continue;
    }
    if (context.crossFiltersEnabled === false) {
      drop('cross-filters are off on this dashboard');
      continue;
    }
    if (!charts.has(Number(id))) {
      drop('no such chart on this dashboard');
      continue;
    }
    const { mask, reason } = decodeCrossFilter(id, raw);
    if (mask) result.dataMask[id] = mask;
    else drop(reason ?? 'not a cross-filter');
  }
  return result;
}

/** The GET form fields carrying the native filters' values (cross-filters are not part of the form). */
export function encodeFormFields(filters: readonly NativeFilter[], dataMask: DataMaskMap): [string, string][] {
  const fields: [string, string][] = [[FORM_PREFIX, '1']];
  for (const filter of filters) {
    const value = filterValueOf(filter, dataMask[filter.id]);
    if (value === undefined) continue;
    const name = `${FORM_PREFIX}.${filter.id}`;
    if (filter.filterType === FILTER_RANGE) {
      const [lower, upper] = value as RangeValue;
      fields.push([`${name}.min`, lower === null ? '' : String(lower)], [`${name}.max`, upper === null ? '' : String(upper)]);
    } else if (Array.isArray(value)) {
      for (const item of value as SelectValue[]) fields.push([name, item === null ? NULL_LABEL : String(item)]);
    } else fields.push([name, String(value)]);
  }
  return fields;
}

function fromText(text: string, options: readonly SelectValue[] | undefined): { value?: SelectValue; known: boolean } {
  if (!options) return { value: text === NULL_LABEL ? null : text, known: true };
  const match = options.find((option) => (option === null ? NULL_LABEL : String(option)) === text);
  return match === undefined ? { known: false } : { value: match, known: true };
}

export interface DecodedForm extends DecodedFilters {
  /** Whether the fields came from a submitted filter bar (`nf=1`): every configured filter then has a mask. */
  submitted: boolean;
}

/** The GET form fields read into masks (see the scheme above); other query parameters are ignored. */
export function decodeFormFields(params: Iterable<[string, string]>, context: DecodeContext): DecodedForm {
  const result: DecodedForm = { dataMask: {}, problems: [], submitted: false };
  const byId = new Map(context.filters.map((filter) => [filter.id, filter]));
  const values = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (key === FORM_PREFIX) {
      result.submitted = true;
      continue;
    }
    if (!key.startsWith(`${FORM_PREFIX}.`)) continue;
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const seen = new Set<string>();
  for (const key of values.keys()) {
    const rest = key.slice(FORM_PREFIX.length + 1);
    const bound = /\.(min|max)$/.exec(rest);
    const id = byId.has(rest) ? rest : bound && byId.has(rest.slice(0, -4)) ? rest.slice(0, -4) : null;
    if (!id) result.problems.push({ id: key, reason: 'no such filter on this dashboard' });
    else if (bound && rest !== id && byId.get(id)!.filterType !== FILTER_RANGE) result.problems.push({ id: key, reason: 'only range filters take .min and .max' });
    else seen.add(id);
  }
  for (const filter of context.filters) {
    if (!seen.has(filter.id)) {
      if (result.submitted) result.dataMask[filter.id] = buildDataMask(filter, undefined);
      continue;
    }
    const name = `${FORM_PREFIX}.${filter.id}`;
    const drop = (reason: string) => result.problems.push({ id: filter.id, reason });
    let value: unknown;
    if (filter.filterType === FILTER_RANGE) {
      value = [values.get(`${name}.min`)?.[0] ?? '', values.get(`${name}.max`)?.[0] ?? ''];
    } else {
      const texts = (values.get(name) ?? []).filter((text) => text !== '');
      const options = context.optionsByFilter?.[filter.id];
      const checked = filter.filterType === FILTER_SELECT || filter.filterType === FILTER_TIME_COLUMN || filter.filterType === FILTER_TIME_GRAIN;
      const kept: SelectValue[] = [];
      for (const text of texts) {
        const { value: item, known } = checked ? fromText(text, options) : { value: text, known: true };
        if (known) kept.push(item as SelectValue);
        // 'Search all options' looks values up beyond the loaded page of options: an unlisted one may be real.
        else if (filter.filterType === FILTER_SELECT && filter.controlValues.searchAllOptions === true) kept.push(text);
        else drop(`'${text}' is not one of the options`);
      }
      value = checked ? kept : kept[0];
    }
    const { problem } = normalizeFilterValue(filter, value);
    if (problem) drop(problem);
    result.dataMask[filter.id] = buildDataMask(filter, value);
  }
  return result;
}
