/** GET /api/v1/database/<id>/related_objects/: the charts and dashboards (and datasets) built on the database. */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam } from '~/server/api/inputs.server';
import { relatedObjectsOf } from '~/server/databases/metadata.server';

const api = endpoint({
  GET: method({ params: z.object({ id: idParam('database') }), run: (user, { params }) => relatedObjectsOf(user, params) }),
});

export const loader = api.loader;
export const action = api.action;
