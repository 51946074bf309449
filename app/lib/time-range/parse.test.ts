import { describe, expect, it } from 'vitest';
import { TimeRangeError, unexpectedTimeRange } from './errors';
import { parseTimeRange, type TimeRangeOptions } from './parse';

// A Wednesday; "today" is 2024-03-06T00:00:00. Every expectation below is computed by hand.
const now = new Date('2024-03-06T13:47:31Z');
const T = 'T00:00:00';

function range(text: string, options: Partial<TimeRangeOptions> = {}): [string, string] {
  const answer = parseTimeRange(text, { now, ...options });
  return [answer.sinceText, answer.untilText];
}

function failure(text: string, options: Partial<TimeRangeOptions> = {}): TimeRangeError {
  try {
    parseTimeRange(text, { now, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(TimeRangeError);
    return error as TimeRangeError;
  }
  throw new Error(`no error for ${text}`);
}

describe('parseTimeRange shorthands', () => {
  it('No filter is open on both sides', () => {
    expect(parseTimeRange('No filter', { now })).toEqual({ since: null, until: null, sinceText: '', untilText: '' });
  });

  it.each([
    ['Last day', `2024-03-05${T}`, `2024-03-06${T}`],
    ['Last week', `2024-02-28${T}`, `2024-03-06${T}`], // 2024 is a leap year: Feb has 29 days
    ['Last month', `2024-02-06${T}`, `2024-03-06${T}`],
    ['Last quarter', `2023-12-06${T}`, `2024-03-06${T}`],
    ['Last year', `2023-03-06${T}`, `2024-03-06${T}`],
    ['Last 3 days', `2024-03-03${T}`, `2024-03-06${T}`],
    ['Last 3 hours', '2024-03-06T10:47:31', '2024-03-06T13:47:31'], // sub-day units end "now"
    ['Last 5 minutes', '2024-03-06T13:42:31', '2024-03-06T13:47:31'],
    ['Next day', `2024-03-06${T}`, `2024-03-07${T}`],
    ['Next week', `2024-03-06${T}`, `2024-03-13${T}`],
    ['Next month', `2024-03-06${T}`, `2024-04-06${T}`],
    ['Next quarter', `2024-03-06${T}`, `2024-06-06${T}`],
    ['Next year', `2024-03-06${T}`, `2025-03-06${T}`],
    ['Next 2 hours', '2024-03-06T13:47:31', '2024-03-06T15:47:31'],
  ])('%s', (text, since, until) => {
    expect(range(text)).toEqual([since, until]);
  });

  it.each([
    // Last week's Wednesday is Feb 28, whose Monday is Feb 26; this week's Monday is Mar 4.
    ['previous calendar week', `2024-02-26${T}`, `2024-03-04${T}`],
    ['previous calendar month', `2024-02-01${T}`, `2024-03-01${T}`],
    ['previous calendar quarter', `2023-10-01${T}`, `2024-01-01${T}`],
    ['previous calendar year', `2023-01-01${T}`, `2024-01-01${T}`],
    ['Current day', `2024-03-06${T}`, `2024-03-07${T}`],
    ['Current week', `2024-03-04${T}`, `2024-03-11${T}`],
    ['Current month', `2024-03-01${T}`, `2024-04-01${T}`],
    ['Current quarter', `2024-01-01${T}`, `2024-04-01${T}`],
    ['Current year', `2024-01-01${T}`, `2025-01-01${T}`],
    ['first week of this year', `2024-01-01${T}`, `2024-01-08${T}`],
    ['first month of last quarter', `2023-10-01${T}`, `2023-11-01${T}`],
    ['1st quarter of next year', `2025-01-01${T}`, `2025-04-01${T}`],
  ])('%s', (text, since, until) => {
    expect(range(text)).toEqual([since, until]);
  });

  it('previous calendar and current ranges at a year boundary and on a leap day', () => {
    const jan1 = new Date('2025-01-01T08:00:00Z'); // a Wednesday
    expect(range('previous calendar month', { now: jan1 })).toEqual([`2024-12-01${T}`, `2025-01-01${T}`]);
    expect(range('previous calendar quarter', { now: jan1 })).toEqual([`2024-10-01${T}`, `2025-01-01${T}`]);
    expect(range('Current week', { now: jan1 })).toEqual([`2024-12-30${T}`, `2025-01-06${T}`]);
    const leap = new Date('2024-02-29T23:59:59Z');
    expect(range('Last year', { now: leap })).toEqual([`2023-02-28${T}`, `2024-02-29${T}`]);
    expect(range('Next month', { now: leap })).toEqual([`2024-02-29${T}`, `2024-03-29${T}`]);
    expect(range('Current month', { now: leap })).toEqual([`2024-02-01${T}`, `2024-03-01${T}`]);
    const monthEnd = new Date('2024-03-31T12:00:00Z');
    expect(range('Last month', { now: monthEnd })).toEqual([`2024-02-29${T}`, `2024-03-31${T}`]); // clamped
    expect(range('Last quarter', { now: monthEnd })).toEqual([`2023-12-31${T}`, `2024-03-31${T}`]);
    expect(range('Next quarter', { now: monthEnd })).toEqual([`2024-03-31${T}`, `2024-06-30${T}`]);
  });

  it('takes relative_end / relative_start as the open end of Last / Next', () => {
    expect(range('Last week', { relativeEnd: 'now' })).toEqual([`2024-02-28${T}`, '2024-03-06T13:47:31']);
    expect(range('Next week', { relativeStart: 'now' })).toEqual(['2024-03-06T13:47:31', '2024-03-13T13:47:31']);
  });
});

describe('parseTimeRange with an explicit since : until', () => {
  it.each([
    ['DATEADD(DATETIME("today"), -7, day) : today', `2024-02-28${T}`, `2024-03-06${T}`],
    ["dateadd(datetime('TODAY'), -1, DAY) : NOW", `2024-03-05${T}`, '2024-03-06T13:47:31'],
    ['2024-01-01 : 2024-02-29T12:00:00', `2024-01-01${T}`, '2024-02-29T12:00:00'],
    ['2024-01-01 12:30 : 2024-03', '2024-01-01T12:30:00', `2024-03-01${T}`],
    ['2023 : 2024-01-01T00:00:00Z', `2023-01-01${T}`, `2024-01-01${T}`],
    ['2024-03-06T01:02:03.5 : ', '2024-03-06T01:02:03.500000', ''],
    ['0099-01-01 : 0100-01-01', `0099-01-01${T}`, `0100-01-01${T}`],
    [' : now', '', '2024-03-06T13:47:31'],
    ['yesterday : tomorrow', `2024-03-05${T}`, `2024-03-07${T}`],
    ['3 days ago : now', `2024-03-03${T}`, '2024-03-06T13:47:31'], // day phrases land on midnight
    ['2 hours ago : 30 minutes later', '2024-03-06T11:47:31', '2024-03-06T14:17:31'],
    ['1 year ago : 2 weeks later', `2023-03-06${T}`, `2024-03-20${T}`],
    ['start of this month : ', `2024-03-01${T}`, ''],
    ['start of next month : ', `2024-04-01${T}`, ''],
    ['beginning of last year : ', `2023-01-01${T}`, ''],
    ['beginning of next quarter : ', `2024-04-01${T}`, ''],
    ['start of this week : end of this week', `2024-03-04${T}`, `2024-03-10${T}`],
    ['end of last month : ', `2024-02-29${T}`, ''],
    ['end of this quarter : ', `2024-03-31${T}`, ''],
    ['end of next 2 years : ', `2026-12-31${T}`, ''],
    ['first day of the year : first of next month', `2024-01-01${T}`, `2024-04-01${T}`],
    ['1st of last quarter : first of the week', `2023-10-01${T}`, `2024-03-04${T}`],
    ['last 2 days : this day', `2024-03-04${T}`, `2024-03-06${T}`],
    ['prior 2 weeks : next 1 month', `2024-02-21${T}`, `2024-04-06${T}`],
    [' : last 2 minutes', '', '2024-03-06T13:45:31'],
    [' : this hour', '', '2024-03-06T13:47:31'],
  ])('%s', (text, since, until) => {
    expect(range(text)).toEqual([since, until]);
  });

  it.each([
    ['DATEADD(DATETIME("2024-01-31"), 1, month)', `2024-02-29${T}`],
    ['DATEADD(DATETIME("2023-01-31"), 1, month)', `2023-02-28${T}`],
    ['DATEADD(DATETIME("2024-02-29"), -1, year)', `2023-02-28${T}`],
    ['DATEADD(DATETIME("2024-02-29"), 4, year)', `2028-02-29${T}`],
    ['DATEADD(DATETIME("2024-11-30"), 1, quarter)', `2025-02-28${T}`],
    ['DATEADD(DATETIME("2023-12-31T23:30:00"), 1, hour)', '2024-01-01T00:30:00'],
    ['DATEADD(DATETIME("2024-01-01"), -1, second)', '2023-12-31T23:59:59'],
    ['DATETRUNC(DATETIME("2024-02-29T10:11:12"), quarter)', `2024-01-01${T}`],
    ['DATETRUNC(DATETIME("2024-12-31T10:11:12"), quarter)', `2024-10-01${T}`],
    ['DATETRUNC(DATETIME("2025-01-01"), week)', `2024-12-30${T}`], // Monday of the previous year
    ['DATETRUNC(DATETIME("2024-03-10"), week)', `2024-03-04${T}`], // a Sunday belongs to the week before
    ['DATETRUNC(DATETIME("2024-03-06T13:47:31.250"), second)', '2024-03-06T13:47:31'],
    ['DATETRUNC(DATETIME("now"), minute)', '2024-03-06T13:47:00'],
    ['DATETRUNC(DATETIME("now"), hour,)', '2024-03-06T13:00:00'],
    ['LASTDAY(DATETIME("2024-02-10T08:00:00"), month)', `2024-02-29${T}`],
    ['LASTDAY(DATETIME("2023-02-10"), month)', `2023-02-28${T}`],
    ['LASTDAY(DATETIME("2024-05-31"), quarter)', `2024-06-30${T}`],
    ['LASTDAY(DATETIME("2024-03-06"), year)', `2024-12-31${T}`],
    ['LASTDAY(DATETIME("2024-03-06"), week)', `2024-03-10${T}`],
    ['LASTDAY(DATETIME("2024-12-30"), week)', `2025-01-05${T}`],
    ['LASTDAY(DATETIME("now"), day)', `2024-03-06${T}`],
    ['DATEADD(DATETIME("2024-01-01"), DATEDIFF(DATETIME("2024-02-01"), DATETIME("2024-03-01")), day)', `2024-01-30${T}`],
    ['DATEADD(DATETIME("2024-01-01"), DATEDIFF(DATETIME("2024-03-01"), DATETIME("2024-02-01T12:00:00")), day)', `2023-12-03${T}`],
    ['DATEADD(DATETIME("2024-01-01"), DATEDIFF(DATETIME("2020-12-31"), DATETIME("2024-01-01"), year), day)', `2024-01-05${T}`],
    ['DATETRUNC(DATEADD(DATETIME("today"), -1, MONTH), MONTH)', `2024-02-01${T}`],
  ])('%s', (expression, since) => {
    expect(range(`${expression} : `)).toEqual([since, '']);
  });

  it('splits on the first " : " only and trims each side', () => {
    expect(range('  2024-01-01   :  2024-01-02  ')).toEqual([`2024-01-01${T}`, `2024-01-02${T}`]);
    expect(failure('2024-01-01 : 2024-01-02 : 2024-01-03').kind).toBe('parse');
  });

  it('returns Dates in UTC alongside the strings', () => {
    const answer = parseTimeRange('Last day', { now });
    expect(answer.since?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(answer.until?.toISOString()).toBe('2024-03-06T00:00:00.000Z');
  });

  it('a range that is no shorthand and has no " : " is open below and ends today, as in Superset', () => {
    expect(range('whatever')).toEqual(['', `2024-03-06${T}`]);
    expect(range('')).toEqual(['', `2024-03-06${T}`]);
    expect(range('whatever', { relativeEnd: 'now' })).toEqual(['', '2024-03-06T13:47:31']);
  });
});

describe('shift', () => {
  it.each([
    ['Last week', '1 year ago', `2023-02-28${T}`, `2023-03-06${T}`],
    ['2024-03-31 : 2024-05-31', '1 month', `2024-02-29${T}`, `2024-04-30${T}`],
    ['2024-02-29 : 2024-03-01', '1 year ago', `2023-02-28${T}`, `2023-03-01${T}`],
    ['Last day', '2 weeks ago', `2024-02-20${T}`, `2024-02-21${T}`],
    ['Last day', '1 day later', `2024-03-06${T}`, `2024-03-07${T}`],
    [' : now', '1 hour ago', '', '2024-03-06T12:47:31'],
    ['No filter', '1 year ago', '', ''],
    ['Last day', '2020-01-01 : 2020-02-01', `2020-01-01${T}`, `2020-02-01${T}`],
  ])('%s shifted %s', (text, shift, since, until) => {
    expect(range(text, { shift })).toEqual([since, until]);
  });

  it('rejects a shift it cannot read', () => {
    expect(failure('Last day', { shift: 'a while ago' }).kind).toBe('parse');
  });
});

describe("Superset's own worked examples (today 2016-11-07, now 09:30:10)", () => {
  const then = new Date('2016-11-07T09:30:10Z');
  it.each([
    ['Last year', [`2015-11-07${T}`, `2016-11-07${T}`]],
    ['Last quarter', [`2016-08-07${T}`, `2016-11-07${T}`]],
    ['Last 5 months', [`2016-06-07${T}`, `2016-11-07${T}`]],
    ['Last 1 month', [`2016-10-07${T}`, `2016-11-07${T}`]],
    ['Next 5 months', [`2016-11-07${T}`, `2017-04-07${T}`]],
    ['start of this month : ', [`2016-11-01${T}`, '']],
    ['start of next month : ', [`2016-12-01${T}`, '']],
    ['end of this month : ', [`2016-11-30${T}`, '']],
    ['end of next month : ', [`2016-12-31${T}`, '']],
    ['beginning of last year : ', [`2015-01-01${T}`, '']],
    [' : last 2 minutes', ['', '2016-11-07T09:28:10']],
    [' : now', ['', '2016-11-07T09:30:10']],
  ])('%s', (text, expected) => {
    expect(range(text, { now: then })).toEqual(expected);
  });

  it('applies shifts', () => {
    expect(range('yesterday : tomorrow', { now: then, shift: '1 day' })).toEqual([`2016-11-05${T}`, `2016-11-07${T}`]);
    expect(range('2000-01-01T00:00:00 : 2018-01-01T00:00:00', { now: then, shift: '1 month ago' })).toEqual([
      `1999-12-01${T}`,
      `2017-12-01${T}`,
    ]);
  });
});

describe('malformed ranges throw TimeRangeError', () => {
  it.each([
    ['7 days : now', 'ambiguous', 'Time string is ambiguous. Please specify [7 days ago] or [7 days later].'],
    ['foo : bar', 'parse', 'Cannot parse time string [foo]'],
    ['2024-02-30 : ', 'parse', 'Cannot parse time string [2024-02-30]'],
    ['2024-13-01 : ', 'parse', 'Cannot parse time string [2024-13-01]'],
    ['2024-01-01T24:00:00 : ', 'parse', 'Cannot parse time string [2024-01-01T24:00:00]'],
    ['2024-01-01T10:00:00+05:30 : ', 'parse', 'Cannot parse time string [2024-01-01T10:00:00+05:30]'],
    ['Last fortnight', 'parse', 'Cannot parse time string [Last fortnight]'],
    ['now : 2020-01-01', 'order', 'From date cannot be larger than to date'],
    ['Next week : Last week', 'order', 'From date cannot be larger than to date'],
    ['HOLIDAY("Christmas") : ', 'unsupported', 'HOLIDAY() is not supported'],
    ['DATEADD(DATETIME("today"), x, day) : ', 'parse', "Expected an integer or DATEDIFF, found 'x' at position 28 in [DATEADD(DATETIME(\"today\"), x, day)]"],
    ['DATEADD(DATETIME("today"), 1, fortnight) : ', 'parse', null],
    ['DATEADD(DATETIME("today"), 1) : ', 'parse', null],
    ['DATETIME("today") junk : ', 'parse', null],
    ['DATETIME(today) : ', 'parse', null],
    ['DATETIME("today" : ', 'parse', null],
    ['DATETRUNC(DATETIME("today"), day : ', 'parse', null],
    ['LASTDAY(DATETIME("today"), hour) : ', 'parse', null],
    ['DATETIMEX("today") : ', 'parse', null],
    ['DATEADD(DATETIME("9999-12-31"), 1, day) : ', 'parse', 'date value out of range'],
    ['DATEADD(DATETIME("0001-01-01"), -1, second) : ', 'parse', 'date value out of range'],
    ['DATETIME("2024-01-01") : DATETIME("¤")', 'parse', 'Cannot parse time string [¤]'],
    ['DATETIME("today") ; : ', 'parse', 'Unexpected character at position 19 in [DATETIME("today") ;]'],
  ])('%s', (text, kind, message) => {
    const error = failure(text);
    expect(error.kind).toBe(kind);
    if (message) expect(error.message).toBe(message);
    expect(error.name).toBe('TimeRangeError');
  });

  it('formats the endpoint message', () => {
    expect(unexpectedTimeRange(failure('now : 2020-01-01'))).toBe('Unexpected time range: From date cannot be larger than to date');
  });
});
