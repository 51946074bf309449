/**
 * GET, PUT, DELETE /api/v1/database/<id>: `{id, result}` as the user may see it; PUT takes any
 * subset of the settings. Remix ranks this route equal to the generic `api.v1.$resource.[_info].ts`
 * and `favorite_status` routes for `/api/v1/database/_info`, so those segments go to the generic
 * handlers first (withGenericSegments).
 */
import { z } from 'zod';
import { databaseUpdateSchema } from '~/lib/database-settings';
import { requireDatabaseWriter } from '~/server/access/database-access.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import { engineCatalog } from '~/server/databases/available.server';
import { getAccessibleDatabase } from '~/server/databases/metadata.server';
import { deleteDatabase, updateDatabase } from '~/server/databases/save-database.server';
import { serializeDatabase } from '~/server/databases/serialize.server';

const Params = z.object({ id: idParam('database') });
const UpdateSchema = databaseUpdateSchema(engineCatalog());

const api = withGenericSegments('database', endpoint({
  GET: method({
    params: Params,
    run: async (user, { params }) => ({ id: params.id, result: serializeDatabase(await getAccessibleDatabase(user, params.id), user) }),
  }),
  PUT: method({
    params: Params,
    allow: requireDatabaseWriter,
    body: jsonBody(UpdateSchema),
    run: async (user, { params, body }) => {
      const record = await updateDatabase(user, params.id, body);
      return { id: params.id, result: serializeDatabase(record, user) };
    },
  }),
  DELETE: method({
    params: Params,
    run: async (user, { params }) => {
      await deleteDatabase(user, params.id);
      return { message: 'OK' };
    },
  }),
}));

export const loader = api.loader;
export const action = api.action;
