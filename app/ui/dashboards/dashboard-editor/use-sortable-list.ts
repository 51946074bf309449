/**
 * Makes a container's list element a sortablejs list of the layout's group (contract.ts). React
 * owns the DOM: on a drop the element sortablejs moved goes back where it was (or, for an item
 * cloned from the side panel, back into the panel in place of its clone) and the drop becomes a
 * layout action (drop-action.ts); the reducer decides and the next render draws the result. A
 * list refuses, while dragging, what its container may never hold where it is (rules.ts), so the
 * placeholder does not promise a drop the layout will not take.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Sortable, { type SortableEvent } from 'sortablejs';
import { canContain, findParentId, getItem } from '~/lib/dashboard/layout';
import { DND_CHART, DND_CHART_NAME, DND_COMPONENT, DND_CONTAINER, DND_GROUP, DND_NEW_COMPONENT, useDashboardEditor } from './contract';
import { draggedType, dropAction, type DropItem } from './drop-action';

/** The attribute on a component's drag handle (its value: the component id). */
export const DND_HANDLE = 'data-dnd-handle';

const ITEM_SELECTOR = `[${DND_COMPONENT}]`;
const PANEL_SELECTOR = `[${DND_NEW_COMPONENT}], [${DND_CHART}]`;

/** What a dragged element carries; a panel item may keep its attributes on an inner element. */
export function readDropItem(element: Element): DropItem {
  const own = element.hasAttribute(DND_COMPONENT) || element.hasAttribute(DND_NEW_COMPONENT) || element.hasAttribute(DND_CHART);
  const source = own ? element : (element.querySelector(PANEL_SELECTOR) ?? element);
  return {
    componentId: source.getAttribute(DND_COMPONENT),
    newComponent: source.getAttribute(DND_NEW_COMPONENT),
    chartId: source.getAttribute(DND_CHART),
    chartName: source.getAttribute(DND_CHART_NAME),
  };
}

/** The element's index among the layout components before it in its list. */
function componentIndex(element: Element): number {
  let index = 0;
  for (let sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
    if (sibling.hasAttribute(DND_COMPONENT) && sibling !== Sortable.clone) index += 1;
  }
  return index;
}

/** Puts sortablejs's DOM change back: the item into its own list at its own place, a panel clone replaced by its original. */
function revert(event: SortableEvent, fromLayout: boolean) {
  const { item, from, clone } = event;
  item.remove();
  if (!fromLayout && clone?.parentNode) {
    clone.parentNode.replaceChild(item, clone);
    return;
  }
  const oldIndex = event.oldIndex ?? from.children.length;
  from.insertBefore(item, from.children[oldIndex] ?? null);
}

/** A ref for a container's list element: `<div ref={useSortableList()} data-dnd-container={id}>`. */
export function useSortableList(): (element: HTMLElement | null) => void {
  const editor = useDashboardEditor();
  const latest = useRef(editor);
  latest.current = editor;
  const [element, setElement] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!element) return;
    const onDrop = (event: SortableEvent) => {
      const { layout, edit } = latest.current;
      const fromId = event.from.getAttribute(DND_CONTAINER);
      const item = readDropItem(event.item);
      const newIndex = componentIndex(event.item);
      revert(event, fromId !== null);
      const parentId = item.componentId ? findParentId(layout, item.componentId) : null;
      const oldIndex = parentId && item.componentId ? (getItem(layout, parentId)?.children.indexOf(item.componentId) ?? -1) : -1;
      const action = dropAction({ fromId: fromId === null ? null : (parentId ?? fromId), toId: event.to.getAttribute(DND_CONTAINER), oldIndex, newIndex, item });
      if (action) edit(action);
    };
    const sortable = Sortable.create(element, {
      group: {
        name: DND_GROUP,
        pull: true,
        put: (to, _from, dragged) => {
          const { layout } = latest.current;
          const toId = to.el.getAttribute(DND_CONTAINER);
          const type = draggedType(layout, readDropItem(dragged));
          return toId !== null && type !== null && canContain(layout, toId, type);
        },
      },
      draggable: ITEM_SELECTOR,
      handle: `[${DND_HANDLE}]`,
      // Pointer events, not the HTML5 drag and drop: the same in every browser and drivable by tests.
      forceFallback: true,
      fallbackOnBody: true,
      // Nested lists: enter a child list well before its middle, and find empty ones from a little way off.
      swapThreshold: 0.65,
      emptyInsertThreshold: 12,
      animation: 150,
      ghostClass: 'opacity-40',
      chosenClass: 'dnd-chosen',
      fallbackClass: 'dnd-dragging',
      onUpdate: onDrop,
      onAdd: onDrop,
    });
    return () => sortable.destroy();
  }, [element]);

  return useCallback((next: HTMLElement | null) => setElement(next), []);
}
