/** GET /api/v1/sqllab/: the editor's bootstrap: `{result: {active_tab, databases, queries, tab_state_ids}}`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { resultResponse } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { sqlLabBootstrap } from '~/server/sqllab/bootstrap.server';

export const loader = ({ request }: LoaderFunctionArgs) => sqlLabRoute(request, { GET: async (user) => resultResponse(await sqlLabBootstrap(user)) });

export const action = ({ request }: ActionFunctionArgs) => sqlLabRoute(request, {}, ['GET']);
