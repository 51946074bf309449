/**
 * The dashboard list's search, filters and sort: one GET form, so the list's state is in the URL
 * and the form works without JavaScript. Its parameters become the API's rison filters on the server.
 */
import { Link } from '@remix-run/react';
import { listHref } from '../../pager';
import { Select } from '../../primitives/select';
import { SearchForm } from '../../search-form';
import { DASHBOARD_SORTS, type DashboardListView, type DashboardsPage } from './types';

export function DashboardFilterForm({ list }: { list: DashboardsPage }) {
  const { choices, filters } = list;
  return (
    <SearchForm label="Search dashboards by title" search={list.search} keep={{ view: filters.view }}>
      <Select id="list-owner" name="owner" label="Owner" defaultValue={filters.owner}>
        <option value="">All owners</option>
        {choices.people.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </Select>
      <Select id="list-status" name="status" label="Status" defaultValue={filters.status}>
        <option value="">Any</option>
        <option value="published">Published</option>
        <option value="draft">Draft</option>
      </Select>
      <Select id="list-favorite" name="favorite" label="Favorite" defaultValue={filters.favorite}>
        <option value="">Any</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </Select>
      <Select id="list-certified" name="certified" label="Certified" defaultValue={filters.certified}>
        <option value="">Any</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </Select>
      <Select id="list-modified-by" name="modified_by" label="Modified by" defaultValue={filters.modified_by}>
        <option value="">Anyone</option>
        {choices.people.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </Select>
      <Select id="list-sort" name="sort" label="Sort by" defaultValue={list.sort}>
        {DASHBOARD_SORTS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
      </Select>
      <Select id="list-dir" name="dir" label="Order" defaultValue={list.dir}>
        <option value="asc">Ascending</option>
        <option value="desc">Descending</option>
      </Select>
    </SearchForm>
  );
}

/** Links between the card and the list view, keeping the search, filters, sort and page. */
export function ViewSwitch({ list }: { list: DashboardsPage }) {
  const href = (view: DashboardListView) => listHref({ ...list, filters: { ...list.filters, view: view === 'card' ? 'card' : '' } });
  const item = (view: DashboardListView, label: string) => {
    const active = list.view === view;
    return (
      <Link to={href(view)} aria-current={active ? 'page' : undefined} preventScrollReset
        className={`rounded-md px-3 py-1.5 text-sm font-medium ${active
          ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`}>
        {label}
      </Link>
    );
  };
  return (
    <nav aria-label="View" className="inline-flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-800">
      {item('card', 'Card view')}
      {item('list', 'List view')}
    </nav>
  );
}
