/**
 * Listing annotation layers and a layer's annotations: the API's `GET /api/v1/annotation_layer/`
 * and `GET …/{pk}/annotation/` (rison filters, order, paging, `select_columns`, Superset's list
 * columns), the layers' `_info`, and the pages' lists. Built on the one list engine's pieces
 * (filters, ordering, two-step paging). No row scope: whoever holds can_read on Annotation sees
 * every layer, as in Superset.
 */
import type { Includeable, Model, WhereOptions } from 'sequelize';
import type { InfoQuery, ListQuery } from '~/lib/list-query';
import { wantsKey } from '~/lib/list-query';
import type { Annotation, AnnotationLayer } from '../../../db/index';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { InvalidInputError } from '../domain-errors.server';
import { fetchPage } from '../lists/engine.server';
import { AUDIT_ORDER, auditFields, auditSearch, defaultLabel, loaded } from '../lists/fields.server';
import { allTextFilter, dateFilters, filtersWhere, textFilters } from '../lists/filters.server';
import { infoResource, type InfoAnswer, type ListAnswer } from '../lists/list.server';
import { pageWindow, PAGE_SIZE, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { personName, PERSON_ATTRIBUTES } from '../lists/people.server';
import { orderJoin } from '../lists/relations.server';
import { defineResource, type ResourceDefinition } from '../lists/resource-types.server';
import { andWhere, searchWhere } from '../lists/sql.server';
import { naiveIso } from './annotations.server';
import { ANNOTATION_VIEW, missingLayer, requireAnnotationRead } from './layers.server';

export const layerResource: ResourceDefinition = defineResource<AnnotationLayer>({
  name: 'annotation_layer',
  view: ANNOTATION_VIEW,
  title: 'Annotation Layer',
  model: () => models().AnnotationLayer,
  fields: {
    id: { get: (r) => r.id },
    name: { get: (r) => r.name },
    descr: { get: (r) => r.descr, label: 'Description' },
    ...auditFields<AnnotationLayer>(),
  },
  // Superset's AnnotationLayerRestApi.list_columns.
  listColumns: [
    'id', 'name', 'descr', 'created_by.first_name', 'created_by.last_name', 'created_by.id', 'changed_by.first_name', 'changed_by.last_name',
    'changed_by.id', 'changed_on', 'changed_on_delta_humanized', 'created_on',
  ],
  orderColumns: {
    name: { column: 'name', text: true },
    descr: { column: 'descr', text: true },
    'created_by.first_name': AUDIT_ORDER['created_by.first_name'],
    'changed_by.first_name': AUDIT_ORDER['changed_by.first_name'],
    changed_on: { column: 'changed_on' },
    changed_on_delta_humanized: { column: 'changed_on' },
    created_on: { column: 'created_on' },
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    // Superset's AnnotationLayerAllTextFilter (name or description) beside the plain text filters.
    name: [...textFilters('name'), allTextFilter('annotation_layer_all_text', 'All Text', ['name', 'descr'])],
    descr: textFilters('descr'),
    ...auditSearch,
  },
  related: {},
  distinct: [],
  permissions: ['can_read', 'can_write'],
});

export const annotationResource: ResourceDefinition = defineResource<Annotation>({
  name: 'annotation',
  view: ANNOTATION_VIEW,
  title: 'Annotation',
  model: () => models().Annotation,
  fields: {
    id: { get: (r) => r.id },
    short_descr: { get: (r) => r.short_descr, label: 'Short Descr' },
    long_descr: { get: (r) => r.long_descr, label: 'Long Descr' },
    start_dttm: { get: (r) => naiveIso(r.start_dttm), label: 'Start' },
    end_dttm: { get: (r) => naiveIso(r.end_dttm), label: 'End' },
    json_metadata: { get: (r) => r.json_metadata, label: 'JSON Metadata' },
    ...auditFields<Annotation>(),
  },
  // Superset's AnnotationRestApi.list_columns.
  listColumns: [
    'id', 'changed_by.first_name', 'changed_by.id', 'changed_on_delta_humanized', 'created_by.first_name', 'created_by.id', 'end_dttm',
    'long_descr', 'short_descr', 'start_dttm',
  ],
  orderColumns: {
    'changed_by.first_name': AUDIT_ORDER['changed_by.first_name'],
    changed_on_delta_humanized: { column: 'changed_on' },
    'created_by.first_name': AUDIT_ORDER['created_by.first_name'],
    end_dttm: { column: 'end_dttm' },
    long_descr: { column: 'long_descr', text: true },
    short_descr: { column: 'short_descr', text: true },
    start_dttm: { column: 'start_dttm' },
  },
  defaultOrder: { column: 'start_dttm', direction: 'desc' },
  searchFilters: {
    // Superset's AnnotationAllTextFilter (short or long description) beside the plain text filters.
    short_descr: [...textFilters('short_descr'), allTextFilter('annotation_all_text', 'All Text', ['short_descr', 'long_descr'])],
    long_descr: textFilters('long_descr'),
    start_dttm: dateFilters('start_dttm'),
    end_dttm: dateFilters('end_dttm'),
    ...auditSearch,
  },
  related: {},
  distinct: [],
  permissions: ['can_read', 'can_write'],
});

/** The asked columns this list may answer (unknown ones ignored, as Superset does), else the defaults. */
function selectedColumns(resource: ResourceDefinition, query: ListQuery): string[] {
  const allowed = new Set([...resource.listColumns, ...Object.keys(resource.fields)]);
  const kept = (query.select_columns ?? query.columns ?? []).filter((c) => allowed.has(c));
  return kept.length ? [...new Set(kept)] : resource.listColumns;
}

function pick(value: unknown, keys: string[]): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, source[k] ?? null]));
}

/** Plain columns as they are; dotted ones as sub-objects with the asked keys. */
function project(resource: ResourceDefinition, row: Model, columns: string[]): Record<string, unknown> {
  const extras = { datasourceNames: new Map<number, string>() };
  const out: Record<string, unknown> = {};
  const parts = new Map<string, string[]>();
  for (const c of columns) {
    const [top, ...rest] = c.split('.');
    if (rest.length === 0) out[top] = resource.fields[top].get(row, extras);
    else parts.set(top, [...(parts.get(top) ?? []), rest.join('.')]);
  }
  for (const [top, keys] of parts) if (!(top in out)) out[top] = pick(resource.fields[top]?.get(row, extras), keys);
  return out;
}

function people(): Includeable[] {
  const { User } = models();
  return [
    { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
  ];
}

async function listOf(resource: ResourceDefinition, user: CurrentUser, query: ListQuery, scope: WhereOptions, title: string): Promise<ListAnswer> {
  const model = resource.model();
  const where = andWhere([scope, ...filtersWhere(resource, user, query.filters)]);
  const name = query.order_column ?? resource.defaultOrder.column;
  const order = Object.hasOwn(resource.orderColumns, name) ? resource.orderColumns[name] : undefined;
  if (!order) throw new InvalidInputError(`Cannot order ${resource.name} by "${name}". Order columns: ${Object.keys(resource.orderColumns).join(', ')}.`);
  const dir = query.order_direction ?? (query.order_column ? 'asc' : resource.defaultOrder.direction);
  const columns = selectedColumns(resource, query);
  const count = await model.count({ where });
  const { ids, rows } = await fetchPage(model, where, {
    sort: { alias: order.relation ?? model.name, column: order.column, text: order.text },
    dir,
    orderJoins: order.relation ? [orderJoin(order.relation)] : [],
    include: people(),
    limit: query.page_size,
    offset: query.page * query.page_size,
  });
  const answer: ListAnswer = { count, ids, result: rows.map((row) => project(resource, row, columns)) };
  if (wantsKey(query.keys, 'list_columns')) answer.list_columns = columns;
  if (wantsKey(query.keys, 'order_columns')) answer.order_columns = Object.keys(resource.orderColumns);
  if (wantsKey(query.keys, 'label_columns')) {
    answer.label_columns = Object.fromEntries(columns.map((c) => [c, (!c.includes('.') && resource.fields[c]?.label) || defaultLabel(c)]));
  }
  if (wantsKey(query.keys, 'description_columns')) answer.description_columns = {};
  if (wantsKey(query.keys, 'list_title')) answer.list_title = title;
  return answer;
}

/** `GET /api/v1/annotation_layer/`: `{count, ids, result}` and the metadata keys asked for. */
export async function listLayers(user: CurrentUser, query: ListQuery): Promise<ListAnswer> {
  requireAnnotationRead(user);
  return listOf(layerResource, user, query, {}, 'List Annotation Layer');
}

/** `GET /api/v1/annotation_layer/{pk}/annotation/`: the layer's annotations; an unknown layer is a 404. */
export async function listAnnotations(user: CurrentUser, layerId: number, query: ListQuery): Promise<ListAnswer> {
  requireAnnotationRead(user);
  if (!(await models().AnnotationLayer.count({ where: { id: layerId } }))) throw missingLayer();
  return listOf(annotationResource, user, query, { layer_id: layerId }, 'List Annotation');
}

export function infoLayers(user: CurrentUser, query: InfoQuery): InfoAnswer {
  return infoResource(user, layerResource, query);
}

/* ---------- the pages' lists ---------- */

export type LayerRow = { id: number; name: string; descr: string | null; annotations: number; changedOn: string; changedBy: string | null };
export type LayerSort = 'name' | 'descr' | 'changed_on';
export const LAYER_LIST: ListSpec<LayerSort> = {
  sorts: { name: { column: 'name', text: true }, descr: { column: 'descr', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

export type AnnotationRow = {
  id: number; shortDescr: string; longDescr: string | null; start: string; end: string; jsonMetadata: string | null; changedOn: string; changedBy: string | null;
};
export type AnnotationSort = 'short_descr' | 'start_dttm' | 'end_dttm' | 'changed_on';
export const ANNOTATION_LIST: ListSpec<AnnotationSort> = {
  sorts: {
    short_descr: { column: 'short_descr', text: true },
    start_dttm: { column: 'start_dttm' },
    end_dttm: { column: 'end_dttm' },
    changed_on: { column: 'changed_on' },
  },
  defaultSort: 'start_dttm',
  defaultDir: 'desc',
};

const changedBy = (row: Model) => personName(loaded<{ username: string; first_name: string; last_name: string } | null>(row, 'changed_by'));

async function pageOf<M extends Model, S extends string, R>(
  model: { count(o: { where: WhereOptions }): Promise<number> } & Parameters<typeof fetchPage<M>>[0],
  spec: ListSpec<S>, query: PageQuery<S>, where: WhereOptions, toRow: (row: M) => R,
): Promise<ListPage<R, S>> {
  const total = await model.count({ where });
  const window = pageWindow(total, query.page);
  const { column, text } = spec.sorts[query.sort];
  const { rows } = await fetchPage(model, where, { sort: { alias: model.name, column, text }, dir: query.dir, include: people(), limit: window.limit, offset: window.offset });
  return { ...query, page: window.page, rows: rows.map(toRow), total, pageCount: window.pageCount, pageSize: PAGE_SIZE };
}

/** One page of layers for the page, the search matching the name or the description, with each layer's annotation count. */
export async function listLayerPage(user: CurrentUser, query: PageQuery<LayerSort>): Promise<ListPage<LayerRow, LayerSort>> {
  requireAnnotationRead(user);
  const { AnnotationLayer, Annotation } = models();
  const where = searchWhere(['AnnotationLayer.name', 'AnnotationLayer.descr'], query.search);
  const page = await pageOf(AnnotationLayer, LAYER_LIST, query, where, (row: AnnotationLayer) => ({
    id: row.id, name: row.name, descr: row.descr, annotations: 0, changedOn: row.changed_on.toISOString(), changedBy: changedBy(row),
  }));
  if (page.rows.length) {
    const counts = (await Annotation.count({ where: { layer_id: page.rows.map((r) => r.id) }, group: ['layer_id'] })) as unknown as { layer_id: number; count: number }[];
    const byLayer = new Map(counts.map((c) => [Number(c.layer_id), Number(c.count)]));
    for (const row of page.rows) row.annotations = byLayer.get(row.id) ?? 0;
  }
  return page;
}

/** One page of a layer's annotations for the page, the search matching either description. */
export async function listAnnotationPage(user: CurrentUser, layerId: number, query: PageQuery<AnnotationSort>): Promise<ListPage<AnnotationRow, AnnotationSort>> {
  requireAnnotationRead(user);
  const where = andWhere([{ layer_id: layerId }, searchWhere(['Annotation.short_descr', 'Annotation.long_descr'], query.search)]);
  return pageOf(models().Annotation, ANNOTATION_LIST, query, where, (row: Annotation) => ({
    id: row.id, shortDescr: row.short_descr, longDescr: row.long_descr, start: naiveIso(row.start_dttm), end: naiveIso(row.end_dttm),
    jsonMetadata: row.json_metadata, changedOn: row.changed_on.toISOString(), changedBy: changedBy(row),
  }));
}
