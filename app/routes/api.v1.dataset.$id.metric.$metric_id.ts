/** DELETE /api/v1/dataset/{id}/metric/{metric_id}: one saved metric of a dataset the caller owns; `{message: 'OK'}`. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { deleteDatasetMetric } from '~/server/datasets/mutations.server';

const api = endpoint({
  DELETE: method({
    params: z.object({ id: idParam('dataset'), metric_id: idParam('dataset metric') }),
    run: async (user, { params }) => {
      await deleteDatasetMetric(user, params.id, params.metric_id);
      return { message: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
