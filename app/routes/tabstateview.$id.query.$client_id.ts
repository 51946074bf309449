/** DELETE /tabstateview/{id}/query/{client_id}: removes a query from the tab ("OK"). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { removeTabQuery } from '~/server/sqllab/tabs.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['DELETE']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    DELETE: async (user) => {
      await removeTabQuery(user, parseIdParam(params.id, 'tab'), params.client_id ?? '');
      return json('OK');
    },
  });
