import { describe, expect, test } from 'vitest';
import {
  D3_TIME_FORMAT_OPTIONS,
  formatTime,
  formatTimeRange,
  getTimeFormatter,
  getTimeFormatterForGranularity,
  getTooltipTimeFormatter,
  getXAxisFormatter,
  timeRangeFromGranularity,
} from './time-format';

// Expectations are Superset's outputs (checked against @superset-ui/core's own formatters).
// Formats are UTC, so these hold whatever TZ the tests run under.
const t = (...parts: [number, number, number?, number?, number?, number?, number?]) => Date.UTC(...parts);
const sample = t(2019, 0, 14, 1, 32, 10);

describe('the spec’s time format choices', () => {
  test.each([
    ['%d/%m/%Y', '14/01/2019'],
    ['%m/%d/%Y', '01/14/2019'],
    ['%Y-%m-%d', '2019-01-14'],
    ['%Y-%m-%d %H:%M:%S', '2019-01-14 01:32:10'],
    ['%d-%m-%Y %H:%M:%S', '14-01-2019 01:32:10'],
    ['%H:%M:%S', '01:32:10'],
  ])('%s', (format, text) => {
    expect(formatTime(format, sample)).toBe(text);
    expect(formatTime(format, new Date(sample))).toBe(text);
  });

  test('the select lists them after Adaptive formatting', () => {
    expect(D3_TIME_FORMAT_OPTIONS.map(([v]) => v)).toEqual([
      'smart_date', '%d/%m/%Y', '%m/%d/%Y', '%Y-%m-%d', '%Y-%m-%d %H:%M:%S', '%d-%m-%Y %H:%M:%S', '%H:%M:%S',
    ]);
  });

  test('missing values print as Superset prints them', () => {
    expect(formatTime('%Y', null)).toBe('null');
    expect(formatTime('%Y', undefined)).toBe('undefined');
  });
});

describe('adaptive formatting (smart_date, the default)', () => {
  test.each([
    [t(2020, 0, 1), '2020'],
    [t(2020, 1, 1), 'February'],
    [t(2020, 1, 9), 'Feb 09'], // a Sunday: first day of its week
    [t(2020, 1, 4), 'Tue 04'],
    [t(2020, 1, 3, 18), '06 PM'],
    [t(2020, 1, 3, 18, 30), '06:30'],
    [t(2020, 1, 3, 18, 30, 15), ':15s'],
    [t(2020, 1, 3, 18, 30, 15, 250), '.250ms'],
  ])('%s', (value, text) => {
    expect(formatTime('smart_date', value)).toBe(text);
    expect(formatTime(undefined, value)).toBe(text);
  });

  test('detailed (tooltips) and verbose forms', () => {
    expect(getTooltipTimeFormatter('smart_date')(t(2020, 1, 3, 18, 30))).toBe('2020-02-03 18:30');
    expect(getTooltipTimeFormatter('smart_date')(t(2020, 1, 1))).toBe('2020-02-01');
    expect(getTooltipTimeFormatter(undefined)(5)).toBe('5');
    expect(formatTime('smart_date_verbose', t(2020, 1, 3, 18, 30))).toBe('Mon Feb 03, 06:30 PM');
    expect(getXAxisFormatter('smart_date')).toBeUndefined();
    expect(getXAxisFormatter('%Y')?.(t(2020, 1, 3))).toBe('2020');
  });
});

describe('by time grain', () => {
  const feb3 = t(2020, 1, 3, 18, 0);
  test.each([
    ['PT1S', t(2020, 1, 3, 18, 30, 15), '2020-02-03 18:30:15'],
    ['PT1M', t(2020, 1, 3, 18, 30), '2020-02-03 18:30'],
    ['PT5M', t(2020, 1, 3, 18, 30), '2020-02-03 18:30 — 2020-02-03 18:34'],
    ['PT1H', feb3, '2020-02-03 18:00'],
    ['PT6H', feb3, '2020-02-03 18:00 — 2020-02-03 23:00'],
    ['P1D', t(2020, 1, 3), '2020-02-03'],
    ['P1W', t(2020, 1, 3), '2020-02-03 — 2020-02-09'],
    ['P1M', t(2020, 1, 1), 'Feb 2020'],
    ['P3M', t(2008, 0, 1), '2008 Q1'],
    ['P3M', t(2008, 9, 1), '2008 Q4'],
    ['P1Y', t(2008, 0, 1), '2008'],
    // Weeks ending on Saturday are stamped with that Saturday.
    ['P1W/1970-01-03T00:00:00Z', t(2020, 1, 8), '2020-02-02 — 2020-02-08'],
  ])('%s', (grain, value, text) => {
    expect(formatTime(undefined, value, grain)).toBe(text);
    expect(getTimeFormatterForGranularity(grain)(value)).toBe(text);
  });

  test('a chart’s own format wins over the grain’s', () => {
    expect(formatTime('%Y-%m-%d', t(2020, 1, 1), 'P1M')).toBe('2020-02-01 — 2020-02-29');
    expect(formatTime('%Y', t(2020, 1, 1), 'P1M')).toBe('2020');
  });

  test('bucket ends', () => {
    const [start, end] = timeRangeFromGranularity(new Date(t(2020, 1, 1)), 'P1M');
    expect(start.toISOString()).toBe('2020-02-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2020-02-29T23:59:59.999Z');
    expect(timeRangeFromGranularity(new Date(t(2020, 10, 1)), 'P3M')[1].toISOString()).toBe('2020-12-31T23:59:59.999Z');
    expect(formatTimeRange('%Y-%m-%d', [t(2020, 0, 1), t(2020, 0, 1, 12)])).toBe('2020-01-01');
  });
});

test('formatters are memoised', () => {
  expect(getTimeFormatter('%Y')).toBe(getTimeFormatter('%Y'));
  expect(getTimeFormatter()).toBe(getTimeFormatter('smart_date'));
});
