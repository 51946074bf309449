/** DELETE /tabstateview/{id}/query/{client_id}: removes a query from the tab ("OK"). */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { removeTabQuery } from '~/server/sqllab/tabs.server';

const api = endpoint({
  DELETE: method({
    params: z.object({ id: idParam('tab'), client_id: z.string().default('') }),
    run: async (user, { params }) => {
      await removeTabQuery(user, params.id, params.client_id);
      return 'OK';
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
