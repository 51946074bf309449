import { describe, expect, it } from 'vitest';
import { calendarDateText, wallClockText } from './dates';

// The same literals under three process time zones: tests/integration/dialects-time-zones.test.ts
// (a child process per TZ, which app/lib may not spawn).

describe('calendarDateText', () => {
  it('is the UTC calendar day of a Date, whatever the local zone', () => {
    // 23:30 UTC is already the next day east of UTC and still the same day west of it.
    expect(calendarDateText(new Date(Date.UTC(2024, 2, 6, 23, 30)))).toBe('2024-03-06');
    expect(calendarDateText(new Date(Date.UTC(2024, 2, 7, 0, 15)))).toBe('2024-03-07');
    expect(calendarDateText(new Date('0099-12-31T00:00:00Z'))).toBe('0099-12-31');
  });

  it('checks date text', () => {
    expect(calendarDateText('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '0000-01-01', '2024-3-6', '2024-03-06 00:00', "2024-03-06'", '']) {
      expect(() => calendarDateText(bad), bad).toThrow(RangeError);
    }
  });

  it('refuses Dates no SQL date can hold', () => {
    expect(() => calendarDateText(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => calendarDateText(new Date(Date.UTC(10000, 0, 1)))).toThrow(RangeError);
  });
});

describe('wallClockText', () => {
  it('is the UTC wall clock of a Date, milliseconds only when there are some', () => {
    expect(wallClockText(new Date(Date.UTC(2024, 2, 6, 13, 47, 31)))).toBe('2024-03-06 13:47:31');
    expect(wallClockText(new Date(Date.UTC(2024, 2, 6, 13, 47, 31, 5)))).toBe('2024-03-06 13:47:31.005');
    expect(wallClockText(new Date(0))).toBe('1970-01-01 00:00:00');
  });

  it('normalises and checks timestamp text', () => {
    expect(wallClockText('2024-03-06T13:47:31Z')).toBe('2024-03-06 13:47:31');
    expect(wallClockText('2024-03-06 13:47')).toBe('2024-03-06 13:47:00');
    expect(wallClockText('2024-03-06')).toBe('2024-03-06 00:00:00');
    expect(wallClockText('2024-03-06 13:47:31.123456')).toBe('2024-03-06 13:47:31.123456');
    for (const bad of ['2024-03-06 24:00:00', '2024-03-06 12:60', '2024-03-06T13:47:31+01:00', '2024-02-30 00:00', '2024-03-06 13:47:31.1234567', 'now']) {
      expect(() => wallClockText(bad), bad).toThrow(RangeError);
    }
  });
});
