/** GET /savedqueryviewapi/api/get/{id}: a saved query of the user's, to open in a new tab: `{id, result}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { getLegacySavedQuery } from '~/server/sqllab/saved-queries.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  sqlLabRoute(request, {
    GET: async (user) => {
      const id = parseIdParam(params.id, 'saved query');
      return json({ id, result: await getLegacySavedQuery(user, id) });
    },
  });

export const action = ({ request }: ActionFunctionArgs) => sqlLabRoute(request, {}, ['GET']);
