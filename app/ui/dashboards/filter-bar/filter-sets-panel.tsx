/**
 * The dashboard's filter sets under the filter bar (issue 14, dashboards.md 'Filter set'): each
 * set's data mask saved under a name. The list and 'Apply' are drawn on the server: 'Apply' is a
 * GET form carrying `native_filters=<rison of the set's mask>` and the page's other parameters,
 * so a set applies without scripts (the loader reads `native_filters`). Once hydrated, 'Apply'
 * hands the mask to onApply (stored as filter state, no reload; without onApply the form submits
 * as it does without scripts), and saving, updating and deleting
 * sets arrive with import() (filter-sets-actions.tsx): the page's first load carries none of it.
 */
import { useEffect, useId, useState } from 'react';
import type { DataMaskMap, NativeFilter } from '~/lib/dashboard/native-filters/types';
import { FORM_PREFIX, NATIVE_FILTERS_PARAM } from '~/lib/dashboard/native-filters/url';
import { Button } from '~/ui/primitives/button';
import type { FilterBarFilterSet } from './contract';

export type FilterSetsPanelProps = {
  dashboardId: number;
  filterSets: readonly FilterBarFilterSet[];
  /** The data mask in force: what a new or updated set saves, and what tells the set that matches. */
  currentDataMask: DataMaskMap;
  hydrated: boolean;
  /** The page's carried URL parameters (tab, standalone, …). */
  keep: readonly (readonly [string, string])[];
  /** Applies a set's mask in place once hydrated; without it 'Apply' submits the set's GET form (the page reloads). */
  onApply?: (dataMask: DataMaskMap) => void | Promise<void>;
  /** After a set was saved, updated or deleted: the page loads the list again. */
  onChanged: () => void;
  /** The native filters' configuration, saved with a set (json_metadata.nativeFilters, by filter id). */
  configuration?: readonly NativeFilter[];
  /**
   * Whether the user may edit the dashboard: a new set is then shared on the dashboard (owner_type
   * Dashboard, as Superset's bar saves them); otherwise it is the user's own (owner_type User),
   * the only kind the owner rules let a viewer save.
   */
  canEditDashboard?: boolean;
};

/** The URL state a set replaces: the bar's fields and the stored filter state's key. */
const REPLACED = new Set([FORM_PREFIX, NATIVE_FILTERS_PARAM, 'native_filters_key']);

/**
 * A set's form fields: the page's parameters but the filter state the set replaces, and the set's
 * mask as `native_filters` (encoded by the server, so no rison encoder comes to the browser).
 */
export function setFormParams(keep: readonly (readonly [string, string])[], set: Pick<FilterBarFilterSet, 'nativeFiltersParam'>): [string, string][] {
  return [
    ...keep.filter(([name]) => !REPLACED.has(name) && !name.startsWith(`${FORM_PREFIX}.`)).map(([name, value]): [string, string] => [name, value]),
    [NATIVE_FILTERS_PARAM, set.nativeFiltersParam],
  ];
}

/** A JSON text with object keys sorted, so equal values compare equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Each mask's chosen value by id; a filter with none (null, undefined, an empty list) is left out, as it filters nothing. */
function chosenValues(dataMask: DataMaskMap): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, mask] of Object.entries(dataMask)) {
    const value = mask?.filterState?.value;
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    out.set(id, stable(value));
  }
  return out;
}

/** Whether two data masks choose the same values (native filters and cross-filters alike). */
export function sameDataMask(a: DataMaskMap, b: DataMaskMap): boolean {
  const left = chosenValues(a);
  const right = chosenValues(b);
  return left.size === right.size && [...left].every(([id, value]) => right.get(id) === value);
}

type ActionsModule = typeof import('./filter-sets-actions');

/** The set actions' code, loaded once the page has hydrated. */
function useActionsModule(wanted: boolean): ActionsModule | null {
  const [module, setModule] = useState<ActionsModule | null>(null);
  useEffect(() => {
    if (!wanted || module) return;
    let cancelled = false;
    void import('./filter-sets-actions').then((loaded) => {
      if (!cancelled) setModule(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, module]);
  return wanted ? module : null;
}

export function FilterSetsPanel(props: FilterSetsPanelProps) {
  const { filterSets, currentDataMask, hydrated, keep, onApply } = props;
  const headingId = useId();
  const actions = useActionsModule(hydrated);
  const matching = filterSets.find((set) => sameDataMask(set.dataMask, currentDataMask));

  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h2 id={headingId} className="text-sm font-semibold">Filter sets</h2>
      {filterSets.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No filter sets</p>}
      <ul className="mt-2 flex flex-col gap-2">
        {filterSets.map((set) => {
          const applied = set === matching;
          return (
            <li key={set.id} data-filter-set={set.id} aria-current={applied ? 'true' : undefined}
              className={`rounded border p-2 text-sm ${applied ? 'border-brand-500 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700'}`}>
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 break-words font-medium">{set.name}</span>
                {applied && <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">Applied</span>}
              </div>
              <div className="mt-1 flex flex-wrap gap-1">
                <form method="get"
                  onSubmit={(event) => {
                    if (!hydrated || !onApply) return;
                    event.preventDefault();
                    void onApply(set.dataMask);
                  }}>
                  {setFormParams(keep, set).map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)}
                  <Button type="submit" size="xs">Apply</Button>
                </form>
                {actions && set.canEdit && <actions.SetActions {...props} set={set} />}
              </div>
            </li>
          );
        })}
      </ul>
      {actions && <actions.CreateSet {...props} />}
    </section>
  );
}
