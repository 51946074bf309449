/**
 * The editor (north) over the results (south), split by a handle that drags with the pointer or
 * moves with the arrow keys (a focusable separator, as the WAI-ARIA window splitter pattern has
 * it). The split is the tab's northPercent; the page stores it.
 */
import { useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { MIN_PANE_PERCENT, PANE_KEY_STEP, paneSizes } from '~/lib/sqllab/pane-sizes';

type Props = {
  northPercent: number;
  /** Without it (the server-rendered page) the split is fixed and no handle is drawn. */
  onResize?: (northPercent: number) => void;
  north: ReactNode;
  south: ReactNode;
  /** Names the results pane when it scrolls by itself (the server-rendered page). */
  southLabel?: string;
};

/** Half the handle's height, taken from each pane so the three add up to the box. */
const HALF_HANDLE_PX = 6;

export function SplitPanes({ northPercent, onResize, north, south, southLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const sizes = paneSizes(northPercent);

  const startDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.height === 0 || !onResize) return;
    event.preventDefault();
    event.currentTarget.focus();
    const move = (e: PointerEvent) => onResize(paneSizes(((e.clientY - rect.top) / rect.height) * 100).northPercent);
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowUp: -PANE_KEY_STEP, ArrowDown: PANE_KEY_STEP, PageUp: -10 * PANE_KEY_STEP, PageDown: 10 * PANE_KEY_STEP };
    let next: number | null = null;
    if (event.key in steps) next = sizes.northPercent + steps[event.key];
    else if (event.key === 'Home') next = MIN_PANE_PERCENT;
    else if (event.key === 'End') next = 100 - MIN_PANE_PERCENT;
    if (next === null || !onResize) return;
    event.preventDefault();
    onResize(paneSizes(next).northPercent);
  };

  // The panes share what the page leaves them (the page itself does not scroll); a floor keeps
  // both usable in a short window.
  return (
    <div ref={box} className="flex min-h-64 flex-1 flex-col" data-testid="sqllab-panes">
      <div className="flex min-h-0 flex-col" style={{ height: `calc(${sizes.northPercent}% - ${HALF_HANDLE_PX}px)` }} data-testid="north-pane">
        {north}
      </div>
      {onResize ? (
        <div
          role="separator"
          tabIndex={0}
          aria-orientation="horizontal"
          aria-label="Resize the editor and results panes"
          aria-valuenow={sizes.northPercent}
          aria-valuemin={MIN_PANE_PERCENT}
          aria-valuemax={100 - MIN_PANE_PERCENT}
          aria-valuetext={`Editor ${Math.round(sizes.northPercent)}%, results ${Math.round(sizes.southPercent)}%`}
          onPointerDown={startDrag}
          onKeyDown={onKeyDown}
          className="group flex h-3 shrink-0 cursor-row-resize touch-none items-center justify-center focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span aria-hidden="true" className="h-1 w-12 rounded-full bg-slate-300 group-hover:bg-slate-400 dark:bg-slate-700" />
        </div>
      ) : (
        <div aria-hidden="true" className="flex h-3 shrink-0 items-center justify-center">
          <span className="h-1 w-12 rounded-full bg-slate-300 dark:bg-slate-700" />
        </div>
      )}
      <div className="flex min-h-0 flex-col overflow-auto" style={{ height: `calc(${sizes.southPercent}% - ${HALF_HANDLE_PX}px)` }} data-testid="south-pane"
        {...(southLabel ? { role: 'region', 'aria-label': southLabel } : {})}>
        {south}
      </div>
    </div>
  );
}
