/** GET /api/v1/annotation_layer/_info: the user's permissions on annotation layers and the list's filters. */
import { InfoQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { rison } from '~/server/api/inputs.server';
import { infoLayers } from '~/server/annotations/list.server';

const api = endpoint({
  GET: method({ query: rison(InfoQuerySchema), run: (user, { query }) => infoLayers(user, query) }),
});

export const loader = api.loader;
export const action = api.action;
