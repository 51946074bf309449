import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import type { DatabaseRow } from '~/server/databases/list-databases.server';
import { CsrfInput } from '~/ui/csrf-input';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, YesNo, type Column } from '~/ui/list-table';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Pager } from '~/ui/pager';
import { SearchForm } from '~/ui/search-form';
import { useShell } from '~/ui/use-shell';
import { databaseListAction, loadDatabaseList } from './page.server';
import { Select } from '~/ui/primitives/select';

export const loader = ({ request }: LoaderFunctionArgs) => loadDatabaseList(request);

export const action = ({ request }: ActionFunctionArgs) => databaseListAction(request);

type EngineLabel = { name: string; label: string };

/** The engine's label from the registry's list the loader sends; a URI no engine answers to is "Other". */
const backendLabel = (engines: EngineLabel[], backend: string) => engines.find((e) => e.name === backend)?.label ?? 'Other';

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

const columnsFor = (engines: EngineLabel[]): Column<DatabaseRow>[] => [
  { key: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (d) => d.name },
  { key: 'backend', header: 'Backend', cell: (d) => backendLabel(engines, d.backend) },
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
  const columns = columnsFor(list.engines);
  return (
    <section aria-labelledby="databases-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="databases-title" className="text-2xl font-semibold">Databases</h1>
        {canWrite && <Link to="/databaseview/add" className={buttonClass('primary')}>+ Database</Link>}
      </div>
      {refused && 'error' in refused && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
          {refused.error}
        </p>
      )}
      <SearchForm label="Search databases by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }}>
        <Select id="list-engine" name="engine" label="Engine" defaultValue={list.filters.engine}>
          <option value="">All engines</option>
          {list.engines.map((engine) => <option key={engine.name} value={engine.name}>{engine.label}</option>)}
        </Select>
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
