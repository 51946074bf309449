/**
 * The filter bar's hydrated half (issue 14), loaded with import() on the first Apply or instant
 * change so the page's first load carries none of it: the data mask the bar's form stands for,
 * and storing a mask as the visit's filter state (use-apply-data-mask.ts).
 *
 * The form's fields are read as the server reads the GET form (decodeFormFields, `nf=1` marking a
 * submitted bar, so a filter with no value chosen is cleared), typed back through the options the
 * bar shows (the number 3 for the field text '3'). Masks the form cannot hold are kept as they
 * are in force: the cross-filters (chart ids) and native filters with no field in the form.
 */
import { decodeFormFields, FORM_PREFIX } from '~/lib/dashboard/native-filters/url';
import type { DataMaskMap, SelectValue } from '~/lib/dashboard/native-filters/types';
import { requestJson } from '~/ui/request-json';
import type { DashboardNativeFilters } from './contract';
import { storedKeyName, type ApplyContext } from './use-apply-data-mask';

export const FILTER_STATE_KEY_PARAM = 'native_filters_key';

/** The parameters holding filter state: an applied state replaces them all with its key. */
export const isFilterStateParam = (name: string) => name === FORM_PREFIX || name.startsWith(`${FORM_PREFIX}.`) || name === 'native_filters' || name === FILTER_STATE_KEY_PARAM;

/** The address of a stored state: the carried parameters without the filter state ones, and the key. */
export function filterStateHref(pathname: string, keep: readonly (readonly [string, string])[], key: string): string {
  const params = new URLSearchParams(keep.filter(([name]) => !isFilterStateParam(name)).map(([name, value]) => [name, value]));
  params.append(FILTER_STATE_KEY_PARAM, key);
  return `${pathname}?${params.toString()}`;
}

function remember(dashboardId: number, key: string) {
  try {
    sessionStorage.setItem(storedKeyName(dashboardId), key);
  } catch {
    // Storage refused (privacy settings): nothing is remembered.
  }
}

/**
 * The page's address changed (or the page arrived): a key in it becomes the tab's last; on
 * arrival without any filter state or permalink, the tab's last key is reused (replacing the address).
 */
export function visit(context: ApplyContext, search: string) {
  const params = new URLSearchParams(search);
  const key = params.get(FILTER_STATE_KEY_PARAM);
  const arrival = context.visited !== context.dashboardId;
  context.visited = context.dashboardId;
  if (key) {
    remember(context.dashboardId, key);
    return;
  }
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(storedKeyName(context.dashboardId));
  } catch {
    return;
  }
  // A permalink brings a state of its own: the tab's last one must not cover it.
  if (arrival && stored && ![...params.keys()].some((name) => isFilterStateParam(name) || name === 'permalink_key')) {
    context.navigate(filterStateHref(context.pathname, context.keep, stored), { replace: true, preventScrollReset: true });
  }
}

/**
 * Stores the mask under a new key (no tab id goes with the POST: the server would update the
 * tab's one key in place, and the back button could not find an earlier state) and shows it.
 */
export async function storeAndShow(context: ApplyContext, dataMask: DataMaskMap): Promise<void> {
  const run = ++context.run;
  const { dashboardId } = context;
  const { body } = await requestJson<{ key: string }>(context.csrfToken, `/api/v1/dashboard/${dashboardId}/filter_state`, {
    method: 'POST',
    body: { value: JSON.stringify(dataMask) },
  });
  if (run !== context.run || dashboardId !== context.dashboardId) return;
  remember(dashboardId, body.key);
  context.visited = dashboardId;
  const href = filterStateHref(context.pathname, context.keep, body.key);
  context.target = href.slice(context.pathname.length);
  context.navigate(href, { preventScrollReset: true });
}

/** Per filter, the values of the options the bar shows; none where they could not be fetched (text stays text). */
export function optionsByFilter(filters: DashboardNativeFilters): Record<string, SelectValue[]> {
  const options: Record<string, SelectValue[]> = {};
  for (const item of filters.items) if (item.kind === 'filter' && item.options) options[item.id] = item.options.map((option) => option.value);
  return options;
}

/**
 * The full data mask from the form's entries and the names of its fields (a multiple select with
 * nothing chosen sends no entry, yet is in the form: its filter is cleared).
 */
export function maskFromFields(entries: Iterable<readonly [string, string]>, fieldNames: ReadonlySet<string>, filters: DashboardNativeFilters): DataMaskMap {
  const fields: [string, string][] = [[FORM_PREFIX, '1']];
  for (const [name, value] of entries) if (name.startsWith(`${FORM_PREFIX}.`)) fields.push([name, value]);
  const decoded = decodeFormFields(fields, { filters: filters.configuration, optionsByFilter: optionsByFilter(filters) }).dataMask;
  const inForm = (id: string) => fieldNames.has(`${FORM_PREFIX}.${id}`) || fieldNames.has(`${FORM_PREFIX}.${id}.min`);
  const mask: DataMaskMap = {};
  for (const [id, current] of Object.entries(filters.dataMask)) if (/^\d+$/.test(id)) mask[id] = current;
  for (const filter of filters.configuration) {
    if (inForm(filter.id)) mask[filter.id] = decoded[filter.id];
    else if (filters.dataMask[filter.id]) mask[filter.id] = filters.dataMask[filter.id];
  }
  return mask;
}

/** The data mask of the bar's form as it stands. */
export function maskFromForm(form: HTMLFormElement, filters: DashboardNativeFilters): DataMaskMap {
  const entries: [string, string][] = [];
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') entries.push([name, value]);
  const names = new Set<string>();
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name) names.add(name);
  }
  return maskFromFields(entries, names, filters);
}
