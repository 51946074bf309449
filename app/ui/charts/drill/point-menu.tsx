/**
 * The menu at a clicked data point: 'Drill to detail' and 'Drill by', with the point's filters
 * above them. Headless UI's Menu opens from a button; this one opens where the pointer was, so it
 * is a small menu of its own with the same keyboard rules (focus on the first item, arrow keys,
 * Home and End, Escape and a click elsewhere close it).
 */
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { DrillFilter } from '~/lib/explore/drill';

export type PointMenuProps = {
  x: number;
  y: number;
  filters: DrillFilter[];
  /** Whether a drill by can be offered (a dataset with groupable columns left). */
  canDrillBy: boolean;
  onDrillToDetail: () => void;
  onDrillBy: () => void;
  onClose: () => void;
};

const WIDTH = 224;
const itemClass = 'block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/** The filters as one line: 'gender = boy, ds = 2008-01-01T00:00:00'. */
export function filtersSummary(filters: readonly DrillFilter[]): string {
  return filters.map((f) => `${f.col} = ${f.formattedVal}`).join(', ');
}

export function PointMenu({ x, y, filters, canDrillBy, onDrillToDetail, onDrillBy, onClose }: PointMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const summaryId = useId();

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const outside = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number) => {
      event.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Tab') onClose();
  };

  // Kept inside the viewport: a point near the right or bottom edge opens the menu to its left or above.
  const left = typeof window === 'undefined' ? x : Math.max(8, Math.min(x, window.innerWidth - WIDTH - 8));
  const top = typeof window === 'undefined' ? y : Math.max(8, Math.min(y, window.innerHeight - 160));
  const summary = filtersSummary(filters);

  return (
    <div ref={ref} onKeyDown={onKeyDown} style={{ left, top, width: WIDTH }}
      className="fixed z-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
      {/* The filters sit outside the menu: a menu holds only its items. */}
      {summary && <p id={summaryId} className="truncate px-3 py-1 text-xs text-slate-600 dark:text-slate-400" title={summary}>{summary}</p>}
      <div role="menu" aria-label="Drill" aria-describedby={summary ? summaryId : undefined}>
        <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={onDrillToDetail}>Drill to detail</button>
        {canDrillBy && <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={onDrillBy}>Drill by</button>}
      </div>
    </div>
  );
}
