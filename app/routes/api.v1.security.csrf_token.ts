/**
 * GET /api/v1/security/csrf_token/ → {result: token}, the token cookie-authenticated changes must
 * send. Any logged-in user needs it to change anything, so login is the only requirement, as in
 * Superset. The token lives in the session cookie (created on first use), so the cookie goes back.
 *
 * GET only, and no `action` export: Remix refuses other methods with its own 405 before anyone is
 * asked to log in, as this path always answered (endpoint() would authenticate first).
 */
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { commitSession, csrfToken, sessionInput } from '~/server/auth/session.server';

const api = endpoint({
  GET: method({
    query: sessionInput,
    run: (_user, { query: session }) => csrfToken(session),
    reply: async (token, { query: session }) => json({ result: token }, { headers: { 'Set-Cookie': await commitSession(session) } }),
  }),
});

export const loader = api.loader;
