import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { requireUserWith } from '~/server/auth/current-user.server';
import { databaseListAction } from '~/server/databases/form-page.server';
import { DATABASE_LIST, listDatabases, parseEngineFilter, type Backend, type DatabaseRow } from '~/server/databases/list-databases.server';
import { parsePageQuery } from '~/server/lists/page-query.server';
import { CsrfInput } from '~/ui/CsrfInput';
import { ErrorPage } from '~/ui/ErrorPage';
import { DateTime, linkClass, ListTable, primaryButtonClass, YesNo, type Column } from '~/ui/ListTable';
import { Pager } from '~/ui/Pager';
import { SearchForm } from '~/ui/SearchForm';
import { useShell } from '~/ui/use-shell';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWith(request, 'can_read', 'Database');
  const params = new URL(request.url).searchParams;
  return listDatabases(user, parsePageQuery(params, DATABASE_LIST), parseEngineFilter(params));
}

export const action = ({ request }: ActionFunctionArgs) => databaseListAction(request);

const BACKEND_LABEL: Record<Backend, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL', mysql: 'MySQL', other: 'Other' };

/** Edit, and Delete behind a disclosure (works without JavaScript); the server refuses while datasets use the database. */
function RowActions({ row }: { row: DatabaseRow }) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Link to={`/databaseview/${row.id}/edit`} className={linkClass}>Edit<span className="sr-only"> {row.name}</span></Link>
      <details>
        <summary className="cursor-pointer text-rose-700 dark:text-rose-300">Delete<span className="sr-only"> {row.name}</span></summary>
        <Form method="post" className="mt-2 space-y-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={row.id} />
          <p className="text-xs">Delete “{row.name}” and its saved queries?</p>
          <button type="submit" className="rounded-md bg-rose-600 px-3 py-1 text-xs font-medium text-white hover:bg-rose-700">Yes, delete {row.name}</button>
        </Form>
      </details>
    </div>
  );
}

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

const actionsColumn: Column<DatabaseRow> = { key: 'actions', header: 'Actions', cell: (d) => <RowActions row={d} /> };

export default function DatabaseList() {
  const list = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'Database'));
  return (
    <section aria-labelledby="databases-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="databases-title" className="text-2xl font-semibold">Databases</h1>
        {canWrite && <Link to="/databaseview/add" className={primaryButtonClass}>+ Database</Link>}
      </div>
      {refused && 'error' in refused && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
          {refused.error}
        </p>
      )}
      <SearchForm label="Search databases by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }}>
        <div>
          <label htmlFor="list-engine" className="block text-sm font-medium">Engine</label>
          <select id="list-engine" name="engine" defaultValue={list.filters.engine}
            className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
            <option value="">All engines</option>
            {(['postgresql', 'mysql', 'sqlite'] as const).map((engine) => <option key={engine} value={engine}>{BACKEND_LABEL[engine]}</option>)}
          </select>
        </div>
      </SearchForm>
      <ListTable caption="Databases" noun="databases" columns={canWrite ? [...columns, actionsColumn] : columns} rows={list.rows} rowKey={(d) => d.id}
        state={list} search={list.search} empty={<p>No databases are connected yet.</p>} />
      <Pager state={list} noun="databases" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Databases · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
