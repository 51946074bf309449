/**
 * Explore's select boxes. A plain single select (fixed choices, nothing typed, a short list) is a
 * native `<select>`: robust, keyboard- and screen-reader-friendly as is. Anything more (search,
 * free-form values, several values, swatches, long lists) is a Headless UI combobox driven by the
 * rules of app/lib/explore/select-options.ts: search on label and value, paste splitting, 'Select
 * All', and a virtual (windowed) list above 100 options.
 *
 * The input carries `id`, so the control panel's `<label for>` names it; `describedBy` ties the
 * description and the error lines to it.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Fragment, useEffect, useMemo, useRef, useState, type ClipboardEvent, type ReactElement, type ReactNode } from 'react';
import {
  filterOptions,
  findOption,
  freeFormValue,
  hasPasteSeparator,
  isAllSelected,
  MAX_TAGS_SHOWN,
  optionKey,
  pasteIntoSelection,
  SELECT_ALL_LABEL,
  SELECT_ALL_VALUE,
  shouldWindow,
  showSelectAll,
  toggleOption,
  withCurrentValues,
  type OptionValue,
  type SelectOption,
} from '~/lib/explore/select-options';
import { controlClass } from '~/ui/primitives/field';
import { Icon } from '~/ui/primitives/icon';

type Common = {
  /** The input's id (the label's `for`). */
  id: string;
  options: SelectOption[];
  /** Values not among the options may be typed in (Superset's freeForm / allowNewOptions). */
  freeForm?: boolean;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The accessible name when no `<label for>` names the input. */
  ariaLabel?: string;
  disabled?: boolean;
  /** Drawn before an option's label (a colour scheme's swatch). */
  renderPrefix?: (option: SelectOption) => ReactNode;
};

export type SelectBoxProps = Common & {
  value: OptionValue | undefined;
  onChange: (value: OptionValue) => void;
  /** Shows a clear button that sets null. */
  clearable?: boolean;
  /** Use the searchable combobox even for a plain list. */
  searchable?: boolean;
};

export type MultiSelectBoxProps = Common & {
  value: readonly OptionValue[];
  onChange: (value: OptionValue[]) => void;
};

const MENU_CLASS =
  'z-[1030] max-h-[220px] min-h-0 w-[var(--input-width)] min-w-48 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible [--anchor-gap:4px] dark:border-slate-700 dark:bg-slate-900';
const OPTION_CLASS =
  'flex h-[30px] cursor-default select-none items-center gap-2 px-3 data-[disabled]:opacity-50 data-[focus]:bg-brand-50 dark:data-[focus]:bg-slate-800';
const FIELD_CLASS = `${controlClass} flex min-h-[38px] flex-wrap items-center gap-1 !py-1`;
const ROW_KEY_CREATE = '__create__';

/**
 * Headless UI's ComboboxInput sets `aria-describedby` from its own Description components only,
 * dropping the one given; the panel draws the description and errors itself, so the attribute is
 * set on the element directly (the combobox exists only after hydration, so nothing is lost).
 */
function useDescribedBy(describedBy: string | undefined) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (describedBy) input.setAttribute('aria-describedby', describedBy);
    else input.removeAttribute('aria-describedby');
  }, [describedBy]);
  return ref;
}

/** A single-value select: native when that suffices, else a searchable combobox. */
export function SelectBox(props: SelectBoxProps) {
  const options = useMemo(() => withCurrentValues(props.options, props.value === undefined ? [] : [props.value]), [props.options, props.value]);
  const plain = !props.freeForm && !props.searchable && !props.renderPrefix && !shouldWindow(options.length);
  return plain ? <NativeSelect {...props} options={options} /> : <SingleCombobox {...props} options={options} />;
}

function NativeSelect({ id, options, value, onChange, clearable, invalid, describedBy, ariaLabel, disabled, placeholder }: SelectBoxProps) {
  const key = value === undefined ? '' : optionKey(value);
  const hasNullOption = options.some((o) => o.value === null);
  // A value that matches no option (none set yet, or cleared) shows the empty row.
  const showEmpty = (clearable && !hasNullOption) || !options.some((o) => optionKey(o.value) === key);
  return (
    <select
      id={id}
      value={options.some((o) => optionKey(o.value) === key) ? key : ''}
      onChange={(e) => {
        const chosen = options.find((o) => optionKey(o.value) === e.target.value);
        onChange(chosen ? chosen.value : null);
      }}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-label={ariaLabel}
      disabled={disabled}
      className={controlClass}
    >
      {showEmpty && <option value="">{placeholder ?? (clearable ? '—' : 'Select…')}</option>}
      {options.map((o) => (
        <option key={optionKey(o.value)} value={optionKey(o.value)} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The rows the list shows for a search: the matches, and the typed value when it is new and allowed. */
function useRows(options: SelectOption[], query: string, freeForm: boolean | undefined) {
  return useMemo(() => {
    const matches = filterOptions(options, query);
    const typed = query.trim();
    const create: SelectOption | null = freeForm && typed && !findOption(options, typed) ? { value: freeFormValue(typed, options), label: typed } : null;
    return { matches, create };
  }, [options, query, freeForm]);
}

function SingleCombobox({ id, options, value, onChange, freeForm, clearable, placeholder, invalid, describedBy, ariaLabel, disabled, renderPrefix }: SelectBoxProps) {
  const [query, setQuery] = useState('');
  const inputRef = useDescribedBy(describedBy);
  const { matches, create } = useRows(options, query, freeForm);
  const byKey = useMemo(() => new Map(options.map((o) => [optionKey(o.value), o])), [options]);
  const selectedKey = value === undefined ? null : optionKey(value);
  const selected = selectedKey === null ? undefined : byKey.get(selectedKey);
  const rowKeys = [...(create ? [ROW_KEY_CREATE] : []), ...matches.map((o) => optionKey(o.value))];
  // Decided on all options, not the matches, so the list does not switch modes while typing.
  const windowed = shouldWindow(options.length);

  const choose = (key: string | null) => {
    if (key === null) {
      // Headless UI reports null when the text is emptied; only a clearable select takes it.
      if (clearable) onChange(null);
      return;
    }
    if (key === ROW_KEY_CREATE) {
      if (create) onChange(create.value);
      return;
    }
    const option = byKey.get(key);
    if (option) onChange(option.value);
  };

  const row = (key: string): ReactElement => {
    const option = key === ROW_KEY_CREATE ? create : byKey.get(key);
    if (!option) return <Fragment key={key} />;
    return (
      <ComboboxOption key={key} value={key} disabled={option.disabled} className={OPTION_CLASS}>
        {renderPrefix?.(option)}
        <span className="truncate">{option.label}</span>
      </ComboboxOption>
    );
  };

  return (
    <Combobox<string | null>
      value={selectedKey}
      onChange={choose}
      onClose={() => setQuery('')}
      disabled={disabled}
      immediate
      virtual={windowed ? { options: rowKeys, disabled: (key) => Boolean(key && byKey.get(key)?.disabled) } : null}
    >
      <div className={`${controlClass} relative flex items-center gap-2 !py-0 !pr-1`}>
        {selected && renderPrefix?.(selected)}
        <ComboboxInput
          id={id}
          aria-label={ariaLabel}
          ref={inputRef}
          aria-invalid={invalid || undefined}
          placeholder={placeholder ?? 'Select…'}
          className="min-w-0 flex-1 bg-transparent py-2 outline-none"
          displayValue={(key: string | null) => (key === null ? '' : (byKey.get(key)?.label ?? ''))}
          // Headless UI writes the display value in an effect; this is the first paint's.
          defaultValue={selected?.label ?? ''}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter on typed text takes the option it names exactly, or the typed value where free
            // form allows it. Headless UI would take its active option instead, which starts as the
            // value already chosen (typing '100' over 1000 and Enter kept 1000), so its handler is
            // skipped and the list closed as Escape closes it, keeping the focus here.
            if (e.key !== 'Enter' || !query.trim()) return;
            const exact = findOption(options, query);
            const key = exact && !exact.disabled ? optionKey(exact.value) : create ? ROW_KEY_CREATE : null;
            if (key === null) return;
            e.preventDefault();
            choose(key);
            e.currentTarget.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
          }}
          autoComplete="off"
        />
        {clearable && selectedKey !== null && value !== null && (
          <button type="button" aria-label="Clear" className="rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => onChange(null)} disabled={disabled}>
            <Icon name="close" />
          </button>
        )}
        <ComboboxButton aria-label="Show options" className="rounded p-1 text-slate-500">
          <Icon name="chevron-down" />
        </ComboboxButton>
      </div>
      <ComboboxOptions anchor="bottom start" className={MENU_CLASS}>
        {windowed ? ({ option }: { option: string }) => row(option) : rowKeys.map(row)}
      </ComboboxOptions>
    </Combobox>
  );
}

/**
 * A multi-value select: tags for the selected values (four shown, then '+N'), a search input that
 * takes pasted lists, 'Select All', and free-form values when allowed.
 */
export function MultiSelectBox({ id, value, onChange, freeForm, placeholder, invalid, describedBy, ariaLabel, disabled, renderPrefix, ...rest }: MultiSelectBoxProps) {
  const [query, setQuery] = useState('');
  const inputRef = useDescribedBy(describedBy);
  const options = useMemo(() => withCurrentValues(rest.options, value), [rest.options, value]);
  const { matches, create } = useRows(options, query, freeForm);
  const byKey = useMemo(() => new Map(options.map((o) => [optionKey(o.value), o])), [options]);
  const selectedKeys = value.map(optionKey);
  const selectAll = showSelectAll(options, query, true);
  const allSelected = isAllSelected(value, options);
  const rowKeys = [...(selectAll ? [SELECT_ALL_VALUE] : []), ...(create ? [ROW_KEY_CREATE] : []), ...matches.map((o) => optionKey(o.value))];
  const windowed = shouldWindow(options.length);

  // Headless UI hands over the whole new list; the row that changed is the one in one list only.
  const change = (next: string[]) => {
    const before = new Set(selectedKeys);
    const toggled = next.find((k) => !before.has(k)) ?? selectedKeys.find((k) => !next.includes(k));
    if (toggled === undefined) return;
    if (toggled === SELECT_ALL_VALUE) onChange(toggleOption(value, SELECT_ALL_VALUE, options));
    else if (toggled === ROW_KEY_CREATE) {
      if (create) onChange(toggleOption(value, create.value, options));
      setQuery('');
    } else {
      const option = byKey.get(toggled);
      if (option) onChange(toggleOption(value, option.value, options));
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!hasPasteSeparator(text)) return;
    e.preventDefault();
    onChange(pasteIntoSelection(value, text, options, Boolean(freeForm)));
    setQuery('');
  };

  const row = (key: string): ReactElement => {
    const option: SelectOption | null | undefined =
      key === SELECT_ALL_VALUE ? { value: SELECT_ALL_VALUE, label: SELECT_ALL_LABEL } : key === ROW_KEY_CREATE ? create : byKey.get(key);
    if (!option) return <Fragment key={key} />;
    const checked = key === SELECT_ALL_VALUE ? allSelected : selectedKeys.includes(key);
    return (
      <ComboboxOption key={key} value={key} disabled={option.disabled} className={OPTION_CLASS}>
        <span aria-hidden="true" className={`inline-block size-3.5 shrink-0 rounded-sm border ${checked ? 'border-brand-600 bg-brand-600' : 'border-slate-400'}`} />
        {key !== SELECT_ALL_VALUE && renderPrefix?.(option)}
        <span className={`truncate ${key === SELECT_ALL_VALUE ? 'font-medium' : ''}`}>{option.label}</span>
      </ComboboxOption>
    );
  };

  const shown = value.slice(0, MAX_TAGS_SHOWN);
  return (
    <Combobox<string, true>
      multiple
      value={selectedKeys}
      onChange={change}
      onClose={() => setQuery('')}
      disabled={disabled}
      immediate
      virtual={windowed ? { options: rowKeys, disabled: (key) => Boolean(byKey.get(key)?.disabled) } : null}
    >
      <div className={FIELD_CLASS}>
        {shown.map((v) => {
          const label = byKey.get(optionKey(v))?.label ?? String(v);
          return (
            <span key={optionKey(v)} className="inline-flex max-w-full items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
              <span className="truncate">{label}</span>
              <button type="button" aria-label={`Remove ${label}`} disabled={disabled} className="text-slate-500 hover:text-slate-900 dark:hover:text-white"
                onClick={() => onChange(value.filter((x) => optionKey(x) !== optionKey(v)))}>
                <Icon name="close" />
              </button>
            </span>
          );
        })}
        {value.length > MAX_TAGS_SHOWN && <span className="text-xs text-slate-600 dark:text-slate-300">+{value.length - MAX_TAGS_SHOWN}</span>}
        <ComboboxInput
          id={id}
          aria-label={ariaLabel}
          ref={inputRef}
          aria-invalid={invalid || undefined}
          placeholder={value.length ? undefined : (placeholder ?? 'Select…')}
          className="min-w-16 flex-1 bg-transparent py-1 outline-none"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onPaste={onPaste}
          autoComplete="off"
        />
        <ComboboxButton aria-label="Show options" className="rounded p-1 text-slate-500">
          <Icon name="chevron-down" />
        </ComboboxButton>
      </div>
      <ComboboxOptions anchor="bottom start" className={MENU_CLASS}>
        {windowed ? ({ option }: { option: string }) => row(option) : rowKeys.map(row)}
      </ComboboxOptions>
    </Combobox>
  );
}
