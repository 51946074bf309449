/** GET /api/v1/<resource>/related/<column>: choices for a related-object picker (owners, database, …). */
import { RelatedQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { ColumnParams } from '~/server/api/handlers.server';
import { rison } from '~/server/api/inputs.server';
import { relatedResource } from '~/server/lists/related.server';

const api = endpoint({
  GET: method({
    params: ColumnParams,
    query: rison(RelatedQuerySchema),
    run: (user, { params, query }) => relatedResource(user, params.resource, params.column, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
