/**
 * `slices.query_context`, the query context a chart's data is asked with, as JSON text (Superset's
 * ChartDataQueryContextSchema: `datasource`, `queries[]`, `form_data`, `force`, `result_format`,
 * `result_type`). A query object that is not an object is left out; the others keep every key.
 */
import { z } from 'zod';
import { lenient, lenientList, readStoredJson } from './read-stored';

const QueryFilterSchema = z.looseObject({ col: z.unknown(), op: z.string(), val: z.unknown().optional() });

export const QueryObjectSchema = z.looseObject({
  columns: lenient(z.array(z.unknown())),
  metrics: lenient(z.array(z.unknown()).nullable()),
  filters: lenient(lenientList(QueryFilterSchema)),
  orderby: lenient(z.array(z.unknown())),
  granularity: lenient(z.string().nullable()),
  time_range: lenient(z.string().nullable()),
  is_timeseries: lenient(z.boolean()),
  row_limit: lenient(z.number().int().nullable()),
  row_offset: lenient(z.number().int()),
  order_desc: lenient(z.boolean()),
  series_columns: lenient(z.array(z.unknown())),
  series_limit: lenient(z.number().int()),
  extras: lenient(z.looseObject({
    where: lenient(z.string()),
    having: lenient(z.string()),
    time_grain_sqla: lenient(z.string().nullable()),
  })),
  post_processing: lenient(z.array(z.unknown())),
  url_params: lenient(z.looseObject({})),
});
export type QueryObject = z.output<typeof QueryObjectSchema>;

export const ChartQueryContextSchema = z.looseObject({
  datasource: lenient(z.looseObject({ id: z.union([z.number().int(), z.string()]), type: z.string() })),
  queries: lenientList(QueryObjectSchema).default([]),
  form_data: lenient(z.looseObject({})),
  force: lenient(z.boolean()),
  result_format: lenient(z.string()),
  result_type: lenient(z.string()),
  custom_cache_timeout: lenient(z.number().int().nullable()),
});
export type ChartQueryContext = z.output<typeof ChartQueryContextSchema>;

export function readChartQueryContext(text: string | null | undefined): ChartQueryContext {
  return readStoredJson(text, ChartQueryContextSchema, () => ({ queries: [] }));
}
