/** POST /tabstateview/{id}/migrate_query (`queryId`: a query's client id): moves the user's query into this tab. */
import { z } from 'zod';
import { MigrateQuerySchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody, idParam } from '~/server/api/inputs.server';
import { migrateQuery } from '~/server/sqllab/tabs.server';

const api = endpoint({
  POST: method({
    params: z.object({ id: idParam('tab') }),
    body: fieldsBody(MigrateQuerySchema, { decodeJson: true }),
    run: (user, { params, body }) => migrateQuery(user, params.id, body.queryId),
  }),
});

export const loader = api.loader;
export const action = api.action;
