/**
 * `slices.params`, a chart's form data as JSON text (explore.md, "Explore form data"): which
 * dataset (`datasource`, "<id>__<type>"), which chart type, and the controls' values. Each chart
 * type has controls of its own, so unknown keys are kept as they are; the common ones are typed.
 */
import { z } from 'zod';
import { lenient, lenientList, lenientRecord, readStoredJson } from './read-stored';

const AdhocFilterSchema = z.looseObject({
  expressionType: lenient(z.string()),
  clause: lenient(z.string()),
  subject: lenient(z.unknown()),
  operator: lenient(z.string()),
  comparator: lenient(z.unknown()),
  sqlExpression: lenient(z.string().nullable()),
});

export const ChartParamsSchema = z.looseObject({
  datasource: lenient(z.string()),
  viz_type: lenient(z.string()),
  slice_id: lenient(z.number().int()),
  cache_timeout: lenient(z.number().int().nullable()),
  url_params: lenient(lenientRecord(z.string())),
  metrics: lenient(z.array(z.unknown())),
  metric: lenient(z.unknown()),
  groupby: lenient(z.array(z.unknown())),
  columns: lenient(z.array(z.unknown())),
  adhoc_filters: lenient(lenientList(AdhocFilterSchema)),
  time_range: lenient(z.string()),
  granularity_sqla: lenient(z.string().nullable()),
  time_grain_sqla: lenient(z.string().nullable()),
  // Superset's forms have stored limits as numbers and as their text.
  row_limit: lenient(z.coerce.number().int().nonnegative()),
  limit: lenient(z.coerce.number().int().nonnegative().nullable()),
  order_desc: lenient(z.boolean()),
  color_scheme: lenient(z.string()),
  dashboards: lenient(z.array(z.number().int())),
  extra_form_data: lenient(z.looseObject({})),
});
export type ChartParams = z.output<typeof ChartParamsSchema>;

export function readChartParams(text: string | null | undefined): ChartParams {
  return readStoredJson(text, ChartParamsSchema, () => ({}));
}

/** The dataset a form data's `datasource` ("3__table") names, when it names one. */
export function datasourceOf(params: ChartParams): { id: number; type: string } | null {
  const match = /^(\d{1,15})__([a-z_]+)$/.exec(params.datasource ?? '');
  return match ? { id: Number(match[1]), type: match[2] } : null;
}
