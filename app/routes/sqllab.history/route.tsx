/**
 * /sqllab/history/: past queries, the user's own (everyone's with all_query_access). Filters,
 * text search in the SQL, sort by start time and paging all live in the URL (a GET form and
 * links), so the page works without JavaScript. "Open in SQL Lab" opens the query in a new
 * editor tab (`/sqllab/?queryId=…`).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { loadHistoryPage, type HistoryRow } from './page.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { linkClass } from '~/ui/primitives/button';
import { Pager } from '~/ui/pager';
import { formatDuration, HistoryFilters, SqlCell, StateBadge } from '~/ui/query-history/history-parts';
import { SearchForm } from '~/ui/search-form';

export const loader = ({ request }: LoaderFunctionArgs) => loadHistoryPage(request);

const columns: Column<HistoryRow>[] = [
  { key: 'state', header: 'State', cell: (q) => <StateBadge state={q.state} error={q.errorMessage} /> },
  { key: 'time', header: 'Started', sortKey: 'start_time', firstDir: 'desc', cell: (q) => <DateTime iso={q.startTime} /> },
  { key: 'duration', header: 'Duration', cell: (q) => formatDuration(q.durationMs) },
  { key: 'database', header: 'Database', cell: (q) => q.database ?? '—' },
  { key: 'schema', header: 'Schema', cell: (q) => q.schema ?? '—' },
  { key: 'user', header: 'User', cell: (q) => q.user ?? '—' },
  { key: 'rows', header: 'Rows', className: 'text-right', cell: (q) => (q.rows === null ? '—' : q.rows.toLocaleString('en-US')) },
  { key: 'sql', header: 'SQL', cell: (q) => <SqlCell id={q.id} sql={q.sql} truncated={q.sqlTruncated} /> },
  {
    key: 'actions', header: 'Actions',
    cell: (q) => <Link to={`/sqllab/?queryId=${q.id}`} className={linkClass}>Open in SQL Lab<span className="sr-only"> (query {q.id})</span></Link>,
  },
];

export default function QueryHistory() {
  const list = useLoaderData<typeof loader>();
  const { sort, dir } = list;
  const filtered = Object.values(list.filters).some(Boolean);
  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <h1 id="history-title" className="text-2xl font-semibold">Query history</h1>
      <SearchForm label="Search in SQL" search={list.search} keep={{ sort, dir }}>
        <HistoryFilters filters={list.filters} options={list.options} />
      </SearchForm>
      {filtered && !list.search && <Link to={`?sort=${sort}&dir=${dir}`} className={`${linkClass} text-sm`}>Clear filters</Link>}
      <ListTable caption="Past queries" noun="queries" columns={columns} rows={list.rows} rowKey={(q) => q.id} state={list} search={list.search || (filtered ? 'these filters' : '')}
        empty={<p>No queries yet. Queries you run in SQL Lab are listed here.</p>} />
      <Pager state={list} noun="queries" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Query history · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
