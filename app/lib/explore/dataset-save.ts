/**
 * The Save or Overwrite Dataset dialog's pure half (explore.md section 2 and 7), shared by Explore
 * and SQL Lab: the default name, when each mode may save, the bodies of `POST /api/v1/dataset/`
 * and `PUT /api/v1/dataset/{id}?override_columns=true`, the list query of the datasets the user
 * owns, and the form data Explore opens the saved dataset with.
 */
import type { ListQueryInput } from '~/lib/list-query';

export type SaveDatasetMode = 'save-new' | 'overwrite';

/** Datasets are named in 250 characters at most (DatasetCreateSchema's table_name). */
export const DATASET_NAME_MAX = 250;
export const UNTITLED_DATASET = 'Untitled Dataset';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Superset's proposal: the datasource's name (or 'Untitled Dataset') and the local date and time
 * as MM/DD/YYYY HH:mm:ss, so saving the same query twice does not collide on the name.
 */
export function defaultDatasetName(datasourceName: string | null | undefined, now: Date): string {
  const stamp = `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return `${datasourceName?.trim() || UNTITLED_DATASET} ${stamp}`.slice(0, DATASET_NAME_MAX);
}

/** A dataset the user owns, as the overwrite picker lists it. */
export type OwnedDataset = { id: number; table_name: string; owners: { id: number }[] };

/** Whether the dialog's main button may act: a name for a new dataset, a chosen dataset to overwrite. */
export function canSaveDataset(mode: SaveDatasetMode, name: string, chosen: OwnedDataset | null): boolean {
  if (mode === 'save-new') return name.trim().length > 0 && name.trim().length <= DATASET_NAME_MAX;
  return chosen !== null;
}

/** What the dialog saves: the query and where it runs. */
export type DatasetSource = {
  sql: string;
  databaseId: number;
  schema: string | null;
  /** JSON text of the Jinja template parameters, or null. */
  templateParams: string | null;
};

/** A column as the overwrite sends it (Superset sends the query's result columns). */
export type SavedColumn = { column_name: string; type: string | null; is_dttm: boolean };

/** `POST /api/v1/dataset/`: a virtual dataset on the query. */
export function newDatasetBody(source: DatasetSource, name: string) {
  return {
    database: source.databaseId,
    schema: source.schema || null,
    table_name: name.trim(),
    sql: source.sql,
    template_params: source.templateParams?.trim() ? source.templateParams : null,
  };
}

/**
 * `PUT /api/v1/dataset/{id}?override_columns=true`: the chosen dataset takes the query's SQL,
 * database and schema, keeps its owners (the server adds a non-admin editor back), and its columns
 * are synced with what the SQL returns (the columns given are matched by name first).
 */
export function overwriteDatasetBody(source: DatasetSource, chosen: OwnedDataset, columns: SavedColumn[] | null) {
  return {
    sql: source.sql,
    database_id: source.databaseId,
    schema: source.schema || null,
    owners: chosen.owners.map((o) => o.id),
    ...(columns?.length ? { columns: columns.map((c) => ({ column_name: c.column_name, type: c.type, is_dttm: c.is_dttm })) } : {}),
  };
}

export const overwriteDatasetUrl = (id: number) => `/api/v1/dataset/${id}?override_columns=true`;

export const OWNED_DATASETS_PAGE_SIZE = 100;

/**
 * `GET /api/v1/dataset/?q=`: datasets whose name contains the text and that the user owns, most
 * recently changed first (the list engine's `ct` and `rel_m_m` filters).
 */
export function ownedDatasetsQuery(search: string, userId: number): ListQueryInput {
  const text = search.trim();
  return {
    filters: [
      ...(text ? [{ col: 'table_name', opr: 'ct', value: text }] : []),
      { col: 'owners', opr: 'rel_m_m', value: userId },
    ],
    order_column: 'changed_on_delta_humanized',
    order_direction: 'desc',
    page: 0,
    page_size: OWNED_DATASETS_PAGE_SIZE,
    columns: ['id', 'table_name', 'owners.id'],
  };
}

type FormDataLike = Record<string, unknown>;

/** Superset's form data for a dataset made from a query (explore.md section 9). */
export const NEW_DATASET_FORM_DATA = { metrics: [], groupby: [], time_range: 'No filter', row_limit: 1000 } as const;

/**
 * The form data Explore opens the saved dataset with: the chart's own when there is one (Explore's
 * save keeps the chart as it is), else a raw table of the query's columns (SQL Lab's save).
 */
export function savedDatasetFormData(datasetId: number, formData: FormDataLike | null, columns: SavedColumn[] | null): FormDataLike {
  const base: FormDataLike = formData
    ? { ...NEW_DATASET_FORM_DATA, ...formData }
    : {
      viz_type: 'table',
      ...NEW_DATASET_FORM_DATA,
      ...(columns?.length ? { query_mode: 'raw', all_columns: columns.map((c) => c.column_name) } : {}),
    };
  // Per-visit URL arguments stay with the visit they came from (Superset drops url_params too).
  const { url_params: _dropped, ...rest } = base;
  return { ...rest, datasource: `${datasetId}__table` };
}

/** `POST /api/v1/explore/form_data`'s body for the saved dataset. */
export function formDataStateBody(datasetId: number, formData: FormDataLike) {
  return { datasource_id: datasetId, datasource_type: 'table' as const, form_data: JSON.stringify(formData) };
}

export const exploreUrlForKey = (key: string) => `/explore/?form_data_key=${encodeURIComponent(key)}`;
export const exploreUrlForDataset = (id: number) => `/explore/?datasource_type=table&datasource_id=${id}`;
