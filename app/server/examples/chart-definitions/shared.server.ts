/**
 * What an example chart is made of: a fixed uuid of Sightline's own (so a second start, an export
 * or a bench finds the same chart), its name and type, the example dataset it is built on (by
 * that dataset's uuid and table name), and its form data without the `datasource` key, which is
 * only known once the dataset has a row id on the database being registered (charts.server.ts).
 * Form data keys are Superset's, as app/viz reads them. Metrics are ad hoc (a column and an
 * aggregate, or SQL over the table's own columns) rather than the datasets' saved metrics and
 * calculated columns, so a chart runs on any dataset of its table: one registered with the
 * definitions, or one a bench or an admin made by hand from the warehouse table.
 */
import type { ExampleDataset } from '../dataset-definitions/index.server';

export type ExampleFormData = { [key: string]: unknown };

export interface ExampleChart {
  uuid: string;
  slice_name: string;
  viz_type: string;
  /** The example dataset it charts: looked up by uuid, then by table name, on the examples database. */
  dataset: Pick<ExampleDataset, 'uuid' | 'table_name'>;
  description?: string;
  params: ExampleFormData;
}

/** A chart of `dataset`: the viz type goes into the form data too, as Superset saves it. */
export function exampleChart(
  dataset: Pick<ExampleDataset, 'uuid' | 'table_name'>,
  chart: { uuid: string; slice_name: string; viz_type: string; description?: string; params: ExampleFormData },
): ExampleChart {
  return {
    uuid: chart.uuid,
    slice_name: chart.slice_name,
    viz_type: chart.viz_type,
    dataset: { uuid: dataset.uuid, table_name: dataset.table_name },
    ...(chart.description ? { description: chart.description } : {}),
    params: { viz_type: chart.viz_type, ...chart.params },
  };
}

/** An ad hoc metric over one column (Superset's SIMPLE metric), with the label the chart shows. */
export function simpleMetric(aggregate: 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT' | 'COUNT_DISTINCT', column: string, label: string) {
  return { expressionType: 'SIMPLE', aggregate, column: { column_name: column }, label, hasCustomLabel: true, optionName: `metric_${aggregate.toLowerCase()}_${column.toLowerCase()}` };
}

/** An ad hoc metric of SQL (ANSI, so every engine of the examples runs it), with its label. */
export function sqlMetric(sqlExpression: string, label: string) {
  return { expressionType: 'SQL', sqlExpression, label, hasCustomLabel: true, optionName: `metric_sql_${label.toLowerCase().replace(/\W+/g, '_')}` };
}

/** The time range filter Superset's Explore writes on the temporal column; 'No filter' keeps every row. */
export function timeRange(column: string, range = 'No filter') {
  return { clause: 'WHERE', expressionType: 'SIMPLE', subject: column, operator: 'TEMPORAL_RANGE', comparator: range };
}

/** Display settings every time-series chart of the examples shares. */
export const TIMESERIES_DISPLAY = {
  color_scheme: 'supersetColors',
  show_legend: true,
  legendType: 'scroll',
  legendOrientation: 'top',
  rich_tooltip: true,
  x_axis_time_format: 'smart_date',
  tooltipTimeFormat: 'smart_date',
  y_axis_format: 'SMART_NUMBER',
  truncateXAxis: true,
  y_axis_bounds: [null, null],
  order_desc: true,
  comparison_type: 'values',
  annotation_layers: [],
} as const;
