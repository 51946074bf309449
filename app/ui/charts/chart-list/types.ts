/** What the chart list page's loader sends its components (app/routes/chart.list). */
import type { ChartRow } from '~/lib/chart-list';
import type { ListState } from '../../pager';

export type ChartListRow = ChartRow;

export type ChartListView = 'list' | 'card';

export type Choice = { value: string; label: string };

/** The filter form's values as the URL carries them ('' when not set); `view` rides along so every link keeps it. */
export type ChartListFilterValues = {
  owner: string;
  viz_type: string;
  dataset: string;
  dashboard: string;
  favorite: '' | 'yes' | 'no';
  certified: '' | 'yes' | 'no';
  view: '' | 'card';
};

export type ChartsPage = Omit<ListState, 'filters'> & {
  rows: ChartListRow[];
  view: ChartListView;
  filters: ChartListFilterValues;
  choices: { owners: Choice[]; vizTypes: Choice[]; datasets: Choice[]; dashboards: Choice[] };
};

/** The sort keys of the list and their names in the sort control. */
export const CHART_SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'viz_type', label: 'Type' },
  { value: 'dataset', label: 'Dataset' },
  { value: 'changed_on', label: 'Last modified' },
] as const;

/** Thumbnails are drawn at 800x450 and shown 300 wide (explore.md section 9). */
export const THUMBNAIL_SHOWN_WIDTH = 300;
export const THUMBNAIL_SHOWN_HEIGHT = Math.round((THUMBNAIL_SHOWN_WIDTH * 450) / 800);
