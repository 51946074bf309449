import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { listHref, type ListState, type SortDir } from './pager';
import { Icon } from './primitives/icon';

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The `sort` value that orders by this column; without it the header is plain text. */
  sortKey?: string;
  /** The direction a first click sorts in: dates read best newest first. */
  firstDir?: SortDir;
  /** Render this column's cells as row headers (the row's name). */
  rowHeader?: boolean;
  className?: string;
};

type Props<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Sorting state; headers become sort links when given. */
  state?: Pick<ListState, 'sort' | 'dir' | 'search' | 'page' | 'filters'>;
  /** Shown instead of the table when there are no rows and no search. */
  empty: ReactNode;
  /** The plural noun for "No … match" when a search finds nothing. */
  noun: string;
  search?: string;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader<Row>({ column, state }: { column: Column<Row>; state: NonNullable<Props<Row>['state']> }) {
  const active = state.sort === column.sortKey;
  const nextDir: SortDir = active ? (state.dir === 'asc' ? 'desc' : 'asc') : (column.firstDir ?? 'asc');
  return (
    <th scope="col" aria-sort={active ? ARIA_SORT[state.dir] : undefined} className={`px-3 py-2 text-left font-semibold max-sm:inline-block max-sm:px-2 max-sm:py-1 ${column.className ?? ''}`}>
      <Link to={listHref(state, { sort: column.sortKey, dir: nextDir, page: 1 })}
        className="inline-flex items-center gap-1 rounded hover:text-brand-700 dark:hover:text-brand-100">
        {column.header}
        <Icon name={active ? (state.dir === 'asc' ? 'sort-asc' : 'sort-desc') : 'sort'} className={`h-3.5 w-3.5 ${active ? '' : 'text-slate-400 dark:text-slate-600'}`} />
        <span className="sr-only">{`, sort ${nextDir === 'asc' ? 'ascending' : 'descending'}`}</span>
      </Link>
    </th>
  );
}

/** Each cell's column name, shown before its value when rows are cards (below 640 px). */
function CardLabel({ header }: { header: string }) {
  return <span className="w-28 shrink-0 font-medium text-slate-600 sm:hidden dark:text-slate-300">{header}</span>;
}

const CARD_CELL = 'max-sm:flex max-sm:min-w-0 max-sm:gap-2 max-sm:whitespace-normal max-sm:px-0 max-sm:py-1 max-sm:[overflow-wrap:anywhere]';

/**
 * A server-rendered table whose sortable headers are links carrying the sort in the URL. Below
 * 640 px the same markup lays out as cards (one per row, each value under its column's name) and
 * the sortable headers as a row of links, so no list scrolls sideways on a phone.
 */
export function ListTable<Row>({ caption, columns, rows, rowKey, state, empty, noun, search }: Props<Row>) {
  if (rows.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {search ? <p>No {noun} match “{search}”.</p> : empty}
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 max-sm:overflow-visible max-sm:border-0 dark:border-slate-800">
      <table className="min-w-full divide-y divide-slate-200 text-sm max-sm:block max-sm:divide-y-0 dark:divide-slate-800">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 max-sm:block max-sm:bg-transparent dark:bg-slate-900">
          <tr className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-1 max-sm:pb-2">
            {columns.map((column) =>
              column.sortKey && state ? (
                <SortHeader key={column.key} column={column} state={state} />
              ) : (
                <th key={column.key} scope="col" className={`px-3 py-2 text-left font-semibold max-sm:hidden ${column.className ?? ''}`}>{column.header}</th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:px-3 max-sm:py-2 dark:hover:bg-slate-900/60 max-sm:dark:border-slate-800">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={`px-3 py-2 text-left font-medium ${CARD_CELL} max-sm:text-base ${column.className ?? ''}`}>{column.cell(row)}</th>
                ) : (
                  <td key={column.key} className={`px-3 py-2 ${CARD_CELL} ${column.className ?? ''}`}><CardLabel header={column.header} />{column.cell(row)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A timestamp in UTC, the same on the server and in the browser, so hydration never disagrees
 * with the server-rendered text; the full ISO value is in `dateTime` for machines.
 */
export function DateTime({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-500 dark:text-slate-400">Never</span>;
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>;
}

export function YesNo({ value }: { value: boolean }) {
  return value ? <span>Yes</span> : <span className="text-slate-500 dark:text-slate-400">No</span>;
}
