/** POST /api/v1/database/test_connection/: connects with the given settings; 200 `{message: 'OK'}` or 422 `{errors}`. */
import { TestConnectionSchema } from '~/lib/database-settings';
import { requireDatabaseWriter } from '~/server/access/database-access.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { CONNECTION_OK, testConnection } from '~/server/databases/test-connection.server';

const api = endpoint({
  POST: method({
    allow: requireDatabaseWriter,
    body: jsonBody(TestConnectionSchema),
    run: async (user, { body }) => {
      await testConnection(user, body);
      return { message: CONNECTION_OK };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
