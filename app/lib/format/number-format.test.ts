import { describe, expect, test } from 'vitest';
import { D3_FORMAT_OPTIONS, formatNumber, getNumberFormatter, getPercentFormatter, NumberFormats } from './number-format';

// Expectations are Superset's outputs (checked against @superset-ui/core's own formatters).
describe('SMART_NUMBER (the default)', () => {
  test.each([
    [0, '0'],
    [0.0001234, '123µ'],
    [-0.0001234, '-123µ'],
    [0.5, '0.5'],
    [0.123456, '0.1235'],
    [12.345, '12.35'],
    [100, '100'],
    [999.999, '1000'],
    [1000, '1k'],
    [1234, '1.23k'],
    [1234567, '1.23M'],
    [-5e9, '-5B'],
    [5e12, '5T'],
    [1e-7, '100n'],
  ])('%s → %s', (value, text) => {
    expect(formatNumber('SMART_NUMBER', value)).toBe(text);
  });

  test('is used for a missing or empty format', () => {
    expect(formatNumber(undefined, 1234)).toBe('1.23k');
    expect(formatNumber('', 1234)).toBe('1.23k');
    expect(getNumberFormatter(null).id).toBe('SMART_NUMBER');
  });

  test('missing values print as Superset prints them, infinities as ∞', () => {
    expect(formatNumber(undefined, null)).toBe('null');
    expect(formatNumber(undefined, undefined)).toBe('undefined');
    expect(formatNumber(',d', Number.NaN)).toBe('NaN');
    expect(formatNumber(',d', Infinity)).toBe('∞');
    expect(formatNumber(',d', -Infinity)).toBe('-∞');
  });

  test('SMART_NUMBER_SIGNED puts + before positive values only', () => {
    expect(formatNumber('SMART_NUMBER_SIGNED', 1234)).toBe('+1.23k');
    expect(formatNumber('SMART_NUMBER_SIGNED', -1234)).toBe('-1.23k');
    expect(formatNumber('SMART_NUMBER_SIGNED', 0)).toBe('0');
  });
});

describe('the Y axis d3 formats', () => {
  const v = 12345.432;
  test.each([
    [',d', '12,345'],
    ['.1s', '10k'],
    ['.3s', '12.3k'],
    [',.1%', '1,234,543.2%'],
    ['.2%', '1234543.20%'],
    ['.3%', '1234543.200%'],
    ['.4r', '12350'],
    [',.1f', '12,345.4'],
    [',.2f', '12,345.43'],
    [',.3f', '12,345.432'],
    // Superset aliases '+,' to signed integers.
    ['+,', '+12,345'],
    ['$,.2f', '$12,345.43'],
    ['~g', '12345.4'],
  ])('%s', (format, text) => {
    expect(formatNumber(format, v)).toBe(text);
  });

  test('negative numbers use a hyphen, as Superset’s d3-format 1', () => {
    expect(formatNumber(',d', -1234)).toBe('-1,234');
  });

  test('format ids are trimmed and legacy typos are aliased', () => {
    expect(formatNumber(' ,d ', 1234.5)).toBe('1,235');
    expect(formatNumber('.r', 3.14159)).toBe('3.1416');
    expect(formatNumber('%', 0.256)).toBe('26%');
    expect(formatNumber('int', 1234.4)).toBe('1,234');
  });

  test('an invalid specifier says so instead of throwing', () => {
    const f = getNumberFormatter('abc%%');
    expect(f.isInvalid).toBe(true);
    expect(f(12)).toBe('12 (Invalid format: abc%%)');
  });
});

describe('durations and memory', () => {
  test('the labels of the format select hold', () => {
    expect(formatNumber('DURATION', 66000)).toBe('1m 6s');
    expect(formatNumber('DURATION_SUB', 1.40008)).toBe('1ms 400µs 80ns');
    expect(formatNumber('DURATION_COL', 10500)).toBe('0:10.5');
    expect(formatNumber('MEMORY_DECIMAL', 1024)).toBe('1.02kB');
    expect(formatNumber('MEMORY_BINARY', 1024)).toBe('1KiB');
  });

  test.each([
    [0, '0ms', '0ms', '0:00'],
    [0.4, '1ms', '400µs', '0:00'],
    [999, '999ms', '999ms', '0:00.9'],
    [1337, '1.3s', '1s 337ms', '0:01.3'],
    [90000, '1m 30s', '1m 30s', '1:30'],
    [3661001, '1h 1m 1s', '1h 1m 1s 1ms', '1:01:01'],
    [90061001, '1d 1h 1m 1s', '1d 1h 1m 1s 1ms', '1:01:01:01'],
    [-66000, '-1m 6s', '-1m 6s', '-1:06'],
  ])('%s ms', (value, plain, sub, col) => {
    expect(formatNumber('DURATION', value)).toBe(plain);
    expect(formatNumber('DURATION_SUB', value)).toBe(sub);
    expect(formatNumber('DURATION_COL', value)).toBe(col);
  });
});

test('formatters are memoised', () => {
  expect(getNumberFormatter(',.2f')).toBe(getNumberFormatter(',.2f'));
  expect(getNumberFormatter()).toBe(getNumberFormatter(NumberFormats.SMART_NUMBER));
});

test('the select offers the spec’s choices in Superset’s order', () => {
  expect(D3_FORMAT_OPTIONS.map(([v]) => v)).toEqual([
    'SMART_NUMBER', '~g', ',d', '.1s', '.3s', ',.1%', '.2%', '.3%', '.4r', ',.1f', ',.2f', ',.3f', '+,', '$,.2f',
    'DURATION', 'DURATION_SUB', 'DURATION_COL', 'MEMORY_DECIMAL', 'MEMORY_BINARY',
  ]);
  expect(D3_FORMAT_OPTIONS[2][1]).toBe(',d (12345.432 => 12,345)');
});

test('percent formatter of the echarts charts', () => {
  expect(getPercentFormatter(undefined)(0.256)).toBe('26%');
  expect(getPercentFormatter('SMART_NUMBER')(0.256)).toBe('26%');
  expect(getPercentFormatter('.1%')(0.256)).toBe('25.6%');
});
