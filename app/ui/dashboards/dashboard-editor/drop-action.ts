/**
 * A sortablejs drop as a layout action (decision 010): which container the item left and which it
 * entered, its index among the components of each, and what the item is (a component of the
 * layout, a new component or a saved chart from the side panel). Pure, so every gesture's meaning
 * is tested without a browser; whether the step is allowed is the layout reducer's to say.
 */
import { DASHBOARD_ROOT_ID, getItem, type ComponentType, type DashboardLayout, type NewComponentType } from '~/lib/dashboard/layout';
import type { EditAction } from './contract';

/** What the dragged element carries (its DND_* attributes). */
export type DropItem = {
  /** DND_COMPONENT: a component already in the layout. */
  componentId?: string | null;
  /** DND_NEW_COMPONENT: a new component's type from the side panel. */
  newComponent?: string | null;
  /** DND_CHART and DND_CHART_NAME: a saved chart from the side panel. */
  chartId?: string | null;
  chartName?: string | null;
};

export type SortableDrop = {
  /** The container the item came from; null when it is not one of the layout's (the side panel). */
  fromId: string | null;
  toId: string | null;
  /** The item's index among the source container's components before the drag. */
  oldIndex: number | null | undefined;
  /** The item's index among the destination container's components after the drop. */
  newIndex: number | null | undefined;
  item: DropItem;
};

const NEW_COMPONENT_TYPES: readonly NewComponentType[] = ['ROW', 'COLUMN', 'HEADER', 'DIVIDER', 'MARKDOWN', 'TABS', 'TAB'];

export function isNewComponentType(value: unknown): value is NewComponentType {
  return typeof value === 'string' && (NEW_COMPONENT_TYPES as readonly string[]).includes(value);
}

const validIndex = (index: number | null | undefined): index is number => typeof index === 'number' && Number.isInteger(index) && index >= 0;

/** The chart reference of a dragged chart; null when the panel gave no usable id (the reducer then says why). */
function chartRef(item: DropItem): { chartId: number; sliceName?: string } | null {
  const raw = item.chartId?.trim() ?? '';
  const chartId = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(chartId) || chartId <= 0) return null;
  return item.chartName ? { chartId, sliceName: item.chartName } : { chartId };
}

/** The layout action for a drop; null when the drop changes nothing or is not one the layout knows. */
export function dropAction(drop: SortableDrop): EditAction | null {
  const { fromId, toId, oldIndex, newIndex, item } = drop;
  if (!toId || !validIndex(newIndex)) return null;
  const destination = { id: toId, index: newIndex };
  // A component of the layout: a move, in one container or between two.
  if (item.componentId) {
    if (!fromId || !validIndex(oldIndex)) return null;
    if (fromId === toId && oldIndex === newIndex && toId !== DASHBOARD_ROOT_ID) return null;
    return { type: 'move', source: { id: fromId, index: oldIndex }, destination, componentId: item.componentId };
  }
  if (item.newComponent !== undefined && item.newComponent !== null) {
    return isNewComponentType(item.newComponent) ? { type: 'addComponent', componentType: item.newComponent, destination } : null;
  }
  if (item.chartId !== undefined && item.chartId !== null) return { type: 'addChart', chart: chartRef(item), destination };
  return null;
}

/** The type of what is being dragged, for a container's "may it go here" question; null when unknown. */
export function draggedType(layout: DashboardLayout, item: DropItem): ComponentType | null {
  if (item.componentId) return getItem(layout, item.componentId)?.type ?? null;
  if (isNewComponentType(item.newComponent)) return item.newComponent;
  if (item.chartId !== undefined && item.chartId !== null) return 'CHART';
  return null;
}

/**
 * A keyboard move on a component's drag handle: arrows one place back or forward among its
 * siblings, Home and End to the first and last place. Null for other keys or when it would not move.
 */
export function keyboardMove(key: string, parentId: string, index: number, count: number, componentId: string): EditAction | null {
  let target: number;
  if (key === 'ArrowUp' || key === 'ArrowLeft') target = index - 1;
  else if (key === 'ArrowDown' || key === 'ArrowRight') target = index + 1;
  else if (key === 'Home') target = 0;
  else if (key === 'End') target = count - 1;
  else return null;
  if (target < 0 || target >= count || target === index) return null;
  return { type: 'move', source: { id: parentId, index }, destination: { id: parentId, index: target }, componentId };
}
