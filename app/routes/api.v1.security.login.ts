/**
 * POST /api/v1/security/login: {username, password, provider: 'db', refresh} → {access_token,
 * refresh_token?}. Open to anyone: the credentials are what it checks.
 */
import { LoginBodySchema } from '~/lib/auth-forms';
import { logInForTokens } from '~/server/auth/api-login.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';

const api = endpoint({
  POST: method({ public: true, body: jsonBody(LoginBodySchema), run: (_nobody, { body }) => logInForTokens(body) }),
});

export const loader = api.loader;
export const action = api.action;
