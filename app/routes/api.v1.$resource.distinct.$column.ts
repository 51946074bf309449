/** GET /api/v1/<resource>/distinct/<column>: the values a column takes, for filter dropdowns. */
import { RelatedQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { ColumnParams } from '~/server/api/handlers.server';
import { rison } from '~/server/api/inputs.server';
import { distinctResource } from '~/server/lists/related.server';

const api = endpoint({
  GET: method({
    params: ColumnParams,
    query: rison(RelatedQuerySchema),
    run: (user, { params, query }) => distinctResource(user, params.resource, params.column, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
