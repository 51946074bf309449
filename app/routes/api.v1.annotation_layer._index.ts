/**
 * /api/v1/annotation_layer/ (Superset's AnnotationLayerRestApi): GET lists the layers (rison
 * filters on name and descr, order, paging), POST creates one (201 `{id, result}`), DELETE with
 * `?q=!(1,2)` deletes several (all or nothing; a layer with annotations is a 422). Writes need
 * can_write on Annotation, checked before the body is read.
 */
import { ListQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { jsonBody, rison } from '~/server/api/inputs.server';
import { bulkDeleteLayers, createLayer, requireAnnotationWrite } from '~/server/annotations/layers.server';
import { listLayers } from '~/server/annotations/list.server';
import { BulkDeleteSchema, LayerCreateSchema } from '~/server/annotations/schemas.server';

const api = endpoint({
  GET: method({ query: rison(ListQuerySchema), run: (user, { query }) => listLayers(user, query) }),
  POST: method({
    allow: requireAnnotationWrite,
    body: jsonBody(LayerCreateSchema),
    run: (user, { body }) => createLayer(user, body),
    status: 201,
  }),
  DELETE: method({
    allow: requireAnnotationWrite,
    query: rison(BulkDeleteSchema, []),
    run: (user, { query }) => bulkDeleteLayers(user, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
