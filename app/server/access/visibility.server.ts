/**
 * Which rows of an object type a user may see, as Sequelize where clauses. One definition per
 * type, used by both the pages and the API, so the two can never disagree.
 */
import { literal, Op, type WhereOptions } from 'sequelize';
import { isAdmin } from '~/lib/permissions';
import type { CurrentUser } from '../auth/current-user.server';

/** As in Superset: admins see every dashboard; others see published ones and drafts they own or created. */
export function dashboardsVisibleTo(user: CurrentUser): WhereOptions {
  if (isAdmin(user.roles)) return {};
  // user.id is an integer from our own session or token, so inlining it in the subquery is safe.
  const owned = literal(`(SELECT dashboard_id FROM dashboard_owners WHERE user_id = ${Math.trunc(user.id)})`);
  return { [Op.or]: [{ published: true }, { created_by_fk: user.id }, { id: { [Op.in]: owned } }] };
}

/** Saved queries are private to whoever saved them, as in Superset. */
export function savedQueriesVisibleTo(user: CurrentUser): WhereOptions {
  return { created_by_fk: user.id };
}
