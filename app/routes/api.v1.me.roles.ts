/**
 * GET /api/v1/me/roles/: the same user record as me/; Superset's clients read roles and
 * permissions from here. GET only, without `action`, for the reason api.v1.me._index.ts gives.
 */
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { describeMe } from '~/server/auth/me.server';

const api = endpoint({
  GET: method({ run: (user) => describeMe(user), reply: (me) => json({ result: me }) }),
});

export const loader = api.loader;
