/**
 * /api/v1/dataset/: GET is the generic list (as `api.v1.$resource._index.ts` answers it); POST
 * creates a dataset, virtual when the body has `sql` (SQL Lab's "Save dataset"), answering
 * Superset's `{id, result}` with 201. The fields are validated by createDataset after its
 * permission check, so a caller without can_write gets the 403 whatever it sent.
 */
import { z } from 'zod';
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { listMethodOf } from '~/server/api/handlers.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { createDataset } from '~/server/datasets/create.server';

const api = endpoint({
  GET: listMethodOf('dataset'),
  POST: method({
    body: fieldsBody(z.record(z.string(), z.unknown()), { decodeJson: false }),
    run: (user, { body }) => createDataset(user, body),
    reply: ({ id, result }) => json({ id, result }, { status: 201 }),
  }),
});

export const loader = api.loader;
export const action = api.action;
