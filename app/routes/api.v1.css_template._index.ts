/**
 * /api/v1/css_template/ (Superset's CssTemplateRestApi): GET is the generic list (rison filters
 * on template_name, order, paging; every template, as they are shared); POST creates one (201
 * `{id, result}`); DELETE with `?q=!(1,2)` deletes several (all or nothing, 404 if any is
 * missing). Writes need can_write on CssTemplate, checked before the body is read.
 */
import { CssTemplateCreateSchema } from '~/lib/css-templates';
import { BulkDeleteSchema } from '~/lib/sqllab/state-schemas';
import { endpoint, method } from '~/server/api/endpoint.server';
import { listMethodOf } from '~/server/api/handlers.server';
import { jsonBody, rison } from '~/server/api/inputs.server';
import { bulkDeleteCssTemplates, createCssTemplate, requireCssTemplateWrite } from '~/server/css-templates/templates.server';

const api = endpoint({
  GET: listMethodOf('css_template'),
  POST: method({
    allow: requireCssTemplateWrite,
    body: jsonBody(CssTemplateCreateSchema),
    run: (user, { body }) => createCssTemplate(user, body),
    status: 201,
  }),
  DELETE: method({
    allow: requireCssTemplateWrite,
    query: rison(BulkDeleteSchema, []),
    run: (user, { query }) => bulkDeleteCssTemplates(user, query),
  }),
});

export const loader = api.loader;
export const action = api.action;
