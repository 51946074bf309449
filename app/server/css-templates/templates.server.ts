/**
 * CSS templates as Superset's CssTemplateRestApi manages them: show, create, update, delete and
 * bulk delete (the list is the generic one, resource.server.ts). Permissions are Superset's:
 * can_read / can_write on CssTemplate, which Admin and Alpha hold and Gamma does not ('CSS
 * Templates' is among Superset's ALPHA_ONLY views). Templates are shared, so whoever may write
 * may change any of them; lookups still go through the model's row scope like every list.
 * Input arrives parsed (app/lib/css-templates.ts).
 */
import { Op } from 'sequelize';
import type { CssTemplateCreate, CssTemplateUpdate } from '~/lib/css-templates';
import { humanizeDelta } from '~/lib/humanize';
import type { CssTemplate } from '../../../db/index';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { visibleWhere } from '../lists/engine.server';
import { person, PERSON_ATTRIBUTES, type PersonRef } from '../lists/people.server';
import { CSS_TEMPLATE_VIEW } from './resource.server';

export const requireCssTemplateRead = (user: CurrentUser) => requirePermission(user, 'can_read', CSS_TEMPLATE_VIEW);
export const requireCssTemplateWrite = (user: CurrentUser) => requirePermission(user, 'can_write', CSS_TEMPLATE_VIEW);

/** Superset's CssTemplateRestApi.show_columns. */
export const CSS_TEMPLATE_SHOW_COLUMNS = [
  'changed_on_delta_humanized', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name', 'created_by.first_name', 'created_by.id',
  'created_by.last_name', 'css', 'id', 'template_name',
];

export type CssTemplateDetail = {
  id: number;
  template_name: string | null;
  css: string;
  changed_on_delta_humanized: string | null;
  changed_by: PersonRef | null;
  created_by: PersonRef | null;
};

const missing = () => new NotFoundError('CSS template not found.');

/** The template if it exists and the user may see it (every template, today), else null. */
async function findVisible(user: CurrentUser, id: number): Promise<CssTemplate | null> {
  const { CssTemplate: Template, User } = models();
  return Template.findOne({
    where: await visibleWhere(Template, user, [{ id }]),
    include: [
      { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
      { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
    ],
  });
}

/** `GET /api/v1/css_template/{pk}`. */
export async function getCssTemplate(user: CurrentUser, id: number): Promise<CssTemplateDetail> {
  requireCssTemplateRead(user);
  const row = await findVisible(user, id);
  if (!row) throw missing();
  return {
    id: row.id,
    template_name: row.template_name,
    css: row.css ?? '',
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    changed_by: person(row.changed_by),
    created_by: person(row.created_by),
  };
}

/** `POST /api/v1/css_template/`: 201 `{id, result}` with the input as result, as Superset. */
export async function createCssTemplate(user: CurrentUser, input: CssTemplateCreate): Promise<{ id: number; result: CssTemplateCreate }> {
  requireCssTemplateWrite(user);
  const row = await models().CssTemplate.create({
    template_name: input.template_name, css: input.css ?? '', created_by_fk: user.id, changed_by_fk: user.id,
  });
  return { id: row.id, result: input };
}

/** `PUT /api/v1/css_template/{pk}`: the given fields change, the others stay. */
export async function updateCssTemplate(user: CurrentUser, id: number, input: CssTemplateUpdate): Promise<{ id: number; result: CssTemplateUpdate }> {
  requireCssTemplateWrite(user);
  const row = await findVisible(user, id);
  if (!row) throw missing();
  const changes: { template_name?: string; css?: string } = {};
  if (input.template_name !== undefined) changes.template_name = input.template_name;
  if (input.css !== undefined) changes.css = input.css ?? '';
  // Sequelize leaves changed_on alone when nothing else changed; a save is a change all the same.
  row.changed_on = new Date();
  await row.update({ ...changes, changed_by_fk: user.id });
  return { id, result: input };
}

/** Deletes the templates, all or nothing: an id that names none (or one out of sight) is a 404. */
async function deleteTemplates(user: CurrentUser, ids: number[]): Promise<number> {
  const wanted = [...new Set(ids)];
  const { CssTemplate: Template } = models();
  await store().sequelize.transaction(async (transaction) => {
    const where = await visibleWhere(Template, user, [{ id: { [Op.in]: wanted } }]);
    const found = await Template.count({ where, transaction });
    if (found !== wanted.length) throw missing();
    await Template.destroy({ where, transaction });
  });
  return wanted.length;
}

/** `DELETE /api/v1/css_template/{pk}`. */
export async function deleteCssTemplate(user: CurrentUser, id: number): Promise<{ message: string }> {
  requireCssTemplateWrite(user);
  await deleteTemplates(user, [id]);
  return { message: 'OK' };
}

/** `DELETE /api/v1/css_template/?q=!(1,2)`, with Superset's message. */
export async function bulkDeleteCssTemplates(user: CurrentUser, ids: number[]): Promise<{ message: string }> {
  requireCssTemplateWrite(user);
  const n = await deleteTemplates(user, ids);
  return { message: `Deleted ${n} css template${n === 1 ? '' : 's'}` };
}
