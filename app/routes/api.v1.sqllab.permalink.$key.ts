/** GET /api/v1/sqllab/permalink/{key}: the shared editor state, its fields at the top level as Superset answers. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { getPermalink } from '~/server/sqllab/sharing.server';

const api = endpoint({
  // The key's shape is the store's to judge: any text that is not a key is the same 404 as a missing one.
  GET: method({ params: z.object({ key: z.string().optional() }), run: (user, { params }) => getPermalink(user, params.key) }),
});

export const loader = api.loader;
export const action = api.action;
