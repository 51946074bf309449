/** DELETE /api/v1/dataset/{id}/column/{column_id}: one column of a dataset the caller owns; `{message: 'OK'}`. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { deleteDatasetColumn } from '~/server/datasets/mutations.server';

const api = endpoint({
  DELETE: method({
    params: z.object({ id: idParam('dataset'), column_id: idParam('dataset column') }),
    run: async (user, { params }) => {
      await deleteDatasetColumn(user, params.id, params.column_id);
      return { message: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
