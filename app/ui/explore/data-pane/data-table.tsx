/**
 * A table of rows with the spec's data-table helper set: a search box (filters the rows in the
 * browser, ignoring case), a Copy button (tab-separated text, toast) and the row-count badge
 * with its 'Limit reached' tooltip. The rows are drawn by SQL Lab's row pool (grid-rows.tsx):
 * a chart's results can hold 50,000 rows, and only those in view are in the DOM.
 */
import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { GenericDataType } from '~/lib/chart-data/types';
import type { Cell } from '~/lib/sqllab/reducer';
import { dangerToast, successToast } from '~/lib/toasts';
import { Button } from '~/ui/primitives/button';
import { Input } from '~/ui/primitives/input';
import { Tooltip } from '~/ui/primitives/tooltip';
import type { ColumnDisplay } from '~/ui/sqllab/result-text';
import { GridRows, HEADER_HEIGHT, ROW_HEIGHT } from '~/ui/sqllab/grid-rows';
import { showToast } from '~/ui/toasts';
import { cellText, copyText, isLimitReached, LIMIT_REACHED, rowCountText, searchRows, type TableRow } from './table-text';

const MAX_HEIGHT = 320;
const CHAR_WIDTH = 8.4; // text-sm monospace
const CELL_PADDING = 26;
const MIN_WIDTH = 72;
const MAX_WIDTH = 360;
const WIDTH_SAMPLE_ROWS = 200;

export type DataTableProps = {
  /** Names the grid. */
  label: string;
  /** The search box's label; 'Search <label>' by default. */
  searchLabel?: string;
  columns: string[];
  /** GenericDataType per column (temporal values are epoch milliseconds). */
  coltypes: (number | null | undefined)[];
  rows: TableRow[];
  /** The badge's count when it is not the rows shown (a page of a larger total). */
  total?: number;
  /** The row limit; the badge says 'Limit reached' when the rows fill it. */
  limit?: number | null;
  /** More controls in the toolbar (paging). */
  actions?: ReactNode;
};

export function RowCountBadge({ count, limit }: { count: number; limit?: number | null }) {
  const badge = (
    <span tabIndex={isLimitReached(count, limit) ? 0 : undefined} data-testid="row-count-badge"
      className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      {rowCountText(count)}
    </span>
  );
  return isLimitReached(count, limit) ? <Tooltip content={LIMIT_REACHED}>{badge}</Tooltip> : badge;
}

function widthsOf(columns: readonly string[], coltypes: DataTableProps['coltypes'], rows: readonly TableRow[]): number[] {
  const sample = rows.slice(0, WIDTH_SAMPLE_ROWS);
  return columns.map((c, i) => {
    let chars = c.length + 2;
    for (const row of sample) chars = Math.max(chars, cellText(row[c], coltypes[i]).length);
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars * CHAR_WIDTH + CELL_PADDING)));
  });
}

export function DataTable({ label, searchLabel, columns, coltypes, rows, total, limit, actions }: DataTableProps) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const shownRows = useMemo(() => searchRows(rows, columns, coltypes, deferred), [rows, columns, coltypes, deferred]);
  const widths = useMemo(() => widthsOf(columns, coltypes, rows), [columns, coltypes, rows]);
  const offsets = useMemo(() => widths.reduce<number[]>((acc, w) => [...acc, acc[acc.length - 1] + w], [0]), [widths]);
  const displays = useMemo<ColumnDisplay[]>(
    () => coltypes.map((t) => ({
      kind: t === GenericDataType.NUMERIC ? 'numeric' : t === GenericDataType.TEMPORAL ? 'temporal' : t === GenericDataType.BOOLEAN ? 'boolean' : 'string',
      align: t === GenericDataType.NUMERIC ? 'right' : 'left',
      text: (value: Cell | undefined) => cellText(value, t),
    })),
    [coltypes],
  );
  const shown = useMemo(() => columns.map((_, i) => i), [columns]);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // The row pool reads cells as SQL Lab's Cell; chart rows hold the same JSON values (numbers, text, booleans, null).
  const rowAt = useCallback((index: number) => shownRows[index] as Record<string, Cell>, [shownRows]);
  const totalWidth = offsets[offsets.length - 1] ?? 0;
  const height = Math.min(MAX_HEIGHT, shownRows.length * ROW_HEIGHT + HEADER_HEIGHT + 2);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyText(shownRows, columns, coltypes));
      showToast(successToast('Copied to clipboard!'));
    } catch {
      showToast(dangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'));
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <RowCountBadge count={total ?? rows.length} limit={limit} />
        {deferred.trim() && (
          <span role="status" className="text-xs text-slate-600 dark:text-slate-300">{shownRows.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} rows match</span>
        )}
        {actions}
        <Input label={searchLabel ?? `Search ${label.toLowerCase()}`} layout="inline" type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="ml-auto" controlClassName="w-48" />
        <Button size="sm" onClick={() => void copy()} disabled={columns.length === 0}>Copy</Button>
      </div>
      {columns.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No data</p>
      ) : (
        <div ref={setScroller} role="grid" aria-label={label} aria-rowcount={shownRows.length + 1} aria-colcount={columns.length} tabIndex={0}
          className="relative overflow-auto rounded-md border border-slate-200 text-sm dark:border-slate-800" style={{ height }}>
          <div style={{ width: totalWidth, height: shownRows.length * ROW_HEIGHT + HEADER_HEIGHT, position: 'relative' }}>
            <div role="row" aria-rowindex={1} className="sticky top-0 z-10 bg-slate-100 font-semibold dark:bg-slate-800" style={{ height: HEADER_HEIGHT, width: totalWidth }}>
              {columns.map((c, i) => (
                <div key={c} role="columnheader" aria-colindex={i + 1} title={c} className={`absolute top-0 truncate px-3 py-1.5 ${displays[i]?.align === 'right' ? 'text-right' : ''}`}
                  style={{ left: offsets[i], width: widths[i] }}>{c}</div>
              ))}
            </div>
            <GridRows scroller={scroller} count={shownRows.length} rowAt={rowAt} columns={columns} displays={displays} shown={shown} offsets={offsets} widths={widths} width={totalWidth} />
          </div>
        </div>
      )}
    </div>
  );
}
