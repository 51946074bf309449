/**
 * /api/v1/rowlevelsecurity/ (Superset's RLSRestApi): GET lists the filters (rison filters on name,
 * filter_type, group_key, roles, tables, …), POST creates one (201 `{id, result}`), DELETE with
 * `?q=!(1,2)` deletes several (all or nothing). Admin-only: the permission is checked before the
 * body is read, so anyone else gets the 403 whatever they sent.
 */
import { ListQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, rison } from '~/server/api/inputs.server';
import { bulkDeleteRlsFilters, createRlsFilter, requireRlsWrite } from '~/server/rls/filters.server';
import { listRlsFilters } from '~/server/rls/list.server';
import { RlsBulkDeleteSchema, RlsCreateSchema } from '~/server/rls/schemas.server';

const api = endpoint({
  GET: method({ query: rison(ListQuerySchema), run: (user, { query }) => listRlsFilters(user, query) }),
  POST: method({
    allow: requireRlsWrite,
    body: jsonBody(RlsCreateSchema),
    run: (user, { body }) => createRlsFilter(user, body),
    status: 201,
  }),
  DELETE: method({
    allow: requireRlsWrite,
    query: rison(RlsBulkDeleteSchema, []),
    run: (user, { query }) => bulkDeleteRlsFilters(user, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
