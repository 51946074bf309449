/** GET /api/v1/database/<id>/select_star/<table>/: a SELECT * of the table in the default schema, `{result}`. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, textParam } from '~/server/api/inputs.server';
import { selectStarOf } from '~/server/databases/metadata.server';

const Params = z.object({ id: idParam('database'), table: textParam('table'), schema: z.string().optional() });

const api = endpoint({
  GET: method({ params: Params, run: async (user, { params }) => ({ result: await selectStarOf(user, params) }) }),
});

export const loader = api.loader;
export const action = api.action;
