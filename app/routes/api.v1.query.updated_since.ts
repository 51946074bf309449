/** GET /api/v1/query/updated_since?q=(last_updated_ms:…): the user's queries changed since then (the editor's poll): `{result}`. */
import { UpdatedSinceQuerySchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { rison } from '~/server/api/inputs.server';
import { queriesUpdatedSince } from '~/server/sqllab/queries-api.server';

const api = endpoint({
  GET: method({
    query: rison(UpdatedSinceQuerySchema),
    run: async (user, { query }) => ({ result: await queriesUpdatedSince(user, query.last_updated_ms) }),
  }),
});

export const loader = api.loader;
export const action = api.action;
