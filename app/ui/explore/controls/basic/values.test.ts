import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIXED_VALUE,
  fixedOrMetricSummary,
  fixedOrMetricValue,
  INTEGER_MESSAGE,
  NUMBER_MESSAGE,
  pairFromTexts,
  parseColorText,
  parseNumericText,
  parseOpacity,
  readColor,
  readFixedOrMetric,
  textsFromPair,
} from './values';

describe('parseNumericText (TextControl isInt / isFloat)', () => {
  it('emits integers for isInt and says when the text is not one', () => {
    expect(parseNumericText('42', 'int')).toEqual({ value: 42, error: null });
    expect(parseNumericText(' 7 ', 'int')).toEqual({ value: 7, error: null });
    expect(parseNumericText('4.5', 'int')).toEqual({ value: '4.5', error: INTEGER_MESSAGE });
    expect(parseNumericText('abc', 'int')).toEqual({ value: 'abc', error: INTEGER_MESSAGE });
  });

  it('emits numbers for isFloat while the text keeps a trailing dot or zero', () => {
    // The control shows the text typed; the form data gets the number it means.
    expect(parseNumericText('1.', 'float')).toEqual({ value: 1, error: null });
    expect(parseNumericText('1.50', 'float')).toEqual({ value: 1.5, error: null });
    expect(parseNumericText('-0.25', 'float')).toEqual({ value: -0.25, error: null });
    expect(parseNumericText('1.2.3', 'float')).toEqual({ value: '1.2.3', error: NUMBER_MESSAGE });
  });

  it('treats empty text as no value, without an error', () => {
    expect(parseNumericText('', 'int')).toEqual({ value: null, error: null });
    expect(parseNumericText('  ', 'float')).toEqual({ value: null, error: null });
  });
});

describe('bounds and numeric range', () => {
  it('turns empty or non-numeric ends into null', () => {
    expect(pairFromTexts('', '10')).toEqual([null, 10]);
    expect(pairFromTexts('abc', '2.5')).toEqual([null, 2.5]);
    expect(pairFromTexts('-1', ' ')).toEqual([-1, null]);
  });

  it('shows a stored pair as texts, null as empty', () => {
    expect(textsFromPair([null, 3])).toEqual(['', '3']);
    expect(textsFromPair(undefined)).toEqual(['', '']);
  });
});

describe('fixed or metric', () => {
  it('reads a missing value as fixed 100', () => {
    expect(readFixedOrMetric(undefined)).toEqual({ type: 'fix', value: DEFAULT_FIXED_VALUE });
    expect(readFixedOrMetric({ type: 'metric', value: 'count' })).toEqual({ type: 'metric', value: 'count' });
  });

  it('emits the pair for the chosen type from either value', () => {
    expect(fixedOrMetricValue('fix', '25', 'count')).toEqual({ type: 'fix', value: 25 });
    expect(fixedOrMetricValue('metric', '25', 'count')).toEqual({ type: 'metric', value: 'count' });
    expect(fixedOrMetricValue('metric', '25', undefined)).toEqual({ type: 'metric', value: null });
  });

  it('summarises the choice for the collapsed header', () => {
    expect(fixedOrMetricSummary({ type: 'fix', value: 100 })).toBe('100');
    expect(fixedOrMetricSummary({ type: 'metric', value: { label: 'SUM(num)' } })).toBe('SUM(num)');
    expect(fixedOrMetricSummary({ type: 'metric', value: null })).toBe('N/A');
  });
});

describe('colours', () => {
  it('takes hex of 3 or 6 digits and rgb(), nothing else', () => {
    expect(parseColorText('#abc')).toEqual({ r: 170, g: 187, b: 204 });
    expect(parseColorText('#007A87')).toEqual({ r: 0, g: 122, b: 135 });
    expect(parseColorText('rgb(1, 2, 3)')).toEqual({ r: 1, g: 2, b: 3 });
    expect(parseColorText('#abcd')).toBeNull();
    expect(parseColorText('blue')).toBeNull();
    expect(parseColorText('rgb(300, 0, 0)')).toBeNull();
  });

  it('holds opacity between 0 and 1 and reads a missing colour as the default', () => {
    expect(parseOpacity('1.5')).toBe(1);
    expect(parseOpacity('-1')).toBe(0);
    expect(parseOpacity('x')).toBeNull();
    expect(readColor(undefined)).toEqual({ r: 0, g: 122, b: 135, a: 1 });
  });
});
