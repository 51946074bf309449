/** POST /api/v1/security/login: {username, password, provider: 'db', refresh} → {access_token, refresh_token?}. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '~/server/api/respond.server';
import { handleLogin } from '~/server/api/security-api.server';

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, ['POST']);

export const action = ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? handleLogin(request) : methodNotAllowed(request, ['POST']);
