/**
 * GET /api/v1/database/: the list (the generic resource list, rison `q`); POST creates a
 * database: 201 `{id, result}`.
 */
import { databaseCreateSchema } from '~/lib/database-settings';
import { ListQuerySchema } from '~/lib/list-query';
import { requireDatabaseWriter } from '~/server/access/database-access.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, rison } from '~/server/api/inputs.server';
import { engineCatalog } from '~/server/databases/available.server';
import { createDatabase } from '~/server/databases/save-database.server';
import { serializeDatabase } from '~/server/databases/serialize.server';
import { listResource } from '~/server/lists/list.server';
import { getResource } from '~/server/api/resources.server';

const CreateSchema = databaseCreateSchema(engineCatalog());

const api = endpoint({
  GET: method({ query: rison(ListQuerySchema), run: (user, { query }) => listResource(user, getResource('database'), query) }),
  POST: method({
    allow: requireDatabaseWriter,
    body: jsonBody(CreateSchema),
    run: async (user, { body }) => {
      const record = await createDatabase(user, body);
      return { id: record.id, result: serializeDatabase(record, user) };
    },
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
