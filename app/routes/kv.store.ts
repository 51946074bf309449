/** POST /kv/store/ (`data`: the shared query's JSON text): the legacy share; `{id}`, the random key to open it by. */
import { KvStoreBodySchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { storeSharedQuery } from '~/server/sqllab/sharing.server';

const api = endpoint({
  POST: method({ body: fieldsBody(KvStoreBodySchema, { decodeJson: false }), run: (user, { body }) => storeSharedQuery(user, body) }),
});

export const loader = api.loader;
export const action = api.action;
