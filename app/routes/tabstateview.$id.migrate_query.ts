/** POST /tabstateview/{id}/migrate_query (`queryId`: a query's client id): moves the user's query into this tab. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { readFields, sqlLabRoute } from '~/server/sqllab/requests.server';
import { migrateQuery } from '~/server/sqllab/tabs.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(request, {
    POST: async (user) => json(await migrateQuery(user, parseIdParam(params.id, 'tab'), await readFields(request, { decodeJson: true }))),
  });
