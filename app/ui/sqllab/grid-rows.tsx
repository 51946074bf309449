/**
 * The rows of the results grid: a fixed pool of row elements (as many as fit in view, plus a few)
 * that React creates once, and that a scroll listener fills with the rows in view by writing
 * their text and position directly. Scrolling 100k rows then costs a few hundred text updates a
 * frame and no React render at all, which is what keeps it smooth on a slow CPU (bench/sqllab-grid.ts).
 * React renders the pool again only when the columns in view, the data or the pane's height change.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Cell } from '~/lib/sqllab/reducer';
import type { ColumnDisplay } from './result-text';

export const ROW_HEIGHT = 30;
export const HEADER_HEIGHT = 32;
/** Rows kept filled above and below the view, so a fast scroll does not show blanks. */
const OVERSCAN = 4;
/** Before the pane is measured. */
const INITIAL_POOL = 24;
const NULL_CLASSES = ['italic', 'text-slate-600', 'dark:text-slate-400'];

type Props = {
  /** The scrolling element (state, not a ref: a parent's ref is attached after this one's effects run). */
  scroller: HTMLDivElement | null;
  count: number;
  rowAt: (index: number) => Record<string, Cell>;
  columns: readonly string[];
  /** Each column's text and alignment (numbers right, temporal values formatted by type). */
  displays: readonly ColumnDisplay[];
  /** Indices of the columns rendered (all, or those in view when columns are virtualized). */
  shown: readonly number[];
  offsets: readonly number[];
  widths: readonly number[];
  width: number;
};

function poolFor(height: number, count: number): number {
  return Math.min(count, Math.ceil(height / ROW_HEIGHT) + 2 * OVERSCAN + 1);
}

export function GridRows({ scroller, count, rowAt, columns, displays, shown, offsets, widths, width }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const [poolSize, setPoolSize] = useState(() => Math.min(count, INITIAL_POOL));

  // The pool follows the pane's height (the split between editor and results can be dragged).
  useLayoutEffect(() => {
    const el = scroller;
    if (!el) return;
    const fit = () => setPoolSize(poolFor(el.clientHeight, count));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller, count]);

  // Set when what a row shows may have changed for the same index (new data, search, columns).
  const stale = useRef(true);
  const paint = useCallback(() => {
    const el = scroller;
    const rows = body.current?.children;
    if (!el || !rows) return;
    const pool = rows.length;
    const first = Math.max(0, Math.min(Math.floor(el.scrollTop / ROW_HEIGHT) - OVERSCAN, count - pool));
    // Row `index` always lives in slot `index % pool`: a row that stays in view keeps its element
    // untouched, so a scroll of a few rows rewrites only those rows.
    for (let index = first; index < first + pool; index++) {
      const rowEl = rows[index % pool] as HTMLElement;
      if (index >= count) {
        rowEl.hidden = true;
        continue;
      }
      rowEl.hidden = false;
      const stamp = String(index + 2);
      if (rowEl.getAttribute('aria-rowindex') === stamp && !stale.current) continue;
      rowEl.style.transform = `translateY(${index * ROW_HEIGHT + HEADER_HEIGHT}px)`;
      rowEl.setAttribute('aria-rowindex', stamp);
      const row = rowAt(index);
      const cells = rowEl.children;
      for (let k = 0; k < cells.length; k++) {
        const cell = cells[k] as HTMLElement;
        const value = row[columns[shown[k]]];
        const text = displays[shown[k]].text(value);
        if (cell.textContent !== text) cell.textContent = text;
        const isNull = value === null || value === undefined;
        if (cell.classList.contains(NULL_CLASSES[0]) !== isNull) for (const c of NULL_CLASSES) cell.classList.toggle(c, isNull);
      }
    }
    stale.current = false;
  }, [scroller, count, rowAt, columns, displays, shown]);

  useLayoutEffect(() => {
    stale.current = true;
    paint();
    const el = scroller;
    el?.addEventListener('scroll', paint, { passive: true });
    return () => el?.removeEventListener('scroll', paint);
  }, [paint, poolSize, offsets, widths, scroller]);

  return (
    <div ref={body}>
      {Array.from({ length: poolSize }, (_, slot) => (
        <div key={slot} role="row" className="absolute left-0 top-0 border-t border-slate-100 dark:border-slate-800"
          style={{ height: ROW_HEIGHT, width, contain: 'strict' }}>
          {shown.map((i) => (
            <div key={i} role="gridcell" aria-colindex={i + 1} className={`absolute top-0 truncate px-3 py-1 font-mono ${displays[i]?.align === 'right' ? 'text-right tabular-nums' : ''}`}
              style={{ left: offsets[i], width: widths[i] }} />
          ))}
        </div>
      ))}
    </div>
  );
}
