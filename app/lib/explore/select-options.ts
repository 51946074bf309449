/**
 * The rules of Explore's select boxes (spec explore.md sections 4, 5 and 9), kept pure so the
 * select component stays a thin view over them: option search, paste splitting, 'Select All',
 * free-form values and the windowed list above 100 options.
 */

/** A value a select can hold: Superset's choices are strings, numbers, booleans or null ('None'). */
export type OptionValue = string | number | boolean | null;

export interface SelectOption {
  value: OptionValue;
  label: string;
  disabled?: boolean;
}

/** The special value of the 'Select All' row of a multi-select (never stored in form data). */
export const SELECT_ALL_VALUE = '__select_all__';
export const SELECT_ALL_LABEL = 'Select All';

/** Above this many options only a window of them is rendered (spec section 9). */
export const WINDOW_THRESHOLD = 100;
export const MAX_TAGS_SHOWN = 4;

/** Paste separators: comma, CRLF, newline, tab, semicolon. */
export const PASTE_SEPARATORS = [',', '\r\n', '\n', '\t', ';'] as const;
const SEPARATOR_PATTERN = /\r\n|[,\n\t;]/;

/** A stable string for a value (option keys, native select values): 10 and '10' stay apart. */
export function optionKey(value: OptionValue): string {
  return JSON.stringify(value);
}

/** Choices ([value, label] pairs, as control configs give them) as options. */
export function choicesToOptions(choices: readonly (readonly [OptionValue, string])[]): SelectOption[] {
  return choices.map(([value, label]) => ({ value, label }));
}

/**
 * The options to offer: the choices, then any current value not among them (a free-form value
 * typed earlier, or a saved chart's value), so what is selected is always shown as itself.
 */
export function withCurrentValues(options: SelectOption[], values: readonly OptionValue[]): SelectOption[] {
  const known = new Set(options.map((o) => optionKey(o.value)));
  const extra: SelectOption[] = [];
  for (const value of values) {
    const key = optionKey(value);
    if (value === null || value === undefined || known.has(key)) continue;
    known.add(key);
    extra.push({ value, label: String(value) });
  }
  return extra.length ? [...options, ...extra] : options;
}

/** Does the option match the search text? Trimmed, case-insensitive, on label and value. */
export function optionMatches(option: SelectOption, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return option.label.toLowerCase().includes(needle) || String(option.value).toLowerCase().includes(needle);
}

export function filterOptions(options: readonly SelectOption[], search: string): SelectOption[] {
  return options.filter((o) => optionMatches(o, search));
}

/** The pasted text's values: split on the separators, trimmed, without empties or duplicates. */
export function splitPastedValues(text: string): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const part of text.split(SEPARATOR_PATTERN)) {
    const value = part.trim();
    if (!value || seen.has(value)) continue;
    seen.add(value);
    values.push(value);
  }
  return values;
}

export function hasPasteSeparator(text: string): boolean {
  return SEPARATOR_PATTERN.test(text);
}

/**
 * A typed value as the select stores it: when every choice is a number (row limit, series limit),
 * a typed number is stored as a number, so it matches the choice and the chart gets a number;
 * anything else stays the text typed (the control's validators say what is wrong with it).
 */
export function freeFormValue(text: string, options: readonly SelectOption[]): OptionValue {
  const trimmed = text.trim();
  const numeric = options.length > 0 && options.every((o) => typeof o.value === 'number' || o.value === null);
  if (numeric && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return trimmed;
}

/** The option a typed or pasted text names: its value or its label, case-insensitively. */
export function findOption(options: readonly SelectOption[], text: string): SelectOption | undefined {
  const needle = text.trim().toLowerCase();
  return options.find((o) => String(o.value).toLowerCase() === needle || o.label.toLowerCase() === needle);
}

/**
 * The selection after a paste into a multi-select: each pasted value that names an option adds
 * it; one that names none is added only when new options are allowed (free form). Values already
 * selected are not added twice.
 */
export function pasteIntoSelection(current: readonly OptionValue[], text: string, options: readonly SelectOption[], allowNew: boolean): OptionValue[] {
  const next = [...current];
  const keys = new Set(current.map(optionKey));
  for (const token of splitPastedValues(text)) {
    const option = findOption(options, token);
    if (option?.disabled) continue;
    const value = option ? option.value : allowNew ? freeFormValue(token, options) : undefined;
    if (value === undefined) continue;
    const key = optionKey(value);
    if (keys.has(key)) continue;
    keys.add(key);
    next.push(value);
  }
  return next;
}

const enabled = (options: readonly SelectOption[]) => options.filter((o) => !o.disabled);

/** 'Select All' is offered in a multi-select with more than one enabled option and no search typed. */
export function showSelectAll(options: readonly SelectOption[], search: string, multi: boolean): boolean {
  return multi && !search.trim() && enabled(options).length > 1;
}

/** Every enabled option is selected. */
export function isAllSelected(current: readonly OptionValue[], options: readonly SelectOption[]): boolean {
  const keys = new Set(current.map(optionKey));
  const selectable = enabled(options);
  return selectable.length > 0 && selectable.every((o) => keys.has(optionKey(o.value)));
}

/**
 * Toggling one row of a multi-select. 'Select All' selects every enabled option (keeping what was
 * selected), or, when all are selected already, clears the enabled ones (a disabled option that
 * was selected stays: the user could not pick it). Any other row is added or removed; removing one
 * while all were selected leaves 'Select All' unchecked, as it then reports isAllSelected.
 */
export function toggleOption(current: readonly OptionValue[], value: OptionValue | typeof SELECT_ALL_VALUE, options: readonly SelectOption[]): OptionValue[] {
  if (value === SELECT_ALL_VALUE) {
    if (isAllSelected(current, options)) {
      const enabledKeys = new Set(enabled(options).map((o) => optionKey(o.value)));
      return current.filter((v) => !enabledKeys.has(optionKey(v)));
    }
    const keys = new Set(current.map(optionKey));
    return [...current, ...enabled(options).filter((o) => !keys.has(optionKey(o.value))).map((o) => o.value)];
  }
  const key = optionKey(value);
  return current.some((v) => optionKey(v) === key) ? current.filter((v) => optionKey(v) !== key) : [...current, value];
}

/**
 * Above WINDOW_THRESHOLD options the list is windowed: only the rows in view render (the select
 * hands the options to Headless UI's virtual list; rows are 30 px high, the menu 220 px at most).
 */
export function shouldWindow(count: number): boolean {
  return count > WINDOW_THRESHOLD;
}
