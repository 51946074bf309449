/**
 * How the generic lists load a resource's associations: each with an explicit attribute list,
 * so a secret (a password hash, a database URI) is never read, and a chart's dashboards only
 * when the user may see them.
 */
import type { Includeable } from 'sequelize';
import { rowScope } from '../access/visibility.server';
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { PERSON_ATTRIBUTES } from './people.server';
import type { OrderRelation, Relation } from './resource-types.server';

/** How to load one association for display; `datasource` is the resource's loadExtras, not a join. */
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
