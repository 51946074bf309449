/**
 * GET /api/v1/time_range/?q=<rison>: a time range (or a list of `{timeRange, shift}`) as
 * `{result: [{since, until, timeRange, shift}]}`; a range that does not parse is a 400 whose
 * message Explore shows under 'Actual time range'. Any logged-in user, as in Superset.
 */
import { TimeRangeQuerySchema } from '~/lib/time-range';
import { endpoint, method } from '~/server/api/endpoint.server';
import { rison } from '~/server/api/inputs.server';
import { describeTimeRanges } from '~/server/query/time-range.server';

const api = endpoint({
  GET: method({ query: rison(TimeRangeQuerySchema), run: (user, { query }) => describeTimeRanges(user, query) }),
});

export const loader = api.loader;
export const action = api.action;
