/**
 * /api/v1/dashboard/: GET is the generic list (as `api.v1.$resource._index.ts` answers it, this
 * static route taking the path over: rison `q` with filters, order and paging, the dashboards the
 * user may see); POST creates a dashboard, answering Superset's `{id, result}` with 201; DELETE
 * with `?q=!(1,2)` deletes several (all or nothing: 404 naming the ids missing or out of reach, 403
 * naming those that are not the caller's to edit). The write permission is checked before the
 * input is read.
 */
import { BulkDeleteSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, json, method } from '~/server/api/endpoint.server';
import { listMethodOf } from '~/server/api/handlers.server';
import { jsonBody, rison } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { bulkDeleteDashboards } from '~/server/dashboards/bulk-delete.server';
import { DashboardCreateSchema } from '~/server/dashboards/inputs.server';
import { createDashboard } from '~/server/dashboards/mutations.server';

const api = endpoint({
  GET: listMethodOf('dashboard'),
  POST: method({
    allow: (user) => requirePermission(user, 'can_write', 'Dashboard'),
    body: jsonBody(DashboardCreateSchema),
    run: (user, { body }) => createDashboard(user, body),
    reply: ({ id, result }) => json({ id, result }, { status: 201 }),
  }),
  DELETE: method({
    allow: (user) => requirePermission(user, 'can_write', 'Dashboard'),
    query: rison(BulkDeleteSchema, []),
    run: (user, { query }) => bulkDeleteDashboards(user, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
