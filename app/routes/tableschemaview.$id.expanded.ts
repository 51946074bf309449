/** POST /tableschemaview/{id}/expanded (`expanded`: true or false): expands or collapses the table; `{id, expanded}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { setTableExpanded } from '~/server/sqllab/table-schemas.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => json(await setTableExpanded(user, parseIdParam(params.id, 'table'), await readFields(request, { decodeJson: true }))),
  });
