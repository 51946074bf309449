/**
 * /api/v1/dataset/: GET is the generic list (as `api.v1.$resource._index.ts` answers it); POST
 * creates a dataset, virtual when the body has `sql` (SQL Lab's "Save dataset"), answering
 * Superset's `{id, result}` with 201.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleList } from '~/server/api/handlers.server';
import { createdResponse } from '~/server/api/respond.server';
import { createDataset } from '~/server/datasets/create.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleList(request, 'dataset');

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => {
      const { id, result } = await createDataset(user, await readFields(request, { decodeJson: false }));
      return createdResponse(id, result);
    },
  }, ['GET']);
