/**
 * `related/{column}` (the choices for an owners, creator or database picker) and
 * `distinct/{column}` (the values a column takes), with Superset's `{result, count}` shape.
 * Both need can_read on the resource they belong to, answer 404 for a column the resource
 * does not offer, and see only rows the user may (the models' row scopes: a related database
 * is one the user may see, a distinct value comes from visible rows only). A related user is
 * answered as `{value: id, text: "First Last", extra: {active}}`: never their email or anything
 * else of their account.
 */
import { col, fn, literal, Op, where as sqlWhere, type WhereOptions } from 'sequelize';
import type { RelatedQuery } from '~/lib/list-query';
import { rowScope } from '../access/visibility.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models, store } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { visibleWhere } from './engine.server';
import { PERSON_ATTRIBUTES, personName } from './people.server';
import type { ResourceDefinition } from './resource-types.server';
import { andWhere, escapeSql, likePattern, likeWhere } from './sql.server';

export type RelatedItem = { value: number; text: string; extra?: Record<string, unknown> };
export type RelatedAnswer = { count: number; result: RelatedItem[] };
export type DistinctAnswer = { count: number; result: { value: string; text: string }[] };

type Found = { count: number; page: RelatedItem[]; included: RelatedItem[] };

function userSearch(text: string): WhereOptions {
  if (!text) return {};
  const qi = store().sequelize.getQueryInterface();
  // "Ann Lee" should find Ann Lee: match the full name as well as each part.
  const fullName = literal(`(${qi.quoteIdentifiers('User.first_name')} || ' ' || ${qi.quoteIdentifiers('User.last_name')})`);
  return {
    [Op.or]: [
      ...['first_name', 'last_name', 'username'].map((c) => likeWhere(`User.${c}`, text, 'contains')),
      sqlWhere(fn('lower', fullName), Op.like, literal(`${escapeSql(likePattern(text, 'contains'))} ESCAPE '!'`)),
    ],
  };
}

async function relatedUsers(query: RelatedQuery): Promise<Found> {
  const { User } = models();
  const where = userSearch(query.filter);
  const order: [ReturnType<typeof fn> | ReturnType<typeof col>, string][] = [
    [fn('lower', col('User.first_name')), 'ASC'], [fn('lower', col('User.last_name')), 'ASC'], [col('User.id'), 'ASC'],
  ];
  const attributes = [...PERSON_ATTRIBUTES, 'active'];
  const toItem = (u: InstanceType<typeof User>): RelatedItem => ({ value: u.id, text: personName(u) ?? u.username, extra: { active: u.active } });
  const [count, page] = await Promise.all([
    User.count({ where }),
    User.findAll({ where, attributes, order, limit: query.page_size, offset: query.page * query.page_size }),
  ]);
  const included = query.include_ids.length && query.page === 0
    ? await User.findAll({ where: { id: { [Op.in]: query.include_ids } }, attributes, order })
    : [];
  return { count, page: page.map(toItem), included: included.map(toItem) };
}

/** Only the databases the user may see (Superset's DatabaseFilter), include_ids too: a picker never names a hidden one. */
async function relatedDatabases(user: CurrentUser, query: RelatedQuery): Promise<Found> {
  const { Database } = models();
  const visible = await rowScope(Database.name, user);
  const where = andWhere([visible, query.filter ? likeWhere('Database.database_name', query.filter, 'contains') : {}]);
  const order: [ReturnType<typeof fn> | ReturnType<typeof col>, string][] = [[fn('lower', col('Database.database_name')), 'ASC'], [col('Database.id'), 'ASC']];
  // Only the id and name: a database's URI may hold a password.
  const attributes = ['id', 'database_name'];
  const toItem = (d: InstanceType<typeof Database>): RelatedItem => ({ value: d.id, text: d.database_name });
  const [count, page] = await Promise.all([
    Database.count({ where }),
    Database.findAll({ where, attributes, order, limit: query.page_size, offset: query.page * query.page_size }),
  ]);
  const included = query.include_ids.length && query.page === 0
    ? await Database.findAll({ where: andWhere([visible, { id: { [Op.in]: query.include_ids } }]), attributes, order })
    : [];
  return { count, page: page.map(toItem), included: included.map(toItem) };
}

/** Roles by name (the dashboard properties' Roles picker, Superset's FilterRelatedRoles): their id and name only. */
async function relatedRoles(query: RelatedQuery): Promise<Found> {
  const { Role } = models();
  const where = query.filter ? likeWhere(`${Role.name}.name`, query.filter, 'contains') : {};
  const order: [ReturnType<typeof fn> | ReturnType<typeof col>, string][] = [[fn('lower', col(`${Role.name}.name`)), 'ASC'], [col(`${Role.name}.id`), 'ASC']];
  const toItem = (r: InstanceType<typeof Role>): RelatedItem => ({ value: r.id, text: r.name });
  const [count, page] = await Promise.all([
    Role.count({ where }),
    Role.findAll({ where, attributes: ['id', 'name'], order, limit: query.page_size, offset: query.page * query.page_size }),
  ]);
  const included = query.include_ids.length && query.page === 0
    ? await Role.findAll({ where: { id: { [Op.in]: query.include_ids } }, attributes: ['id', 'name'], order })
    : [];
  return { count, page: page.map(toItem), included: included.map(toItem) };
}

export async function relatedResource(user: CurrentUser, resource: ResourceDefinition, column: string, query: RelatedQuery): Promise<RelatedAnswer> {
  requirePermission(user, 'can_read', resource.view);
  const kind = Object.hasOwn(resource.related, column) ? resource.related[column] : undefined;
  if (!kind) {
    const known = Object.keys(resource.related);
    throw new NotFoundError(`${resource.name} has no related column "${column}". Related columns: ${known.length ? known.join(', ') : 'none'}.`);
  }
  const found = kind === 'user' ? await relatedUsers(query) : kind === 'role' ? await relatedRoles(query) : await relatedDatabases(user, query);
  // include_ids (the values already chosen in a picker) come first on the first page, once each.
  const onPage = new Set(found.page.map((i) => i.value));
  const extra = found.included.filter((i) => !onPage.has(i.value));
  return { count: found.count + extra.length, result: [...extra, ...found.page] };
}

export async function distinctResource(user: CurrentUser, resource: ResourceDefinition, column: string, query: RelatedQuery): Promise<DistinctAnswer> {
  requirePermission(user, 'can_read', resource.view);
  if (!resource.distinct.includes(column)) {
    const known = resource.distinct;
    throw new NotFoundError(`${resource.name} has no distinct column "${column}". Distinct columns: ${known.length ? known.join(', ') : 'none'}.`);
  }
  const model = resource.model();
  const alias = model.name;
  const where = await visibleWhere(model, user, [
    { [column]: { [Op.and]: [{ [Op.not]: null }, { [Op.ne]: '' }] } },
    query.filter ? likeWhere(`${alias}.${column}`, query.filter, 'contains') : {},
  ]);
  const [count, rows] = await Promise.all([
    model.count({ where, distinct: true, col: column }),
    model.findAll({
      attributes: [column],
      where,
      group: [col(`${alias}.${column}`)],
      order: [[col(`${alias}.${column}`), 'ASC']],
      limit: query.page_size,
      offset: query.page * query.page_size,
      raw: true,
    }),
  ]);
  const result = rows.map((r) => {
    const value = String((r as unknown as Record<string, unknown>)[column]);
    return { value, text: value };
  });
  return { count, result };
}
