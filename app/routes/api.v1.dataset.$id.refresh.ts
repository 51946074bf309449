/** PUT /api/v1/dataset/{id}/refresh: 'Sync columns' from the table or SQL, keeping edits to columns that remain; `{message: 'OK'}`. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { refreshDatasetColumns } from '~/server/datasets/mutations.server';

const api = endpoint({
  PUT: method({
    params: z.object({ id: idParam('dataset') }),
    run: async (user, { params }) => {
      await refreshDatasetColumns(user, params.id);
      return { message: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
