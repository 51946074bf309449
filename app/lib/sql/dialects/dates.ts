/**
 * Dates and timestamps as the text inside SQL literals. Pure over UTC components: a Date is an
 * instant, and its UTC calendar day and wall clock are what a literal says, whatever the process
 * time zone (TZ) is; text is checked and normalised, never passed through a Date in local time.
 */
import { daysInMonth, utcDateText, utcMillisText, utcTimeText } from '../../utc-calendar';

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?Z?$/;

function checkDay(year: number, month: number, day: number, text: string): void {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) {
    throw new RangeError(`"${text}" is not a calendar date.`);
  }
}

function utcParts(value: Date): { date: string; time: string; millis: string } {
  const t = value.getTime();
  if (!Number.isFinite(t)) throw new RangeError('An invalid Date cannot be written as SQL.');
  const year = value.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError(`The year ${year} is outside 0001-9999, which SQL dates cover.`);
  return { date: utcDateText(value), time: utcTimeText(value), millis: utcMillisText(value) };
}

/** 'YYYY-MM-DD': a Date's UTC calendar day, or date text checked. */
export function calendarDateText(value: Date | string): string {
  if (value instanceof Date) return utcParts(value).date;
  const m = DATE_TEXT.exec(value);
  if (!m) throw new RangeError(`"${value}" is not a date written YYYY-MM-DD.`);
  checkDay(Number(m[1]), Number(m[2]), Number(m[3]), value);
  return value;
}

/**
 * 'YYYY-MM-DD HH:MM:SS[.fff]': a Date's UTC wall clock (milliseconds only when not zero), or
 * datetime text checked and normalised (a `T` becomes a space, a trailing `Z` is dropped, missing
 * seconds are :00, a fraction is kept as written up to microseconds). Other offsets are refused:
 * converting them would need a time zone, which a literal without one cannot carry.
 */
export function wallClockText(value: Date | string): string {
  if (value instanceof Date) {
    const { date, time, millis } = utcParts(value);
    return `${date} ${time}${millis}`;
  }
  const m = DATETIME_TEXT.exec(value);
  if (!m) throw new RangeError(`"${value}" is not a timestamp written YYYY-MM-DD HH:MM:SS.`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction] = m;
  checkDay(Number(y), Number(mo), Number(d), value);
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) throw new RangeError(`"${value}" is not a time of day.`);
  return `${y}-${mo}-${d} ${h}:${mi}:${s}${fraction ? `.${fraction}` : ''}`;
}
