/**
 * Favourites ("stars") of charts and dashboards, in the `favorites` table with Superset's class
 * names ('slice' for charts, 'Dashboard' for dashboards). Starring needs only can_read on the
 * resource, as in Superset, and only objects the user can see: a hidden object answers 404
 * exactly like a missing one, so ids cannot be probed.
 */
import { Op, UniqueConstraintError } from 'sequelize';
import type { FavoriteStatusQuery } from '~/lib/list-query';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { NotFoundError } from '../domain-errors.server';
import { visibleWhere } from './engine.server';
import type { ResourceDefinition } from './resource-types.server';

function favoriteClassOf(resource: ResourceDefinition): string {
  if (!resource.favoriteClassName) throw new NotFoundError(`${resource.name} has no favorites; charts and dashboards do.`);
  return resource.favoriteClassName;
}

/** The ids among `ids` that exist and this user may see. */
async function visibleIds(user: CurrentUser, resource: ResourceDefinition, ids: number[]): Promise<Set<number>> {
  const rows = await resource.model().findAll({
    attributes: ['id'],
    where: await visibleWhere(resource.model(), user, [{ id: { [Op.in]: ids } }]),
  });
  return new Set(rows.map((r) => Number(r.get('id'))));
}

async function requireVisible(user: CurrentUser, resource: ResourceDefinition, id: number): Promise<void> {
  if (!(await visibleIds(user, resource, [id])).has(id)) throw new NotFoundError(`${resource.title} ${id} does not exist.`);
}

export type FavoriteStatusAnswer = { result: { id: number; value: boolean }[] };

export async function favoriteStatus(user: CurrentUser, resource: ResourceDefinition, ids: FavoriteStatusQuery): Promise<FavoriteStatusAnswer> {
  requirePermission(user, 'can_read', resource.view);
  const className = favoriteClassOf(resource);
  if (ids.length === 0) return { result: [] };
  const existing = await visibleIds(user, resource, ids);
  // Superset answers 404 only when none of the ids exist; the others are simply not favourites.
  if (existing.size === 0) throw new NotFoundError(`None of the ${resource.name} ids ${ids.join(', ')} exist.`);
  const favourites = await models().Favorite.findAll({
    attributes: ['obj_id'],
    where: { user_id: user.id, class_name: className, obj_id: { [Op.in]: [...existing] } },
  });
  const starred = new Set(favourites.map((f) => f.obj_id));
  return { result: ids.map((id) => ({ id, value: starred.has(id) })) };
}

/** Stars the object; starring it again changes nothing. */
export async function addFavorite(user: CurrentUser, resource: ResourceDefinition, id: number): Promise<void> {
  requirePermission(user, 'can_read', resource.view);
  const className = favoriteClassOf(resource);
  await requireVisible(user, resource, id);
  try {
    await models().Favorite.findOrCreate({ where: { user_id: user.id, class_name: className, obj_id: id } });
  } catch (error) {
    // Two requests starring at once: the unique index lets one insert win; the result is the same.
    if (!(error instanceof UniqueConstraintError)) throw error;
  }
}

/** Unstars the object; unstarring one that is not starred changes nothing. */
export async function removeFavorite(user: CurrentUser, resource: ResourceDefinition, id: number): Promise<void> {
  requirePermission(user, 'can_read', resource.view);
  const className = favoriteClassOf(resource);
  await requireVisible(user, resource, id);
  await models().Favorite.destroy({ where: { user_id: user.id, class_name: className, obj_id: id } });
}
