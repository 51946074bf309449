/**
 * /api/v1/annotation_layer/{pk}/annotation/ (Superset's AnnotationRestApi): GET lists the
 * layer's annotations (rison filters on short_descr, long_descr and the dates, order, paging),
 * POST adds one (201 `{id, result}`; a 400 when the layer does not exist, as Superset), DELETE
 * with `?q=!(1,2)` deletes several of the layer's (all or nothing).
 */
import { z } from 'zod';
import { ListQuerySchema } from '~/lib/list-query';
import { endpoint, method } from '~/server/api/endpoint.server';
import { idParam, jsonBody, rison } from '~/server/api/inputs.server';
import { bulkDeleteAnnotations, createAnnotation } from '~/server/annotations/annotations.server';
import { requireAnnotationWrite } from '~/server/annotations/layers.server';
import { listAnnotations } from '~/server/annotations/list.server';
import { AnnotationCreateSchema, BulkDeleteSchema } from '~/server/annotations/schemas.server';

const Params = z.object({ pk: idParam('annotation layer') });

const api = endpoint({
  GET: method({ params: Params, query: rison(ListQuerySchema), run: (user, { params, query }) => listAnnotations(user, params.pk, query) }),
  POST: method({
    allow: requireAnnotationWrite,
    params: Params,
    body: jsonBody(AnnotationCreateSchema),
    run: (user, { params, body }) => createAnnotation(user, params.pk, body),
    status: 201,
  }),
  DELETE: method({
    allow: requireAnnotationWrite,
    params: Params,
    query: rison(BulkDeleteSchema, []),
    run: (user, { params, query }) => bulkDeleteAnnotations(user, params.pk, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
