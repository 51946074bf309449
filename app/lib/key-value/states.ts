/**
 * What the coming namespaces of the key-value store keep (explore.md §API, dashboards.md
 * §Permalinks, Superset's key_value types): Explore's transient form data, Explore and dashboard
 * permalinks, and a dashboard's native filter state. Checked when stored and when read back, so
 * a reader gets these types or a 404. Isomorphic: Explore and the dashboard build these payloads.
 */
import { z } from 'zod';
import { jsonObjectValue, MISSING, positiveId } from '../schema-fields';

/** State is one page's worth; this keeps a single value from filling the store. */
export const MAX_STATE_CHARS = 1024 * 1024;

const datasourceType = z.enum(['table', 'query', 'saved_query', 'view'], { error: 'Must be one of: table, query, saved_query, view.' });
const jsonObjectText = (notJson: string) =>
  z.string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') }).refine((text) => jsonObjectValue().safeParse(text).success, notJson);
/** `urlParams`: the page's other URL parameters, as [name, value] pairs. */
const urlParams = z.array(z.tuple([z.string(), z.string()]), { error: 'Must be a list of [name, value] pairs.' }).nullish();

/** `POST|PUT /api/v1/explore/form_data`: form_data is JSON text (url_params removed by the client). */
export const ExploreFormDataStateSchema = z.object({
  datasource_id: positiveId,
  datasource_type: datasourceType,
  chart_id: positiveId.nullish(),
  form_data: jsonObjectText('Not a valid JSON object.'),
});
export type ExploreFormDataState = z.output<typeof ExploreFormDataStateSchema>;

/** `POST /api/v1/explore/permalink`: the chart's form data and the URL's other parameters. */
export const ExplorePermalinkStateSchema = z.object({
  formData: z.record(z.string(), z.unknown(), { error: 'Must be a JSON object.' }),
  urlParams,
});
export type ExplorePermalinkState = z.output<typeof ExplorePermalinkStateSchema>;

/** `POST /api/v1/dashboard/{id}/permalink`; the dashboard's id is the path's, kept with the state. */
export const DashboardPermalinkStateSchema = z.object({
  dashboardId: positiveId,
  dataMask: z.record(z.string(), z.unknown(), { error: 'Must be a JSON object.' }).nullish(),
  activeTabs: z.array(z.string(), { error: 'Must be a list of tab ids.' }).nullish(),
  anchor: z.string({ error: 'Not a valid string.' }).nullish(),
  urlParams,
});
export type DashboardPermalinkState = z.output<typeof DashboardPermalinkStateSchema>;

/** `POST|PUT /api/v1/dashboard/{id}/filter_state`: `value` is the filters' JSON text; the dashboard is the path's. */
export const DashboardFilterStateSchema = z.object({
  dashboardId: positiveId,
  value: jsonObjectText('Not a valid JSON object.'),
});
export type DashboardFilterState = z.output<typeof DashboardFilterStateSchema>;
