import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUserWith } from '~/server/auth/current-user.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { listSavedQueries, SAVED_QUERY_LIST, type SavedQueryRow } from '~/server/lists/saved-queries.server';
import { ErrorPage } from '~/ui/ErrorPage';
import { DateTime, ListTable, type Column } from '~/ui/ListTable';
import { Pager } from '~/ui/Pager';
import { SearchForm } from '~/ui/SearchForm';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'SavedQuery');
  return listSavedQueries(user, parsePageQuery(new URL(request.url).searchParams, SAVED_QUERY_LIST));
}

const columns: Column<SavedQueryRow>[] = [
  { key: 'label', header: 'Name', sortKey: 'label', rowHeader: true, cell: (q) => q.label },
  { key: 'database', header: 'Database', cell: (q) => q.database ?? '—' },
  { key: 'schema', header: 'Schema', sortKey: 'schema', cell: (q) => q.schema ?? '—' },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (q) => <DateTime iso={q.changedOn} /> },
];

export default function SavedQueryList() {
  const list = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="saved-queries-title" className="space-y-4">
      <h1 id="saved-queries-title" className="text-2xl font-semibold">Saved queries</h1>
      <SearchForm label="Search saved queries by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }} />
      <ListTable caption="Your saved queries" noun="saved queries" columns={columns} rows={list.rows} rowKey={(q) => q.id} state={list} search={list.search}
        empty={<p>No saved queries yet. Queries you save in SQL Lab will be listed here.</p>} />
      <Pager state={list} noun="saved queries" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Saved queries · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
