/** POST /tabstateview/{id}/activate: makes the tab the user's active one (the others become inactive); answers the id. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, parseIdParam } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { activateTab } from '~/server/sqllab/tabs.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, {}, ['POST']);

export const action = ({ request, params }: ActionFunctionArgs) =>
  sqlLabRoute(request, { POST: async (user) => json(await activateTab(user, parseIdParam(params.id, 'tab'))) });
