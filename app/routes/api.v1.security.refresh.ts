/**
 * POST /api/v1/security/refresh with `Authorization: Bearer <refresh_token>` → {access_token}.
 * Open to anyone: the refresh token is what it checks.
 */
import { refreshAccessToken } from '~/server/auth/api-login.server';
import { endpoint, method } from '~/server/api/endpoint.server';

const api = endpoint({
  // The input's type is spelled out: method()'s first overload (a user's method) would type it otherwise.
  POST: method({ public: true, run: (_nobody, { bearer }: { bearer: string | null }) => refreshAccessToken(bearer) }),
});

export const loader = api.loader;
export const action = api.action;
