/**
 * /api/v1/dashboard/{pk}/filtersets/{id}: PUT {name?, description?, json_metadata?, owner_type?:
 * 'Dashboard'} `{id, result}`; DELETE `{id, message}`. A set of another dashboard, or one the
 * caller may not see, is a 404; one the caller may see but not change is a 403.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import { deleteFilterSet, FilterSetUpdateSchema, requireFilterSetWrite, updateFilterSet } from '~/server/dashboards/filter-sets.server';

const Params = z.object({ pk: z.string().optional(), id: idParam('filter set') });

const api = endpoint({
  PUT: method({
    allow: requireFilterSetWrite,
    params: Params,
    body: jsonBody(FilterSetUpdateSchema),
    run: (user, { params, body }) => updateFilterSet(user, params.pk, params.id, body),
  }),
  DELETE: method({
    allow: requireFilterSetWrite,
    params: Params,
    run: (user, { params }) => deleteFilterSet(user, params.pk, params.id),
  }),
});

export const loader = api.loader;
export const action = api.action;
