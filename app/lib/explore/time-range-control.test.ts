import { describe, expect, it } from 'vitest';
import {
  advancedSides,
  clampGrainValue,
  controlLabel,
  decodeCustomRange,
  defaultCustomRange,
  encodeCustomRange,
  formatActualRange,
  guessFrame,
  NO_TIME_RANGE,
  normalizeDatetime,
  timeRangeLookupUrl,
  valueForFrame,
} from './time-range-control';

// Local wall time: todayMidnight reads the local date, whatever the process zone.
const now = new Date(2024, 2, 6, 15, 30, 0);

describe('guessFrame', () => {
  it('opens common ranges in Last, calendar ranges in Previous and the no-filter value in No filter', () => {
    expect(guessFrame('Last week', now)).toBe('Common');
    expect(guessFrame('Last quarter', now)).toBe('Common');
    expect(guessFrame('previous calendar month', now)).toBe('Calendar');
    expect(guessFrame(NO_TIME_RANGE, now)).toBe('No filter');
    expect(guessFrame(undefined, now)).toBe('No filter');
  });

  it('opens what the custom frame can show in Custom and anything else in Advanced', () => {
    expect(guessFrame('2024-01-01T00:00:00 : now', now)).toBe('Custom');
    expect(guessFrame('DATEADD(DATETIME("now"), -7, day) : now', now)).toBe('Custom');
    expect(guessFrame('DATEADD(DATETIME("now"), -7, day) : today', now)).toBe('Advanced');
    expect(guessFrame('Last 7 days', now)).toBe('Advanced');
    expect(guessFrame('2024-01-01 : 2024-02-01', now)).toBe('Advanced');
    expect(guessFrame('today : ', now)).toBe('Advanced');
  });
});

describe('encodeCustomRange and decodeCustomRange', () => {
  it('encodes the default as 7 days back to today midnight', () => {
    expect(encodeCustomRange(defaultCustomRange(now))).toBe('DATEADD(DATETIME("2024-03-06T00:00:00"), -7, day) : 2024-03-06T00:00:00');
  });

  it('encodes specific and constant sides as written, seconds added to whole minutes', () => {
    const range = { ...defaultCustomRange(now), sinceMode: 'specific' as const, sinceDatetime: '2024-01-01T10:30', untilMode: 'now' as const };
    expect(encodeCustomRange(range)).toBe('2024-01-01T10:30:00 : now');
    expect(encodeCustomRange({ ...range, untilMode: 'today' })).toBe('2024-01-01T10:30:00 : today');
  });

  it('counts a relative end forward from the start, and a relative start back from the end', () => {
    const base = defaultCustomRange(now);
    expect(encodeCustomRange({ ...base, sinceMode: 'now', untilMode: 'relative', untilGrain: 'month', untilGrainValue: 2 })).toBe('now : DATEADD(DATETIME("now"), 2, month)');
    expect(encodeCustomRange({ ...base, sinceGrainValue: 3, sinceGrain: 'week', untilMode: 'today' })).toBe('DATEADD(DATETIME("today"), -3, week) : today');
  });

  it('anchors two relative sides on now or a date', () => {
    const both = { ...defaultCustomRange(now), untilMode: 'relative' as const, sinceGrainValue: 1, untilGrainValue: 2, untilGrain: 'year' as const };
    expect(encodeCustomRange(both)).toBe('DATEADD(DATETIME("now"), -1, day) : DATEADD(DATETIME("now"), 2, year)');
    expect(encodeCustomRange({ ...both, anchorMode: 'specific', anchorValue: '2020-05-01T00:00:00' })).toBe(
      'DATEADD(DATETIME("2020-05-01T00:00:00"), -1, day) : DATEADD(DATETIME("2020-05-01T00:00:00"), 2, year)',
    );
  });

  it('keeps relative quantities whole and at least 1', () => {
    expect(clampGrainValue(0)).toBe(1);
    expect(clampGrainValue(-4)).toBe(4);
    expect(clampGrainValue(2.7)).toBe(2);
    expect(clampGrainValue(Number.NaN)).toBe(1);
    expect(encodeCustomRange({ ...defaultCustomRange(now), sinceGrainValue: 0 })).toContain(', -1, day)');
  });

  it('decodes what it encodes', () => {
    const cases = [
      '2024-01-01T00:00:00 : 2024-02-01T00:00:00',
      'now : DATEADD(DATETIME("now"), 2, month)',
      'DATEADD(DATETIME("today"), -3, week) : today',
      'DATEADD(DATETIME("2020-05-01T00:00:00"), -1, day) : DATEADD(DATETIME("2020-05-01T00:00:00"), 2, year)',
    ];
    for (const text of cases) {
      const { range, matched } = decodeCustomRange(text, now);
      expect(matched).toBe(true);
      expect(encodeCustomRange(range)).toBe(text);
    }
  });

  it('reads the modes and the anchor', () => {
    const { range } = decodeCustomRange('DATEADD(DATETIME("2020-05-01T00:00:00"), -1, day) : DATEADD(DATETIME("2020-05-01T00:00:00"), 2, year)', now);
    expect(range).toMatchObject({ sinceMode: 'relative', untilMode: 'relative', anchorMode: 'specific', anchorValue: '2020-05-01T00:00:00', untilGrain: 'year' });
    expect(decodeCustomRange('today : now', now).range).toMatchObject({ sinceMode: 'today', untilMode: 'now' });
  });

  it('does not match text the custom frame cannot show', () => {
    expect(decodeCustomRange('Last week', now).matched).toBe(false);
    expect(decodeCustomRange('DATEADD(DATETIME("now"), -7, day) : 2024-01-01T00:00:00', now).matched).toBe(false);
  });
});

describe('valueForFrame', () => {
  it('coerces values that do not fit Last and Previous to their defaults', () => {
    expect(valueForFrame('Common', 'previous calendar week', now)).toBe('Last day');
    expect(valueForFrame('Common', 'Last year', now)).toBe('Last year');
    expect(valueForFrame('Calendar', 'Last year', now)).toBe('previous calendar week');
    expect(valueForFrame('No filter', 'Last year', now)).toBe(NO_TIME_RANGE);
  });

  it('gives Custom the default range unless the value is already custom', () => {
    expect(valueForFrame('Custom', 'Last week', now)).toBe('DATEADD(DATETIME("2024-03-06T00:00:00"), -7, day) : 2024-03-06T00:00:00');
    expect(valueForFrame('Custom', 'today : now', now)).toBe('today : now');
  });

  it('gives Advanced two sides, keeping Last and Next phrases on their side', () => {
    expect(valueForFrame('Advanced', 'Last week', now)).toBe('Last week : ');
    expect(valueForFrame('Advanced', NO_TIME_RANGE, now)).toBe(' : ');
    expect(advancedSides('Next 3 days')).toEqual(['', 'Next 3 days']);
    expect(advancedSides('DATEADD(DATETIME("now"), -7, day) : today')).toEqual(['DATEADD(DATETIME("now"), -7, day)', 'today']);
  });
});

describe('labels and lookup', () => {
  it('formats the actual range, dropping midnight and showing open sides as infinity', () => {
    expect(formatActualRange('2024-01-01T00:00:00', '2024-01-08T12:00:00')).toBe('2024-01-01 ≤ col < 2024-01-08T12:00:00');
    expect(formatActualRange('', '')).toBe('-∞ ≤ col < ∞');
  });

  it('labels named ranges by their words and custom ones by their dates once known', () => {
    expect(controlLabel('Last week', '2024-02-28 ≤ col < 2024-03-06', now)).toBe('Last week');
    expect(controlLabel(undefined, null, now)).toBe('No filter');
    expect(controlLabel('today : now', '2024-03-06 ≤ col < 2024-03-06T15:30:00', now)).toBe('2024-03-06 ≤ col < 2024-03-06T15:30:00');
    expect(controlLabel('today : now', null, now)).toBe('today : now');
  });

  it('asks the time range endpoint with the range as rison', () => {
    expect(timeRangeLookupUrl('Last week')).toBe("/api/v1/time_range/?q='Last%20week'");
    expect(timeRangeLookupUrl('today : now')).toBe("/api/v1/time_range/?q='today%20:%20now'");
  });

  it('normalises whole-minute datetimes', () => {
    expect(normalizeDatetime('2024-01-01T10:30')).toBe('2024-01-01T10:30:00');
    expect(normalizeDatetime('2024-01-01T10:30:05')).toBe('2024-01-01T10:30:05');
  });
});
