/**
 * The URL state of every list page (`page`, `sort`, `dir`, `search`) and one page of a list on
 * the list engine (engine.server.ts, the same one the API's lists use). Parsing never fails: a
 * stale bookmark or a hand-edited URL with an unknown sort or a page past the end still shows a
 * list, falling back to the defaults, because an error page would be no help to whoever
 * followed the link.
 */
import { z } from 'zod';
import type { Includeable, Model, ModelStatic, WhereOptions } from 'sequelize';
import type { CurrentUser } from '../auth/current-user.server';
import { fetchPage, visibleWhere } from './engine.server';
import type { SortDir } from './sql.server';

// Kept here for the list modules that import them from this path (see the issue 9 report).
export type { SortDir };

export const PAGE_SIZE = 25;
export const SEARCH_MAX = 200;

/** How one list sorts: the sort keys the URL may name, each mapped to a column of the model. */
export type ListSpec<S extends string> = {
  sorts: Record<S, { column: string; text?: boolean }>;
  defaultSort: NoInfer<S>;
  defaultDir: SortDir;
};

export type PageQuery<S extends string = string> = { page: number; sort: S; dir: SortDir; search: string };

/** One page of a list, in the shape the list UI renders (`ListState` in app/ui/pager.tsx). */
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

/**
 * Counts, clamps the page, and fetches one page of `model`, only among the rows `actor` may see.
 * `where` may name only the model's own columns (it is also used for the count); `include` is
 * loaded for the page's rows only, to-many associations included.
 */
export async function findPage<M extends Model, S extends string, Row>(
  model: ModelStatic<M>,
  spec: ListSpec<S>,
  query: PageQuery<S>,
  options: { actor: CurrentUser; where?: WhereOptions; include?: Includeable[] },
  toRows: (records: M[]) => Row[] | Promise<Row[]>,
): Promise<ListPage<Row, S>> {
  const where = await visibleWhere(model as ModelStatic<Model>, options.actor, [options.where ?? {}]);
  const total = await model.count({ where });
  const window = pageWindow(total, query.page);
  const { column, text } = spec.sorts[query.sort];
  const { rows } = await fetchPage(model, where, {
    sort: { alias: model.name, column, text },
    dir: query.dir,
    include: options.include,
    limit: window.limit,
    offset: window.offset,
  });
  return { ...query, page: window.page, rows: await toRows(rows), total, pageCount: window.pageCount, pageSize: PAGE_SIZE };
}
