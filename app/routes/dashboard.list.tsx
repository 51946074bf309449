import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { DASHBOARD_LIST, listDashboards, type DashboardRow } from '~/server/dashboards/list.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { SearchForm } from '~/ui/search-form';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'Dashboard');
  return pageResult(() => listDashboards(user, parsePageQuery(new URL(request.url).searchParams, DASHBOARD_LIST)));
}

const columns: Column<DashboardRow>[] = [
  { key: 'title', header: 'Title', sortKey: 'title', rowHeader: true, cell: (d) => d.title },
  {
    key: 'status', header: 'Status', sortKey: 'published', cell: (d) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${d.published
        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
        : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
        {d.published ? 'Published' : 'Draft'}
      </span>
    ),
  },
  { key: 'owners', header: 'Owners', cell: (d) => (d.owners.length ? d.owners.join(', ') : '—') },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (d) => <DateTime iso={d.changedOn} /> },
];

export default function DashboardList() {
  const list = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="dashboards-title" className="space-y-4">
      <h1 id="dashboards-title" className="text-2xl font-semibold">Dashboards</h1>
      <SearchForm label="Search dashboards by title" search={list.search} keep={{ sort: list.sort, dir: list.dir }} />
      <ListTable caption="Dashboards" noun="dashboards" columns={columns} rows={list.rows} rowKey={(d) => d.id} state={list} search={list.search}
        empty={<p>No dashboards yet. Dashboards you create or that are published to you will be listed here.</p>} />
      <Pager state={list} noun="dashboards" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Dashboards · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
