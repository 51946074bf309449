/**
 * /api/v1/dashboard/{pk}/filtersets (dashboards.md §7, Superset's FilterSetRestApi), `pk` being
 * the dashboard's id or slug: GET `{count, ids, result}`, the sets the caller may see; POST {name,
 * description?, json_metadata, owner_type, owner_id?} 201 `{id, result}`.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import {
  createFilterSet, FilterSetCreateSchema, listFilterSets, requireFilterSetRead, requireFilterSetWrite,
} from '~/server/dashboards/filter-sets.server';

// Any text may name a dashboard by slug; one that names none is the same 404 as a missing id.
const Params = z.object({ pk: z.string().optional() });

const api = endpoint({
  GET: method({ allow: requireFilterSetRead, params: Params, run: (user, { params }) => listFilterSets(user, params.pk) }),
  POST: method({
    allow: requireFilterSetWrite,
    params: Params,
    body: jsonBody(FilterSetCreateSchema),
    run: (user, { params, body }) => createFilterSet(user, params.pk, body),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
