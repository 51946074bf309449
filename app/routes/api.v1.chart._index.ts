/**
 * /api/v1/chart/: GET is the generic list (as `api.v1.$resource._index.ts` answers it, this static
 * route taking the path over); POST creates a chart, answering Superset's `{id, result}` with 201;
 * DELETE with `?q=!(1,2)` deletes several (all or nothing: 404 if any is missing or out of reach,
 * 403 if any is not the caller's). The write permission is checked before the input is read.
 */
import { BulkDeleteSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { listMethodOf } from '~/server/api/handlers.server';
import { jsonBody, rison } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { ChartCreateSchema } from '~/server/charts/inputs.server';
import { bulkDeleteCharts, createChart } from '~/server/charts/mutations.server';

const api = endpoint({
  GET: listMethodOf('chart'),
  POST: method({
    allow: (user) => requirePermission(user, 'can_write', 'Chart'),
    body: jsonBody(ChartCreateSchema),
    run: (user, { body }) => createChart(user, body),
    reply: ({ id, result }) => json({ id, result }, { status: 201 }),
  }),
  DELETE: method({
    allow: (user) => requirePermission(user, 'can_write', 'Chart'),
    query: rison(BulkDeleteSchema, []),
    run: (user, { query }) => bulkDeleteCharts(user, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
