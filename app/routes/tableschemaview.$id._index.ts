/** DELETE /tableschemaview/{id}: removes a table from its tab ("OK"); another user's is a 404. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { removeTableSchema } from '~/server/sqllab/table-schemas.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['DELETE']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    DELETE: async (user) => {
      await removeTableSchema(user, parseIdParam(params.id, 'table'));
      return json('OK');
    },
  });
