/**
 * /tablemodelview/list/: the datasets the user may see. Search, owner, database, schema and type
 * filters, sort and paging live in the URL (GET forms and links); delete (after a confirmation
 * naming what uses the dataset) and bulk delete are posted forms with the CSRF token, so the page
 * works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { datasetsPageAction, loadDatasetsPage } from './page.server';
import { BulkDeleteConfirmation, DatasetFilterForm, DatasetRowActions, DeleteConfirmation } from '~/ui/datasets/dataset-list-parts';
import type { DatasetListRow } from '~/ui/datasets/list-types';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { buttonClass, linkClass } from '~/ui/primitives/button';
import { Pager } from '~/ui/pager';
import { BulkDeleteBar, SelectBox } from '~/ui/saved-queries/bulk-delete-bar';
import { useShell } from '~/ui/use-shell';

export const loader = ({ request }: LoaderFunctionArgs) => loadDatasetsPage(request);

export const action = ({ request }: ActionFunctionArgs) => datasetsPageAction(request);

const selectColumn: Column<DatasetListRow> = {
  key: 'select', header: 'Select', className: 'w-10',
  cell: (d) => (d.canEdit ? <SelectBox id={d.id} label={d.name} /> : null),
};

const columns: Column<DatasetListRow>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', rowHeader: true, cell: (d) => <Link to={d.exploreUrl} className={linkClass}>{d.name}</Link> },
  { key: 'kind', header: 'Type', cell: (d) => (d.kind === 'virtual' ? 'Virtual' : 'Physical') },
  { key: 'database', header: 'Database', sortKey: 'database', cell: (d) => d.database?.name ?? '—' },
  { key: 'schema', header: 'Schema', sortKey: 'schema', cell: (d) => d.schema ?? '—' },
  { key: 'owners', header: 'Owners', cell: (d) => (d.owners.length ? d.owners.map((o) => o.name).join(', ') : '—') },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (d) => <DateTime iso={d.changedOn} /> },
];

export default function DatasetList() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'Dataset'));
  const actionsColumn: Column<DatasetListRow> = { key: 'actions', header: 'Actions', cell: (d) => <DatasetRowActions row={d} canWrite={canWrite} /> };
  const selectable = canWrite && list.rows.some((r) => r.canEdit);
  const shown = selectable ? [selectColumn, ...columns, actionsColumn] : [...columns, actionsColumn];
  const filtered = Object.values(list.filters).some(Boolean);
  return (
    <section aria-labelledby="datasets-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="datasets-title" className="text-2xl font-semibold">Datasets</h1>
        {canWrite && <Link to="/dataset/add/" className={buttonClass('primary')}>+ Dataset</Link>}
      </div>
      {answer && 'error' in answer && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">{answer.error}</p>
      )}
      {answer && 'confirm' in answer && <BulkDeleteConfirmation items={answer.confirm} />}
      {list.deleting && <DeleteConfirmation key={list.deleting.id} candidate={list.deleting} />}
      <DatasetFilterForm list={list} />
      {selectable && <BulkDeleteBar noun="datasets" rowCount={list.rows.filter((r) => r.canEdit).length} />}
      <ListTable caption="Datasets" noun="datasets" columns={shown} rows={list.rows} rowKey={(d) => d.id} state={list} search={list.search}
        empty={<p>{filtered ? 'No datasets match these filters.' : 'No datasets yet. A dataset is a table or a SQL query of a database, ready to chart.'}</p>} />
      <Pager state={list} noun="datasets" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Datasets · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
