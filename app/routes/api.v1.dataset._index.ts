/**
 * /api/v1/dataset/: GET is the generic list (as `api.v1.$resource._index.ts` answers it); POST
 * creates a dataset, virtual when the body has `sql` (SQL Lab's "Save dataset"), answering
 * Superset's `{id, result}` with 201; DELETE with `?q=!(1,2)` deletes several (all or nothing:
 * 404 if any is missing, 403 if any is not the caller's). The fields are validated by
 * createDataset after its permission check, so a caller without can_write gets the 403 whatever
 * it sent.
 */
import { z } from 'zod';
import { BulkDeleteSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { listMethodOf } from '~/server/api/handlers.server';
import { fieldsBody, rison } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { createDataset } from '~/server/datasets/create.server';
import { bulkDeleteDatasets } from '~/server/datasets/mutations.server';

const api = endpoint({
  GET: listMethodOf('dataset'),
  POST: method({
    body: fieldsBody(z.record(z.string(), z.unknown()), { decodeJson: false }),
    run: (user, { body }) => createDataset(user, body),
    reply: ({ id, result }) => json({ id, result }, { status: 201 }),
  }),
  DELETE: method({
    allow: (user) => requirePermission(user, 'can_write', 'Dataset'),
    query: rison(BulkDeleteSchema, []),
    run: (user, { query }) => bulkDeleteDatasets(user, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
