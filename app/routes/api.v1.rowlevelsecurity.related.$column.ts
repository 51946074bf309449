/** GET /api/v1/rowlevelsecurity/related/{roles|tables}: the choices of a filter's role and dataset pickers, `{count, result: [{value, text}]}`. */
import { z } from 'zod';
import { RelatedQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { rison } from '~/server/api/inputs.server';
import { relatedRlsChoices } from '~/server/rls/list.server';

const api = endpoint({
  GET: method({
    // The column is the domain's to judge: an unknown one is a 404 naming the known ones.
    params: z.object({ column: z.string().optional().transform((c) => c ?? '') }),
    query: rison(RelatedQuerySchema),
    run: (user, { params, query }) => relatedRlsChoices(user, params.column, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
