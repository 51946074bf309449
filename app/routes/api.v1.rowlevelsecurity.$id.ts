/**
 * /api/v1/rowlevelsecurity/{id}: show (Superset's show columns), update (PUT, any of the fields)
 * and delete one filter. Admin-only (app/server/rls/filters.server.ts); an unknown id is a 404.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import { deleteRlsFilter, getRlsFilter, requireRlsWrite, RLS_SHOW_COLUMNS, updateRlsFilter } from '~/server/rls/filters.server';
import { RlsUpdateSchema } from '~/server/rls/schemas.server';

const Params = z.object({ id: idParam('row level security filter') });

const api = endpoint({
  GET: method({
    params: Params,
    run: async (user, { params }) => ({
      id: params.id,
      result: await getRlsFilter(user, params.id),
      show_columns: RLS_SHOW_COLUMNS,
      show_title: 'Show Row Level Security',
    }),
  }),
  PUT: method({
    allow: requireRlsWrite,
    params: Params,
    body: jsonBody(RlsUpdateSchema),
    run: (user, { params, body }) => updateRlsFilter(user, params.id, body),
  }),
  DELETE: method({
    allow: requireRlsWrite,
    params: Params,
    run: async (user, { params }) => {
      await deleteRlsFilter(user, params.id);
      return { message: 'OK' };
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
