/**
 * POST /api/v1/dataset/duplicate {base_model_id, table_name}: a copy of a virtual dataset, answered
 * `{id, result}` with 201. The body is read by duplicateDataset after its permission check.
 */
import { z } from 'zod';
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { duplicateDataset } from '~/server/datasets/mutations.server';

const api = endpoint({
  POST: method({
    body: fieldsBody(z.record(z.string(), z.unknown()), { decodeJson: false }),
    run: (user, { body }) => duplicateDataset(user, body),
    reply: ({ id, result }) => json({ id, result }, { status: 201 }),
  }),
});

export const loader = api.loader;
export const action = api.action;
