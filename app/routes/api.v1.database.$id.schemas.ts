/** GET /api/v1/database/<id>/schemas/?q=(force:!t,upload_allowed:!t): the database's schemas, `{result: [...]}`. */
import { z } from 'zod';
import { SchemasQuerySchema } from '~/lib/database-settings';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, rison } from '~/server/api/inputs.server';
import { schemasOf } from '~/server/databases/metadata.server';

const api = endpoint({
  GET: method({
    params: z.object({ id: idParam('database') }),
    query: rison(SchemasQuerySchema),
    run: async (user, { params, query }) => ({ result: await schemasOf(user, { id: params.id, ...query }) }),
  }),
});

export const loader = api.loader;
export const action = api.action;
