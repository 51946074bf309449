/**
 * The list filters (`filters: [{col, opr, value}]`) as Sequelize conditions. The operator names
 * are Superset's (Flask-AppBuilder's `eq`, `ct`, `rel_m_m`, … and Superset's own such as
 * `chart_all_text`). Values come from the client: each operator checks the value's type and
 * answers a 400 naming the filter when it does not fit, so no malformed value reaches SQL.
 * Text matching is the lists' one (sql.server.ts): case-insensitive on both stores.
 */
import { literal, Op, type WhereOptions } from 'sequelize';
import type { ListFilter, ListFilterValue } from '~/lib/list-query';
import type { CurrentUser } from '../auth/current-user.server';
import { InvalidInputError } from '../domain-errors.server';
import type { FilterContext, FilterOperatorDef, ResourceDefinition } from './resource-types.server';
import { escapeSql, likeWhere } from './sql.server';

function badValue(ctx: FilterContext, expected: string, value: unknown): InvalidInputError {
  return new InvalidInputError(`Filter ${ctx.col} ${ctx.opr}: the value must be ${expected}, not ${JSON.stringify(value)}.`);
}

function scalar(value: ListFilterValue, ctx: FilterContext): string | number | boolean | null {
  if (Array.isArray(value)) throw badValue(ctx, 'a single value (use the "in" operator for a list)', value);
  return value;
}

export function asText(value: ListFilterValue, ctx: FilterContext): string {
  const v = scalar(value, ctx);
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  throw badValue(ctx, 'text', v);
}

export function asInteger(value: ListFilterValue, ctx: FilterContext): number {
  const v = scalar(value, ctx);
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  throw badValue(ctx, 'an integer', v);
}

function asBoolean(value: ListFilterValue, ctx: FilterContext): boolean {
  const v = scalar(value, ctx);
  if (v === true || v === 'true' || v === 1 || v === '1') return true;
  if (v === false || v === 'false' || v === 0 || v === '0') return false;
  throw badValue(ctx, 'true or false', v);
}

function asDate(value: ListFilterValue, ctx: FilterContext): Date {
  const v = scalar(value, ctx);
  const date = typeof v === 'number' ? new Date(v) : typeof v === 'string' ? new Date(v) : null;
  if (!date || Number.isNaN(date.getTime())) throw badValue(ctx, 'a date (ISO 8601 text or epoch milliseconds)', v);
  return date;
}

function asList<T>(value: ListFilterValue, ctx: FilterContext, item: (v: ListFilterValue, c: FilterContext) => T): T[] {
  if (!Array.isArray(value)) throw badValue(ctx, 'a list', value);
  if (value.length > 1000) throw badValue(ctx, 'a list of at most 1000 items', `${value.length} items`);
  return value.map((v) => item(v, ctx));
}

const q = (ctx: FilterContext, column: string) => `${ctx.alias}.${column}`;

function operator(operatorName: string, name: string, where: FilterOperatorDef['where']): FilterOperatorDef {
  return { operator: operatorName, name, where };
}

export function textFilters(column: string): FilterOperatorDef[] {
  return [
    operator('eq', 'Equal to', (v, ctx) => ({ [column]: asText(v, ctx) })),
    operator('neq', 'Not Equal to', (v, ctx) => ({ [column]: { [Op.ne]: asText(v, ctx) } })),
    operator('ct', 'Contains', (v, ctx) => likeWhere(q(ctx, column), asText(v, ctx), 'contains')),
    operator('nct', 'Not Contains', (v, ctx) => likeWhere(q(ctx, column), asText(v, ctx), 'contains', true)),
    operator('sw', 'Starts with', (v, ctx) => likeWhere(q(ctx, column), asText(v, ctx), 'starts')),
    operator('ew', 'Ends with', (v, ctx) => likeWhere(q(ctx, column), asText(v, ctx), 'ends')),
    operator('in', 'Is in', (v, ctx) => ({ [column]: { [Op.in]: asList(v, ctx, asText) } })),
  ];
}

export function integerFilters(column: string): FilterOperatorDef[] {
  return [
    operator('eq', 'Equal to', (v, ctx) => ({ [column]: asInteger(v, ctx) })),
    operator('neq', 'Not Equal to', (v, ctx) => ({ [column]: { [Op.ne]: asInteger(v, ctx) } })),
    operator('gt', 'Greater than', (v, ctx) => ({ [column]: { [Op.gt]: asInteger(v, ctx) } })),
    operator('lt', 'Smaller than', (v, ctx) => ({ [column]: { [Op.lt]: asInteger(v, ctx) } })),
    operator('in', 'Is in', (v, ctx) => ({ [column]: { [Op.in]: asList(v, ctx, asInteger) } })),
  ];
}

export function booleanFilters(column: string): FilterOperatorDef[] {
  return [
    operator('eq', 'Equal to', (v, ctx) => ({ [column]: asBoolean(v, ctx) })),
    operator('neq', 'Not Equal to', (v, ctx) => ({ [column]: { [Op.ne]: asBoolean(v, ctx) } })),
  ];
}

export function dateFilters(column: string): FilterOperatorDef[] {
  return [
    operator('gt', 'Greater than', (v, ctx) => ({ [column]: { [Op.gt]: asDate(v, ctx) } })),
    operator('lt', 'Smaller than', (v, ctx) => ({ [column]: { [Op.lt]: asDate(v, ctx) } })),
  ];
}

/** A time kept as epoch milliseconds (a query's start_time): the value may be milliseconds or a date. */
export function epochFilters(column: string): FilterOperatorDef[] {
  const ms = (v: ListFilterValue, ctx: FilterContext) => asDate(v, ctx).getTime();
  return [
    operator('gt', 'Greater than', (v, ctx) => ({ [column]: { [Op.gt]: ms(v, ctx) } })),
    operator('lt', 'Smaller than', (v, ctx) => ({ [column]: { [Op.lt]: ms(v, ctx) } })),
  ];
}

/** A to-one relation by its foreign key (`created_by` → `created_by_fk`). */
export function toOneFilters(foreignKey: string): FilterOperatorDef[] {
  return [
    operator('rel_o_m', 'Relation', (v, ctx) => ({ [foreignKey]: asInteger(v, ctx) })),
    operator('nrel_o_m', 'No Relation', (v, ctx) => ({ [foreignKey]: { [Op.or]: [{ [Op.ne]: asInteger(v, ctx) }, { [Op.is]: null }] } })),
  ];
}

/** Ids of the resource's rows linked to `otherId` through a link table (owners, dashboards). */
function linkedIds(linkTable: string, objectKey: string, otherKey: string, otherId: number) {
  // Table and key names are constants of the resource definitions; the id was checked to be an integer.
  return literal(`(SELECT ${objectKey} FROM ${linkTable} WHERE ${otherKey} = ${otherId})`);
}

/** A to-many relation through a link table: `owners rel_m_m 3` is "owned by user 3". */
export function toManyFilters(linkTable: string, objectKey: string, otherKey: string): FilterOperatorDef[] {
  return [
    operator('rel_m_m', 'Relation as Many', (v, ctx) => ({ id: { [Op.in]: linkedIds(linkTable, objectKey, otherKey, asInteger(v, ctx)) } })),
  ];
}

/** Superset's `<chart|dashboard>_is_favorite` on `id`: true keeps the user's favourites, false the others. */
export function favoriteFilter(operatorName: string, className: string): FilterOperatorDef {
  return operator(operatorName, 'Is favorite', (v, ctx) => {
    const favourites = literal(`(SELECT obj_id FROM favorites WHERE user_id = ${Math.trunc(ctx.user.id)} AND class_name = ${escapeSql(className)})`);
    return { id: { [asBoolean(v, ctx) ? Op.in : Op.notIn]: favourites } };
  });
}

/** Superset's `<chart|dashboard>_is_certified` on `id`: true keeps what someone certified (`certified_by` set), false the rest. */
export function certifiedFilter(operatorName: string): FilterOperatorDef {
  return operator(operatorName, 'Is certified', (v, ctx) => (asBoolean(v, ctx)
    ? { [Op.and]: [{ certified_by: { [Op.not]: null } }, { certified_by: { [Op.ne]: '' } }] }
    : { [Op.or]: [{ certified_by: { [Op.is]: null } }, { certified_by: '' }] }));
}

/** Superset's all-text search: the text in any of `columns`, or in whatever `more` adds. */
export function allTextFilter(operatorName: string, name: string, columns: string[], more?: (text: string) => WhereOptions): FilterOperatorDef {
  return operator(operatorName, name, (v, ctx) => {
    const text = asText(v, ctx);
    if (text === '') return {};
    const alternatives = columns.map((c) => likeWhere(q(ctx, c), text, 'contains'));
    if (more) alternatives.push(more(text));
    return { [Op.or]: alternatives };
  });
}

/** Superset's `dataset_is_null_or_empty` on `sql`: true keeps physical datasets, false virtual ones. */
export function nullOrEmptyFilter(operatorName: string, column: string): FilterOperatorDef {
  return operator(operatorName, 'Null or Empty', (v, ctx) => {
    const empty = { [Op.or]: [{ [column]: { [Op.is]: null } }, { [column]: '' }] };
    return asBoolean(v, ctx) ? empty : { [Op.and]: [{ [column]: { [Op.not]: null } }, { [column]: { [Op.ne]: '' } }] };
  });
}

/** Every list filter of the query as a condition; an unknown column or operator is a 400 that lists the known ones. */
export function filtersWhere(resource: ResourceDefinition, user: CurrentUser, filters: ListFilter[]): WhereOptions[] {
  const alias = resource.model().name;
  return filters.map((filter) => {
    const operators = Object.hasOwn(resource.searchFilters, filter.col) ? resource.searchFilters[filter.col] : undefined;
    if (!operators) {
      throw new InvalidInputError(`Cannot filter ${resource.name} on "${filter.col}". Filterable columns: ${Object.keys(resource.searchFilters).join(', ')}.`);
    }
    const op = operators.find((o) => o.operator === filter.opr);
    if (!op) {
      throw new InvalidInputError(`Filter operator "${filter.opr}" is not allowed on ${resource.name}.${filter.col}. Use one of: ${operators.map((o) => o.operator).join(', ')}.`);
    }
    return op.where(filter.value, { user, alias, col: filter.col, opr: filter.opr });
  });
}
