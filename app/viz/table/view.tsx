/**
 * The table chart's view. Everything it draws comes formatted in the model, so the server render
 * is the complete table (readable without JavaScript: the first page, every column, the summary
 * row and the row count) and the browser hydrates the same markup; sorting by a header, the
 * search box and the pager work after hydration. Under server pagination a page change is
 * announced with a bubbling `sightline:table-page` event ({currentPage, pageSize}) for the chart
 * frame to query that page (Superset's ownState). Where the page provides TableCellFilterContext
 * (the dashboard's cross-filters), the dimension cells are buttons and the selection's cells are
 * marked (cell-filter.ts).
 */
import { useContext, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { GenericDataType } from '~/lib/chart-data/types';
import { getNumberFormatter } from '~/lib/format/number-format';
import { TableCellFilterContext, type TableCellFilter, type TableCellValue } from './cell-filter';
import { searchRows } from './search';
import { PAGE_SIZE_OPTIONS, type TableCell, type TableColumnModel, type TableModel } from './types';

export const TABLE_PAGE_EVENT = 'sightline:table-page';

type SortState = { column: number; desc: boolean } | null;

/** Superset's row count label: the count in the adaptive number format ('100 rows', '12.3k rows'). */
export const rowCountText = (n: number) => `${getNumberFormatter()(n)} ${n === 1 ? 'row' : 'rows'}`;

/** react-table's basic, datetime and Superset's case-insensitive alphanumeric sorts; nulls first. */
function compareCells(a: TableCell, b: TableCell, type: TableColumnModel['sortType']): number {
  const x = a.sort;
  const y = b.sort;
  if (type === 'alphanumeric') {
    if (!x || typeof x !== 'string') return -1;
    if (!y || typeof y !== 'string') return 1;
    return x.localeCompare(y);
  }
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x > y ? 1 : -1;
}

/** The page numbers to offer: all when few, else the first, the last and a window around the current ('…' between). */
export function pageItems(current: number, count: number, max = 9): (number | '…')[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const inner = max - 4;
  let start = Math.max(1, current - Math.floor(inner / 2));
  const end = Math.min(count - 2, start + inner - 1);
  start = Math.max(1, end - inner + 1);
  const items: (number | '…')[] = [0];
  if (start > 1) items.push('…');
  for (let i = start; i <= end; i++) items.push(i);
  if (end < count - 2) items.push('…');
  items.push(count - 1);
  return items;
}

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

const ALIGN: Record<string, string> = { left: 'text-left', center: 'text-center', right: 'text-right' };

function SortMark({ state }: { state: 'asc' | 'desc' | null }) {
  const d = state === 'asc' ? 'M5 2l4 5H1z' : state === 'desc' ? 'M5 8L1 3h8z' : 'M5 1l3.5 3.5h-7zM5 9L1.5 5.5h7z';
  return (
    <svg aria-hidden="true" viewBox="0 0 10 10" className={`ml-1 inline-block h-2.5 w-2.5 shrink-0 ${state ? 'text-slate-700' : 'text-slate-300'}`}>
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** A dimension cell's value for a cross-filter (its raw value), or undefined when the cell cannot filter. */
function filterValue(cell: TableCell, column: TableColumnModel): TableCellValue | undefined {
  if (column.isMetric || column.isPercentMetric || column.dataType === GenericDataType.TEMPORAL) return undefined;
  if (cell.isNull) return null;
  return cell.sort === null ? undefined : cell.sort;
}

function Cell({ cell, column, filter }: { cell: TableCell; column: TableColumnModel; filter: TableCellFilter | null }) {
  const style: CSSProperties = { background: cell.background };
  const width = column.width ?? undefined;
  const text = cell.text;
  const value = filter ? filterValue(cell, column) : undefined;
  const selected = value !== undefined && (filter?.selection?.[column.key] ?? []).some((v) => (v === null ? value === null : value !== null && String(v) === String(value)));
  // A dimension cell is a button once the page cross-filters (the dashboard after hydration).
  const content = filter && value !== undefined ? (
    <button type="button" aria-pressed={selected} className="relative w-full cursor-pointer hover:underline" style={{ textAlign: 'inherit' }}
      onClick={() => filter.onCellClick(column.key, value)}>
      {text}
    </button>
  ) : text;
  return (
    <td
      title={cell.title}
      data-selected={selected ? 'true' : undefined}
      className={cx('relative border-b border-slate-100 px-2 py-1', ALIGN[column.align], cell.isNull && 'text-slate-400', column.dataType === GenericDataType.TEMPORAL && 'whitespace-nowrap', selected && 'bg-sky-100 font-semibold')}
      style={style}
    >
      {cell.bar ? (
        <div
          role="presentation"
          data-cell-bar={cell.bar.negative ? 'negative' : 'positive'}
          className="absolute top-0 block h-full"
          style={{ width: `${cell.bar.width}%`, left: `${cell.bar.offset}%`, backgroundColor: cell.bar.color }}
        />
      ) : null}
      {column.truncate ? (
        <div className="relative truncate" style={width !== undefined ? { width } : undefined} title={text}>
          {content}
        </div>
      ) : (
        <span className="relative">{content}</span>
      )}
    </td>
  );
}

export default function TableView({ model }: { model: TableModel }) {
  const { columns, rows, totals, rowCount, serverPagination, includeSearch, sortDesc, emptyMessage } = model.props;
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const cellFilter = useContext(TableCellFilterContext);
  const [sort, setSort] = useState<SortState>(null);
  const [query, setQuery] = useState('');
  const [pageSize, setPageSize] = useState(model.props.pageSize);
  const [page, setPage] = useState(serverPagination ? model.props.currentPage : 0);

  const searchValues = useMemo(() => rows.map((row) => row.map((cell) => cell.search)), [rows]);
  const visible = useMemo(() => {
    let indexes = includeSearch && query ? searchRows(searchValues, query) : rows.map((_, i) => i);
    if (sort) {
      const type = columns[sort.column]?.sortType ?? 'basic';
      // Stable: equal cells keep the order of the answer (or of the search ranking).
      indexes = [...indexes].sort((a, b) => {
        const order = compareCells(rows[a][sort.column], rows[b][sort.column], type);
        return (sort.desc ? -order : order) || 0;
      });
    }
    return indexes;
  }, [rows, columns, sort, query, includeSearch, searchValues]);

  if (emptyMessage) {
    return (
      <div className="flex h-full w-full items-center justify-center p-4 text-sm text-slate-500" role="status" style={{ minHeight: Math.min(model.height, 120) }}>
        {emptyMessage}
      </div>
    );
  }

  const total = serverPagination ? rowCount : visible.length;
  const pageCount = pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  const currentPage = Math.min(page, pageCount - 1);
  const pageRows = serverPagination || pageSize <= 0 ? visible : visible.slice(currentPage * pageSize, (currentPage + 1) * pageSize);
  const sizeOptions = PAGE_SIZE_OPTIONS.filter(([n]) => (serverPagination ? n <= rowCount : n <= 2 * rows.length));

  const goTo = (next: number, size = pageSize) => {
    setPage(next);
    if (serverPagination) rootRef.current?.dispatchEvent(new CustomEvent(TABLE_PAGE_EVENT, { bubbles: true, detail: { currentPage: next, pageSize: size } }));
  };
  const toggleSort = (column: number) => {
    setSort((current) => {
      if (!current || current.column !== column) return { column, desc: sortDesc };
      if (current.desc === sortDesc) return { column, desc: !sortDesc };
      return null;
    });
  };

  return (
    <div ref={rootRef} className="flex h-full w-full flex-col text-sm text-slate-800" data-viz="table">
      <div className="flex flex-wrap items-center justify-between gap-2 pb-2">
        <div className="flex items-center gap-2 text-xs text-slate-600">
          {sizeOptions.length > 1 ? (
            <label className="flex items-center gap-1">
              <span>Show</span>
              <select
                className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs"
                value={pageSize}
                aria-label="Show entries per page"
                onChange={(e) => {
                  const size = Number(e.target.value);
                  setPageSize(size);
                  goTo(0, size);
                }}
              >
                {sizeOptions.map(([n, text]) => (
                  <option key={n} value={n}>
                    {text}
                  </option>
                ))}
              </select>
              <span>entries per page</span>
            </label>
          ) : null}
          <span data-row-count="">{rowCountText(rowCount)}</span>
        </div>
        {includeSearch ? (
          <label className="flex items-center gap-1 text-xs text-slate-600" htmlFor={`${id}-search`}>
            <span>Search</span>
            <input
              id={`${id}-search`}
              type="search"
              className="rounded border border-slate-300 px-2 py-0.5 text-xs"
              placeholder={`${rows.length} ${rows.length === 1 ? 'record' : 'records'}...`}
              aria-label={`Search ${rows.length} records`}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(0);
              }}
            />
          </label>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        <table className="w-full border-collapse" aria-rowcount={rowCount}>
          <thead className="sticky top-0 z-10 bg-white">
            <tr>
              {columns.map((column, c) => {
                const state = sort?.column === c ? (sort.desc ? 'desc' : 'asc') : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none'}
                    className={`border-b-2 border-slate-200 px-2 py-1 font-semibold ${ALIGN[column.align]}`}
                    style={column.width !== null ? { minWidth: column.width } : undefined}
                    data-column-name={column.key}
                  >
                    <button type="button" className="inline-flex items-end gap-0.5" onClick={() => toggleSort(c)} title="Sort">
                      <span>{column.label}</span>
                      <SortMark state={state} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {pageRows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-2 py-3 text-center text-slate-500">
                  {query ? 'No matching records found' : 'No records found'}
                </td>
              </tr>
            ) : (
              pageRows.map((r) => (
                <tr key={r} className="odd:bg-slate-50/60 hover:bg-slate-100">
                  {rows[r].map((cell, c) => (
                    <Cell key={columns[c].key} cell={cell} column={columns[c]} filter={cellFilter} />
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {totals ? (
            <tfoot className="sticky bottom-0 bg-white">
              <tr>
                {columns.map((column, c) =>
                  c === 0 ? (
                    <th key={column.key} scope="row" className="border-t-2 border-slate-200 px-2 py-1 text-left font-semibold" title="Show total aggregations of selected metrics. Note that row limit does not apply to the result.">
                      Summary
                    </th>
                  ) : (
                    <td key={column.key} className={`border-t-2 border-slate-200 px-2 py-1 ${ALIGN[column.align]}`}>
                      <strong>{totals[c]}</strong>
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {pageSize > 0 && pageCount > 1 ? (
        <nav className="flex items-center justify-center gap-1 pt-2 text-xs" aria-label="Pages">
          {pageItems(currentPage, pageCount).map((item, i) =>
            item === '…' ? (
              <span key={`gap-${i}`} className="px-1 text-slate-400">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                aria-current={item === currentPage ? 'page' : undefined}
                className={`min-w-6 rounded px-1.5 py-0.5 ${item === currentPage ? 'bg-slate-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
                onClick={() => goTo(item)}
              >
                {item + 1}
              </button>
            ),
          )}
        </nav>
      ) : null}
    </div>
  );
}
