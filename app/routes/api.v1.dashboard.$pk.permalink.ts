/**
 * POST /api/v1/dashboard/{pk}/permalink {urlParams?, dataMask?, activeTabs?, anchor?}: 201
 * `{key, url}`, `pk` being the dashboard's id or slug, as Superset's DashboardPermalinkRestApi
 * takes it. The segment is named `$pk` (Superset's own name): a route of its own, not a child of
 * `api.v1.dashboard.$id_or_slug.ts`, so that route's loader never runs for it.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { createDashboardPermalink, DashboardPermalinkBodySchema } from '~/server/dashboards/permalink.server';

const api = endpoint({
  POST: method({
    allow: (user) => requirePermission(user, 'can_write', 'DashboardPermalinkRestApi'),
    // Any text may name a dashboard by slug; one that names none is the same 404 as a missing id.
    params: z.object({ pk: z.string().optional() }),
    body: jsonBody(DashboardPermalinkBodySchema),
    run: (user, { params, body, origin }) => createDashboardPermalink(user, params.pk, body, origin),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
