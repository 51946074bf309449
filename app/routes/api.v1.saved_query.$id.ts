/**
 * /api/v1/saved_query/{id}: show, update (PUT) and delete one of the user's saved queries; another
 * user's is a 404. `_info` and `favorite_status` share this path shape and go to the generic handlers.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleGenericSegment } from '~/server/api/handlers.server';
import { json, parseIdParam } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { deleteSavedQuery, getSavedQuery, SHOW_COLUMNS, updateSavedQuery } from '~/server/sqllab/saved-queries.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleGenericSegment(request, 'saved_query', params.id) ??
  sqlLabRoute(request, {
    GET: async (user) => {
      const id = parseIdParam(params.id, 'saved query');
      return json({ id, result: await getSavedQuery(user, id), show_columns: SHOW_COLUMNS, show_title: 'Show Saved Query' });
    },
  }, ['PUT', 'DELETE']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    PUT: async (user) => json(await updateSavedQuery(user, parseIdParam(params.id, 'saved query'), await readFields(request, { decodeJson: false }))),
    DELETE: async (user) => {
      await deleteSavedQuery(user, parseIdParam(params.id, 'saved query'));
      return json({ message: 'OK' });
    },
  }, ['GET']);
