/** GET /kv/{id}: a shared query's record (name, dbId, schema, autorun, sql, templateParams). Needs a login; unknown keys are a 404. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '~/server/api/respond.server';
import { sqlLabRoute } from '~/server/sqllab/requests.server';
import { getSharedQuery } from '~/server/sqllab/sharing.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => sqlLabRoute(request, { GET: async (user) => json(await getSharedQuery(user, params.id)) });

export const action = ({ request }: ActionFunctionArgs) => sqlLabRoute(request, {}, ['GET']);
