import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { DATASET_LIST, listDatasets, type DatasetRow } from '~/server/datasets/list.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { Pager } from '~/ui/pager';
import { SearchForm } from '~/ui/search-form';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'Dataset');
  return pageResult(() => listDatasets(user, parsePageQuery(new URL(request.url).searchParams, DATASET_LIST)));
}

const columns: Column<DatasetRow>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (d) => d.name },
  { key: 'kind', header: 'Type', cell: (d) => (d.kind === 'virtual' ? 'Virtual' : 'Physical') },
  { key: 'database', header: 'Database', cell: (d) => d.database ?? '—' },
  { key: 'schema', header: 'Schema', sortKey: 'schema', cell: (d) => d.schema ?? '—' },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (d) => <DateTime iso={d.changedOn} /> },
];

export default function DatasetList() {
  const list = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="datasets-title" className="space-y-4">
      <h1 id="datasets-title" className="text-2xl font-semibold">Datasets</h1>
      <SearchForm label="Search datasets by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }} />
      <ListTable caption="Datasets" noun="datasets" columns={columns} rows={list.rows} rowKey={(d) => d.id} state={list} search={list.search}
        empty={<p>No datasets yet. A dataset is a table or a SQL query of a database, ready to chart.</p>} />
      <Pager state={list} noun="datasets" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Datasets · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
