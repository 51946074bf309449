/** GET /api/v1/dataset/{id}/related_objects: the charts built on the dataset and the dashboards showing them. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { datasetRelatedObjects } from '~/server/datasets/mutations.server';

const api = endpoint({
  GET: method({ params: z.object({ id: idParam('dataset') }), run: (user, { params }) => datasetRelatedObjects(user, params.id) }),
});

export const loader = api.loader;
export const action = api.action;
