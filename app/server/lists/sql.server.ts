/**
 * The SQL pieces every list shares, the API's and the pages' alike: case-insensitive text
 * matching, ordering, and conditions joined with AND. Text matching is lower() on both sides
 * (PostgreSQL's LIKE is case-sensitive, SQLite's is not) with an explicit ESCAPE (SQLite has no
 * default escape character), so both stores answer the same rows.
 */
import { col, fn, literal, Op, where as sqlWhere, type OrderItem, type WhereOptions } from 'sequelize';
import { store } from '../db.server';

export type LikeShape = 'contains' | 'starts' | 'ends';

/** A LIKE pattern for `text`, lower-cased, with `!` escaping the wildcards and itself. */
export function likePattern(text: string, shape: LikeShape): string {
  const escaped = text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
  if (shape === 'starts') return `${escaped}%`;
  if (shape === 'ends') return `%${escaped}`;
  return `%${escaped}%`;
}

/** A value as an SQL literal of the metadata store, for the few conditions written as SQL text. */
export function escapeSql(value: string | number): string {
  return store().sequelize.escape(value);
}

/** `lower(column) LIKE pattern ESCAPE '!'` for a qualified column such as `Chart.slice_name`. */
export function likeWhere(qualifiedColumn: string, text: string, shape: LikeShape, negate = false): WhereOptions {
  const pattern = literal(`${escapeSql(likePattern(text, shape))} ESCAPE '!'`);
  return sqlWhere(fn('lower', col(qualifiedColumn)), negate ? Op.notLike : Op.like, pattern);
}

/** `search` anywhere in any of the qualified columns; no condition when the search is empty. */
export function searchWhere(columns: string[], search: string): WhereOptions {
  if (!search) return {};
  return { [Op.or]: columns.map((c) => likeWhere(c, search, 'contains')) };
}

/** The parts joined with AND, empty ones dropped; `{}` (every row) when none is left. */
export function andWhere(parts: WhereOptions[]): WhereOptions {
  const nonEmpty = parts.filter((p) => Object.keys(p).length > 0 || Object.getOwnPropertySymbols(p).length > 0);
  return nonEmpty.length === 0 ? {} : { [Op.and]: nonEmpty };
}

export type SortDir = 'asc' | 'desc';

/** What a list orders by: a column of the table aliased `alias`, compared as text (case-insensitively) or as it is. */
export type SortColumn = { alias: string; column: string; text?: boolean };

/**
 * ORDER BY one column, then the id of the listed model (`idAlias`) so paging is stable on ties.
 * Names sort as people read them ("apple" before "Banana"); nulls sort as the smallest value on
 * both stores (PostgreSQL's default is the opposite).
 */
export function orderItems(sort: SortColumn, direction: SortDir, idAlias: string): OrderItem[] {
  const target = col(`${sort.alias}.${sort.column}`);
  const primary: OrderItem = [sort.text ? fn('lower', target) : target, direction === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'];
  return [primary, [col(`${idAlias}.id`), direction === 'asc' ? 'ASC' : 'DESC']];
}
