/**
 * The 12-column grid of view mode (dashboard-view/dashboard-layout.tsx), for the edit mode's
 * layout: the same classes and custom properties, so a dashboard keeps its shape when edit mode
 * opens. A component spans its width in columns; below 768 px every component takes the full width.
 */
import type { CSSProperties } from 'react';
import { BACKGROUND_WHITE, type LayoutItem } from '~/lib/dashboard/layout';

/** A grid of `columns` columns: children span their own width in it. */
export const gridStyle = (columns: number) => ({ '--cols': String(columns) }) as CSSProperties;
export const spanStyle = (width: number, columns: number) => ({ '--span': String(Math.min(Math.max(width, 1), columns)) }) as CSSProperties;
// `grid-cols-(--cols)` would be `grid-template-columns: var(--cols)`, i.e. `12`: no columns at all.
export const GRID = 'grid gap-4 grid-cols-[repeat(var(--cols),minmax(0,1fr))] max-md:grid-cols-1';
/** The gap of GRID in pixels (gap-4), for snapping a resize to columns. */
export const GRID_GAP_PX = 16;
export const SPAN = 'col-span-(--span) max-md:col-span-1 min-w-0';
/** A column's child: a full-width subgrid, inside which the child spans its own width. */
export const SUBGRID_ROW = 'col-span-full grid gap-4 grid-cols-subgrid max-md:grid-cols-1';

export const isWhite = (item: LayoutItem) => item.meta.background === BACKGROUND_WHITE;

export const HEADER_LEVELS = {
  LARGE_HEADER: { size: 'text-2xl', label: 'Large' },
  MEDIUM_HEADER: { size: 'text-xl', label: 'Medium' },
  SMALL_HEADER: { size: 'text-base', label: 'Small' },
} as const;

export const MARKDOWN_CLASS = [
  'overflow-auto text-sm',
  '[&_h1]:text-2xl [&_h2]:text-xl [&_h3]:text-lg [&_h4]:font-semibold [&_:is(h1,h2,h3)]:font-semibold [&_:is(h1,h2,h3,h4,h5,h6)]:mb-2',
  '[&_p]:mb-2 [&_ul]:mb-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mb-2 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono dark:[&_code]:bg-slate-800 [&_pre]:mb-2 [&_pre]:overflow-auto',
  '[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100',
].join(' ');

export const UNTITLED_TAB = 'Untitled tab';

/** Edit mode's frame around a component: a dashed outline that firms up on hover and focus. */
export const FRAME = 'rounded-md border border-dashed border-transparent hover:border-slate-300 focus-within:border-slate-400 dark:hover:border-slate-600 dark:focus-within:border-slate-500';
