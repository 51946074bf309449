/**
 * Widths on the 12-column grid. Widths are absolute column counts: a chart in a column of width 4
 * is at most 4 wide. A row spans the width of what holds it (a column, or the whole grid), and
 * what it holds may not add up to more.
 */
import { GRID_COLUMN_COUNT, GRID_MAX_ROW_UNITS, GRID_MIN_COLUMN_COUNT, GRID_MIN_ROW_UNITS } from './constants';
import { getItem } from './components';
import { findParentId, hasAdjustableHeight, isResizable } from './rules';
import type { DashboardLayout, LayoutItem } from './types';

/** The columns a container spans: its own width when it has one, else what holds it spans (the grid: 12). */
export function spannedWidth(layout: DashboardLayout, id: string | null): number {
  const seen = new Set<string>();
  let current = id;
  while (current && !seen.has(current)) {
    seen.add(current);
    const item = getItem(layout, current);
    if (!item) break;
    if (typeof item.meta.width === 'number' && item.type !== 'ROW') return item.meta.width;
    current = findParentId(layout, current);
  }
  return GRID_COLUMN_COUNT;
}

/** The columns a row's children take together. */
export function occupiedWidth(layout: DashboardLayout, rowId: string): number {
  const row = getItem(layout, rowId);
  return (row?.children ?? []).reduce((sum, childId) => sum + (getItem(layout, childId)?.meta.width ?? 0), 0);
}

/** The narrowest a component can be: a column as its widest row, a row as what it holds; null when width does not apply. */
export function minimumWidth(layout: DashboardLayout, item: LayoutItem): number | null {
  switch (item.type) {
    case 'CHART':
    case 'MARKDOWN':
    case 'DYNAMIC':
      return GRID_MIN_COLUMN_COUNT;
    case 'ROW':
      return occupiedWidth(layout, item.id) || GRID_MIN_COLUMN_COUNT;
    case 'COLUMN':
      // Its widest row, as Superset; and, unlike Superset, its widest chart or markdown, which would spill out otherwise.
      return item.children.reduce((widest, childId) => {
        const child = getItem(layout, childId);
        if (child?.type === 'ROW') return Math.max(widest, occupiedWidth(layout, childId));
        return Math.max(widest, child?.meta.width ?? 0);
      }, GRID_MIN_COLUMN_COUNT);
    default:
      return null;
  }
}

/** The free columns in a container: a row's unused ones, a column's whole width, else the span (a row is made there). */
export function capacity(layout: DashboardLayout, containerId: string): number {
  const container = getItem(layout, containerId);
  if (container?.type === 'ROW') return spannedWidth(layout, findParentId(layout, containerId)) - occupiedWidth(layout, containerId);
  return spannedWidth(layout, containerId);
}

/**
 * The width a component gets when dropped into `destinationId` (as Superset's drop): its own when
 * it fits or it stays in the same container, the free space when that is still at least its
 * minimum, and null when it cannot fit at all. Components without a width always fit.
 */
export function widthOnDrop(layout: DashboardLayout, dragging: LayoutItem, sourceId: string | null, destinationId: string): number | undefined | null {
  const width = dragging.meta.width;
  if (sourceId === destinationId) return width;
  const minimum = minimumWidth(layout, dragging);
  if (minimum === null) return width;
  const free = capacity(layout, destinationId);
  // A row has no width of its own: only what it holds must fit.
  const wanted = dragging.type === 'ROW' ? minimum : (width ?? minimum);
  if (free >= wanted) return width;
  if (free >= minimum) return dragging.type === 'ROW' ? width : free;
  return null;
}

export interface ResizeBounds {
  minWidth: number;
  maxWidth: number;
  /** Null for components whose height follows their content. */
  minHeight: number | null;
  maxHeight: number | null;
}

/** How wide and tall a component may be made where it is; null for components that do not resize. */
export function resizeBounds(layout: DashboardLayout, id: string): ResizeBounds | null {
  const item = getItem(layout, id);
  if (!item || !isResizable(item.type)) return null;
  const parentId = findParentId(layout, id);
  const parent = parentId ? getItem(layout, parentId) : undefined;
  const own = item.meta.width ?? 0;
  const maxWidth = parent?.type === 'ROW' ? capacity(layout, parent.id) + own : spannedWidth(layout, parentId);
  const adjustable = hasAdjustableHeight(item.type);
  return {
    minWidth: minimumWidth(layout, item) ?? GRID_MIN_COLUMN_COUNT,
    maxWidth,
    minHeight: adjustable ? GRID_MIN_ROW_UNITS : null,
    maxHeight: adjustable ? GRID_MAX_ROW_UNITS : null,
  };
}
