import { describe, expect, it } from 'vitest';
import {
  choicesToOptions,
  filterOptions,
  freeFormValue,
  isAllSelected,
  optionKey,
  pasteIntoSelection,
  SELECT_ALL_VALUE,
  shouldWindow,
  showSelectAll,
  splitPastedValues,
  toggleOption,
  withCurrentValues,
  type SelectOption,
} from './select-options';

const fruit: SelectOption[] = [
  { value: 'apple', label: 'Apple' },
  { value: 'banana', label: 'Yellow Banana' },
  { value: 'cherry', label: 'Cherry', disabled: true },
  { value: 'date', label: 'Date' },
];

describe('splitPastedValues', () => {
  it('splits on comma, CRLF, newline, tab and semicolon', () => {
    expect(splitPastedValues('a,b\r\nc\nd\te;f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('trims, drops empties and duplicates, keeps first-seen order', () => {
    expect(splitPastedValues(' b , a,,b;\n ;a\t c ')).toEqual(['b', 'a', 'c']);
    expect(splitPastedValues(' ;, \r\n')).toEqual([]);
  });
});

describe('filterOptions', () => {
  it('matches the trimmed search case-insensitively on label and on value', () => {
    expect(filterOptions(fruit, '  yellow ').map((o) => o.value)).toEqual(['banana']);
    expect(filterOptions(fruit, 'BANANA').map((o) => o.value)).toEqual(['banana']);
    expect(filterOptions(fruit, 'a').map((o) => o.value)).toEqual(['apple', 'banana', 'date']);
  });

  it('matches numeric values as text and keeps everything for an empty search', () => {
    const limits = choicesToOptions([[10, '10'], [100, 'one hundred']]);
    expect(filterOptions(limits, '100').map((o) => o.value)).toEqual([100]);
    expect(filterOptions(fruit, '   ')).toHaveLength(4);
  });
});

describe('pasteIntoSelection', () => {
  it('adds the options the pasted values name, by value or label, once', () => {
    expect(pasteIntoSelection(['apple'], 'APPLE, Yellow banana;date\ndate', fruit, false)).toEqual(['apple', 'banana', 'date']);
  });

  it('adds unknown values only when new options are allowed, and never disabled ones', () => {
    expect(pasteIntoSelection([], 'kiwi,apple,cherry', fruit, false)).toEqual(['apple']);
    expect(pasteIntoSelection([], 'kiwi,apple,cherry', fruit, true)).toEqual(['kiwi', 'apple']);
  });

  it('stores typed numbers as numbers when every choice is a number', () => {
    const limits = choicesToOptions([[10, '10'], [50, '50']]);
    expect(pasteIntoSelection([10], '10\t25', limits, true)).toEqual([10, 25]);
  });
});

describe('Select All', () => {
  it('is offered for a multi-select with more than one enabled option and no search', () => {
    expect(showSelectAll(fruit, '', true)).toBe(true);
    expect(showSelectAll(fruit, 'ap', true)).toBe(false);
    expect(showSelectAll(fruit, '', false)).toBe(false);
    expect(showSelectAll(fruit.slice(0, 1), '', true)).toBe(false);
  });

  it('selects every non-disabled option, keeping what was selected', () => {
    const all = toggleOption(['date'], SELECT_ALL_VALUE, fruit);
    expect(all).toEqual(['date', 'apple', 'banana']);
    expect(isAllSelected(all, fruit)).toBe(true);
  });

  it('unchecking one option removes it and leaves Select All unchecked', () => {
    const all = toggleOption([], SELECT_ALL_VALUE, fruit);
    const less = toggleOption(all, 'banana', fruit);
    expect(less).toEqual(['apple', 'date']);
    expect(isAllSelected(less, fruit)).toBe(false);
  });

  it('clears the enabled options when all were selected', () => {
    expect(toggleOption(['apple', 'banana', 'date', 'cherry'], SELECT_ALL_VALUE, fruit)).toEqual(['cherry']);
  });
});

describe('values and keys', () => {
  it('keeps 10 and "10" apart and null as its own key', () => {
    expect(optionKey(10)).not.toBe(optionKey('10'));
    expect(optionKey(null)).toBe('null');
  });

  it('turns typed text into a number only when the choices are numbers', () => {
    const limits = choicesToOptions([[null, 'None'], [10, '10']]);
    expect(freeFormValue(' 250 ', limits)).toBe(250);
    expect(freeFormValue('abc', limits)).toBe('abc');
    expect(freeFormValue('250', fruit)).toBe('250');
  });

  it('adds current values missing from the choices so they show as themselves', () => {
    const options = withCurrentValues(fruit, ['apple', 'kiwi', null]);
    expect(options.map((o) => o.value)).toEqual(['apple', 'banana', 'cherry', 'date', 'kiwi']);
    expect(withCurrentValues(fruit, ['apple'])).toBe(fruit);
  });
});

describe('shouldWindow', () => {
  it('windows the list above 100 options', () => {
    expect(shouldWindow(100)).toBe(false);
    expect(shouldWindow(101)).toBe(true);
  });
});
