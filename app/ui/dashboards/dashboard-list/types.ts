/** What the dashboard list page's loader sends its components (app/routes/dashboard.list). */
import type { DashboardListFilterValues, DashboardRow } from '~/lib/dashboard-list';
import type { ListState } from '../../pager';

export type { DashboardListFilterValues, DashboardRow };

export type DashboardListView = 'list' | 'card';

export type Choice = { value: string; label: string };

export type DashboardsPage = Omit<ListState, 'filters'> & {
  rows: DashboardRow[];
  view: DashboardListView;
  filters: DashboardListFilterValues;
  /** The people the Owner and Modified by filters offer. */
  choices: { people: Choice[] };
};

/** The sort keys of the list and their names in the sort control. */
export const DASHBOARD_SORTS = [
  { value: 'title', label: 'Title' },
  { value: 'published', label: 'Status' },
  { value: 'changed_on', label: 'Last modified' },
] as const;
