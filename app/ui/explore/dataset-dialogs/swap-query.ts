/**
 * The Swap dataset dialog's list: `GET /api/v1/dataset/?q=` with the name filter, the page and
 * the sort the table shows, and the rows as the dialog reads them.
 */
import type { ListQueryInput } from '~/lib/list-query';

/** Superset's list pages default to 20 rows; the spec leaves the swap dialog's size open. */
export const SWAP_PAGE_SIZE = 20;

/** The columns the table sorts by (the dataset resource's order columns). */
export type SwapSortColumn = 'table_name' | 'schema' | 'database.database_name' | 'changed_on_delta_humanized';
export type SwapSort = { column: SwapSortColumn; direction: 'asc' | 'desc' };
/** Most recently changed first, as Superset's dataset lists. */
export const DEFAULT_SWAP_SORT: SwapSort = { column: 'changed_on_delta_humanized', direction: 'desc' };

export const SWAP_COLUMNS = ['id', 'table_name', 'kind', 'schema', 'database.database_name', 'owners.id', 'owners.first_name', 'owners.last_name'];

export function swapDatasetsQuery(search: string, page: number, sort: SwapSort = DEFAULT_SWAP_SORT): ListQueryInput {
  const text = search.trim();
  return {
    filters: text ? [{ col: 'table_name', opr: 'ct', value: text }] : [],
    order_column: sort.column,
    order_direction: sort.direction,
    page,
    page_size: SWAP_PAGE_SIZE,
    columns: SWAP_COLUMNS,
  };
}

/** A clicked header: the same column flips its direction, another starts ascending. */
export function nextSwapSort(current: SwapSort, column: SwapSortColumn): SwapSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

export type SwapRow = {
  id: number;
  table_name: string;
  kind: 'physical' | 'virtual' | string;
  schema: string | null;
  database?: { database_name?: string | null } | null;
  owners?: { id: number; first_name: string | null; last_name: string | null }[];
};

export const kindLabel = (kind: SwapRow['kind']) => (kind === 'virtual' ? 'Virtual' : 'Physical');

export function ownerNames(owners: SwapRow['owners']): string {
  return (owners ?? []).map((o) => [o.first_name, o.last_name].filter(Boolean).join(' ')).filter(Boolean).join(', ');
}

export function pageCountOf(count: number, pageSize = SWAP_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
