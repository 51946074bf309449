/** GET /api/v1/database/<id>/table/<table>/<schema>/: columns, keys, indexes and a SELECT * of the table. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, textParam } from '~/server/api/inputs.server';
import { tableMetadataOf } from '~/server/databases/metadata.server';

const Params = z.object({ id: idParam('database'), table: textParam('table'), schema: z.string().optional() });

const api = endpoint({
  GET: method({ params: Params, run: (user, { params }) => tableMetadataOf(user, params) }),
});

export const loader = api.loader;
export const action = api.action;
