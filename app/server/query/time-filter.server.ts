/**
 * Time ranges → conditions `col >= since AND col < until` (either side open), as Superset's
 * get_time_filter: bounds are the time range grammar's (app/lib/time-range, "now" injected),
 * moved back by the dataset's hour offset, and written as the column stores dates: DATE or
 * TIMESTAMP literals of the dialect for date columns, epoch numbers for epoch_s / epoch_ms, the
 * column's python_date_format text (a number for integer columns) otherwise. With a grain the
 * bucketed (and converted) column is compared with timestamp literals.
 */
import { getSinceUntil, TimeRangeError, unexpectedTimeRange, type TimeRangeBounds } from '~/lib/time-range';
import { InvalidInputError } from '../domain-errors.server';
import type { CompileContext } from './context.server';
import { asTimestamp, dateFormatOf } from './resolve.server';
import { strftime } from './strftime.server';
import { GenericType, type SourceColumn } from './types.server';

export interface RangeOptions {
  /** A time offset or time_shift ("1 year ago"): both bounds move by it. */
  shift?: string | null;
  relativeStart?: 'today' | 'now' | null;
  relativeEnd?: 'today' | 'now' | null;
}

export function timeBounds(ctx: CompileContext, timeRange: string, options: RangeOptions = {}): TimeRangeBounds {
  try {
    return getSinceUntil(timeRange, { now: ctx.now, shift: options.shift, relativeStart: options.relativeStart, relativeEnd: options.relativeEnd });
  } catch (error) {
    if (error instanceof TimeRangeError) throw new InvalidInputError(unexpectedTimeRange(error));
    throw error;
  }
}

const HOUR = 3_600_000;
const isMidnight = (d: Date) => d.getTime() % 86_400_000 === 0;

function boundLiteral(ctx: CompileContext, c: SourceColumn | null, at: Date, converted: boolean): string {
  const { dialect } = ctx;
  const format = c && !converted ? dateFormatOf(c) : null;
  if (format === 'epoch_s') return dialect.literal(Math.floor(at.getTime() / 1000));
  if (format === 'epoch_ms') return dialect.literal(at.getTime());
  if (format) {
    let text: string;
    try {
      text = strftime(at, format);
    } catch (error) {
      throw new InvalidInputError(`The column "${c?.column_name}": ${(error as Error).message}`);
    }
    return c?.type_generic === GenericType.NUMERIC && /^\d{1,15}$/.test(text) ? dialect.literal(Number(text)) : dialect.quoteString(text);
  }
  // A DATE column against a midnight bound: a date literal, so SQLite's 'YYYY-MM-DD' text compares right.
  if (!converted && c && /^DATE$/i.test(c.type?.trim() ?? '') && isMidnight(at)) return dialect.dateLiteral(at);
  return dialect.datetimeLiteral(at);
}

/**
 * The conditions bounding `c` (its SQL `sql`) by `bounds`; `grain` buckets the column first.
 * Empty when both bounds are open.
 */
export function timeConditions(ctx: CompileContext, c: SourceColumn | null, sql: string, bounds: TimeRangeBounds, grain: string | null = null): string[] {
  const offset = ctx.dataset.offset ? ctx.dataset.offset * HOUR : 0;
  const converted = grain !== null;
  const subject = grain ? ctx.dialect.timeGrain(grain, c ? asTimestamp(ctx, c, sql) : sql) : sql;
  const out: string[] = [];
  if (bounds.since) out.push(`${subject} >= ${boundLiteral(ctx, c, new Date(bounds.since.getTime() - offset), converted)}`);
  if (bounds.until) out.push(`${subject} < ${boundLiteral(ctx, c, new Date(bounds.until.getTime() - offset), converted)}`);
  return out;
}
