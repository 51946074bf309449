/** POST /api/v1/explore/form_data[?tab_id=] {datasource_id, datasource_type, chart_id?, form_data}: 201 `{key}` (Superset's ExploreFormDataRestApi). */
import { z } from 'zod';
import { ExploreFormDataStateSchema } from '~/lib/key-value/states';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, searchParams } from '~/server/api/inputs.server';
import { createFormData } from '~/server/explore/form-data.server';

/** `?tab_id=`: the browser tab whose state this is (an integer); absent, the state has no tab. */
const TabQuery = searchParams(z.object({
  tab_id: z.string().regex(/^\d{1,9}$/, 'tab_id: Not a valid integer.').transform(Number).optional().transform((v) => v ?? null),
}));

const api = endpoint({
  POST: method({
    query: TabQuery,
    body: jsonBody(ExploreFormDataStateSchema),
    run: (user, { query, body }) => createFormData(user, body, query.tab_id),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
