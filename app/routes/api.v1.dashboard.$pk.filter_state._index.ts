/**
 * POST /api/v1/dashboard/{pk}/filter_state[?tab_id=] {value}: 201 `{key}` (Superset's
 * DashboardFilterStateRestApi), `pk` being the dashboard's id or slug. Posting again from the
 * same tab answers the tab's key, updated.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, searchParams } from '~/server/api/inputs.server';
import { createFilterState, FilterStateBodySchema, requireFilterStateWrite, TabIdQuerySchema } from '~/server/dashboards/filter-state.server';

const api = endpoint({
  POST: method({
    allow: requireFilterStateWrite,
    // Any text may name a dashboard by slug; one that names none is the same 404 as a missing id.
    params: z.object({ pk: z.string().optional() }),
    query: searchParams(TabIdQuerySchema),
    body: jsonBody(FilterStateBodySchema),
    run: (user, { params, query, body }) => createFilterState(user, params.pk, body, query.tab_id),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
