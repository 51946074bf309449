/**
 * A query's results: the true row count, the limit badge, search within the rows (debounced, and
 * only then filtering), copy to clipboard, CSV download, and a grid virtualized in both
 * directions: only the rows and columns in view are in the DOM, so 100k rows by 100 columns
 * scroll like 20. Column widths are fixed, measured once from a sample of rows (never all of
 * them), so scrolling never re-lays-out. Big integers arrive as bigint and show every digit.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Cell, Query } from '~/lib/sqllab/reducer';
import { dangerToast, successToast } from '~/lib/toasts';
import { Button, buttonClass } from '../primitives/button';
import { Input } from '../primitives/input';
import { showToast } from '../toasts';
import { cellText } from './cell-text';
import { GridRows, HEADER_HEIGHT, ROW_HEIGHT } from './grid-rows';
import { columnDisplays, limitMessage, rowCountText } from './result-text';
import { LimitNotice } from './static-sqllab';

export { cellText };

/** Rows read to size the columns: enough to see typical values, few enough to cost nothing. */
const WIDTH_SAMPLE_ROWS = 200;
const CHAR_WIDTH = 8.4; // text-sm monospace
const CELL_PADDING = 26;
const MIN_WIDTH = 72;
const MAX_WIDTH = 420;
/** Below this many columns all are rendered; above, only those in view. */
const VIRTUAL_COLUMNS_FROM = 24;
const SEARCH_DEBOUNCE_MS = 250;


/** Fixed widths from the header and the first rows: the widest text, clamped. */
export function measureColumns(columns: readonly string[], rows: readonly Record<string, Cell>[], sample = WIDTH_SAMPLE_ROWS): number[] {
  const n = Math.min(sample, rows.length);
  return columns.map((c) => {
    let chars = c.length + 2; // room for the header's weight
    for (let i = 0; i < n; i++) {
      const len = cellText(rows[i][c]).length;
      if (len > chars) chars = len;
    }
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars * CHAR_WIDTH + CELL_PADDING)));
  });
}

/** Indices of the rows where any cell contains the needle (case-insensitive). */
export function matchingRows(rows: readonly Record<string, Cell>[], columns: readonly string[], needle: string): number[] {
  const lower = needle.toLowerCase();
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    for (const c of columns) {
      if (cellText(row[c]).toLowerCase().includes(lower)) {
        out.push(i);
        break;
      }
    }
  }
  return out;
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled(''); // clearing is instant: no filtering to wait for
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Why the rows stop where they do, from the server's limiting factor (Superset's wording). */
export function queryLimitMessage(query: Query): string | null {
  return limitMessage({
    limitingFactor: query.limitingFactor, rows: query.rows ?? query.results?.data.length ?? 0, displayLimitReached: query.results?.displayLimitReached, limit: query.queryLimit,
  });
}

export function ResultsGrid({ query, canCsv, actions }: { query: Query; canCsv: boolean; actions?: ReactNode }) {
  const results = query.results;
  const data = useMemo(() => results?.data ?? [], [results]);
  const columns = useMemo(() => results?.columns.map((c) => c.name) ?? [], [results]);
  const widths = useMemo(() => measureColumns(columns, data), [columns, data]);
  const displays = useMemo(() => columnDisplays(results?.columns ?? [], data), [results, data]);
  const offsets = useMemo(() => {
    const out = [0];
    for (const w of widths) out.push(out[out.length - 1] + w);
    return out;
  }, [widths]);
  const totalWidth = offsets[offsets.length - 1] ?? 0;
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const matches = useMemo(() => (needle ? matchingRows(data, columns, needle) : null), [data, columns, needle]);
  const count = matches ? matches.length : data.length;
  const scroller = useRef<HTMLDivElement | null>(null);
  const [scrollerEl, setScrollerEl] = useState<HTMLDivElement | null>(null);
  const scrollerRef = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
    setScrollerEl(el);
  }, []);

  const virtualColumns = columns.length >= VIRTUAL_COLUMNS_FROM;
  // Disabled below VIRTUAL_COLUMNS_FROM: it would otherwise re-render the grid on every scroll too.
  const colVirtualizer = useVirtualizer({
    enabled: virtualColumns, horizontal: true, count: columns.length, getScrollElement: () => scroller.current, estimateSize: (i) => widths[i] ?? MIN_WIDTH, overscan: 3,
  });
  useEffect(() => colVirtualizer.measure(), [widths, colVirtualizer]);

  const colItems = virtualColumns ? colVirtualizer.getVirtualItems() : null;
  const firstCol = colItems?.[0]?.index ?? 0;
  const lastCol = colItems ? (colItems[colItems.length - 1]?.index ?? -1) : columns.length - 1;
  // Stable while the columns in view do not change: the row pool is rendered again only then.
  const shownColumns = useMemo(() => Array.from({ length: Math.max(0, lastCol - firstCol + 1) }, (_, k) => firstCol + k), [firstCol, lastCol]);

  const rowAt = useCallback((index: number) => data[matches ? matches[index] : index], [data, matches]);

  if (!results) return null;

  const copy = async () => {
    const lines = [columns.join('\t')];
    for (let i = 0; i < count; i++) {
      const row = rowAt(i);
      lines.push(columns.map((c) => cellText(row[c])).join('\t'));
    }
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      showToast(successToast('Copied to clipboard!'));
    } catch {
      showToast(dangerToast('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!'));
    }
  };

  const total = query.rows ?? data.length;
  return (
    <section aria-label="Query results" className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="row-count">{rowCountText(total)}</span>
        <LimitNotice message={queryLimitMessage(query)} />
        {matches && <span role="status" className="text-sm text-slate-600 dark:text-slate-300" data-testid="search-count">{matches.length.toLocaleString('en-US')} of {data.length.toLocaleString('en-US')} rows match</span>}
        <Input label="Search results" layout="inline" type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="ml-auto" />
        <Button onClick={() => void copy()} size="sm">Copy to clipboard</Button>
        {canCsv && <a href={`/api/v1/sqllab/export/${encodeURIComponent(query.id)}/`} download className={buttonClass('secondary', 'sm')}>Download CSV</a>}
        {actions}
      </div>
      <div ref={scrollerRef} role="grid" aria-rowcount={count + 1} aria-colcount={columns.length} tabIndex={0} aria-label="Result rows"
        className="relative min-h-0 flex-1 overflow-auto rounded-md border border-slate-200 text-sm dark:border-slate-800" data-testid="results-scroller">
        <div style={{ width: totalWidth, height: count * ROW_HEIGHT + HEADER_HEIGHT, position: 'relative' }}>
          <div role="row" aria-rowindex={1} className="sticky top-0 z-10 bg-slate-100 font-semibold dark:bg-slate-800" style={{ height: HEADER_HEIGHT, width: totalWidth }}>
            {shownColumns.map((i) => (
              <div key={i} role="columnheader" aria-colindex={i + 1} title={columns[i]} className={`absolute top-0 truncate px-3 py-1.5 ${displays[i]?.align === 'right' ? 'text-right' : ''}`}
                style={{ left: offsets[i], width: widths[i] }}>{columns[i]}</div>
            ))}
          </div>
          <GridRows scroller={scrollerEl} count={count} rowAt={rowAt} columns={columns} displays={displays} shown={shownColumns} offsets={offsets} widths={widths} width={totalWidth} />
        </div>
      </div>
    </section>
  );
}
