/**
 * The annotations of one layer, as Superset's AnnotationRestApi manages them under
 * `/api/v1/annotation_layer/{pk}/annotation/`. Every call is scoped to the layer in the path:
 * an annotation of another layer is not found there (Superset's own delete ignores the layer;
 * here it does not). Rules needing the store, answered as Superset's 422
 * `{message: {field: [...]}}`: the short description unique within the layer, the end not
 * before the start (checked against the stored dates when an update gives only one of them).
 */
import { Op, type Transaction, type WhereOptions } from 'sequelize';
import type { Annotation } from '../../../db/index';
import type { FieldErrors } from '~/lib/field-errors';
import type { CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { InvalidInputError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { missingLayer, requireAnnotationRead, requireAnnotationWrite } from './layers.server';
import type { AnnotationCreate, AnnotationUpdate } from './schemas.server';

export type AnnotationDetail = {
  id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  layer: { id: number; name: string };
};

/** Superset's AnnotationRestApi.show_columns. */
export const ANNOTATION_SHOW_COLUMNS = ['id', 'short_descr', 'long_descr', 'start_dttm', 'end_dttm', 'json_metadata', 'layer.id', 'layer.name'];

const missingAnnotation = () => new NotFoundError('Annotation not found.');

/** A stored time as Superset answers it: ISO 8601 in UTC without a zone ("2024-01-31T09:30:00"). */
export function naiveIso(date: Date): string {
  const iso = date.toISOString();
  const ms = date.getUTCMilliseconds();
  return ms ? `${iso.slice(0, 19)}.${String(ms).padStart(3, '0')}000` : iso.slice(0, 19);
}

export function toAnnotationDetail(row: Annotation, layer: { id: number; name: string }): AnnotationDetail {
  return {
    id: row.id,
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    start_dttm: naiveIso(row.start_dttm),
    end_dttm: naiveIso(row.end_dttm),
    json_metadata: row.json_metadata,
    layer,
  };
}

async function layerOf(layerId: number, transaction?: Transaction): Promise<{ id: number; name: string }> {
  const layer = await models().AnnotationLayer.findByPk(layerId, { attributes: ['id', 'name'], transaction });
  if (!layer) throw missingLayer();
  return { id: layer.id, name: layer.name };
}

export async function getAnnotation(user: CurrentUser, layerId: number, id: number): Promise<AnnotationDetail> {
  requireAnnotationRead(user);
  const layer = await layerOf(layerId);
  const row = await models().Annotation.findOne({ where: { id, layer_id: layerId } });
  if (!row) throw missingAnnotation();
  return toAnnotationDetail(row, layer);
}

/** Superset's AnnotationUniquenessValidationError and AnnotationDatesValidationError, together. */
async function checkRules(
  layerId: number,
  exceptId: number | null,
  values: { short_descr: string; start_dttm: Date; end_dttm: Date },
  transaction: Transaction,
): Promise<void> {
  const errors: FieldErrors = {};
  const where: WhereOptions = exceptId === null
    ? { layer_id: layerId, short_descr: values.short_descr }
    : { layer_id: layerId, short_descr: values.short_descr, id: { [Op.ne]: exceptId } };
  if (await models().Annotation.count({ where, transaction })) errors.short_descr = ['Short description must be unique for this layer'];
  if (values.end_dttm.getTime() < values.start_dttm.getTime()) errors.start_dttm = ['End date must be after start date'];
  if (Object.keys(errors).length) throw new UnprocessableError(errors);
}

/** Superset answers `{id, result}` with the input as it read it (dates as ISO text). */
const echo = <T extends { start_dttm?: Date; end_dttm?: Date }>(input: T) => ({
  ...input,
  ...(input.start_dttm ? { start_dttm: naiveIso(input.start_dttm) } : {}),
  ...(input.end_dttm ? { end_dttm: naiveIso(input.end_dttm) } : {}),
});

/**
 * `POST /api/v1/annotation_layer/{pk}/annotation/`: 201 `{id, result}`. A layer that does not
 * exist is a 400 "Annotation layer not found.", as Superset answers it.
 */
export async function createAnnotation(user: CurrentUser, layerId: number, input: AnnotationCreate) {
  requireAnnotationWrite(user);
  const id = await store().sequelize.transaction(async (transaction) => {
    await layerOf(layerId, transaction).catch((error: unknown) => {
      throw error instanceof NotFoundError ? new InvalidInputError(error.message) : error;
    });
    await checkRules(layerId, null, input, transaction);
    const row = await models().Annotation.create({
      layer_id: layerId,
      short_descr: input.short_descr,
      long_descr: input.long_descr ?? null,
      start_dttm: input.start_dttm,
      end_dttm: input.end_dttm,
      json_metadata: input.json_metadata ?? null,
      created_by_fk: user.id,
      changed_by_fk: user.id,
    }, { transaction });
    return row.id;
  });
  return { id, result: echo(input) };
}

/** `PUT …/annotation/{annotation_id}`: the given fields change; 404 for an unknown layer or annotation. */
export async function updateAnnotation(user: CurrentUser, layerId: number, id: number, input: AnnotationUpdate) {
  requireAnnotationWrite(user);
  await store().sequelize.transaction(async (transaction) => {
    await layerOf(layerId, transaction);
    const row = await models().Annotation.findOne({ where: { id, layer_id: layerId }, transaction });
    if (!row) throw missingAnnotation();
    const next = {
      short_descr: input.short_descr ?? row.short_descr,
      start_dttm: input.start_dttm ?? row.start_dttm,
      end_dttm: input.end_dttm ?? row.end_dttm,
    };
    await checkRules(layerId, id, next, transaction);
    const changes: Partial<Pick<Annotation, 'short_descr' | 'long_descr' | 'start_dttm' | 'end_dttm' | 'json_metadata'>> = { ...next };
    if (input.long_descr !== undefined) changes.long_descr = input.long_descr;
    if (input.json_metadata !== undefined) changes.json_metadata = input.json_metadata;
    row.changed_on = new Date();
    await row.update({ ...changes, changed_by_fk: user.id }, { transaction });
  });
  return { id, result: echo(input) };
}

/** Deletes annotations of the layer, all or nothing: one id not in it is a 404. */
async function deleteAnnotations(layerId: number, ids: number[]): Promise<number> {
  const wanted = [...new Set(ids)];
  await store().sequelize.transaction(async (transaction) => {
    await layerOf(layerId, transaction);
    const { Annotation } = models();
    const where = { id: { [Op.in]: wanted }, layer_id: layerId };
    if ((await Annotation.count({ where, transaction })) !== wanted.length) throw missingAnnotation();
    await Annotation.destroy({ where, transaction });
  });
  return wanted.length;
}

export async function deleteAnnotation(user: CurrentUser, layerId: number, id: number): Promise<{ message: string }> {
  requireAnnotationWrite(user);
  await deleteAnnotations(layerId, [id]);
  return { message: 'OK' };
}

export async function bulkDeleteAnnotations(user: CurrentUser, layerId: number, ids: number[]): Promise<{ message: string }> {
  requireAnnotationWrite(user);
  const n = await deleteAnnotations(layerId, ids);
  return { message: `Deleted ${n} annotation${n === 1 ? '' : 's'}` };
}
