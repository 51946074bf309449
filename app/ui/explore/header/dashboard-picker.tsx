/**
 * 'Add to dashboard': a combobox of the dashboards the user may edit (searched on the server as
 * they type), which also takes a new name. A new name is only a choice here; the save creates it,
 * or finds it if a dashboard of that name exists by then (save-flow.ts).
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { controlClass, labelClass } from '~/ui/primitives/field';
import { requestJson } from '~/ui/request-json';
import { dashboardListQuery, findDashboardByTitle, type DashboardOption } from './save-payload';

/** An existing dashboard (id) or a name to create (id null). */
export type DashboardChoice = { id: number | null; dashboard_title: string };

type Props = {
  id: string;
  value: DashboardChoice | null;
  onChange: (value: DashboardChoice | null) => void;
  csrfToken: string;
  userId: number;
  isAdmin: boolean;
};

const optionClass = 'cursor-default rounded px-3 py-1.5 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800';

export function DashboardPicker({ id, value, onChange, csrfToken, userId, isAdmin }: Props) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<DashboardOption[]>([]);
  const [error, setError] = useState<string | null>(null);

  // Debounced server search; the answer of an older search never replaces a newer one.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      requestJson<{ result: DashboardOption[] }>(csrfToken, dashboardListQuery({ search: query, userId, isAdmin }))
        .then(({ body }) => {
          if (!live) return;
          setOptions(body.result);
          setError(null);
        })
        .catch(async (e: unknown) => {
          if (live) setError(`Error while fetching data: ${(await getClientError(e)).error}`);
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, csrfToken, userId, isAdmin]);

  const typed = query.trim();
  const offerNew = typed !== '' && !findDashboardByTitle(options, typed);

  return (
    <div>
      <label id={`${id}-label`} htmlFor={id} className={labelClass}>Add to dashboard</label>
      <Combobox value={value} onChange={onChange} onClose={() => setQuery('')} by={(a, b) => (a?.id ?? a?.dashboard_title) === (b?.id ?? b?.dashboard_title)}>
        <ComboboxInput id={id} aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className={controlClass} autoComplete="off"
          placeholder="Select a dashboard or type a new name"
          displayValue={(choice: DashboardChoice | null) => choice?.dashboard_title ?? ''}
          onChange={(event) => setQuery(event.target.value)} />
        <ComboboxOptions anchor="bottom start"
          className="z-[60] mt-1 max-h-60 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900">
          {offerNew && (
            <ComboboxOption value={{ id: null, dashboard_title: typed }} className={optionClass}>
              Create &quot;{typed}&quot;
            </ComboboxOption>
          )}
          {options.map((option) => (
            <ComboboxOption key={option.id} value={{ id: option.id, dashboard_title: option.dashboard_title }} className={optionClass}>
              {option.dashboard_title}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {value?.id === null ? `A new dashboard "${value.dashboard_title}" will be created.` : 'Optional: a dashboard you may edit, or a new name.'}
      </p>
      {error && <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
    </div>
  );
}
