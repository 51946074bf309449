/**
 * /api/v1/dashboard/{id_or_slug}: GET one dashboard in Superset's get shape (`{result}`; digits
 * name an id, anything else a slug); PUT changes what the payload names and answers
 * `{id, result, last_modified_time}`; DELETE removes it. PUT and DELETE take an id only, as
 * Superset's `{pk}`. `_info` and `favorite_status` share this path shape and go to the generic
 * endpoints first.
 */
import { z } from 'zod';
import { endpoint, method, type Endpoint } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import { requirePermission } from '~/server/auth/current-user.server';
import { DashboardUpdateSchema, idOrSlugParam } from '~/server/dashboards/inputs.server';
import { deleteDashboard, updateDashboard } from '~/server/dashboards/mutations.server';
import { showDashboard } from '~/server/dashboards/show.server';

const ByIdOrSlug = z.object({ id_or_slug: idOrSlugParam });
const ById = z.object({ id_or_slug: idParam('dashboard') });

const own = endpoint({
  GET: method({
    params: ByIdOrSlug,
    run: (user, { params }) => showDashboard(user, params.id_or_slug),
  }),
  PUT: method({
    allow: (user) => requirePermission(user, 'can_write', 'Dashboard'),
    params: ById,
    body: jsonBody(DashboardUpdateSchema),
    run: (user, { params, body }) => updateDashboard(user, { id: params.id_or_slug }, body),
  }),
  DELETE: method({
    allow: (user) => requirePermission(user, 'can_write', 'Dashboard'),
    params: ById,
    run: (user, { params }) => deleteDashboard(user, { id: params.id_or_slug }),
  }),
});

// The generic segments are told apart by `params.id`; this route names its segment id_or_slug.
const api = withGenericSegments('dashboard', own);
type Args = Parameters<Endpoint['loader']>[0];
const withId = (args: Args): Args => ({ request: args.request, params: { ...args.params, id: args.params.id_or_slug } });

export const loader = (args: Args) => api.loader(withId(args));
export const action = (args: Args) => api.action(withId(args));
