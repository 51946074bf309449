/**
 * The one list engine: how the API's lists (`GET /api/v1/<resource>/`, list.server.ts) and the
 * pages' lists (page-query.server.ts findPage) find a page of rows. Both start from the rows the
 * user may see (the model's row scope, app/server/access/visibility.server.ts), so a page and its
 * API never disagree, and both find a page in two steps so paging stays exact: the page's ids
 * (conditions, order and LIMIT on the model's own rows, joining only what the order needs), then
 * those rows with whatever they show, to-many associations included, in the order of the ids.
 */
import { Op, type Includeable, type Model, type ModelStatic, type WhereOptions } from 'sequelize';
import { rowScope } from '../access/visibility.server';
import type { CurrentUser } from '../auth/current-user.server';
import { andWhere, orderItems, type SortColumn, type SortDir } from './sql.server';

/** The rows of `model` that `user` may see and that match every part. */
export async function visibleWhere(model: ModelStatic<Model>, user: CurrentUser, parts: WhereOptions[] = []): Promise<WhereOptions> {
  return andWhere([await rowScope(model.name, user), ...parts]);
}

export type PageWindow = {
  sort: SortColumn;
  dir: SortDir;
  /** Joins needed only to order by a related table's column: they select nothing. */
  orderJoins?: Includeable[];
  /** What the rows show: loaded for the page's ids only, so to-many joins do not upset the LIMIT. */
  include?: Includeable[];
  limit: number;
  offset: number;
};

/** One page of `model` among the rows `where` keeps (start it from visibleWhere). */
export async function fetchPage<M extends Model>(model: ModelStatic<M>, where: WhereOptions, window: PageWindow): Promise<{ ids: number[]; rows: M[] }> {
  const idRows = await model.findAll({
    attributes: ['id'],
    where,
    include: window.orderJoins ?? [],
    order: orderItems(window.sort, window.dir, model.name),
    limit: window.limit,
    offset: window.offset,
  });
  const ids = idRows.map((r) => Number(r.get('id')));
  if (ids.length === 0) return { ids, rows: [] };
  const found = await model.findAll({ where: { id: { [Op.in]: ids } } as WhereOptions, include: window.include ?? [] });
  const byId = new Map(found.map((r) => [Number(r.get('id')), r]));
  return { ids, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}
