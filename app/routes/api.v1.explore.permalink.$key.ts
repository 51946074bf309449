/** GET /api/v1/explore/permalink/{key}: `{chartId, datasourceId, datasourceType, datasource, state: {formData, urlParams}}`, as Superset answers. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { getExplorePermalink } from '~/server/explore/permalink.server';

const api = endpoint({
  // Any text that is not a key is the same 404 as a missing one.
  GET: method({ params: z.object({ key: z.string().optional() }), run: (user, { params }) => getExplorePermalink(user, params.key) }),
});

export const loader = api.loader;
export const action = api.action;
