/**
 * The URL state of every list page (`page`, `sort`, `dir`, `search`) and the one way lists are
 * paged, sorted and searched. Parsing never fails: a stale bookmark or a hand-edited URL with an
 * unknown sort or a page past the end still shows a list, falling back to the defaults, because
 * an error page would be no help to whoever followed the link.
 */
import { z } from 'zod';
import {
  col, fn, literal, Op, where as sqlWhere, type Includeable, type Model, type ModelStatic, type Order, type WhereOptions,
} from 'sequelize';
import { rowScope } from '../access/visibility.server';
import { PERSON_ATTRIBUTES } from '../api/query-parts.server';
import type { CurrentUser } from '../auth/current-user.server';
import { store } from '../db.server';

export { PERSON_ATTRIBUTES };

export const PAGE_SIZE = 25;

/** A person as lists show them: their full name, or the username when they gave none. */
export function personName(user: { username: string; first_name: string; last_name: string } | null | undefined): string | null {
  if (!user) return null;
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}
export const SEARCH_MAX = 200;

export type SortDir = 'asc' | 'desc';

/** How one list sorts: the sort keys the URL may name, each mapped to a column of the model. */
export type ListSpec<S extends string> = {
  sorts: Record<S, { column: string; text?: boolean }>;
  defaultSort: NoInfer<S>;
  defaultDir: SortDir;
};

export type PageQuery<S extends string = string> = { page: number; sort: S; dir: SortDir; search: string };

/** One page of a list, in the shape the list UI renders (`ListState` in app/ui/Pager.tsx). */
export type ListPage<Row, S extends string = string> = PageQuery<S> & {
  rows: Row[];
  total: number;
  pageCount: number;
  pageSize: number;
};

export function pageQuerySchema<S extends string>(spec: ListSpec<S>) {
  const keys = Object.keys(spec.sorts) as S[];
  return z.object({
    page: z.coerce.number().int().min(1).catch(1),
    sort: z.enum(keys).catch(spec.defaultSort),
    dir: z.enum(['asc', 'desc']).catch(spec.defaultDir),
    search: SearchParamSchema,
  });
}

/** A search box's value from the URL: trimmed, capped, never an error. */
export const SearchParamSchema = z.string().trim().transform((s) => s.slice(0, SEARCH_MAX)).catch('');

export function parseSearch(params: URLSearchParams, name = 'search'): string {
  return SearchParamSchema.parse(params.get(name) ?? undefined);
}

export function parsePageQuery<S extends string>(params: URLSearchParams, spec: ListSpec<S>): PageQuery<S> {
  const raw = { page: params.get('page') ?? undefined, sort: params.get('sort') ?? undefined, dir: params.get('dir') ?? undefined, search: params.get('search') ?? undefined };
  const parsed = pageQuerySchema(spec).parse(raw);
  // A sort given without a direction uses the list's default direction only for the default sort;
  // other columns start ascending, as a click on their header would.
  if (params.get('dir') === null && parsed.sort !== spec.defaultSort) parsed.dir = 'asc';
  return parsed;
}

/** Page count and the page actually shown: a page past the end shows the last one. */
export function pageWindow(total: number, page: number, pageSize = PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { page: current, pageCount, offset: (current - 1) * pageSize, limit: pageSize };
}

/** A LIKE pattern matching `search` anywhere, lower-cased, with `!` escaping the wildcards. */
export function likeContains(search: string): string {
  return `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Case-insensitive "column contains text". lower() on both sides because PostgreSQL's LIKE is
 * case-sensitive and SQLite's is not; an explicit ESCAPE because SQLite has no default escape.
 */
export function textContains(column: string, search: string): WhereOptions {
  const pattern = store().sequelize.escape(likeContains(search));
  return sqlWhere(fn('lower', col(column)), Op.like, literal(`${pattern} ESCAPE '!'`));
}

/** `search` in any of the columns; no condition when the search is empty. */
export function searchWhere(columns: string[], search: string): WhereOptions {
  if (!search) return {};
  return { [Op.or]: columns.map((c) => textContains(c, search)) };
}

export function orderFor<S extends string>(modelName: string, spec: ListSpec<S>, query: PageQuery<S>): Order {
  const { column, text } = spec.sorts[query.sort];
  const dir = query.dir.toUpperCase();
  const qualified = `${modelName}.${column}`;
  // Names sort as people read them, not by code point ("apple" before "Banana"); id breaks ties so paging is stable.
  return [[text ? fn('lower', col(qualified)) : col(qualified), dir], [col(`${modelName}.id`), dir]];
}

/**
 * Counts, clamps the page, and fetches one page of `model`, only among the rows `actor` may see
 * (the model's row scope, app/server/access/visibility.server.ts: the same rule the API's lists
 * apply, so a page and its API never disagree). `where` may name only the model's own columns
 * (it is also used for the count); `include` should be belongsTo joins only, since a to-many
 * join would multiply rows under LIMIT; load to-many data for the page's ids afterwards.
 */
export async function findPage<M extends Model, S extends string, Row>(
  model: ModelStatic<M>,
  spec: ListSpec<S>,
  query: PageQuery<S>,
  options: { actor: CurrentUser; where?: WhereOptions; include?: Includeable[] },
  toRows: (records: M[]) => Row[] | Promise<Row[]>,
): Promise<ListPage<Row, S>> {
  const where = { [Op.and]: [await rowScope(model.name, options.actor), options.where ?? {}] };
  const total = await model.count({ where });
  const window = pageWindow(total, query.page);
  const records = await model.findAll({
    where,
    include: options.include,
    order: orderFor(model.name, spec, query),
    limit: window.limit,
    offset: window.offset,
  });
  return { ...query, page: window.page, rows: await toRows(records), total, pageCount: window.pageCount, pageSize: PAGE_SIZE };
}
