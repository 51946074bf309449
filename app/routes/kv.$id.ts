/** GET /kv/{id}: a shared query's record (name, dbId, schema, autorun, sql, templateParams). Needs a login; unknown keys are a 404. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { getSharedQuery } from '~/server/sqllab/sharing.server';

const api = endpoint({
  // The key's shape is the store's to judge: any text that is not a key is the same 404 as a missing one.
  GET: method({ params: z.object({ id: z.string().optional() }), run: (user, { params }) => getSharedQuery(user, params.id) }),
});

export const loader = api.loader;
export const action = api.action;
