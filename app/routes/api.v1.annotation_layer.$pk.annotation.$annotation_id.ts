/**
 * /api/v1/annotation_layer/{pk}/annotation/{annotation_id}: show, update (PUT, any field) and
 * delete one annotation of the layer. An unknown layer, or an annotation of another layer, is a 404.
 */
import { z } from 'zod';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import { ANNOTATION_SHOW_COLUMNS, deleteAnnotation, getAnnotation, updateAnnotation } from '~/server/annotations/annotations.server';
import { requireAnnotationWrite } from '~/server/annotations/layers.server';
import { AnnotationUpdateSchema } from '~/server/annotations/schemas.server';

const Params = z.object({ pk: idParam('annotation layer'), annotation_id: idParam('annotation') });

const api = endpoint({
  GET: method({
    params: Params,
    run: async (user, { params }) => ({
      id: params.annotation_id,
      result: await getAnnotation(user, params.pk, params.annotation_id),
      show_columns: ANNOTATION_SHOW_COLUMNS,
      show_title: 'Show Annotation',
    }),
  }),
  PUT: method({
    allow: requireAnnotationWrite,
    params: Params,
    body: jsonBody(AnnotationUpdateSchema),
    run: (user, { params, body }) => updateAnnotation(user, params.pk, params.annotation_id, body),
  }),
  DELETE: method({
    allow: requireAnnotationWrite,
    params: Params,
    run: (user, { params }) => deleteAnnotation(user, params.pk, params.annotation_id),
  }),
});

export const loader = api.loader;
export const action = api.action;
