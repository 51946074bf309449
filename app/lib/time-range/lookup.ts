/**
 * `GET /api/v1/time_range/?q=<rison>`: Superset's "Actual time range" preview. `q` is one range
 * string or a list of `{timeRange, shift?}`; the answer is `{result: [{since, until, timeRange,
 * shift}]}` with isoformat() bounds ("" when open). A bad range throws TimeRangeError; the route
 * answers it 400 `{message: unexpectedTimeRange(error)}`.
 */
import { z } from 'zod';
import { parseTimeRange } from './parse';

export const TimeRangeQuerySchema = z.union([
  z.string(),
  z.array(z.object({ timeRange: z.string(), shift: z.string().nullish() })),
]);
export type TimeRangeQuery = z.infer<typeof TimeRangeQuerySchema>;

export interface TimeRangeLookupEntry {
  since: string;
  until: string;
  timeRange: string;
  shift: string | null;
}

export function lookupTimeRanges(q: TimeRangeQuery, now: Date): { result: TimeRangeLookupEntry[] } {
  const entries = typeof q === 'string' ? [{ timeRange: q, shift: null }] : q;
  return {
    result: entries.map(({ timeRange, shift }) => {
      const answer = parseTimeRange(timeRange, { now, shift });
      return { since: answer.sinceText, until: answer.untilText, timeRange, shift: shift ?? null };
    }),
  };
}
