import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { RLS_VIEW } from '~/server/rls/filters.server';
import { listRlsFilterPage, RLS_LIST, type RlsFilterRow } from '~/server/rls/list.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { SearchForm } from '~/ui/search-form';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', RLS_VIEW);
  return pageResult(() => listRlsFilterPage(user, parsePageQuery(new URL(request.url).searchParams, RLS_LIST)));
}

const list = (items: string[]) => (items.length ? items.join(', ') : '—');

const columns: Column<RlsFilterRow>[] = [
  {
    key: 'name', header: 'Name', sortKey: 'name', rowHeader: true,
    cell: (f) => <Link to={`/rowlevelsecurity/${f.id}/edit`} className={linkClass}>{f.name}<span className="sr-only"> (edit)</span></Link>,
  },
  { key: 'filter_type', header: 'Filter type', sortKey: 'filter_type', cell: (f) => f.filterType },
  { key: 'tables', header: 'Datasets', cell: (f) => list(f.tables) },
  { key: 'roles', header: 'Roles', cell: (f) => list(f.roles) },
  { key: 'group_key', header: 'Group key', sortKey: 'group_key', cell: (f) => f.groupKey ?? '—' },
  { key: 'clause', header: 'Clause', cell: (f) => <code className="break-all text-xs">{f.clause}</code> },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (f) => <DateTime iso={f.changedOn} /> },
];

export default function RowLevelSecurityList() {
  const page = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="rls-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="rls-title" className="text-2xl font-semibold">Row level security</h1>
        <Link to="/rowlevelsecurity/add" className={buttonClass('primary')}>Add filter</Link>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Each filter adds its clause to every query on its datasets: a Regular filter for the roles it names, a Base filter for
        everyone except them. Filters with the same group key are combined with OR, the rest with AND.
      </p>
      <SearchForm label="Search by name, group key or clause" search={page.search} keep={{ sort: page.sort, dir: page.dir }} />
      <ListTable caption="Row level security filters" noun="filters" columns={columns} rows={page.rows} rowKey={(f) => f.id} state={page}
        search={page.search} empty={<p>No row level security filters: every user with access to a dataset sees all of its rows.</p>} />
      <Pager state={page} noun="filters" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Row level security · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
