/**
 * /api/v1/dataset/{id}: GET one dataset with its columns and metrics (`q=(columns:!(…))` picks
 * fields); PUT changes it (`?override_columns=true` also syncs its columns with the source), the
 * body read by updateDataset after its ownership checks; DELETE removes it. `_info` and
 * `favorite_status` share this path shape and go to the generic endpoints first.
 */
import { z } from 'zod';
import { DatasetShowQuerySchema, OverrideColumnsQuerySchema } from '~/lib/dataset-inputs';
import { endpoint, method } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { fieldsBody, idParam, rison, searchParams } from '~/server/api/inputs.server';
import { deleteDataset, updateDataset } from '~/server/datasets/mutations.server';
import { showDataset } from '~/server/datasets/show.server';

const Params = z.object({ id: idParam('dataset') });

const api = withGenericSegments('dataset', endpoint({
  GET: method({
    params: Params,
    query: rison(DatasetShowQuerySchema),
    run: (user, { params, query }) => showDataset(user, params.id, query),
  }),
  PUT: method({
    params: Params,
    query: searchParams(OverrideColumnsQuerySchema),
    body: fieldsBody(z.record(z.string(), z.unknown()), { decodeJson: false }),
    run: (user, { params, query, body }) => updateDataset(user, params.id, body, { overrideColumns: query.override_columns }),
  }),
  DELETE: method({
    params: Params,
    run: async (user, { params }) => {
      await deleteDataset(user, params.id);
      return { message: 'OK' };
    },
  }),
}));

export const loader = api.loader;
export const action = api.action;
