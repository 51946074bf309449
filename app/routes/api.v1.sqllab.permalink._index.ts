/** POST /api/v1/sqllab/permalink {dbId, name, sql, schema?, catalog?, autorun?, templateParams?}: 201 `{key, url}`. */
import { SqlLabPermalinkStateSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { fieldsBody } from '~/server/api/inputs.server';
import { createPermalink } from '~/server/sqllab/sharing.server';

const api = endpoint({
  POST: method({
    body: fieldsBody(SqlLabPermalinkStateSchema, { decodeJson: false }),
    // The link is made from the origin the client called.
    run: (user, { body, origin }) => createPermalink(user, body, origin),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
