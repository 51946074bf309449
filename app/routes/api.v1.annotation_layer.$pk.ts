/**
 * /api/v1/annotation_layer/{pk}: show (Superset's show columns), update (PUT, either field) and
 * delete one layer (a 422 while it has annotations). An unknown pk is a 404.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import { deleteLayer, getLayer, LAYER_SHOW_COLUMNS, requireAnnotationWrite, updateLayer } from '~/server/annotations/layers.server';
import { LayerUpdateSchema } from '~/server/annotations/schemas.server';

const Params = z.object({ pk: idParam('annotation layer') });

const api = endpoint({
  GET: method({
    params: Params,
    run: async (user, { params }) => ({
      id: params.pk,
      result: await getLayer(user, params.pk),
      show_columns: LAYER_SHOW_COLUMNS,
      show_title: 'Show Annotation Layer',
    }),
  }),
  PUT: method({
    allow: requireAnnotationWrite,
    params: Params,
    body: jsonBody(LayerUpdateSchema),
    run: (user, { params, body }) => updateLayer(user, params.pk, body),
  }),
  DELETE: method({
    allow: requireAnnotationWrite,
    params: Params,
    run: (user, { params }) => deleteLayer(user, params.pk),
  }),
});

export const loader = api.loader;
export const action = api.action;
