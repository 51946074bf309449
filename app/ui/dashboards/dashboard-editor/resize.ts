/**
 * Resizing gestures as sizes: a pointer drag snaps the width to whole grid columns of the
 * container's pixel width and the height to GRID_BASE_UNIT pixels; arrow keys change either by
 * one. Sizes are kept inside the layout's own bounds (resizeBounds), so the preview shows what
 * the reducer will accept.
 */
import { GRID_BASE_UNIT, type ResizeBounds } from '~/lib/dashboard/layout';

export type Size = { width: number; height: number | null };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

export function clampSize(size: Size, bounds: ResizeBounds): Size {
  const width = clamp(Math.round(size.width), bounds.minWidth, bounds.maxWidth);
  const height = size.height === null || bounds.minHeight === null || bounds.maxHeight === null
    ? size.height
    : clamp(Math.round(size.height), bounds.minHeight, bounds.maxHeight);
  return { width, height };
}

/**
 * The pixel width of one grid column with its gutter, in a container `containerPx` wide showing
 * `columns` columns separated by `gapPx`.
 */
export function columnStep(containerPx: number, columns: number, gapPx: number): number {
  if (!(containerPx > 0) || !(columns > 0)) return 0;
  return (containerPx + gapPx) / columns;
}

/** The size after dragging the handle by (dx, dy) pixels from where the drag started at `start`. */
export function sizeFromDrag(start: Size, dx: number, dy: number, step: number, bounds: ResizeBounds): Size {
  const width = step > 0 ? start.width + Math.round(dx / step) : start.width;
  const height = start.height === null ? null : start.height + Math.round(dy / GRID_BASE_UNIT);
  return clampSize({ width, height }, bounds);
}

/** The size after an arrow key on the focused handle (Left/Right: a column; Up/Down: a height unit); null for other keys. */
export function sizeFromKey(key: string, current: Size, bounds: ResizeBounds): Size | null {
  const delta: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const change = delta[key];
  if (!change) return null;
  return clampSize({ width: current.width + change[0], height: current.height === null ? null : current.height + change[1] }, bounds);
}

export const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;
