/**
 * GET /api/v1/me/: the logged-in user, with roles as role name → [permission, view] pairs.
 *
 * GET only, and no `action` export: Remix refuses other methods with its own 405 before anyone is
 * asked to log in, as this path always answered (endpoint() would authenticate first).
 */
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { describeMe } from '~/server/auth/me.server';

const api = endpoint({
  GET: method({ run: (user) => describeMe(user), reply: (me) => json({ result: me }) }),
});

export const loader = api.loader;
