/** DELETE /tableschemaview/{id}: removes a table from its tab ("OK"); another user's is a 404. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { removeTableSchema } from '~/server/sqllab/table-schemas.server';

const api = endpoint({
  DELETE: method({
    params: z.object({ id: idParam('table') }),
    run: async (user, { params }) => {
      await removeTableSchema(user, params.id);
      return 'OK';
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
