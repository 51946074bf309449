/**
 * /chart/list/: the charts the user may see, as cards with server-drawn thumbnails or as a list.
 * Search, filters, sort, view and paging live in the URL (GET forms and links); the favourite
 * star and the bulk delete (after a confirm step) are posted forms with the CSRF token, so the
 * page works without JavaScript. With it, the star answers at once and "Select all" is added.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { chartsPageAction, loadChartsPage } from './page.server';
import { CertifiedBadge } from '~/ui/charts/chart-list/certified-badge';
import { ChartCards } from '~/ui/charts/chart-list/chart-cards';
import { BulkDeleteConfirmation } from '~/ui/lists/bulk-delete-confirmation';
import { FavoriteStar } from '~/ui/lists/favorite-star';
import { ChartFilterForm, ViewSwitch } from '~/ui/charts/chart-list/filter-form';
import type { ChartListRow } from '~/ui/charts/chart-list/types';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { linkClass } from '~/ui/primitives/button';
import { Pager } from '~/ui/pager';
import { BulkDeleteBar, SelectBox } from '~/ui/saved-queries/bulk-delete-bar';
import { useShell } from '~/ui/use-shell';

export const loader = ({ request }: LoaderFunctionArgs) => loadChartsPage(request);

export const action = ({ request }: ActionFunctionArgs) => chartsPageAction(request);

const selectColumn: Column<ChartListRow> = {
  key: 'select', header: 'Select', className: 'w-10',
  cell: (c) => (c.canEdit ? <SelectBox id={c.id} label={c.name} /> : null),
};

const columns: Column<ChartListRow>[] = [
  { key: 'favorite', header: 'Favorite', className: 'w-10', cell: (c) => <FavoriteStar id={c.id} name={c.name} favorite={c.favorite} /> },
  {
    key: 'name', header: 'Name', sortKey: 'name', rowHeader: true,
    cell: (c) => <><Link to={c.url} className={linkClass}>{c.name}</Link><CertifiedBadge by={c.certifiedBy} details={c.certificationDetails} /></>,
  },
  { key: 'viz', header: 'Type', sortKey: 'viz_type', cell: (c) => c.vizTypeName },
  { key: 'dataset', header: 'Dataset', sortKey: 'dataset', cell: (c) => c.dataset ?? '—' },
  { key: 'owners', header: 'Owners', cell: (c) => (c.owners.length ? c.owners.map((o) => o.name).join(', ') : '—') },
  { key: 'modified_by', header: 'Modified by', cell: (c) => c.modifiedBy ?? '—' },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (c) => <DateTime iso={c.changedOn} /> },
];

export default function ChartList() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'Chart'));
  const deletable = list.rows.filter((r) => r.canEdit).length;
  const selectable = canWrite && deletable > 0;
  const filtered = Object.entries(list.filters).some(([key, value]) => key !== 'view' && value !== '');
  const empty = <p>{filtered ? 'No charts match these filters.' : 'No charts yet. Charts you save from Explore will be listed here.'}</p>;
  return (
    <section aria-labelledby="charts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="charts-title" className="text-2xl font-semibold">Charts</h1>
        <ViewSwitch list={list} />
      </div>
      {answer && 'error' in answer && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">{answer.error}</p>
      )}
      {answer && 'confirm' in answer && <BulkDeleteConfirmation items={answer.confirm} noun={['chart', 'charts']} />}
      <ChartFilterForm list={list} />
      {selectable && <BulkDeleteBar noun="charts" rowCount={deletable} />}
      {list.view === 'card' && list.rows.length > 0 ? (
        <ChartCards rows={list.rows} selectable={selectable} />
      ) : (
        <ListTable caption="Charts" noun="charts" columns={selectable ? [selectColumn, ...columns] : columns} rows={list.rows} rowKey={(c) => c.id}
          state={list} search={list.search} empty={empty} />
      )}
      <Pager state={list} noun="charts" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Charts · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
