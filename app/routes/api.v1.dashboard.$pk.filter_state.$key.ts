/**
 * /api/v1/dashboard/{pk}/filter_state/{key}: GET `{value}`; PUT {value} `{message, key}` (the
 * owner keeps the key, anyone else gets one of their own); DELETE (the owner only) `{message}`.
 * A key of another dashboard, unknown or expired is a 404; one that cannot be a key says so.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, searchParams } from '~/server/api/inputs.server';
import {
  deleteFilterState, FilterStateBodySchema, getFilterState, requireFilterStateRead, requireFilterStateWrite, TabIdQuerySchema, updateFilterState,
} from '~/server/dashboards/filter-state.server';

// The key's shape is the domain's to judge, so its message can say what is wrong.
const Params = z.object({ pk: z.string().optional(), key: z.string().optional() });

const api = endpoint({
  GET: method({ allow: requireFilterStateRead, params: Params, run: (user, { params }) => getFilterState(user, params.pk, params.key) }),
  PUT: method({
    allow: requireFilterStateWrite,
    params: Params,
    query: searchParams(TabIdQuerySchema),
    body: jsonBody(FilterStateBodySchema),
    run: (user, { params, query, body }) => updateFilterState(user, params.pk, params.key, body, query.tab_id),
  }),
  DELETE: method({
    allow: requireFilterStateWrite,
    params: Params,
    query: searchParams(TabIdQuerySchema),
    run: (user, { params, query }) => deleteFilterState(user, params.pk, params.key, query.tab_id),
  }),
});

export const loader = api.loader;
export const action = api.action;
