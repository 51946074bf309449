/**
 * The pivot table's form data (Superset's plugin-chart-pivot-table keys) and its chart model: the
 * flat rows of the answer and the settings, as plain data. The view pivots the rows itself (on
 * the server for the HTML, again in the browser when it hydrates), as Superset's chart does.
 */
import type { Currency } from '~/lib/format/currency-format';
import type { ConditionalFormattingRule } from '../table/conditional-formatting';
import type { FormData, HtmlModel } from '../types';
import type { PivotRecord } from './pivot-data';

export type MetricsLayout = 'COLUMNS' | 'ROWS';

export interface PivotTableFormData extends FormData {
  groupbyRows?: unknown[];
  groupbyColumns?: unknown[];
  metrics?: unknown[];
  metricsLayout?: MetricsLayout;
  series_limit?: number | string;
  series_limit_metric?: unknown;
  row_limit?: number | string | null;
  order_desc?: boolean;
  time_grain_sqla?: string;
  temporal_columns_lookup?: Record<string, boolean>;
  aggregateFunction?: string;
  rowTotals?: boolean;
  rowSubTotals?: boolean;
  colTotals?: boolean;
  colSubTotals?: boolean;
  transposePivot?: boolean;
  combineMetric?: boolean;
  valueFormat?: string;
  currency_format?: Currency | null;
  date_format?: string;
  rowOrder?: string;
  colOrder?: string;
  rowSubtotalPosition?: boolean;
  colSubtotalPosition?: boolean;
  conditional_formatting?: ConditionalFormattingRule[];
  allow_render_html?: boolean;
}

/** How a temporal group-by's values print in the headers: a d3 pattern, a time grain's format, or the value as received. */
export type DateFormatSpec = { format: string } | { granularity: string } | { asIs: true };

export interface PivotTableModelProps {
  data: PivotRecord[];
  /** Column labels of the row and column group-bys. */
  groupbyRows: string[];
  groupbyColumns: string[];
  /** Metric labels, in the chart's order. */
  metrics: string[];
  aggregateFunction: string;
  transposePivot: boolean;
  combineMetric: boolean;
  metricsLayout: MetricsLayout;
  rowOrder: string;
  colOrder: string;
  rowTotals: boolean;
  colTotals: boolean;
  rowSubTotals: boolean;
  colSubTotals: boolean;
  /** Subtotals first (top / left) rather than last. */
  rowSubtotalPosition: boolean;
  colSubtotalPosition: boolean;
  valueFormat: string | null;
  currencyFormat: Currency | null;
  /** The dataset's saved metric formats and currencies (metric_name → …). */
  columnFormats: Record<string, string>;
  currencyFormats: Record<string, Currency>;
  verboseMap: Record<string, string>;
  dateFormats: Record<string, DateFormatSpec>;
  conditionalFormatting: ConditionalFormattingRule[];
  /** 'No results were returned for this query' when the answer has no rows. */
  emptyMessage: string | null;
}

export type PivotTableModel = HtmlModel<PivotTableModelProps>;
