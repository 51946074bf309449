/**
 * `GET /api/v1/<resource>/` and `_info`, with Superset's semantics: rison filters, ordering and
 * paging; `select_columns` picking what to answer (unknown names ignored, as Superset does);
 * metadata keys (`list_columns`, `label_columns`, …) added unless `keys` leaves them out.
 * Rows are found by the one list engine (engine.server.ts), as the pages' lists are.
 */
import type { Includeable, Model } from 'sequelize';
import { wantsKey, type InfoQuery, type ListQuery } from '~/lib/list-query';
import { permissionsOnView } from '~/lib/permissions';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import { fetchPage, visibleWhere, type PageWindow } from './engine.server';
import { defaultLabel } from './fields.server';
import { filtersWhere } from './filters.server';
import { includeFor, orderJoin } from './relations.server';
import type { Relation, ResourceDefinition, RowExtras } from './resource-types.server';

export type ListAnswer = {
  count: number;
  ids: number[];
  result: Record<string, unknown>[];
  list_columns?: string[];
  order_columns?: string[];
  label_columns?: Record<string, string>;
  description_columns?: Record<string, string>;
  list_title?: string;
};

/** The columns to answer: the asked ones a list may answer, else the resource's defaults. */
function selectedColumns(resource: ResourceDefinition, query: ListQuery): string[] {
  const asked = query.select_columns ?? query.columns;
  const allowed = new Set([...resource.listColumns, ...Object.keys(resource.fields)]);
  const kept = (asked ?? []).filter((c) => allowed.has(c));
  return kept.length ? [...new Set(kept)] : resource.listColumns;
}

function topField(column: string): string {
  const dot = column.indexOf('.');
  return dot === -1 ? column : column.slice(0, dot);
}

function pick(value: unknown, keys: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, keys));
  if (!value || typeof value !== 'object') return value ?? null;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, source[k] ?? null]));
}

/** One row as Superset answers it: plain columns as they are, dotted ones as sub-objects with the asked keys. */
function project(resource: ResourceDefinition, row: Model, columns: string[], extras: RowExtras): Record<string, unknown> {
  const whole = new Set(columns.filter((c) => !c.includes('.')));
  const parts = new Map<string, string[]>();
  for (const c of columns) {
    if (!c.includes('.')) continue;
    const top = topField(c);
    if (!whole.has(top)) parts.set(top, [...(parts.get(top) ?? []), c.slice(top.length + 1)]);
  }
  const out: Record<string, unknown> = {};
  for (const name of whole) {
    const field = resource.fields[name];
    if (field) out[name] = field.get(row, extras);
  }
  for (const [name, keys] of parts) {
    const field = resource.fields[name];
    if (field) out[name] = pick(field.get(row, extras), keys);
  }
  return out;
}

function relationsNeeded(resource: ResourceDefinition, columns: string[]): Set<Relation> {
  const needed = new Set<Relation>();
  for (const c of columns) {
    const relation = resource.fields[topField(c)]?.needs;
    if (relation) needed.add(relation);
  }
  return needed;
}

/** The order of the query; an unknown order column is a 400 that lists the allowed ones. */
function sortFor(resource: ResourceDefinition, query: ListQuery): Pick<PageWindow, 'sort' | 'dir' | 'orderJoins'> {
  const name = query.order_column ?? resource.defaultOrder.column;
  const def = Object.hasOwn(resource.orderColumns, name) ? resource.orderColumns[name] : undefined;
  if (!def) {
    throw new InvalidInputError(`Cannot order ${resource.name} by "${name}". Order columns: ${Object.keys(resource.orderColumns).join(', ')}.`);
  }
  const dir = query.order_direction ?? (query.order_column ? 'asc' : resource.defaultOrder.direction);
  const sort = { alias: def.relation ?? resource.model().name, column: def.column, text: def.text };
  return { sort, dir, orderJoins: def.relation ? [orderJoin(def.relation)] : [] };
}

export async function listResource(user: CurrentUser, resource: ResourceDefinition, query: ListQuery): Promise<ListAnswer> {
  requirePermission(user, 'can_read', resource.view);
  const model = resource.model();
  const where = await visibleWhere(model, user, filtersWhere(resource, user, query.filters));
  const sort = sortFor(resource, query);
  const columns = selectedColumns(resource, query);
  const relations = relationsNeeded(resource, columns);
  const include = (await Promise.all([...relations].map((r) => includeFor(r, user)))).filter((i): i is Includeable => i !== null);

  const count = await model.count({ where });
  const { ids, rows } = await fetchPage(model, where, { ...sort, include, limit: query.page_size, offset: query.page * query.page_size });
  const extras: RowExtras = relations.has('datasource') && resource.loadExtras ? await resource.loadExtras(rows) : { datasourceNames: new Map() };
  const result = rows.map((row) => project(resource, row, columns, extras));

  const answer: ListAnswer = { count, ids, result };
  const keys = query.keys;
  if (wantsKey(keys, 'list_columns')) answer.list_columns = columns;
  if (wantsKey(keys, 'order_columns')) answer.order_columns = Object.keys(resource.orderColumns);
  if (wantsKey(keys, 'label_columns')) {
    answer.label_columns = Object.fromEntries(columns.map((c) => [c, (!c.includes('.') && resource.fields[c]?.label) || defaultLabel(c)]));
  }
  if (wantsKey(keys, 'description_columns')) answer.description_columns = {};
  if (wantsKey(keys, 'list_title')) answer.list_title = `List ${resource.title}`;
  return answer;
}

export type InfoAnswer = {
  permissions?: string[];
  filters?: Record<string, { name: string; operator: string }[]>;
  add_columns?: Record<string, never>;
  edit_columns?: Record<string, never>;
  add_title?: string;
  edit_title?: string;
};

/** `_info`: what this user may do with the resource and how its lists filter. */
export function infoResource(user: CurrentUser, resource: ResourceDefinition, query: InfoQuery): InfoAnswer {
  requirePermission(user, 'can_read', resource.view);
  const answer: InfoAnswer = {};
  const keys = query.keys;
  if (wantsKey(keys, 'permissions')) answer.permissions = permissionsOnView(user.roles, resource.view, resource.permissions);
  if (wantsKey(keys, 'filters')) {
    answer.filters = Object.fromEntries(
      Object.entries(resource.searchFilters).map(([column, ops]) => [column, ops.map((o) => ({ name: o.name, operator: o.operator }))]),
    );
  }
  // The add and edit forms' field metadata arrive with the create and edit endpoints.
  if (wantsKey(keys, 'add_columns')) answer.add_columns = {};
  if (wantsKey(keys, 'edit_columns')) answer.edit_columns = {};
  if (wantsKey(keys, 'add_title')) answer.add_title = `Add ${resource.title}`;
  if (wantsKey(keys, 'edit_title')) answer.edit_title = `Edit ${resource.title}`;
  return answer;
}
