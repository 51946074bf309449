/**
 * /tabstateview/{id}: GET the tab's state (Superset's TabState.to_dict), PUT some of its fields
 * (form fields holding JSON, or a JSON body; answers the id), DELETE it with its tables ("OK").
 * Another user's tab is a 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { deleteTab, getTab, updateTab } from '~/server/sqllab/tabs.server';

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  sqlLabRoute(request, { GET: async (user) => json(await getTab(user, parseIdParam(params.id, 'tab'))) }, ['PUT', 'DELETE']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(
    request,
    {
      PUT: async (user) => json(await updateTab(user, parseIdParam(params.id, 'tab'), await readFields(request, { decodeJson: true }))),
      DELETE: async (user) => {
        await deleteTab(user, parseIdParam(params.id, 'tab'));
        return json('OK');
      },
    },
    ['GET'],
  );
