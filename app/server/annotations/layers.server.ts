/**
 * Annotation layers as Superset's AnnotationLayerRestApi manages them: show, create, update,
 * delete and bulk delete. Permissions are Superset's: can_read / can_write on 'Annotation',
 * which Admin and Alpha hold and Gamma does not ('Annotation Layers' is among Superset's
 * ALPHA_ONLY views). Input arrives parsed (schemas.server.ts); here are the rules that need the
 * store: the name free (422 `{name: ["Name must be unique"]}`) and a layer with annotations
 * kept (422, "Annotation layer has associated annotations.").
 */
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { NotFoundError, UnprocessableError } from '../domain-errors.server';
import type { LayerCreate, LayerUpdate } from './schemas.server';

export const ANNOTATION_VIEW = 'Annotation';

export const requireAnnotationRead = (user: CurrentUser) => requirePermission(user, 'can_read', ANNOTATION_VIEW);
export const requireAnnotationWrite = (user: CurrentUser) => requirePermission(user, 'can_write', ANNOTATION_VIEW);

export type LayerDetail = { id: number; name: string; descr: string | null };

/** Superset's AnnotationLayerRestApi.show_columns. */
export const LAYER_SHOW_COLUMNS = ['id', 'name', 'descr'];

export const missingLayer = () => new NotFoundError('Annotation layer not found.');
const nameTaken = () => new UnprocessableError({ name: ['Name must be unique'] });

export async function getLayer(user: CurrentUser, id: number): Promise<LayerDetail> {
  requireAnnotationRead(user);
  const row = await models().AnnotationLayer.findByPk(id, { attributes: ['id', 'name', 'descr'] });
  if (!row) throw missingLayer();
  return { id: row.id, name: row.name, descr: row.descr };
}

async function checkNameFree(name: string, exceptId: number | null, transaction: Transaction): Promise<void> {
  const where = exceptId === null ? { name } : { name, id: { [Op.ne]: exceptId } };
  if (await models().AnnotationLayer.count({ where, transaction })) throw nameTaken();
}

/** Runs `work` in a transaction; a concurrent twin's name is the 422 a sequential one gets. */
async function saving<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  try {
    return await store().sequelize.transaction(work);
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw nameTaken();
    throw error;
  }
}

/** `POST /api/v1/annotation_layer/`: 201 `{id, result}` with the input as result, as Superset. */
export async function createLayer(user: CurrentUser, input: LayerCreate): Promise<{ id: number; result: LayerCreate }> {
  requireAnnotationWrite(user);
  const id = await saving(async (transaction) => {
    await checkNameFree(input.name, null, transaction);
    const row = await models().AnnotationLayer.create(
      { name: input.name, descr: input.descr ?? null, created_by_fk: user.id, changed_by_fk: user.id },
      { transaction },
    );
    return row.id;
  });
  return { id, result: input };
}

/** `PUT /api/v1/annotation_layer/{pk}`: the given fields change, the others stay. */
export async function updateLayer(user: CurrentUser, id: number, input: LayerUpdate): Promise<{ id: number; result: LayerUpdate }> {
  requireAnnotationWrite(user);
  await saving(async (transaction) => {
    const row = await models().AnnotationLayer.findByPk(id, { transaction });
    if (!row) throw missingLayer();
    if (input.name !== undefined) await checkNameFree(input.name, id, transaction);
    const changes: { name?: string; descr?: string | null } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.descr !== undefined) changes.descr = input.descr;
    row.changed_on = new Date();
    await row.update({ ...changes, changed_by_fk: user.id }, { transaction });
  });
  return { id, result: input };
}

/**
 * Deletes the layers, all or nothing: an unknown id is a 404 and a layer that still has
 * annotations a 422, as Superset's DeleteAnnotationLayerCommand (its annotations must go first).
 */
async function deleteLayers(ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  await store().sequelize.transaction(async (transaction) => {
    const { AnnotationLayer, Annotation } = models();
    const found = await AnnotationLayer.count({ where: { id: { [Op.in]: wanted } }, transaction });
    if (found !== wanted.length) throw missingLayer();
    if (await Annotation.count({ where: { layer_id: { [Op.in]: wanted } }, transaction })) {
      throw new UnprocessableError('Annotation layer has associated annotations.');
    }
    await AnnotationLayer.destroy({ where: { id: { [Op.in]: wanted } }, transaction });
  });
}

export async function deleteLayer(user: CurrentUser, id: number): Promise<{ message: string }> {
  requireAnnotationWrite(user);
  await deleteLayers([id]);
  return { message: 'OK' };
}

export async function bulkDeleteLayers(user: CurrentUser, ids: number[]): Promise<{ message: string }> {
  requireAnnotationWrite(user);
  await deleteLayers(ids);
  const n = new Set(ids).size;
  return { message: `Deleted ${n} annotation layer${n === 1 ? '' : 's'}` };
}
