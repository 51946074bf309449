/**
 * The controls every component has in edit mode: its drag handle (sortablejs starts a drag only
 * from it; with the keyboard its arrows move the component among its siblings), its delete
 * button, a background toggle for rows and columns, and the resize handle of charts, markdown
 * and columns (pointer drag snapped to the grid, or arrow keys), previewed until released.
 */
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { BACKGROUND_TRANSPARENT, BACKGROUND_WHITE, findParentId, getItem, resizeBounds, type LayoutItem } from '~/lib/dashboard/layout';
import { Icon } from '~/ui/primitives/icon';
import { DND_COMPONENT, DND_CONTAINER, useDashboardEditor } from './contract';
import { keyboardMove } from './drop-action';
import { GRID_GAP_PX } from './editor-grid';
import { columnStep, sameSize, sizeFromDrag, sizeFromKey, type Size } from './resize';
import { DND_HANDLE } from './use-sortable-list';

export const CONTROL = 'inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

/** Six dots: the usual sign for "drag me". */
function GripIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 16" width="10" height="14" fill="currentColor">
      {[3, 8, 13].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.4" />, <circle key={`b${y}`} cx="9" cy={y} r="1.4" />])}
    </svg>
  );
}

function focusHandle(componentId: string) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[${DND_HANDLE}="${CSS.escape(componentId)}"]`)?.focus();
  });
}

/** The drag handle, named `Move <what>`; arrow keys, Home and End move the component among its siblings. */
export function DragHandle({ id, what }: { id: string; what: string }) {
  const { layout, edit } = useDashboardEditor();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const parentId = findParentId(layout, id);
    const siblings = parentId ? (getItem(layout, parentId)?.children ?? []) : [];
    const action = parentId ? keyboardMove(event.key, parentId, siblings.indexOf(id), siblings.length, id) : null;
    if (!action) return;
    event.preventDefault();
    edit(action);
    // React moves the element to its new place, which takes the focus from it in some browsers.
    focusHandle(id);
  };
  return (
    <button type="button" {...{ [DND_HANDLE]: id }} aria-label={`Move ${what}`} title="Drag to move (or use the arrow keys)"
      onKeyDown={onKeyDown} className={`${CONTROL} cursor-grab active:cursor-grabbing`}>
      <GripIcon />
    </button>
  );
}

export function DeleteButton({ id, what }: { id: string; what: string }) {
  const { edit } = useDashboardEditor();
  return (
    <button type="button" aria-label={`Delete ${what}`} title="Delete" className={`${CONTROL} hover:text-rose-700 dark:hover:text-rose-300`}
      onClick={() => edit({ type: 'delete', id })}>
      <Icon name="close" />
    </button>
  );
}

/** Rows and columns: a transparent or white background, as a pressed toggle. */
export function BackgroundToggle({ item, what }: { item: LayoutItem; what: string }) {
  const { edit } = useDashboardEditor();
  const white = item.meta.background === BACKGROUND_WHITE;
  return (
    <button type="button" aria-label={`White background for ${what}`} aria-pressed={white} title={white ? 'White background' : 'Transparent background'}
      className={`${CONTROL} ${white ? 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white' : ''}`}
      onClick={() => edit({ type: 'updateMeta', id: item.id, meta: { background: white ? BACKGROUND_TRANSPARENT : BACKGROUND_WHITE } })}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14"><rect x="2.5" y="2.5" width="11" height="11" rx="2" fill={white ? 'white' : 'none'} stroke="currentColor" /></svg>
    </button>
  );
}

/**
 * A component's size while resizing: the preview while the pointer is down, else the layout's.
 * `handle` is the resize handle to draw in the component's corner.
 */
export function useResize(item: LayoutItem, what: string, columns: number): { size: Size; resizing: boolean; handle: ReactNode } {
  const { layout, edit } = useDashboardEditor();
  const sizeId = useId();
  const current: Size = { width: item.meta.width ?? 1, height: typeof item.meta.height === 'number' ? item.meta.height : null };
  const hasHeight = item.type === 'CHART' || item.type === 'MARKDOWN';
  const [preview, setPreview] = useState<Size | null>(null);
  const drag = useRef<{ x: number; y: number; start: Size; step: number; pointerId: number } | null>(null);

  const bounds = () => resizeBounds(layout, item.id);
  const commit = (size: Size) => {
    if (sameSize(size, current)) return;
    edit({ type: 'resize', id: item.id, width: size.width, ...(hasHeight && size.height !== null ? { height: size.height } : {}) });
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // The list the component sits in: its pixel width over its columns is one column's step.
    const list = event.currentTarget.closest(`[${DND_COMPONENT}]`)?.parentElement?.closest<HTMLElement>(`[${DND_CONTAINER}]`) ?? null;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: current, step: columnStep(list?.clientWidth ?? 0, columns, GRID_GAP_PX), pointerId: event.pointerId };
    setPreview(current);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    const limits = bounds();
    if (!state || state.pointerId !== event.pointerId || !limits) return;
    const start = hasHeight ? state.start : { ...state.start, height: null };
    const next = sizeFromDrag(start, event.clientX - state.x, event.clientY - state.y, state.step, limits);
    setPreview((shown) => (shown && sameSize(shown, next) ? shown : next));
  };
  const end = (event: PointerEvent<HTMLButtonElement>, keep: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    if (keep && preview) commit(preview);
    setPreview(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const limits = bounds();
    if (!limits) return;
    const next = sizeFromKey(event.key, hasHeight ? current : { ...current, height: null }, limits);
    if (!next) return;
    event.preventDefault();
    commit(next);
  };

  const shown = preview ?? current;
  const sizeText = hasHeight ? `${shown.width} columns wide, ${shown.height ?? 0} units high` : `${shown.width} columns wide`;
  const handle = (
    <button type="button" aria-label={`Resize ${what}`} title="Drag, or use the arrow keys" aria-describedby={sizeId}
      onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={(e) => end(e, true)} onPointerCancel={(e) => end(e, false)}
      onKeyDown={onKeyDown}
      className={`absolute bottom-0 right-0 z-10 flex h-5 w-5 touch-none items-end justify-end rounded-br-md p-0.5 text-slate-400 hover:text-slate-700 focus-visible:text-slate-900 dark:hover:text-slate-200 ${hasHeight ? 'cursor-nwse-resize' : 'cursor-ew-resize'}`}>
      <svg aria-hidden="true" viewBox="0 0 10 10" width="10" height="10" stroke="currentColor" strokeWidth="1.5"><path d="M9 1L1 9M9 5L5 9" /></svg>
      <span id={sizeId} className="sr-only">{sizeText}</span>
    </button>
  );
  return { size: shown, resizing: preview !== null, handle };
}
