/** A row of the chart list page: built by app/server/charts/list.server.ts, drawn by app/ui/charts/chart-list. */
export type ChartRow = {
  id: number;
  name: string;
  /** Where the chart opens: Explore on the saved chart. */
  url: string;
  vizType: string;
  /** The chart type's name in the registry, or the key for a type this build does not have. */
  vizTypeName: string;
  datasetId: number | null;
  dataset: string | null;
  owners: { id: number; name: string }[];
  modifiedBy: string | null;
  changedOn: string;
  description: string | null;
  certifiedBy: string | null;
  certificationDetails: string | null;
  /** Starred by the user asking. */
  favorite: boolean;
  /** Owner or Admin: the user may delete it (the server checks again). */
  canEdit: boolean;
  /** Superset's `thumbnail_url`: the server-drawn SVG of the saved chart. */
  thumbnailUrl: string;
};
