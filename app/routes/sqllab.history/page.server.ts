/**
 * The query history page's web half: the list's state and filters from the URL. Parsing never
 * fails: a value that does not parse is ignored, as other list pages do, and the form shows
 * what was applied.
 */
import { z } from 'zod';
import { QUERY_STATES, type QueryState } from '~/lib/sqllab-api';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { parsePageQuery, type ListPage } from '~/server/lists/page-query.server';
import {
  HISTORY_LIST, listQueryHistory, queryHistoryOptions, type HistoryFilter, type HistoryOptions, type HistoryRow, type HistorySort,
} from '~/server/sqllab/query-history.server';

export type { HistoryRow } from '~/server/sqllab/query-history.server';

const idParam = z.coerce.number().int().positive().catch(0);
/** `datetime-local` values (no zone) are read as UTC, the zone the page shows times in. */
const timeParam = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/).transform((v) => Date.parse(v.length === 10 ? `${v}T00:00:00Z` : `${v}Z`)).catch(Number.NaN);
const stateParam = z.enum(QUERY_STATES).catch('' as QueryState);

export type HistoryFilters = { database: string; state: string; user: string; from: string; to: string };

export type HistoryPage = ListPage<HistoryRow, HistorySort> & { filters: HistoryFilters; options: HistoryOptions };

function filterOf(params: URLSearchParams): { filter: HistoryFilter; given: { from: string; to: string } } {
  const get = (name: string) => params.get(name) ?? undefined;
  const from = timeParam.parse(get('from'));
  const to = timeParam.parse(get('to'));
  // A date alone means the whole day; a time, its whole minute.
  const before = Number.isFinite(to) ? ((get('to') ?? '').length === 10 ? to + 86_400_000 : to + 60_000) : null;
  return {
    filter: { database: idParam.parse(get('database')), state: stateParam.parse(get('state')), user: idParam.parse(get('user')), from: Number.isFinite(from) ? from : null, before },
    given: { from: Number.isFinite(from) ? (get('from') ?? '') : '', to: Number.isFinite(to) ? (get('to') ?? '') : '' },
  };
}

export async function loadHistoryPage(request: Request): Promise<HistoryPage> {
  const user = await requireUserWith(request, 'can_read', 'Query');
  const params = new URL(request.url).searchParams;
  const query = parsePageQuery(params, HISTORY_LIST);
  const { filter, given } = filterOf(params);
  const [page, options] = await pageResult(() => Promise.all([listQueryHistory(user, query, filter), queryHistoryOptions(user)]));
  // Only those who see everyone's queries (and so get the user choices) filter by user.
  const userFilter = options.users === null ? 0 : filter.user;
  const filters: HistoryFilters = { database: filter.database ? String(filter.database) : '', state: filter.state, user: userFilter ? String(userFilter) : '', ...given };
  return { ...page, filters, options };
}
