/**
 * GET, PUT, DELETE /api/v1/database/<id>. Remix ranks this route equal to the generic
 * `api.v1.$resource.[_info].ts` and `favorite_status` routes for `/api/v1/database/_info`, so the
 * handler passes those segments to the generic handlers first (handleGenericSegment).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleDatabaseItem } from '~/server/databases/api.server';

export const loader = ({ request, params }: LoaderFunctionArgs) => handleDatabaseItem(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => handleDatabaseItem(request, params.id);
