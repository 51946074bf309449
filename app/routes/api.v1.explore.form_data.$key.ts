/**
 * /api/v1/explore/form_data/{key}: GET `{form_data}`, PUT (the same body as POST; the owner
 * only) `{key, message}`, DELETE (the owner only) `{message}`. An unknown or expired key is a 404.
 */
import { z } from 'zod';
import { ExploreFormDataStateSchema } from '~/lib/key-value/states';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, searchParams } from '~/server/api/inputs.server';
import { deleteFormData, getFormData, updateFormData } from '~/server/explore/form-data.server';

// The key's shape is the store's to judge: any text that is not a key is the same 404 as a missing one.
const Params = z.object({ key: z.string().optional() });

/** `?tab_id=`: the browser tab whose state this is (an integer); absent, the state has no tab. */
const TabQuery = searchParams(z.object({
  tab_id: z.string().regex(/^\d{1,9}$/, 'tab_id: Not a valid integer.').transform(Number).optional().transform((v) => v ?? null),
}));

const api = endpoint({
  GET: method({ params: Params, run: (user, { params }) => getFormData(user, params.key) }),
  PUT: method({
    params: Params,
    query: TabQuery,
    body: jsonBody(ExploreFormDataStateSchema),
    run: (user, { params, query, body }) => updateFormData(user, params.key, body, query.tab_id),
  }),
  DELETE: method({ params: Params, query: TabQuery, run: (user, { params, query }) => deleteFormData(user, params.key, query.tab_id) }),
});

export const loader = api.loader;
export const action = api.action;
