/** POST /api/v1/explore/permalink {formData, urlParams?}: 201 `{key, url}`, the url under the origin the client called. */
import { ExplorePermalinkStateSchema } from '~/lib/key-value/states';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody } from '~/server/api/inputs.server';
import { createExplorePermalink } from '~/server/explore/permalink.server';

const api = endpoint({
  POST: method({
    body: jsonBody(ExplorePermalinkStateSchema),
    run: (user, { body, origin }) => createExplorePermalink(user, body, origin),
    status: 201,
  }),
});

export const loader = api.loader;
export const action = api.action;
