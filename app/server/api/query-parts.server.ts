/**
 * The pieces list, related and favourite queries share: which rows a user may see, the filters
 * of a list query as one condition, and how associations are loaded. Associations are loaded
 * with explicit attribute lists so a secret (a password hash, a database URI) is never read.
 */
import { Op, type Includeable, type WhereOptions } from 'sequelize';
import type { ListFilter } from '~/lib/list-query';
import { rowScope } from '../access/visibility.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { httpError } from '../http.server';
import type { OrderRelation, Relation, ResourceDefinition } from './resource-types.server';

/** The user columns needed to name a person, and nothing else. */
export const PERSON_ATTRIBUTES = ['id', 'username', 'first_name', 'last_name'];

/**
 * The rows of `resource` this user may see: its model's row scope, the same one the pages' lists
 * apply. List, count, related, distinct and favourites all start from it.
 */
export function visibleWhere(resource: ResourceDefinition, user: CurrentUser): Promise<WhereOptions> {
  return rowScope(resource.model().name, user);
}

/** Every list filter of the query as one condition; an unknown column or operator is a 400 that lists the known ones. */
export function filtersWhere(resource: ResourceDefinition, user: CurrentUser, filters: ListFilter[]): WhereOptions[] {
  const alias = resource.model().name;
  return filters.map((filter) => {
    const operators = Object.hasOwn(resource.searchFilters, filter.col) ? resource.searchFilters[filter.col] : undefined;
    if (!operators) {
      throw httpError(400, `Cannot filter ${resource.name} on "${filter.col}". Filterable columns: ${Object.keys(resource.searchFilters).join(', ')}.`);
    }
    const op = operators.find((o) => o.operator === filter.opr);
    if (!op) {
      throw httpError(400, `Filter operator "${filter.opr}" is not allowed on ${resource.name}.${filter.col}. Use one of: ${operators.map((o) => o.operator).join(', ')}.`);
    }
    return op.where(filter.value, { user, alias, col: filter.col, opr: filter.opr });
  });
}

export function andWhere(parts: WhereOptions[]): WhereOptions {
  const nonEmpty = parts.filter((p) => Object.keys(p).length > 0 || Object.getOwnPropertySymbols(p).length > 0);
  return nonEmpty.length === 0 ? {} : { [Op.and]: nonEmpty };
}

/** How to load one association for display; `datasource` is not an association (see list.server.ts). */
export async function includeFor(relation: Relation, user: CurrentUser): Promise<Includeable | null> {
  const { User, Database, Dashboard } = models();
  switch (relation) {
    case 'created_by':
    case 'changed_by':
    case 'user':
      return { model: User, as: relation, attributes: PERSON_ATTRIBUTES };
    case 'owners':
      return { model: User, as: 'owners', attributes: PERSON_ATTRIBUTES, through: { attributes: [] } };
    case 'database':
      return { model: Database, as: 'database', attributes: ['id', 'database_name'] };
    case 'dashboards': {
      // A chart's dashboards are named only when the user may see them: a draft's title is its owners' business.
      const visible = await rowScope(Dashboard.name, user);
      return { model: Dashboard, as: 'dashboards', attributes: ['id', 'dashboard_title'], through: { attributes: [] }, where: visible, required: false };
    }
    case 'datasource':
      return null;
  }
}

/** A to-one join used only to order by the related table's column: it selects nothing. */
export function orderJoin(relation: OrderRelation): Includeable {
  const { User, Database } = models();
  return { model: relation === 'database' ? Database : User, as: relation, attributes: [], required: false };
}
