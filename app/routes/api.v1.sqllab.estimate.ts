/** POST /api/v1/sqllab/estimate/: the engine's cost estimate of a query, without running it: `{result: [...]}`. */
import { EstimatePayloadSchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { estimateQuery } from '~/server/sqllab/estimate.server';

const api = endpoint({
  POST: method({
    body: jsonBody(EstimatePayloadSchema),
    run: async (user, { body }) => ({ result: await estimateQuery(user, body) }),
  }),
});

export const loader = api.loader;
export const action = api.action;
