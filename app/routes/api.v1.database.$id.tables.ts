/** GET /api/v1/database/<id>/tables/?q=(schema_name:x,force:!f): `{count, result: [{value, type, extra}]}`. */
import { z } from 'zod';
import { TablesQuerySchema } from '~/lib/database-settings';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, rison } from '~/server/api/inputs.server';
import { tablesOf } from '~/server/databases/metadata.server';

const api = endpoint({
  GET: method({
    params: z.object({ id: idParam('database') }),
    query: rison(TablesQuerySchema),
    run: async (user, { params, query }) => {
      const result = await tablesOf(user, { id: params.id, ...query });
      return { count: result.length, result };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
