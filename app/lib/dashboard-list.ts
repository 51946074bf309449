/** A row of the dashboard list page: built by app/server/dashboards/list.server.ts, drawn by app/ui/dashboards/dashboard-list. */
export type DashboardRow = {
  id: number;
  title: string;
  slug: string | null;
  /** Where the dashboard opens: `/superset/dashboard/{slug or id}/`. */
  url: string;
  published: boolean;
  /** The owners' names, sorted. */
  owners: string[];
  modifiedBy: string | null;
  changedOn: string;
  certifiedBy: string | null;
  certificationDetails: string | null;
  /** Starred by the user asking. */
  favorite: boolean;
  /** Section 6's edit permission (Admin, or an owner with can_write): the user may delete it (the server checks again). */
  canEdit: boolean;
  /** Superset's `thumbnail_url`: the server-drawn mosaic of the dashboard's first screen. */
  thumbnailUrl: string;
};

/** The page's filter values as the URL carries them ('' when not set); `view` rides along so every link keeps it. */
export type DashboardListFilterValues = {
  owner: string;
  status: '' | 'published' | 'draft';
  favorite: '' | 'yes' | 'no';
  certified: '' | 'yes' | 'no';
  modified_by: string;
  view: '' | 'card';
};
