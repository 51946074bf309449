/**
 * GET /api/v1/query/<id>: one query of the history, `{id, result}`. `_info` and `favorite_status`
 * rank equally with this route in Remix, so they are handed back to the generic handlers first.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { idParam } from '~/server/api/inputs.server';
import { getQueryRecord } from '~/server/sqllab/queries-api.server';

const api = withGenericSegments('query', endpoint({
  GET: method({
    params: z.object({ id: idParam('query') }),
    run: async (user, { params }) => ({ id: params.id, result: await getQueryRecord(user, params.id) }),
  }),
}));

export const loader = api.loader;
export const action = api.action;
