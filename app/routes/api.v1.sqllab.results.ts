/** GET /api/v1/sqllab/results/?q=(key:…,rows:…): a finished query's stored results (big integers exact). */
import { ResultsQuerySchema } from '~/lib/sqllab-api';
import { endpoint, method } from '~/server/api/endpoint.server';
import { rison } from '~/server/api/inputs.server';
import { losslessJson } from '~/server/api/sqllab-replies.server';
import { getResults } from '~/server/sqllab/results.server';

const api = endpoint({
  GET: method({
    query: rison(ResultsQuerySchema),
    run: (user, { query }) => getResults(user, query),
    reply: (results) => losslessJson(results),
  }),
});

export const loader = api.loader;
export const action = api.action;
