/**
 * `GET /api/v1/time_range/`: what a time range means now, as Explore shows it under 'Actual time
 * range'. The grammar and its arithmetic are the pure parser's (app/lib/time-range), shared with
 * the chart data engine; this only fixes "now" and turns a malformed range into a 400.
 */
import { lookupTimeRanges, TimeRangeError, unexpectedTimeRange, type TimeRangeQuery } from '~/lib/time-range';
import type { CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';

export function describeTimeRanges(_user: CurrentUser, query: TimeRangeQuery, now = new Date()) {
  try {
    return lookupTimeRanges(query, now);
  } catch (error) {
    if (error instanceof TimeRangeError) throw new InvalidInputError(unexpectedTimeRange(error));
    throw error;
  }
}
