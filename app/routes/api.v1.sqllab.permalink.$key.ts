/** GET /api/v1/sqllab/permalink/{key}: the shared editor state, its fields at the top level as Superset answers. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { getPermalink } from '~/server/sqllab/sharing.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => sqlLabRoute(request, { GET: async (user) => json(await getPermalink(user, params.key)) });

export const action = ({ request }: ActionFunctionArgs) => sqlLabRoute(request, {}, ['GET']);
