/**
 * /savedqueryview/list/: the user's saved queries. Search, database filter, sort and paging live
 * in the URL (GET forms and links); delete and bulk delete are posted forms with the CSRF token,
 * so the page works without JavaScript. With it, copy link and "select all" are added.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { loadSavedQueriesPage, savedQueriesPageAction, type SavedQueryListRow } from './page.server';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { buttonClass } from '~/ui/primitives/button';
import { Pager } from '~/ui/pager';
import { BulkDeleteBar, SelectBox } from '~/ui/saved-queries/bulk-delete-bar';
import { BulkDeleteConfirmation, SavedQueryActions, SqlPreview } from '~/ui/saved-queries/saved-query-parts';
import { SearchForm } from '~/ui/search-form';
import { useShell } from '~/ui/use-shell';
import { Select } from '~/ui/primitives/select';

export const loader = ({ request }: LoaderFunctionArgs) => loadSavedQueriesPage(request);

export const action = ({ request }: ActionFunctionArgs) => savedQueriesPageAction(request);

const selectColumn: Column<SavedQueryListRow> = { key: 'select', header: 'Select', cell: (q) => <SelectBox id={q.id} label={q.label} />, className: 'w-10' };

const columns: Column<SavedQueryListRow>[] = [
  {
    key: 'label', header: 'Name', sortKey: 'label', rowHeader: true,
    cell: (q) => (
      <div>
        <div>{q.label}</div>
        {q.description && <div className="text-xs font-normal text-slate-600 dark:text-slate-400">{q.description}</div>}
      </div>
    ),
  },
  { key: 'database', header: 'Database', cell: (q) => q.database ?? '—' },
  { key: 'schema', header: 'Schema', sortKey: 'schema', cell: (q) => q.schema ?? '—' },
  { key: 'sql', header: 'SQL', cell: (q) => <SqlPreview query={q} /> },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (q) => <DateTime iso={q.changedOn} /> },
];

export default function SavedQueryList() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'SavedQuery'));
  const actionsColumn: Column<SavedQueryListRow> = { key: 'actions', header: 'Actions', cell: (q) => <SavedQueryActions query={q} canWrite={canWrite} /> };
  const shown = canWrite ? [selectColumn, ...columns, actionsColumn] : [...columns, actionsColumn];
  return (
    <section aria-labelledby="saved-queries-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="saved-queries-title" className="text-2xl font-semibold">Saved queries</h1>
        <Link to="/sqllab/" className={buttonClass('primary')}>+ Query</Link>
      </div>
      {answer && 'error' in answer && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">{answer.error}</p>
      )}
      {answer && 'confirm' in answer && <BulkDeleteConfirmation items={answer.confirm} />}
      <SearchForm label="Search saved queries" search={list.search} keep={{ sort: list.sort, dir: list.dir }}>
        <Select id="list-database" name="database" label="Database" defaultValue={list.filters.database}>
          <option value="">All databases</option>
          {list.databases.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
        </Select>
      </SearchForm>
      {canWrite && <BulkDeleteBar noun="saved queries" rowCount={list.rows.length} />}
      <ListTable caption="Your saved queries" noun="saved queries" columns={shown} rows={list.rows} rowKey={(q) => q.id} state={list} search={list.search}
        empty={<p>{list.filters.database ? 'No saved queries on this database.' : 'No saved queries yet. Queries you save in SQL Lab will be listed here.'}</p>} />
      <Pager state={list} noun="saved queries" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Saved queries · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
