/**
 * POST /api/v1/database/validate_parameters/: checks an engine's connection parameters, then
 * tries them: 200 `{message: 'OK'}`, or `{errors}` with every missing or invalid field at once.
 */
import { ValidateParametersSchema } from '~/lib/database-settings';
import { requireDatabaseWriter } from '~/server/access/database-access.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { CONNECTION_OK, validateParameters } from '~/server/databases/test-connection.server';

const api = endpoint({
  POST: method({
    allow: requireDatabaseWriter,
    body: jsonBody(ValidateParametersSchema),
    run: async (user, { body }) => {
      await validateParameters(user, body);
      return { message: CONNECTION_OK };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
