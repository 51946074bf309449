/**
 * GET /api/v1/dataset/{id}: one dataset with its columns (`q=(columns:!(…))` picks fields). `_info`
 * and `favorite_status` share this path shape and go to the generic endpoints first.
 */
import { z } from 'zod';
import { DatasetShowQuerySchema } from '~/lib/dataset-inputs';
import { endpoint, method } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { idParam, rison } from '~/server/api/inputs.server';
import { showDataset } from '~/server/datasets/show.server';

const api = withGenericSegments('dataset', endpoint({
  GET: method({
    params: z.object({ id: idParam('dataset') }),
    query: rison(DatasetShowQuerySchema),
    run: (user, { params, query }) => showDataset(user, params.id, query),
  }),
}));

export const loader = api.loader;
export const action = api.action;
