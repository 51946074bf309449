/** GET /api/v1/rowlevelsecurity/_info: the user's permissions on row level security and the list's filters. */
import { InfoQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { rison } from '~/server/api/inputs.server';
import { infoRlsFilters } from '~/server/rls/list.server';

const api = endpoint({
  GET: method({ query: rison(InfoQuerySchema), run: (user, { query }) => infoRlsFilters(user, query) }),
});

export const loader = api.loader;
export const action = api.action;
