/**
 * Calendar arithmetic on naive date-times, the way Superset's time range grammar does it.
 *
 * A naive date-time (no zone) is carried in a JS Date whose UTC fields ARE the wall time: every
 * function here reads and writes getUTC*() / Date.UTC() only, so the answer does not depend on the
 * process time zone (tests/integration/time-range-time-zones.test.ts runs it under three zones).
 */
import { daysInMonth, utcDateText, utcMillisText, utcTimeText } from '../utc-calendar';
import { TimeRangeError } from './errors';

export const UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export type Unit = (typeof UNITS)[number];

/** Units at or below an hour are anchored on "now"; the others on "today" (midnight). */
export const TIME_OF_DAY_UNITS: ReadonlySet<Unit> = new Set(['hour', 'minute', 'second']);

const MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const;

export function isUnit(text: string): text is Unit {
  return (UNITS as readonly string[]).includes(text);
}

function utc(year: number, month0: number, day: number, h = 0, m = 0, s = 0, ms = 0): Date {
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0..99 to 1900..1999.
  d.setUTCFullYear(year, month0, day);
  d.setUTCHours(h, m, s, ms);
  return d;
}


/** Midnight of the same day. */
export function startOfDay(d: Date): Date {
  return utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/**
 * Month steps keep the time of day and clamp the day to the target month's length
 * (Jan 31 + 1 month = Feb 29 in 2024; Feb 29 2024 - 1 year = Feb 28 2023), as Superset's
 * parsedatetime arithmetic does.
 */
function addMonths(d: Date, months: number): Date {
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month0 = total - year * 12;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month0));
  return utc(year, month0, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** DATEADD(d, n, unit). A quarter is three months. */
export function addUnits(d: Date, n: number, unit: Unit): Date {
  switch (unit) {
    case 'year':
      return addMonths(d, 12 * n);
    case 'quarter':
      return addMonths(d, 3 * n);
    case 'month':
      return addMonths(d, n);
    default:
      return new Date(d.getTime() + n * MS[unit]);
  }
}

/** 0 for Monday ... 6 for Sunday (Python's weekday()). */
function weekday(d: Date): number {
  return (d.getUTCDay() + 6) % 7;
}

/** DATETRUNC(d, unit): weeks start on Monday, quarters on Jan/Apr/Jul/Oct 1. */
export function truncate(d: Date, unit: Unit): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'year':
      return utc(y, 0, 1);
    case 'quarter':
      return utc(y, m - (m % 3), 1);
    case 'month':
      return utc(y, m, 1);
    case 'week':
      return utc(y, m, d.getUTCDate() - weekday(d));
    case 'day':
      return startOfDay(d);
    case 'hour':
      return utc(y, m, d.getUTCDate(), d.getUTCHours());
    case 'minute':
      return utc(y, m, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
    case 'second':
      return utc(y, m, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  }
}

/** LASTDAY(d, unit): the last day of the period, at midnight (so not an exclusive end). */
export function lastDay(d: Date, unit: Unit): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'year':
      return utc(y, 11, 31);
    case 'quarter': {
      const last = m - (m % 3) + 2;
      return utc(y, last, daysInMonth(y, last));
    }
    case 'month':
      return utc(y, m, daysInMonth(y, m));
    case 'week':
      return utc(y, m, d.getUTCDate() - weekday(d) + 6);
    case 'day':
      return startOfDay(d);
    default:
      throw new TimeRangeError('parse', `LASTDAY does not take the unit ${unit}`);
  }
}

/**
 * Python's datetime.isoformat() of a naive date-time, which is what Superset's time_range endpoint
 * answers: `2024-03-06T00:00:00`, with `.ffffff` only when there is a fraction of a second.
 */
export function isoformat(d: Date): string {
  const millis = utcMillisText(d);
  return `${utcDateText(d)}T${utcTimeText(d)}${millis ? `${millis}000` : ''}`;
}

/** Python datetimes stop at years 1 and 9999; past them Superset fails, so do we (cleanly). */
export function checkYear(d: Date): Date {
  const y = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || y < 1 || y > 9999) {
    throw new TimeRangeError('parse', 'date value out of range');
  }
  return d;
}
