/**
 * /api/v1/saved_query/: GET is the generic list (only the user's own, see resources.server.ts);
 * POST saves a query, DELETE with `?q=!(1,2)` deletes several (all or nothing, 404 if any is not the user's).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleList } from '~/server/api/handlers.server';
import { createdResponse, json, parseQuery } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { BulkDeleteSchema, bulkDeleteSavedQueries, createSavedQuery } from '~/server/sqllab/saved-queries.server';

export const loader = ({ request }: LoaderFunctionArgs) => handleList(request, 'saved_query');

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => {
      const { id, result } = await createSavedQuery(user, await readFields(request, { decodeJson: false }));
      return createdResponse(id, result);
    },
    DELETE: async (user) => json({ message: await bulkDeleteSavedQueries(user, parseQuery(request, BulkDeleteSchema, [])) }),
  }, ['GET']);
