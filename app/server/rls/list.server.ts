/**
 * Listing row-level security filters: the API's `GET /api/v1/rowlevelsecurity/` (rison filters,
 * order, paging, `select_columns`, Superset's RLSRestApi list columns), its `_info`, the choices
 * of `related/roles` and `related/tables`, and the admin page's list. Built on the one list
 * engine's pieces (filters, ordering, two-step paging); there is no row scope to apply, since
 * only holders of can_read on Row Level Security list filters at all and they see every one.
 */
import { Op, type Includeable, type WhereOptions } from 'sequelize';
import type { InfoQuery, ListQuery, RelatedQuery } from '~/lib/list-query';
import { wantsKey } from '~/lib/list-query';
import type { RowLevelSecurityFilter } from '../../../db/index';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { InvalidInputError, NotFoundError } from '../domain-errors.server';
import { fetchPage } from '../lists/engine.server';
import { auditFields, auditSearch, defaultLabel, loaded } from '../lists/fields.server';
import { filtersWhere, textFilters, toManyFilters } from '../lists/filters.server';
import { infoResource, type InfoAnswer, type ListAnswer } from '../lists/list.server';
import { pageWindow, PAGE_SIZE, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { PERSON_ATTRIBUTES } from '../lists/people.server';
import { defineResource, type ResourceDefinition } from '../lists/resource-types.server';
import { andWhere, likeWhere, searchWhere } from '../lists/sql.server';
import { requireRlsRead, RLS_VIEW, rlsIncludes, toDetail } from './filters.server';

type Row = RowLevelSecurityFilter;
const tablesOf = (r: Row) => [...(r.tables ?? [])].sort((a, b) => a.id - b.id).map((t) => ({ id: t.id, schema: t.schema, table_name: t.table_name }));
const rolesOf = (r: Row) => [...(r.roles ?? [])].sort((a, b) => a.id - b.id).map((x) => ({ id: x.id, name: x.name }));

/**
 * The filters as a resource of the generic API's kind: `_info` reads it as it is, and the list
 * below reads its fields, order columns and filters. `roles` and `tables` are loaded by this
 * module (rlsIncludes), not by the generic relations, hence no `needs`.
 */
export const rlsResource: ResourceDefinition = defineResource<Row>({
  name: 'rowlevelsecurity',
  view: RLS_VIEW,
  title: 'Row Level Security',
  model: () => models().RowLevelSecurityFilter,
  fields: {
    id: { get: (r) => r.id },
    name: { get: (r) => r.name },
    description: { get: (r) => r.description },
    filter_type: { get: (r) => r.filter_type, label: 'Filter Type' },
    tables: { get: tablesOf, label: 'Tables' },
    roles: { get: rolesOf, label: 'Roles' },
    clause: { get: (r) => r.clause },
    group_key: { get: (r) => r.group_key, label: 'Group Key' },
    ...auditFields<Row>(),
  },
  // Superset's RLSRestApi.list_columns.
  listColumns: [
    'id', 'name', 'filter_type', 'tables.id', 'tables.table_name', 'roles.id', 'roles.name', 'clause', 'changed_on_delta_humanized',
    'changed_by.first_name', 'changed_by.last_name', 'changed_by.id', 'group_key',
  ],
  orderColumns: {
    name: { column: 'name', text: true },
    filter_type: { column: 'filter_type' },
    clause: { column: 'clause' },
    group_key: { column: 'group_key', text: true },
    changed_on: { column: 'changed_on' },
    changed_on_delta_humanized: { column: 'changed_on' },
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    name: textFilters('name'),
    description: textFilters('description'),
    filter_type: textFilters('filter_type'),
    group_key: textFilters('group_key'),
    clause: textFilters('clause'),
    roles: toManyFilters('rls_filter_roles', 'rls_filter_id', 'role_id'),
    tables: toManyFilters('rls_filter_tables', 'rls_filter_id', 'table_id'),
    ...auditSearch,
  },
  related: {},
  distinct: [],
  permissions: ['can_read', 'can_write'],
});

/** The asked columns this list may answer (unknown ones ignored, as Superset does), else the defaults. */
function selectedColumns(query: ListQuery): string[] {
  const allowed = new Set([...rlsResource.listColumns, ...Object.keys(rlsResource.fields)]);
  const kept = (query.select_columns ?? query.columns ?? []).filter((c) => allowed.has(c));
  return kept.length ? [...new Set(kept)] : rlsResource.listColumns;
}

function pick(value: unknown, keys: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, keys));
  if (!value || typeof value !== 'object') return value ?? null;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, source[k] ?? null]));
}

/** Plain columns as they are; dotted ones as sub-objects (or lists of them) with the asked keys. */
function project(row: Row, columns: string[]): Record<string, unknown> {
  const extras = { datasourceNames: new Map<number, string>() };
  const out: Record<string, unknown> = {};
  const parts = new Map<string, string[]>();
  for (const c of columns) {
    const [top, ...rest] = c.split('.');
    if (rest.length === 0) out[top] = rlsResource.fields[top].get(row, extras);
    else parts.set(top, [...(parts.get(top) ?? []), rest.join('.')]);
  }
  for (const [top, keys] of parts) if (!(top in out)) out[top] = pick(rlsResource.fields[top]?.get(row, extras), keys);
  return out;
}

function displayIncludes(): Includeable[] {
  const { User } = models();
  return [
    ...rlsIncludes(),
    { model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES },
    { model: User, as: 'created_by', attributes: PERSON_ATTRIBUTES },
  ];
}

/** `GET /api/v1/rowlevelsecurity/`: `{count, ids, result}` and the metadata keys asked for. */
export async function listRlsFilters(user: CurrentUser, query: ListQuery): Promise<ListAnswer> {
  requireRlsRead(user);
  const model = rlsResource.model();
  const where = andWhere(filtersWhere(rlsResource, user, query.filters));
  const name = query.order_column ?? rlsResource.defaultOrder.column;
  const order = Object.hasOwn(rlsResource.orderColumns, name) ? rlsResource.orderColumns[name] : undefined;
  if (!order) throw new InvalidInputError(`Cannot order rowlevelsecurity by "${name}". Order columns: ${Object.keys(rlsResource.orderColumns).join(', ')}.`);
  const dir = query.order_direction ?? (query.order_column ? 'asc' : rlsResource.defaultOrder.direction);
  const columns = selectedColumns(query);

  const count = await model.count({ where });
  const { ids, rows } = await fetchPage(model, where, {
    sort: { alias: model.name, column: order.column, text: order.text },
    dir,
    include: displayIncludes(),
    limit: query.page_size,
    offset: query.page * query.page_size,
  });
  const answer: ListAnswer = { count, ids, result: rows.map((row) => project(row as Row, columns)) };
  if (wantsKey(query.keys, 'list_columns')) answer.list_columns = columns;
  if (wantsKey(query.keys, 'order_columns')) answer.order_columns = Object.keys(rlsResource.orderColumns);
  if (wantsKey(query.keys, 'label_columns')) {
    answer.label_columns = Object.fromEntries(columns.map((c) => [c, (!c.includes('.') && rlsResource.fields[c]?.label) || defaultLabel(c)]));
  }
  if (wantsKey(query.keys, 'description_columns')) answer.description_columns = {};
  if (wantsKey(query.keys, 'list_title')) answer.list_title = 'List Row Level Security';
  return answer;
}

export function infoRlsFilters(user: CurrentUser, query: InfoQuery): InfoAnswer {
  return infoResource(user, rlsResource, query);
}

export type RelatedAnswer = { count: number; result: { value: number; text: string }[] };

/** `related/roles` and `related/tables`: the choices of the filter's pickers, include_ids first on the first page. */
export async function relatedRlsChoices(user: CurrentUser, column: string, query: RelatedQuery): Promise<RelatedAnswer> {
  requireRlsRead(user);
  const { Role, Dataset } = models();
  const source = column === 'roles'
    ? { model: Role, text: 'name', alias: Role.name }
    : column === 'tables'
      ? { model: Dataset, text: 'table_name', alias: Dataset.name }
      : null;
  if (!source) throw new NotFoundError(`rowlevelsecurity has no related column "${column}". Related columns: roles, tables.`);
  const where: WhereOptions = query.filter ? likeWhere(`${source.alias}.${source.text}`, query.filter, 'contains') : {};
  const options = { attributes: ['id', source.text], order: [[source.text, 'ASC'], ['id', 'ASC']] as [string, string][] };
  const model = source.model as unknown as typeof Role;
  const toItem = (r: InstanceType<typeof Role>) => ({ value: r.id, text: String(r.get(source.text)) });
  const [count, page] = await Promise.all([
    model.count({ where }),
    model.findAll({ ...options, where, limit: query.page_size, offset: query.page * query.page_size }),
  ]);
  const included = query.include_ids.length && query.page === 0
    ? await model.findAll({ ...options, where: { id: { [Op.in]: query.include_ids } } })
    : [];
  const onPage = new Set(page.map((r) => r.id));
  const extra = included.filter((r) => !onPage.has(r.id)).map(toItem);
  return { count: count + extra.length, result: [...extra, ...page.map(toItem)] };
}

/* ---------- the admin page's list ---------- */

export type RlsFilterRow = {
  id: number;
  name: string;
  filterType: string;
  groupKey: string | null;
  clause: string;
  tables: string[];
  roles: string[];
  changedOn: string;
  changedBy: string | null;
};

export type RlsSort = 'name' | 'filter_type' | 'group_key' | 'changed_on';

export const RLS_LIST: ListSpec<RlsSort> = {
  sorts: {
    name: { column: 'name', text: true },
    filter_type: { column: 'filter_type' },
    group_key: { column: 'group_key', text: true },
    changed_on: { column: 'changed_on' },
  },
  defaultSort: 'changed_on',
  defaultDir: 'desc',
};

/** One page of filters for the page, the search matching the name, group key or clause. */
export async function listRlsFilterPage(user: CurrentUser, query: PageQuery<RlsSort>): Promise<ListPage<RlsFilterRow, RlsSort>> {
  requireRlsRead(user);
  const model = models().RowLevelSecurityFilter;
  const where = searchWhere(['RowLevelSecurityFilter.name', 'RowLevelSecurityFilter.group_key', 'RowLevelSecurityFilter.clause'], query.search);
  const total = await model.count({ where });
  const window = pageWindow(total, query.page);
  const { column, text } = RLS_LIST.sorts[query.sort];
  const { rows } = await fetchPage(model, where, {
    sort: { alias: model.name, column, text }, dir: query.dir, include: displayIncludes(), limit: window.limit, offset: window.offset,
  });
  const result = rows.map((row) => {
    const detail = toDetail(row);
    const by = loaded<{ first_name: string; last_name: string; username: string } | null>(row, 'changed_by');
    return {
      id: detail.id,
      name: detail.name,
      filterType: detail.filter_type,
      groupKey: detail.group_key,
      clause: detail.clause,
      tables: detail.tables.map((t) => (t.schema ? `${t.schema}.${t.table_name}` : t.table_name)),
      roles: detail.roles.map((r) => r.name),
      changedOn: row.changed_on.toISOString(),
      changedBy: by ? `${by.first_name} ${by.last_name}`.trim() || by.username : null,
    };
  });
  return { ...query, page: window.page, rows: result, total, pageCount: window.pageCount, pageSize: PAGE_SIZE };
}

/** Every role and dataset, for the page form's pickers (admins configure these; the lists are short enough to show whole). */
export async function rlsFormChoices(user: CurrentUser): Promise<{ roles: { id: number; name: string }[]; tables: { id: number; label: string }[] }> {
  requireRlsRead(user);
  const { Role, Dataset, Database } = models();
  const [roles, tables] = await Promise.all([
    Role.findAll({ attributes: ['id', 'name'], order: [['name', 'ASC']] }),
    Dataset.findAll({
      attributes: ['id', 'schema', 'table_name'],
      include: [{ model: Database, as: 'database', attributes: ['id', 'database_name'] }],
      order: [['table_name', 'ASC'], ['id', 'ASC']],
    }),
  ]);
  return {
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    tables: tables.map((t) => ({
      id: t.id,
      label: `${t.schema ? `${t.schema}.` : ''}${t.table_name}${t.database ? ` (${t.database.database_name})` : ''}`,
    })),
  };
}
