/**
 * POST /savedqueryviewapi/api/create: the editor's "Schedule query" (Flask-AppBuilder's legacy
 * create, form fields as plain text): saves the query with its schedule in extra_json; `{id, result}`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createdResponse } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { scheduleSavedQuery } from '~/server/sqllab/saved-queries.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => {
      const { id, result } = await scheduleSavedQuery(user, await readFields(request, { decodeJson: false }));
      return createdResponse(id, result);
    },
  });
