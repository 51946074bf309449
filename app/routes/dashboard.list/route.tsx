/**
 * /dashboard/list/: the dashboards the user may see (drafts only to their owners, creators and
 * admins), as a list or as cards. Search, filters, sort, view and paging live in the URL (GET forms
 * and links); the favourite star, the bulk delete (after a confirm step) and the 'Dashboard' create
 * button are posted forms with the CSRF token, so the page works without JavaScript. With it, the
 * star answers at once and "Select all" is added.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '~/lib/permissions';
import { dashboardsPageAction, loadDashboardsPage } from './page.server';
import { CertifiedBadge } from '~/ui/charts/chart-list/certified-badge';
import { CreateDashboardButton } from '~/ui/dashboards/dashboard-list/create-button';
import { DashboardCards } from '~/ui/dashboards/dashboard-list/dashboard-cards';
import { BulkDeleteConfirmation } from '~/ui/lists/bulk-delete-confirmation';
import { FavoriteStar } from '~/ui/lists/favorite-star';
import { DashboardFilterForm, ViewSwitch } from '~/ui/dashboards/dashboard-list/filter-form';
import { StatusBadge } from '~/ui/dashboards/dashboard-list/status-badge';
import type { DashboardRow } from '~/ui/dashboards/dashboard-list/types';
import { ErrorPage } from '~/ui/error-page';
import { DateTime, ListTable, type Column } from '~/ui/list-table';
import { linkClass } from '~/ui/primitives/button';
import { Pager } from '~/ui/pager';
import { BulkDeleteBar, SelectBox } from '~/ui/saved-queries/bulk-delete-bar';
import { useShell } from '~/ui/use-shell';

export const loader = ({ request }: LoaderFunctionArgs) => loadDashboardsPage(request);

export const action = ({ request }: ActionFunctionArgs) => dashboardsPageAction(request);

const selectColumn: Column<DashboardRow> = {
  key: 'select', header: 'Select', className: 'w-10',
  cell: (d) => (d.canEdit ? <SelectBox id={d.id} label={d.title} /> : null),
};

const columns: Column<DashboardRow>[] = [
  { key: 'favorite', header: 'Favorite', className: 'w-10', cell: (d) => <FavoriteStar id={d.id} name={d.title} favorite={d.favorite} /> },
  {
    key: 'title', header: 'Title', sortKey: 'title', rowHeader: true,
    cell: (d) => <><Link to={d.url} className={linkClass}>{d.title}</Link><CertifiedBadge by={d.certifiedBy} details={d.certificationDetails} /></>,
  },
  { key: 'status', header: 'Status', sortKey: 'published', cell: (d) => <StatusBadge published={d.published} /> },
  { key: 'owners', header: 'Owners', cell: (d) => (d.owners.length ? d.owners.join(', ') : '—') },
  { key: 'modified_by', header: 'Modified by', cell: (d) => d.modifiedBy ?? '—' },
  { key: 'modified', header: 'Last modified', sortKey: 'changed_on', firstDir: 'desc', cell: (d) => <DateTime iso={d.changedOn} /> },
];

export default function DashboardList() {
  const list = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const shell = useShell();
  const canWrite = Boolean(shell?.user && hasPermission(shell.user.roles, 'can_write', 'Dashboard'));
  const deletable = list.rows.filter((r) => r.canEdit).length;
  const selectable = canWrite && deletable > 0;
  const filtered = Object.entries(list.filters).some(([key, value]) => key !== 'view' && value !== '');
  const empty = <p>{filtered ? 'No dashboards match these filters.' : 'No dashboards yet. Dashboards you create or that are published to you will be listed here.'}</p>;
  return (
    <section aria-labelledby="dashboards-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="dashboards-title" className="text-2xl font-semibold">Dashboards</h1>
        <div className="flex flex-wrap items-center gap-3">
          <ViewSwitch list={list} />
          {canWrite && <CreateDashboardButton />}
        </div>
      </div>
      {answer && 'error' in answer && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">{answer.error}</p>
      )}
      {answer && 'confirm' in answer && <BulkDeleteConfirmation items={answer.confirm} noun={['dashboard', 'dashboards']} />}
      <DashboardFilterForm list={list} />
      {selectable && <BulkDeleteBar noun="dashboards" rowCount={deletable} />}
      {list.view === 'card' && list.rows.length > 0 ? (
        <DashboardCards rows={list.rows} selectable={selectable} />
      ) : (
        <ListTable caption="Dashboards" noun="dashboards" columns={selectable ? [selectColumn, ...columns] : columns} rows={list.rows} rowKey={(d) => d.id}
          state={list} search={list.search} empty={empty} />
      )}
      <Pager state={list} noun="dashboards" />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Dashboards · Sightline' }];

export function ErrorBoundary() {
  return <ErrorPage />;
}
