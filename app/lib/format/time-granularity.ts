/**
 * A time bucket's span from its start and time grain, as Superset's formatter by granularity
 * computes it: a month bucket starting 2020-02-01 ends at 2020-02-29 23:59:59.999. Weeks ending
 * on a Saturday or Sunday are stamped with their last day, so their span runs back six days.
 */
export const TimeGranularity = {
  DATE: 'date',
  SECOND: 'PT1S',
  FIVE_SECONDS: 'PT5S',
  THIRTY_SECONDS: 'PT30S',
  MINUTE: 'PT1M',
  FIVE_MINUTES: 'PT5M',
  TEN_MINUTES: 'PT10M',
  FIFTEEN_MINUTES: 'PT15M',
  THIRTY_MINUTES: 'PT30M',
  HOUR: 'PT1H',
  SIX_HOURS: 'PT6H',
  DAY: 'P1D',
  SEVEN_DAYS: 'P7D',
  WEEK: 'P1W',
  WEEK_STARTING_SUNDAY: '1969-12-28T00:00:00Z/P1W',
  WEEK_STARTING_MONDAY: '1969-12-29T00:00:00Z/P1W',
  WEEK_ENDING_SATURDAY: 'P1W/1970-01-03T00:00:00Z',
  WEEK_ENDING_SUNDAY: 'P1W/1970-01-04T00:00:00Z',
  MONTH: 'P1M',
  QUARTER: 'P3M',
  YEAR: 'P1Y',
} as const;

export type TimeGranularityId = (typeof TimeGranularity)[keyof typeof TimeGranularity];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Fixed-length grains: their end is start + length - 1 ms. */
const FIXED_MS: Record<string, number> = {
  PT1S: SECOND,
  PT5S: 5 * SECOND,
  PT30S: 30 * SECOND,
  PT1M: MINUTE,
  PT5M: 5 * MINUTE,
  PT10M: 10 * MINUTE,
  PT15M: 15 * MINUTE,
  PT30M: 30 * MINUTE,
  PT1H: HOUR,
  PT6H: 6 * HOUR,
};

const ENDING_WEEKS = new Set<string>([TimeGranularity.WEEK_ENDING_SATURDAY, TimeGranularity.WEEK_ENDING_SUNDAY]);

/** A calendar date; day and month overflow carry over (day 32 of January is February 1). */
function calendar(local: boolean, year: number, month = 0, day = 1): Date {
  return local ? new Date(year, month, day) : new Date(Date.UTC(year, month, day));
}

function endOf(time: Date, granularity: string, local: boolean): Date {
  const fixed = FIXED_MS[granularity];
  if (fixed !== undefined) return new Date(time.getTime() + fixed - 1);
  const year = local ? time.getFullYear() : time.getUTCFullYear();
  const month = local ? time.getMonth() : time.getUTCMonth();
  const day = local ? time.getDate() : time.getUTCDate();
  // Calendar arithmetic rather than adding milliseconds, so local days across DST stay whole.
  const minusOne = (d: Date) => new Date(d.getTime() - 1);
  switch (granularity) {
    case TimeGranularity.WEEK:
    case TimeGranularity.SEVEN_DAYS:
    case TimeGranularity.WEEK_STARTING_SUNDAY:
    case TimeGranularity.WEEK_STARTING_MONDAY:
      return minusOne(calendar(local, year, month, day + 7));
    case TimeGranularity.MONTH:
      return minusOne(calendar(local, year, month + 1));
    case TimeGranularity.QUARTER:
      return minusOne(calendar(local, year, (Math.floor(month / 3) + 1) * 3));
    case TimeGranularity.YEAR:
      return minusOne(calendar(local, year + 1));
    default:
      // Days, dates, weeks stamped with their last day, and grains this table does not know.
      return minusOne(calendar(local, year, month, day + 1));
  }
}

/** [start, end] of the bucket `time` stands for. */
export function timeRangeFromGranularity(time: Date, granularity: string, local = false): [Date, Date] {
  const end = endOf(time, granularity, local);
  if (ENDING_WEEKS.has(granularity)) {
    const year = local ? time.getFullYear() : time.getUTCFullYear();
    const month = local ? time.getMonth() : time.getUTCMonth();
    const day = local ? time.getDate() : time.getUTCDate();
    return [calendar(local, year, month, day - 6), end];
  }
  return [time, end];
}
