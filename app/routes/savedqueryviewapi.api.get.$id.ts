/** GET /savedqueryviewapi/api/get/{id}: a saved query of the user's, to open in a new tab: `{id, result}`. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { getLegacySavedQuery } from '~/server/sqllab/saved-queries.server';

const api = endpoint({
  GET: method({
    params: z.object({ id: idParam('saved query') }),
    run: async (user, { params }) => ({ id: params.id, result: await getLegacySavedQuery(user, params.id) }),
  }),
});

export const loader = api.loader;
export const action = api.action;
