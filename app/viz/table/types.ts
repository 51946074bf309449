/**
 * The table's form data (Superset's plugin-chart-table keys) and its chart model: everything the
 * view draws is computed by transformProps as plain data (texts already formatted, colours and
 * bar geometry already computed), so the server render and the browser's hydration draw the
 * same table from the same model, and a browser without JavaScript gets a complete table.
 */
import type { GenericDataType } from '~/lib/chart-data/types';
import type { FormData, HtmlModel } from '../types';
import type { ConditionalFormattingRule } from './conditional-formatting';
import type { ColumnConfig } from '~/lib/explore/column-config';

/** Per result column settings (spec explore.md 'Column config per result column'): the control's type. */
export type TableColumnConfig = ColumnConfig;

export interface TableFormData extends FormData {
  query_mode?: 'aggregate' | 'raw' | null;
  groupby?: unknown[];
  metrics?: unknown[] | null;
  percent_metrics?: unknown[] | null;
  all_columns?: unknown[];
  order_by_cols?: string[];
  timeseries_limit_metric?: unknown;
  order_desc?: boolean;
  show_totals?: boolean;
  server_pagination?: boolean;
  server_page_length?: number | string;
  row_limit?: number | string | null;
  page_length?: number | string | null;
  include_search?: boolean;
  table_timestamp_format?: string;
  time_grain_sqla?: string;
  temporal_columns_lookup?: Record<string, boolean>;
  column_config?: Record<string, TableColumnConfig>;
  conditional_formatting?: ConditionalFormattingRule[];
  show_cell_bars?: boolean;
  align_pn?: boolean;
  color_pn?: boolean;
  allow_render_html?: boolean;
}

export type TableAlign = 'left' | 'center' | 'right';

export interface TableColumnModel {
  key: string;
  label: string;
  dataType: GenericDataType | null;
  isNumeric: boolean;
  isMetric: boolean;
  isPercentMetric: boolean;
  align: TableAlign;
  /** The column width hint (px number or CSS length). */
  width: number | string | null;
  truncate: boolean;
  sortType: 'datetime' | 'alphanumeric' | 'basic';
}

export interface CellBar {
  /** Percent of the cell's width. */
  width: number;
  /** Percent from the cell's left edge. */
  offset: number;
  color: string;
  negative: boolean;
}

export interface TableCell {
  /** The text shown ('N/A' for null, '' for a missing value). */
  text: string;
  /** The value sorting compares (dates as epoch ms). */
  sort: number | string | boolean | null;
  /** What the search box matches (match-sorter reads raw values; dates by their text). */
  search: string | null;
  /** The raw number, shown as the cell's title as Superset does. */
  title?: string;
  background?: string;
  bar?: CellBar;
  isNull: boolean;
}

export interface TableModelProps {
  columns: TableColumnModel[];
  rows: TableCell[][];
  /** The summary row (show_totals): a text per column, null for the label column. */
  totals: (string | null)[] | null;
  /** Rows in the answer, or all rows of the query under server pagination. */
  rowCount: number;
  /** Rows per page; 0 shows every row. */
  pageSize: number;
  serverPagination: boolean;
  /** Server pagination: the page these rows are (0-based). */
  currentPage: number;
  includeSearch: boolean;
  /** The first click on a header sorts descending (order_desc). */
  sortDesc: boolean;
  isRawRecords: boolean;
  /** 'No results were returned for this query' when the answer has no rows. */
  emptyMessage: string | null;
}

export type TableModel = HtmlModel<TableModelProps>;

/** The page sizes offered (Superset's PAGE_SIZE_OPTIONS; 0 is every row). */
export const PAGE_SIZE_OPTIONS: readonly [number, string][] = [
  [0, 'All'],
  [10, '10'],
  [20, '20'],
  [50, '50'],
  [100, '100'],
  [200, '200'],
];
