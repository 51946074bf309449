import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { CHART_LIST, listCharts, type ChartRow } from '~/server/charts/list.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { SearchForm } from '~/ui/search-form';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'Chart');
  return pageResult(() => listCharts(user, parsePageQuery(new URL(request.url).searchParams, CHART_LIST)));
}

const columns: Column<ChartRow>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (c) => c.name },
  { key: 'viz', header: 'Visualization type', sortKey: 'viz_type', cell: (c) => c.vizType },
  { key: 'dataset', header: 'Dataset', cell: (c) => c.dataset ?? '—' },
  { key: 'modified_by', header: 'Modified by', cell: (c) => c.modifiedBy ?? '—' },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (c) => <DateTime iso={c.changedOn} /> },
];

export default function ChartList() {
  const list = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="charts-title" className="space-y-4">
      <h1 id="charts-title" className="text-2xl font-semibold">Charts</h1>
      <SearchForm label="Search charts by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }} />
      <ListTable caption="Charts" noun="charts" columns={columns} rows={list.rows} rowKey={(c) => c.id} state={list} search={list.search}
        empty={<p>No charts yet. Charts you save from Explore will be listed here.</p>} />
      <Pager state={list} noun="charts" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Charts · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
