/** POST /api/v1/dataset/get_or_create/: a table's dataset id, made (physical) when there is none: `{result: {table_id}}`. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { getOrCreateDataset } from '~/server/datasets/create.server';

const api = endpoint({
  POST: method({
    body: fieldsBody(z.record(z.string(), z.unknown()), { decodeJson: false }),
    // 200 whether it was made or found, as Superset answers.
    run: async (user, { body }) => ({ result: { table_id: (await getOrCreateDataset(user, body)).table_id } }),
  }),
});

export const loader = api.loader;
export const action = api.action;
