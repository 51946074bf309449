/**
 * Owners: the people chosen, each with a remove button, and a combobox searching
 * GET /api/v1/chart/related/owners (the people who may own a chart) to add more.
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { Icon } from '~/ui/primitives/icon';
import { controlClass, labelClass } from '~/ui/primitives/field';
import { requestJson } from '~/ui/request-json';
import { ownersQuery } from './save-payload';

export type Owner = { id: number; name: string };

type Props = { id: string; value: Owner[]; onChange: (owners: Owner[]) => void; csrfToken: string };

const optionClass = 'cursor-default rounded px-3 py-1.5 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800';

export function OwnersSelect({ id, value, onChange, csrfToken }: Props) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Owner[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      requestJson<{ result: { value: number; text: string }[] }>(csrfToken, ownersQuery(query))
        .then(({ body }) => {
          if (!live) return;
          setOptions(body.result.map((r) => ({ id: r.value, name: r.text })));
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
  }, [query, csrfToken]);

  const chosen = new Set(value.map((o) => o.id));
  const add = (owner: Owner | null) => {
    if (owner && !chosen.has(owner.id)) onChange([...value, owner]);
    setQuery('');
  };

  return (
    <div>
      <label id={`${id}-label`} htmlFor={id} className={labelClass}>Owners</label>
      {value.length > 0 && (
        <ul aria-label="Chosen owners" className="mt-1 flex flex-wrap gap-1.5">
          {value.map((owner) => (
            <li key={owner.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-sm dark:bg-slate-800">
              {owner.name}
              <button type="button" aria-label={`Remove ${owner.name}`} className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-700"
                onClick={() => onChange(value.filter((o) => o.id !== owner.id))}>
                <Icon name="close" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox value={null as Owner | null} onChange={add} onClose={() => setQuery('')}>
        <ComboboxInput id={id} aria-labelledby={`${id}-label`} className={controlClass} autoComplete="off" placeholder="Search people to add"
          value={query} onChange={(event) => setQuery(event.target.value)} />
        <ComboboxOptions anchor="bottom start"
          className="z-[60] mt-1 max-h-60 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900">
          {options.filter((o) => !chosen.has(o.id)).map((option) => (
            <ComboboxOption key={option.id} value={option} className={optionClass}>{option.name}</ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {error && <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
    </div>
  );
}
