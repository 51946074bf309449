/**
 * /api/v1/css_template/{pk}: show (Superset's show columns), update (PUT, either field) and delete
 * one template; an unknown pk is a 404. `_info` and `favorite_status` share this path's shape and
 * go to the generic endpoints first.
 */
import { z } from 'zod';
import { CssTemplateUpdateSchema } from '~/lib/css-templates';
import { endpoint, method } from '~/server/api/endpoint.server';
import { withGenericSegments } from '~/server/api/handlers.server';
import { idParam, jsonBody } from '~/server/api/inputs.server';
import {
  CSS_TEMPLATE_SHOW_COLUMNS, deleteCssTemplate, getCssTemplate, requireCssTemplateWrite, updateCssTemplate,
} from '~/server/css-templates/templates.server';

const Params = z.object({ id: idParam('CSS template') });

const api = withGenericSegments('css_template', endpoint({
  GET: method({
    params: Params,
    run: async (user, { params }) => ({
      id: params.id,
      result: await getCssTemplate(user, params.id),
      show_columns: CSS_TEMPLATE_SHOW_COLUMNS,
      show_title: 'Show CSS Template',
    }),
  }),
  PUT: method({
    allow: requireCssTemplateWrite,
    params: Params,
    body: jsonBody(CssTemplateUpdateSchema),
    run: (user, { params, body }) => updateCssTemplate(user, params.id, body),
  }),
  DELETE: method({
    allow: requireCssTemplateWrite,
    params: Params,
    run: (user, { params }) => deleteCssTemplate(user, params.id),
  }),
}));

export const loader = api.loader;
export const action = api.action;
