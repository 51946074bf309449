/**
 * `GET /api/v1/datasource/{type}/{id}/column/{column}/values/`: a column's distinct values for a
 * filter's dropdown, `{result: [values]}`, under the user's row-level security; `?force=true`
 * skips the cache. Needs can_read on Dataset and access to the dataset; an unknown type or
 * column is a 400, as Superset answers them.
 */
import { z } from 'zod';
import { requirePermission } from '~/server/auth/current-user.server';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, searchParams, textParam } from '~/server/api/inputs.server';
import { Booleanish } from '~/server/chart-data/request.server';
import { columnValues } from '~/server/chart-data/samples.server';

const api = endpoint({
  GET: method({
    allow: (user) => requirePermission(user, 'can_read', 'Dataset'),
    params: z.object({ type: textParam('datasource type'), id: idParam('dataset'), column: textParam('column') }),
    query: searchParams(z.looseObject({ force: Booleanish.optional() })),
    run: (user, { params, query, signal }) => columnValues(user, { ...params, force: query.force === true, signal }),
  }),
});

export const loader = api.loader;
export const action = api.action;
