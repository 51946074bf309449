/**
 * GET /api/v1/dashboard/permalink/{key}: `{dashboardId, state: {dashboardId, urlParams, dataMask,
 * activeTabs, anchor}}`, as Superset answers; 404 for an unknown key and for a dashboard the
 * caller can no longer see.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { getDashboardPermalink } from '~/server/dashboards/permalink.server';

const api = endpoint({
  // Any text that is not a key is the same 404 as a missing one.
  GET: method({ params: z.object({ key: z.string().optional() }), run: (user, { params }) => getDashboardPermalink(user, params.key) }),
});

export const loader = api.loader;
export const action = api.action;
