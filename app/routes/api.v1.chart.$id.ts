/**
 * /api/v1/chart/{id}: GET one chart in Superset's show shape (`q=(columns:!(…))` picks fields);
 * PUT changes what the payload names (owners or Admin; a query-context-only payload with
 * `query_context_generation: true` for anyone who sees the chart); DELETE removes it. `_info` and
 * `favorite_status` share this path shape and go to the generic endpoints first.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { idParam, jsonBody, rison } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { ChartShowQuerySchema, ChartUpdateSchema } from '~/server/charts/inputs.server';
import { deleteChart, updateChart } from '~/server/charts/mutations.server';
import { showChart } from '~/server/charts/show.server';

const Params = z.object({ id: idParam('chart') });

const api = withGenericSegments('chart', endpoint({
  GET: method({
    params: Params,
    query: rison(ChartShowQuerySchema),
    run: (user, { params, query }) => showChart(user, params.id, query),
  }),
  PUT: method({
    allow: (user) => requirePermission(user, 'can_write', 'Chart'),
    params: Params,
    body: jsonBody(ChartUpdateSchema),
    run: (user, { params, body }) => updateChart(user, params.id, body),
  }),
  DELETE: method({
    allow: (user) => requirePermission(user, 'can_write', 'Chart'),
    params: Params,
    run: (user, { params }) => deleteChart(user, params.id),
  }),
}));

export const loader = api.loader;
export const action = api.action;
