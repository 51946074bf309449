/**
 * The hydrated Explore page's contract (decision 009): the page's data as the browser gets it, and
 * the props every control component takes. The pieces (control panel, drag-and-drop selectors,
 * popovers, chart-type picker, dataset dialogs, header, data pane) are separate modules that meet
 * only through these types and explore-app.tsx.
 */
import type { ReactNode } from 'react';
import type { ControlConfig, ControlContext, FormData, VizDatasource } from '~/viz/types';

export interface ExploreColumn {
  column_name: string;
  verbose_name: string | null;
  /** The database type ('VARCHAR(255)', 'BIGINT', …). */
  type: string | null;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean; null when unknown. */
  type_generic: number | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  /** A calculated column's SQL; null for a physical column. */
  expression: string | null;
  description: string | null;
}

export interface ExploreMetric {
  metric_name: string;
  verbose_name: string | null;
  expression: string;
  d3format: string | null;
  currency: { symbol: string; symbolPosition: string } | null;
  description: string | null;
  warning_text: string | null;
}

/** The dataset (or SQL Lab query) the chart reads, with what the Explore panels need. */
export interface ExploreDatasource extends VizDatasource {
  /** '12__table' */
  uid: string;
  type: 'table' | 'query';
  columns: ExploreColumn[];
  metrics: ExploreMetric[];
  owners: { id: number; first_name: string; last_name: string }[];
  database: { id: number; database_name: string } | null;
  schema: string | null;
  /** A virtual dataset's SQL (or the query's). */
  sql: string | null;
  /** The dataset's extra: disallow_adhoc_metrics and the like. */
  extra: Record<string, unknown>;
  /** May the user edit this dataset (owner or admin)? */
  canEdit: boolean;
}

/** What the Explore page knows about the user, for what it offers (spec section 6). */
export interface ExploreUser {
  id: number;
  isAdmin: boolean;
  /** can_csv: the download menu. */
  canDownload: boolean;
  /** menu_access on SQL Lab: 'View in SQL Lab', 'Run in SQL Lab'. */
  canSqlLab: boolean;
  /** can_write on Chart: Save. */
  canSaveChart: boolean;
  /** can_write on Dataset: save or overwrite a dataset. */
  canSaveDataset: boolean;
}

/** The chart open on the page, when it is a saved one. */
export interface ExploreSlice {
  slice_id: number;
  slice_name: string;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  owners: { id: number; first_name: string; last_name: string }[];
  dashboards: { id: number; dashboard_title: string }[];
}

/** Every control component's props. `value` is the form data's value under `name`. */
export interface ControlProps<V = unknown> {
  /** A unique DOM id for the control's input (labels point at it). */
  id: string;
  name: string;
  /** The control's config with the chart type's overrides applied. */
  config: ControlConfig;
  value: V | undefined;
  onChange: (value: V) => void;
  /** The form data so far and the dataset, for choices and visibility. */
  context: ControlContext;
  datasource: ExploreDatasource | null;
  /** Validator messages for the current value (shown under the control). */
  errors: string[];
  /** The chart's last answer (first query): its columns, for column config and formatters. */
  results: ExploreResults | null;
}

/** The first query's columns as the chart last drew them (Superset's queriesResponse colnames/coltypes). */
export interface ExploreResults {
  colnames: string[];
  /** GenericDataType per column: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  coltypes: number[];
}

/** Everything the shell hands a piece that acts on the chart as a whole. */
export interface ExploreChrome {
  formData: FormData;
  datasource: ExploreDatasource | null;
  slice: ExploreSlice | null;
  user: ExploreUser;
  /** The SQL the chart ran, joined ';\n\n'. */
  sql: string;
  /** Replace the form data (a chart type change, a dataset swap) and re-run the chart. */
  apply: (formData: FormData) => void;
}

export type Slot = ReactNode;
