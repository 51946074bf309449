/**
 * POST /api/v1/dashboard/{id_or_slug}/copy/: "Save as", Superset's copy_dash (its path takes an
 * id or a slug): answers `{result: {id, last_modified_time}}`. The write permission is checked
 * before the body is read.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { copyDashboard } from '~/server/dashboards/copy.server';
import { DashboardCopySchema, idOrSlugParam } from '~/server/dashboards/inputs.server';

const api = endpoint({
  POST: method({
    allow: (user) => requirePermission(user, 'can_write', 'Dashboard'),
    params: z.object({ id_or_slug: idOrSlugParam }),
    body: jsonBody(DashboardCopySchema),
    run: (user, { params, body }) => copyDashboard(user, params.id_or_slug, body),
  }),
});

export const loader = api.loader;
export const action = api.action;
