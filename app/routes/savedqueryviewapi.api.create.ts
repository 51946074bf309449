/**
 * POST /savedqueryviewapi/api/create: the editor's "Schedule query" (Flask-AppBuilder's legacy
 * create, form fields as plain text): saves the query with its schedule in extra_json; 201 `{id, result}`.
 */
import { LegacySavedQueryCreateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { createSavedQuery, requireSavedQueryWrite } from '~/server/sqllab/saved-queries.server';

const api = endpoint({
  POST: method({
    allow: requireSavedQueryWrite,
    body: fieldsBody(LegacySavedQueryCreateSchema, { decodeJson: false }),
    run: (user, { body }) => createSavedQuery(user, body),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
