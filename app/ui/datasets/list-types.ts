/** What the datasets page's loader sends its components (app/routes/tablemodelview.list). */
import type { ListState } from '../pager';

export type DatasetListRow = {
  id: number;
  name: string;
  kind: 'physical' | 'virtual';
  database: { id: number; name: string } | null;
  schema: string | null;
  owners: { id: number; name: string }[];
  changedOn: string | null;
  exploreUrl: string;
  /** Owner or admin: the row offers Edit and Delete. */
  canEdit: boolean;
};

/** The charts and dashboards built on a dataset, as `GET /api/v1/dataset/{id}/related_objects` answers them. */
export type DatasetRelated = {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  dashboards: { count: number; result: { id: number; title: string }[] };
};

export type DeleteCandidate = { id: number; name: string; related: DatasetRelated };

export type Choice = { value: string; label: string };

export type DatasetFilters = { owner: string; database: string; schema: string; type: string };

export type DatasetsPage = Omit<ListState, 'filters'> & {
  rows: DatasetListRow[];
  filters: DatasetFilters;
  choices: { owners: Choice[]; databases: Choice[]; schemas: Choice[] };
  /** `?delete=<id>`: the dataset to confirm deleting, with what uses it (null when gone or hidden). */
  deleting: DeleteCandidate | null;
};
