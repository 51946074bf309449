/**
 * `/api/v1/chart/data`: Superset's chart data endpoint. POST takes a query context as JSON (or,
 * as the CSV export submits it, a form whose `form_data` field holds it), with the frontend's
 * query string `?form_data={"slice_id":N,"dashboard_id":M}&force=true`. GET takes it in the
 * query string's `form_data` (the client-cache style); there a legacy form data (no `queries`)
 * is built into one query as explore_json does. Needs can_read on Chart, access to the dataset,
 * and can_csv on Superset for CSV and XLSX.
 */
import { requirePermission } from '~/server/auth/current-user.server';
import { isFormRequest } from '~/server/api/body.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { readFields, searchParams, type InputReader } from '~/server/api/inputs.server';
import { legacyChartDataRequest } from '~/server/chart-data/explore-json.server';
import { ChartDataQueryStringSchema, formDataId, jsonObjectText, parseChartDataRequest, type ChartDataRequest } from '~/server/chart-data/request.server';
import { chartData } from '~/server/chart-data/service.server';
import { chartDataReply } from './reply.server';

const requestBody: InputReader<Promise<ChartDataRequest>> = {
  async read(request) {
    const fields = await readFields(request, { decodeJson: true });
    return parseChartDataRequest(isFormRequest(request) ? fields.form_data : fields);
  },
};

const allow = (user: Parameters<typeof requirePermission>[0]) => requirePermission(user, 'can_read', 'Chart');

const api = endpoint({
  POST: method({
    allow,
    query: searchParams(ChartDataQueryStringSchema),
    body: requestBody,
    run: (user, { query, body, signal }) => {
      const formData = query.form_data ? jsonObjectText(query.form_data, 'form_data') : null;
      return chartData(user, { ...body, force: body.force || query.force === true }, { sliceId: formDataId(formData, 'slice_id'), signal });
    },
    reply: chartDataReply,
  }),
  GET: method({
    allow,
    query: searchParams(ChartDataQueryStringSchema),
    run: async (user, { query, signal }) => {
      if (!query.form_data) return chartData(user, parseChartDataRequest(undefined), { signal });
      const value = jsonObjectText(query.form_data, 'form_data');
      const request = 'queries' in value ? parseChartDataRequest(value) : await legacyChartDataRequest(value, 'json');
      return chartData(user, { ...request, force: request.force || query.force === true }, { signal });
    },
    reply: chartDataReply,
  }),
});

export const loader = api.loader;
export const action = api.action;
