/**
 * The filter editor's searchable pickers, on Headless UI's Combobox (keyboard and screen reader
 * support): one subject (a column or, for HAVING, a metric) and many values (IN / NOT IN), where
 * a typed value not in the list can be added too. Lists open in place, not in a portal, so a
 * click in them stays inside the popover holding the editor.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useState } from 'react';
import { Icon } from '~/ui/primitives/icon';
import { controlClass, labelClass } from '~/ui/primitives/field';

export type SubjectOption = { value: string; label: string; group: 'Columns' | 'Metrics' };

const optionsClass = 'absolute z-50 mt-1 max-h-56 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900';
const optionClass = 'cursor-default px-3 py-1.5 data-[focus]:bg-brand-50 data-[selected]:font-semibold dark:data-[focus]:bg-slate-800';

const matches = (query: string, ...texts: string[]) => {
  const q = query.trim().toLowerCase();
  return !q || texts.some((text) => text.toLowerCase().includes(q));
};

export function SubjectCombobox({ id, label, value, options, onChange, notFound }: {
  id: string;
  label: string;
  value: string | null;
  options: SubjectOption[];
  onChange: (option: SubjectOption) => void;
  /** Said when the typed text matches nothing. */
  notFound: string;
}) {
  const [query, setQuery] = useState('');
  const shown = options.filter((o) => matches(query, o.label, o.value));
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <Combobox value={selected} by={(a, b) => a?.value === b?.value} onChange={(option: SubjectOption | null) => option && onChange(option)} onClose={() => setQuery('')}>
        <div className="relative">
          <ComboboxInput id={id} className={`${controlClass} pr-8`} placeholder="Select column" displayValue={(o: SubjectOption | null) => o?.label ?? value ?? ''} onChange={(e) => setQuery(e.target.value)} />
          <ComboboxButton aria-label="Open list" className="absolute inset-y-0 right-0 mt-1 px-2">
            <Icon name="chevron-down" />
          </ComboboxButton>
          <ComboboxOptions modal={false} className={optionsClass}>
            {shown.map((option) => (
              <ComboboxOption key={`${option.group}:${option.value}`} value={option} className={optionClass}>
                {option.label}
                {option.group === 'Metrics' && <span className="ml-1 text-xs text-slate-500">(metric)</span>}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {shown.length === 0 && (
        <p role="status" className="mt-1 text-xs text-slate-600 dark:text-slate-400">{notFound}</p>
      )}
    </div>
  );
}

const valueText = (value: unknown) => (value === null ? '<NULL>' : String(value));

export function ValuesCombobox({ id, label, values, options, loading, onChange, toValue }: {
  id: string;
  label: string;
  values: unknown[];
  /** The column's distinct values from the server. */
  options: unknown[];
  loading: boolean;
  onChange: (values: unknown[]) => void;
  /** A typed text as a value (a number for a numeric column). */
  toValue: (text: string) => unknown;
}) {
  const [query, setQuery] = useState('');
  const choices = options.filter((o) => o !== null && o !== undefined && !values.includes(o));
  const shown = choices.filter((o) => matches(query, valueText(o)));
  const typed = query.trim() ? toValue(query.trim()) : null;
  const offerTyped = typed !== null && !values.includes(typed) && !shown.some((o) => valueText(o) === valueText(typed));
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      {values.length > 0 && (
        <ul aria-label="Selected" className="mt-1 flex flex-wrap gap-1">
          {values.map((value) => (
            <li key={valueText(value)} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
              {valueText(value)}
              <button type="button" aria-label={`Remove ${valueText(value)}`} onClick={() => onChange(values.filter((v) => v !== value))}>
                <Icon name="close" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox multiple value={values} onChange={(next: unknown[]) => { onChange(next); setQuery(''); }} onClose={() => setQuery('')}>
        <div className="relative">
          <ComboboxInput id={id} className={controlClass} placeholder={loading ? 'Loading…' : 'Select or type a value'} onChange={(e) => setQuery(e.target.value)} />
          <ComboboxOptions modal={false} className={optionsClass}>
            {offerTyped && (
              <ComboboxOption value={typed} className={optionClass}>
                {valueText(typed)}
              </ComboboxOption>
            )}
            {shown.slice(0, 200).map((option) => (
              <ComboboxOption key={valueText(option)} value={option} className={optionClass}>
                {valueText(option)}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
    </div>
  );
}
