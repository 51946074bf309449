/**
 * One native filter's fields in the bar, per type, as plain form controls named after the GET
 * form scheme (field-values.ts), so they filter the page without JavaScript. Hydrated, a Value
 * filter gains a search box narrowing its list and a range its sliders; the fields stay the ones
 * that are sent. The values are the bar's draft (filter-bar.tsx), so Clear all can empty them.
 * `onCommit` (instant mode) is called when a change is complete: a select's choice, a number left
 * or confirmed with Enter, a slider let go; not on each keystroke or step of a drag.
 */
import { useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FILTER_RANGE, FILTER_SELECT, FILTER_TIME, FILTER_TIME_COLUMN, FILTER_TIME_GRAIN } from '~/lib/dashboard/native-filters/types';
import { errorClass, hintClass, inlineControlClass, labelClass } from '~/ui/primitives/field';
import type { FilterBarDivider, FilterBarFilter } from './contract';
import {
  fieldId, fieldName, matchingOptions, optionCountText, selectOptions, TIME_RANGE_PRESETS, type FieldDraft,
} from './field-values';

const control = `${inlineControlClass} block w-full`;

type FieldProps = {
  filter: FilterBarFilter;
  draft: FieldDraft;
  onDraft: (draft: FieldDraft) => void;
  /** The change is complete (instant mode applies it). */
  onCommit?: () => void;
  hydrated: boolean;
};

/** The ids the control's aria-describedby lists: description, inverse note, options error, error. */
function describedBy(filter: FilterBarFilter): string | undefined {
  const id = fieldId(filter.id);
  const ids = [
    filter.description ? `${id}-hint` : '',
    filter.inverseSelection && filter.filterType === FILTER_SELECT ? `${id}-inverse` : '',
    filter.optionsError ? `${id}-options-error` : '',
    filter.error ? `${id}-error` : '',
  ].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function controlAria(filter: FilterBarFilter) {
  return {
    'aria-describedby': describedBy(filter),
    'aria-invalid': filter.error ? true : undefined,
    // The server checks required filters and answers the error; the browser's own check would stop Clear all's submit.
    'aria-required': filter.required ? true : undefined,
  } as const;
}

function FilterLabel({ filter, htmlFor, as = 'label' }: { filter: FilterBarFilter; htmlFor?: string; as?: 'label' | 'legend' }) {
  const children = (
    <>
      {filter.name}
      {filter.required && <span aria-hidden="true" className="ml-0.5 text-rose-600">*</span>}
    </>
  );
  return as === 'legend' ? <legend className={labelClass}>{children}</legend> : <label htmlFor={htmlFor} className={labelClass}>{children}</label>;
}

function FilterMessages({ filter }: { filter: FilterBarFilter }) {
  const id = fieldId(filter.id);
  return (
    <>
      {filter.inverseSelection && filter.filterType === FILTER_SELECT && <p id={`${id}-inverse`} className={hintClass}>(excluded)</p>}
      {filter.description && <p id={`${id}-hint`} className={hintClass}>{filter.description}</p>}
      {filter.optionsError && <p id={`${id}-options-error`} className={errorClass}>{filter.optionsError}</p>}
      {filter.error && <p id={`${id}-error`} role="alert" className={errorClass}>{filter.error}</p>}
    </>
  );
}

const listOf = (draft: FieldDraft) => (draft.kind === 'list' ? draft.values : []);

/** Value: a native select (multiple when the filter is), '214 options' as its first line; hydrated, a search box above it. */
function ValueField({ filter, draft, onDraft, onCommit, hydrated }: FieldProps) {
  const [search, setSearch] = useState('');
  const id = fieldId(filter.id);
  const chosen = listOf(draft);
  const all = selectOptions(filter, chosen);
  const shown = hydrated ? matchingOptions(all, search, chosen) : all;
  const placeholder = optionCountText(filter.optionCount);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const values = [...event.target.selectedOptions].map((option) => option.value).filter((value) => value !== '');
    onDraft({ kind: 'list', values });
    onCommit?.();
  };
  return (
    <>
      <FilterLabel filter={filter} htmlFor={id} />
      {hydrated && (
        <input type="search" aria-label={`Search ${filter.name}`} placeholder={placeholder} value={search} autoComplete="off"
          onChange={(event) => setSearch(event.target.value)} className={`${control} mt-1`} />
      )}
      {filter.multiSelect ? (
        <select id={id} name={fieldName(filter.id)} multiple value={chosen} onChange={onChange} {...controlAria(filter)}
          size={Math.min(6, Math.max(3, shown.length + 1))} className={`${control} mt-1`}>
          <option value="" disabled>{placeholder}</option>
          {shown.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      ) : (
        <select id={id} name={fieldName(filter.id)} value={chosen[0] ?? ''} onChange={onChange} {...controlAria(filter)} className={`${control} mt-1`}>
          <option value="">{placeholder}</option>
          {shown.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      )}
    </>
  );
}

/** Time column and time grain: a single select of the filter's options. */
function ChoiceField({ filter, draft, onDraft, onCommit }: FieldProps) {
  const id = fieldId(filter.id);
  const chosen = listOf(draft);
  return (
    <>
      <FilterLabel filter={filter} htmlFor={id} />
      <select id={id} name={fieldName(filter.id)} value={chosen[0] ?? ''} {...controlAria(filter)} className={`${control} mt-1`}
        onChange={(event) => {
          onDraft({ kind: 'list', values: event.target.value ? [event.target.value] : [] });
          onCommit?.();
        }}>
        <option value="">{optionCountText(filter.optionCount)}</option>
        {selectOptions(filter, chosen).map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </>
  );
}

/** Time range: the presets, plus the value in force when it is a custom range. */
function TimeRangeField({ filter, draft, onDraft, onCommit }: FieldProps) {
  const id = fieldId(filter.id);
  const current = listOf(draft)[0] ?? TIME_RANGE_PRESETS[0];
  const choices: string[] = [...TIME_RANGE_PRESETS];
  if (!choices.includes(current)) choices.push(current);
  return (
    <>
      <FilterLabel filter={filter} htmlFor={id} />
      <select id={id} name={fieldName(filter.id)} value={current} {...controlAria(filter)} className={`${control} mt-1`}
        onChange={(event) => {
          onDraft({ kind: 'list', values: [event.target.value] });
          onCommit?.();
        }}>
        {choices.map((choice) => <option key={choice} value={choice}>{choice}</option>)}
      </select>
    </>
  );
}

/**
 * Numerical range: number inputs `nf.<id>.min`/`.max` ('' is an open bound). Sliders need
 * scripts and the column's bounds: hydrated, 'slider' shows them with the bounds as hidden
 * fields, 'slider-and-input' shows both; otherwise the inputs.
 */
function RangeField({ filter, draft, onDraft, onCommit, hydrated }: FieldProps) {
  const id = fieldId(filter.id);
  const range = draft.kind === 'range' ? draft : { kind: 'range' as const, min: '', max: '' };
  const lowest = filter.range?.min ?? null;
  const highest = filter.range?.max ?? null;
  const display = filter.range?.display ?? 'input';
  const sliders = hydrated && display !== 'input' && lowest !== null && highest !== null && lowest < highest;
  const inputs = !sliders || display === 'slider-and-input';
  const set = (bound: 'min' | 'max', value: string) => onDraft({ ...range, [bound]: value });
  const aria = controlAria(filter);
  // A number is complete when left or confirmed with Enter (Enter would otherwise submit nothing: instant mode has no Apply).
  const commitKeys = onCommit
    ? {
      onBlur: onCommit,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        onCommit();
      },
    }
    : {};
  // A slider's value is complete when let go, or on each key press (the native change event).
  const commitSlider = onCommit ? { onPointerUp: onCommit, onKeyUp: onCommit, onBlur: onCommit } : {};
  const step = lowest !== null && highest !== null && Number.isInteger(lowest) && Number.isInteger(highest) ? 1 : 'any';
  let slidersNode: ReactNode = null;
  if (sliders) {
    const low = range.min === '' ? lowest : Number(range.min);
    const high = range.max === '' ? highest : Number(range.max);
    slidersNode = (
      <div className="mt-1 flex flex-col gap-1">
        <input type="range" aria-label={`${filter.name} minimum slider`} min={lowest} max={highest} step={step} value={low}
          onChange={(event) => set('min', String(Math.min(Number(event.target.value), high)))} {...commitSlider} className="w-full" />
        <input type="range" aria-label={`${filter.name} maximum slider`} min={lowest} max={highest} step={step} value={high}
          onChange={(event) => set('max', String(Math.max(Number(event.target.value), low)))} {...commitSlider} className="w-full" />
        {!inputs && (
          <p className="text-xs tabular-nums text-slate-600 dark:text-slate-400">{low} – {high}</p>
        )}
      </div>
    );
  }
  return (
    <fieldset aria-describedby={aria['aria-describedby']}>
      <FilterLabel filter={filter} as="legend" />
      {slidersNode}
      {inputs ? (
        <div className="mt-1 flex items-center gap-2">
          <input id={`${id}-min`} type="number" name={`${fieldName(filter.id)}.min`} aria-label={`${filter.name} minimum`} placeholder={lowest === null ? 'Min' : String(lowest)}
            step="any" value={range.min} onChange={(event) => set('min', event.target.value)} {...commitKeys} aria-invalid={aria['aria-invalid']} className={control} />
          <span aria-hidden="true">–</span>
          <input id={`${id}-max`} type="number" name={`${fieldName(filter.id)}.max`} aria-label={`${filter.name} maximum`} placeholder={highest === null ? 'Max' : String(highest)}
            step="any" value={range.max} onChange={(event) => set('max', event.target.value)} {...commitKeys} aria-invalid={aria['aria-invalid']} className={control} />
        </div>
      ) : (
        <>
          <input type="hidden" name={`${fieldName(filter.id)}.min`} value={range.min} />
          <input type="hidden" name={`${fieldName(filter.id)}.max`} value={range.max} />
        </>
      )}
    </fieldset>
  );
}

const FIELDS: Record<string, (props: FieldProps) => ReactNode> = {
  [FILTER_SELECT]: ValueField,
  [FILTER_RANGE]: RangeField,
  [FILTER_TIME]: TimeRangeField,
  [FILTER_TIME_COLUMN]: ChoiceField,
  [FILTER_TIME_GRAIN]: ChoiceField,
};

/** A filter of a type the bar does not know shows its name and messages, and sends nothing. */
export function FilterField(props: FieldProps) {
  const Field = FIELDS[props.filter.filterType];
  return (
    <div data-filter-id={props.filter.id} className="min-w-0">
      {Field ? <Field {...props} /> : <p className={labelClass}>{props.filter.name}</p>}
      <FilterMessages filter={props.filter} />
    </div>
  );
}

export function DividerItem({ divider }: { divider: FilterBarDivider }) {
  return (
    <div data-divider-id={divider.id} className="min-w-0 border-t border-slate-200 pt-2 dark:border-slate-700">
      <h3 className="text-sm font-semibold">{divider.title}</h3>
      {divider.description && <p className={hintClass}>{divider.description}</p>}
    </div>
  );
}
