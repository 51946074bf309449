/**
 * The HTML5 drag data of Explore: the dataset pane puts {kind, name} under its own MIME type, a
 * selector's option rows put their place for a reorder under another, so a drop can tell them
 * apart from each other and from anything dragged in from outside the page.
 */
import type { DragEvent } from 'react';
import { parseDragItem, type DragItem } from '~/lib/explore/drop-rules';

export const EXPLORE_DRAG_TYPE = 'application/x-sightline-explore';
export const OPTION_DRAG_TYPE = 'application/x-sightline-option';

/**
 * The item being dragged on this page. Browsers hide drag data until the drop (only the types show
 * during dragover), so selectors read this to say "can drop here" while the item is over them.
 */
let current: DragItem | null = null;

export function startItemDrag(event: DragEvent, item: DragItem): void {
  event.dataTransfer.setData(EXPLORE_DRAG_TYPE, JSON.stringify(item));
  // Plain text too, so dropping on a text field writes the name.
  event.dataTransfer.setData('text/plain', item.name);
  event.dataTransfer.effectAllowed = 'copy';
  current = item;
}

export function endItemDrag(): void {
  current = null;
}

export function draggedItem(): DragItem | null {
  return current;
}

export function isItemDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes(EXPLORE_DRAG_TYPE);
}

export function readItemDrag(event: DragEvent): DragItem | null {
  return parseDragItem(event.dataTransfer.getData(EXPLORE_DRAG_TYPE));
}

/** An option row's place: the selector it belongs to and its index there. */
export function startOptionDrag(event: DragEvent, selectorId: string, index: number): void {
  event.dataTransfer.setData(OPTION_DRAG_TYPE, JSON.stringify({ selectorId, index }));
  event.dataTransfer.effectAllowed = 'move';
}

export function isOptionDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes(OPTION_DRAG_TYPE);
}

export function readOptionDrag(event: DragEvent, selectorId: string): number | null {
  try {
    const data = JSON.parse(event.dataTransfer.getData(OPTION_DRAG_TYPE)) as { selectorId?: unknown; index?: unknown };
    return data.selectorId === selectorId && typeof data.index === 'number' ? data.index : null;
  } catch {
    return null;
  }
}
