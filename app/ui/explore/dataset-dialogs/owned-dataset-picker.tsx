/**
 * The Save or Overwrite Dataset dialog's picker: a searchable list of the datasets the user owns
 * (`GET /api/v1/dataset/?q=` with `table_name ct` and `owners rel_m_m`), typed text narrowing it
 * on the server. Headless UI's Combobox gives the combobox and listbox roles and the keys.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { getClientError } from '~/lib/client-error';
import { ownedDatasetsQuery, type OwnedDataset } from '~/lib/explore/dataset-save';
import { encodeRisonUri } from '~/lib/rison';
import { controlClass, labelClass } from '~/ui/primitives/field';
import { Icon } from '~/ui/primitives/icon';
import { requestJson } from '~/ui/request-json';

export const PICKER_PLACEHOLDER = 'Select or type dataset name';
const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  userId: number;
  csrfToken: string;
  value: OwnedDataset | null;
  onChange: (dataset: OwnedDataset | null) => void;
  disabled?: boolean;
};

export function OwnedDatasetPicker({ userId, csrfToken, value, onChange, disabled }: Props) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<OwnedDataset[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Loading until the first answer, so 'none' is never shown before it.
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  useEffect(() => {
    if (disabled) return;
    const request = ++latest.current;
    const timer = setTimeout(() => {
      setLoading(true);
      requestJson<{ result: OwnedDataset[] }>(csrfToken, `/api/v1/dataset/?q=${encodeRisonUri(ownedDatasetsQuery(query, userId))}`)
        .then(({ body }) => {
          if (request !== latest.current) return;
          setOptions(body.result.map((d) => ({ id: d.id, table_name: d.table_name, owners: d.owners ?? [] })));
          setError(null);
        })
        .catch(async (e: unknown) => {
          if (request === latest.current) setError((await getClientError(e)).error);
        })
        .finally(() => {
          if (request === latest.current) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, userId, csrfToken, disabled]);

  return (
    <Field disabled={disabled} className="mt-2">
      <Label className={labelClass}>Dataset to overwrite</Label>
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')}>
        <div className="relative">
          <ComboboxInput className={`${controlClass} pr-8`} placeholder={PICKER_PLACEHOLDER} autoComplete="off"
            displayValue={(d: OwnedDataset | null) => d?.table_name ?? ''} onChange={(e) => setQuery(e.target.value)} />
          <ComboboxButton aria-label="Show datasets" className="absolute inset-y-0 right-0 flex items-center px-2">
            <Icon name="chevron-down" className="h-4 w-4" />
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start"
          className="z-[60] mt-1 max-h-60 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900">
          {options.map((d) => (
            <ComboboxOption key={d.id} value={d} className="cursor-default rounded px-3 py-1.5 data-[focus]:bg-slate-100 data-[selected]:font-medium dark:data-[focus]:bg-slate-800">
              {d.table_name}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {error && <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">{error}</p>}
      {!error && !loading && options.length === 0 && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">You own no dataset named so.</p>}
    </Field>
  );
}
