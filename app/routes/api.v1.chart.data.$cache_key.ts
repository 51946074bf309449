/**
 * `GET /api/v1/chart/data/{cache_key}`: a chart data payload from the cache by the `cache_key`
 * an earlier answer carried (`qc-…`), for a user who may see its dataset: 404 when it is not
 * there (or expired), 422 when what is there cannot be read.
 */
import { z } from 'zod';
import { requirePermission } from '~/server/auth/current-user.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { textParam } from '~/server/api/inputs.server';
import { chartDataFromCache } from '~/server/chart-data/service.server';

const api = endpoint({
  GET: method({
    allow: (user) => requirePermission(user, 'can_read', 'Chart'),
    params: z.object({ cache_key: textParam('cache key') }),
    run: (user, { params }) => chartDataFromCache(user, params.cache_key),
  }),
});

export const loader = api.loader;
export const action = api.action;
