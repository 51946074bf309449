/**
 * Superset's adaptive date formats ('smart_date' and its detailed and verbose forms): each date is
 * printed with the pattern of the finest unit it has, so axis ticks read '2019', 'February',
 * 'Feb 03', 'Tue 05', '06 PM', '06:30', ':15s', '.250ms'. UTC unless asked for local time.
 */
import { timeFormat, utcFormat } from 'd3-time-format';

export const SMART_DATE_ID = 'smart_date';
export const SMART_DATE_DETAILED_ID = 'smart_date_detailed';
export const SMART_DATE_VERBOSE_ID = 'smart_date_verbose';

interface UnitFormats {
  millisecond: string;
  second: string;
  minute: string;
  hour: string;
  day: string;
  /** A date on the first day of its week (weeks start on Sunday, as d3's utcWeek). */
  week: string;
  month: string;
  year: string;
}

const SMART: UnitFormats = {
  millisecond: '.%Lms',
  second: ':%Ss',
  minute: '%I:%M',
  hour: '%I %p',
  day: '%a %d',
  week: '%b %d',
  month: '%B',
  year: '%Y',
};

const DETAILED: UnitFormats = {
  millisecond: '%Y-%m-%d %H:%M:%S.%L',
  second: '%Y-%m-%d %H:%M:%S',
  minute: '%Y-%m-%d %H:%M',
  hour: '%Y-%m-%d %H:%M',
  day: '%Y-%m-%d',
  week: '%Y-%m-%d',
  month: '%Y-%m-%d',
  year: '%Y',
};

const VERBOSE: UnitFormats = {
  millisecond: '.%L',
  second: '%a %b %d, %I:%M:%S %p',
  minute: '%a %b %d, %I:%M %p',
  hour: '%a %b %d, %I %p',
  day: '%a %b %-e',
  week: '%a %b %-e',
  month: '%b %Y',
  year: '%Y',
};

export const SMART_DATE_FORMATS: Record<string, { label: string; formats: UnitFormats }> = {
  [SMART_DATE_ID]: { label: 'Adaptive formatting', formats: SMART },
  [SMART_DATE_DETAILED_ID]: { label: 'Detailed adaptive formatter', formats: DETAILED },
  [SMART_DATE_VERBOSE_ID]: { label: 'Verbose adaptive formatting', formats: VERBOSE },
};

/** The calendar fields the unit checks need, read in UTC or in the runtime's zone. */
function fields(date: Date, local: boolean) {
  return local
    ? { ms: date.getMilliseconds(), s: date.getSeconds(), min: date.getMinutes(), h: date.getHours(), day: date.getDate(), weekday: date.getDay(), month: date.getMonth() }
    : { ms: date.getUTCMilliseconds(), s: date.getUTCSeconds(), min: date.getUTCMinutes(), h: date.getUTCHours(), day: date.getUTCDate(), weekday: date.getUTCDay(), month: date.getUTCMonth() };
}

/** Which unit pattern a date takes: the finest unit below which it is not on a boundary. */
export function smartDateUnit(date: Date, local = false): keyof UnitFormats {
  const f = fields(date, local);
  if (f.ms > 0) return 'millisecond';
  if (f.s > 0) return 'second';
  if (f.min > 0) return 'minute';
  if (f.h > 0) return 'hour';
  if (f.day > 1) return f.weekday > 0 ? 'day' : 'week';
  if (f.month > 0) return 'month';
  return 'year';
}

export function createMultiFormatter(formats: UnitFormats, local = false): (date: Date) => string {
  const make = local ? timeFormat : utcFormat;
  const compiled = Object.fromEntries(
    (Object.keys(formats) as (keyof UnitFormats)[]).map((unit) => [unit, make(formats[unit])]),
  ) as Record<keyof UnitFormats, (date: Date) => string>;
  return (date) => compiled[smartDateUnit(date, local)](date);
}
