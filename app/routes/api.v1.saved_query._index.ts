/**
 * /api/v1/saved_query/: GET is the generic list (only the user's own, see api/resources.server.ts);
 * POST saves a query, DELETE with `?q=!(1,2)` deletes several (all or nothing, 404 if any is not the user's).
 */
import { ListQuerySchema } from '~/lib/list-query';
import { BulkDeleteSchema, SavedQueryCreateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody, rison } from '~/server/api/inputs.server';
import { listResource } from '~/server/lists/list.server';
import { getResource } from '~/server/api/resources.server';
import { bulkDeleteSavedQueries, createSavedQuery, requireSavedQueryWrite } from '~/server/sqllab/saved-queries.server';

const api = endpoint({
  GET: method({ query: rison(ListQuerySchema), run: (user, { query }) => listResource(user, getResource('saved_query'), query) }),
  POST: method({
    allow: requireSavedQueryWrite,
    body: fieldsBody(SavedQueryCreateSchema, { decodeJson: false }),
    run: (user, { body }) => createSavedQuery(user, body),
    status: 201,
  }),
  DELETE: method({
    query: rison(BulkDeleteSchema, []),
    run: async (user, { query }) => ({ message: await bulkDeleteSavedQueries(user, query) }),
  }),
});

export const loader = api.loader;
export const action = api.action;
