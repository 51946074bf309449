import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUserWith } from '~/server/auth/current-user.server';
import { DATABASE_LIST, listDatabases, type Backend, type DatabaseRow } from '~/server/databases/list-databases.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { ErrorPage } from '~/ui/ErrorPage';
import { DateTime, ListTable, YesNo, type Column } from '~/ui/ListTable';
import { Pager } from '~/ui/Pager';
import { SearchForm } from '~/ui/SearchForm';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'Database');
  return listDatabases(user, parsePageQuery(new URL(request.url).searchParams, DATABASE_LIST));
}

const BACKEND_LABEL: Record<Backend, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL', mysql: 'MySQL', other: 'Other' };

const columns: Column<DatabaseRow>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (d) => d.name },
  { key: 'backend', header: 'Backend', cell: (d) => BACKEND_LABEL[d.backend] },
  { key: 'async', header: 'Async queries', cell: (d) => <YesNo value={d.allowRunAsync} /> },
  { key: 'dml', header: 'Allow DML', cell: (d) => <YesNo value={d.allowDml} /> },
  { key: 'upload', header: 'CSV upload', cell: (d) => <YesNo value={d.allowFileUpload} /> },
  { key: 'sqllab', header: 'In SQL Lab', cell: (d) => <YesNo value={d.exposeInSqllab} /> },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (d) => <DateTime iso={d.changedOn} /> },
  { key: 'created_by', header: 'Created by', cell: (d) => d.createdBy ?? '—' },
];

export default function DatabaseList() {
  const list = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="databases-title" className="space-y-4">
      <h1 id="databases-title" className="text-2xl font-semibold">Databases</h1>
      <SearchForm label="Search databases by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }} />
      <ListTable caption="Databases" noun="databases" columns={columns} rows={list.rows} rowKey={(d) => d.id} state={list} search={list.search}
        empty={<p>No databases are connected yet.</p>} />
      <Pager state={list} noun="databases" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Databases · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
