/** POST /api/v1/security/refresh with `Authorization: Bearer <refresh_token>` → {access_token}. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '~/server/api/respond.server';
import { handleRefresh } from '~/server/api/security-api.server';

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? handleRefresh(request) : methodNotAllowed(request, ['POST']);
