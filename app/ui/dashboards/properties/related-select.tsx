/**
 * A multi-select of related objects (a dashboard's owners or roles): the chosen ones, each with a
 * remove button, and a combobox searching GET /api/v1/dashboard/related/{column} to add more.
 * Only mounted while the properties dialog is open, so it asks nothing of a page not editing.
 */
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { Icon } from '~/ui/primitives/icon';
import { controlClass, errorClass, hintClass, labelClass } from '~/ui/primitives/field';
import { requestJson } from '~/ui/request-json';
import { relatedQuery, type RelatedColumn } from './properties-values';

export type RelatedItem = { id: number; label: string };

type Props = {
  id: string;
  label: string;
  column: RelatedColumn;
  /** The combobox's placeholder ('Search people to add'). */
  placeholder: string;
  hint?: string;
  value: RelatedItem[];
  onChange: (next: RelatedItem[]) => void;
  csrfToken: string;
};

const optionClass = 'cursor-default rounded px-3 py-1.5 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800';

export function RelatedSelect({ id, label, column, placeholder, hint, value, onChange, csrfToken }: Props) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<RelatedItem[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // Typing settles before asking: one request per pause, not per key.
    const timer = setTimeout(() => {
      requestJson<{ result: { value: number; text: string }[] }>(csrfToken, relatedQuery(column, query))
        .then(({ body }) => {
          if (!live) return;
          setOptions(body.result.map((r) => ({ id: r.value, label: r.text })));
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
  }, [query, column, csrfToken]);

  const chosen = new Set(value.map((item) => item.id));
  const add = (item: RelatedItem | null) => {
    if (item && !chosen.has(item.id)) onChange([...value, item]);
    setQuery('');
  };

  return (
    <div>
      <label id={`${id}-label`} htmlFor={id} className={labelClass}>{label}</label>
      {value.length > 0 && (
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="mt-1 flex flex-wrap gap-1.5">
          {value.map((item) => (
            <li key={item.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-sm dark:bg-slate-800">
              {item.label}
              <button type="button" aria-label={`Remove ${item.label}`} className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-700"
                onClick={() => onChange(value.filter((v) => v.id !== item.id))}>
                <Icon name="close" className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox value={null as RelatedItem | null} onChange={add} onClose={() => setQuery('')}>
        <ComboboxInput id={id} aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined} className={controlClass}
          autoComplete="off" placeholder={placeholder} value={query} onChange={(event) => setQuery(event.target.value)} />
        <ComboboxOptions anchor="bottom start"
          className="z-[60] mt-1 max-h-60 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900">
          {options.filter((o) => !chosen.has(o.id)).map((option) => (
            <ComboboxOption key={option.id} value={option} className={optionClass}>{option.label}</ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {hint && <p id={`${id}-hint`} className={hintClass}>{hint}</p>}
      {error && <p role="alert" className={errorClass}>{error}</p>}
    </div>
  );
}
