/**
 * The layout editor's steps (dashboards.md §4, §5): add, move, delete, resize and meta changes.
 * Pure: ids for components a step creates come in with the action (`seed`), and a refused step
 * returns the layout it was given with the warning to show, so the reducer runs the same in tests,
 * on the server and in the browser. Rules follow Superset's editor: which container takes which
 * component (rules.ts), widths on the 12-column grid (sizes.ts), rows made around charts dropped
 * into the grid or a tab, emptied rows and tab groups removed.
 */
import { BACKGROUNDS, DASHBOARD_GRID_ID, DASHBOARD_HEADER_ID, DASHBOARD_ROOT_ID, GRID_COLUMN_COUNT, HEADER_SIZES, MESSAGES } from './constants';
import { componentId, getItem, newComponent, withChildren, withoutComponents, withParents } from './components';
import { chartIdsInLayout } from './selectors';
import { componentDepth, descendantIds, findParentId, isResizable, isValidChild, shouldWrapInRow, topLevelTabsId } from './rules';
import { capacity, minimumWidth, resizeBounds, spannedWidth, widthOnDrop } from './sizes';
import type { ChartRef, DashboardLayout, DropLocation, LayoutItem, LayoutMeta, LayoutResult, NewComponentType } from './types';

/** The meta a user edits in place: header and tab text and size, backgrounds, markdown, a chart's shown name. */
export type MetaChanges = Partial<Pick<LayoutMeta, 'text' | 'headerSize' | 'background' | 'code' | 'sliceNameOverride'>>;

export type LayoutAction =
  /** A new component from the editor's panel (or a tab from the tabs' "+") dropped at `destination`. */
  | { type: 'addComponent'; componentType: NewComponentType; destination: DropLocation; seed: string }
  /** A saved chart from the side panel; `chart` is null when the panel has no definition for it. */
  | { type: 'addChart'; chart: ChartRef | null | undefined; destination: DropLocation; seed: string }
  /**
   * Drag and drop: the child at `source.index` of `source.id` goes to `destination`. In the same
   * container `destination.index` is its final index (sortablejs's newIndex). `componentId`, when
   * given, must be the child found there; `seed` names a row the drop may need around it.
   */
  | { type: 'move'; source: DropLocation; destination: DropLocation; componentId?: string; seed: string }
  | { type: 'delete'; id: string }
  /** Width in grid columns, height in GRID_BASE_UNIT rows; each clamped to what fits where the component is. */
  | { type: 'resize'; id: string; width?: number; height?: number }
  | { type: 'updateMeta'; id: string; meta: MetaChanges };

const FIXED_IDS = new Set([DASHBOARD_ROOT_ID, DASHBOARD_GRID_ID, DASHBOARD_HEADER_ID]);

const unchanged = (layout: DashboardLayout): LayoutResult => ({ layout, error: null });
const refused = (layout: DashboardLayout, error: string): LayoutResult => ({ layout, error });
const changed = (layout: DashboardLayout): LayoutResult => ({ layout: withParents(layout), error: null });

export function layoutReducer(layout: DashboardLayout, action: LayoutAction): LayoutResult {
  switch (action.type) {
    case 'addComponent': {
      const item = newComponent(action.componentType, componentId(action.componentType, action.seed));
      return addNew(layout, item, action.destination, action.seed);
    }
    case 'addChart': {
      const chart = action.chart;
      if (!chart || !Number.isInteger(chart.chartId) || chart.chartId <= 0) return refused(layout, MESSAGES.noChartDefinition);
      // The side panel shows charts already on the dashboard as added; a second copy is not made.
      if (chartIdsInLayout(layout).includes(chart.chartId)) return unchanged(layout);
      const meta: LayoutMeta = { chartId: chart.chartId };
      if (chart.sliceName !== undefined) meta.sliceName = chart.sliceName;
      if (chart.uuid !== undefined) meta.uuid = chart.uuid;
      return addNew(layout, newComponent('CHART', componentId('CHART', action.seed), meta), action.destination, action.seed);
    }
    case 'move':
      return move(layout, action);
    case 'delete':
      return deleteComponent(layout, action.id);
    case 'resize':
      return resize(layout, action.id, action.width, action.height);
    case 'updateMeta':
      return updateMeta(layout, action.id, action.meta);
  }
}

const clampIndex = (index: number, length: number) => (Number.isInteger(index) ? Math.min(Math.max(index, 0), length) : length);

function insertAt(list: readonly string[], index: number, id: string): string[] {
  const next = [...list];
  next.splice(clampIndex(index, next.length), 0, id);
  return next;
}

function addNew(layout: DashboardLayout, item: LayoutItem, destination: DropLocation, seed: string): LayoutResult {
  const target = getItem(layout, destination.id);
  // A seed already used would overwrite components: the caller makes a new one per step (newIdSeed).
  const takenIds = [item.id, componentId('ROW', seed), componentId('TAB', seed)];
  if (!target || takenIds.some((id) => Object.hasOwn(layout, id))) return unchanged(layout);
  if (target.id === DASHBOARD_ROOT_ID) {
    if (item.type !== 'TABS') return unchanged(layout);
    return createTopLevelTabs(layout, { ...item, children: [componentId('TAB', seed)] }, newComponent('TAB', componentId('TAB', seed)));
  }
  const depth = componentDepth(layout, target.id);
  if (depth === null || !isValidChild(target.type, item.type, depth)) return unchanged(layout);

  const created: LayoutItem[] = [];
  let placed: LayoutItem = item;
  if (item.type === 'TABS') {
    const tab = newComponent('TAB', componentId('TAB', seed));
    placed = { ...item, children: [tab.id] };
    created.push(tab);
  }

  if (isResizable(item.type)) {
    if (target.type === 'ROW' && capacity(layout, target.id) < (item.meta.width ?? 0)) return addInNewRowAfter(layout, target, item, seed);
    const width = widthOnDrop(layout, item, null, target.id);
    if (width === null) return refused(layout, MESSAGES.noSpace);
    placed = { ...placed, meta: { ...placed.meta, width } };
  }

  let next: DashboardLayout = { ...layout, [placed.id]: placed };
  for (const extra of created) next[extra.id] = extra;
  let insertedId = placed.id;
  if (shouldWrapInRow(target.type, item.type)) {
    const row = { ...newComponent('ROW', componentId('ROW', seed)), children: [placed.id] };
    next[row.id] = row;
    insertedId = row.id;
  }
  next = withChildren(next, target.id, insertAt(target.children, destination.index, insertedId));
  return changed(next);
}

/** A chart (or markdown, column) dropped on a row without room for it starts a row of its own below that one. */
function addInNewRowAfter(layout: DashboardLayout, row: LayoutItem, item: LayoutItem, seed: string): LayoutResult {
  const parentId = findParentId(layout, row.id);
  const parent = parentId ? getItem(layout, parentId) : undefined;
  if (!parent) return refused(layout, MESSAGES.noSpace);
  const room = spannedWidth(layout, parent.id);
  const minimum = minimumWidth(layout, item) ?? 1;
  if (room < minimum) return refused(layout, MESSAGES.noSpace);
  const width = Math.min(item.meta.width ?? GRID_COLUMN_COUNT, room);
  const placed = { ...item, meta: { ...item.meta, width } };
  const newRow = { ...newComponent('ROW', componentId('ROW', seed)), children: [placed.id] };
  const next = { ...layout, [placed.id]: placed, [newRow.id]: newRow };
  return changed(withChildren(next, parent.id, insertAt(parent.children, parent.children.indexOf(row.id) + 1, newRow.id)));
}

/**
 * Tabs dropped on the root become the dashboard's top-level tabs: everything in the grid moves
 * into their first tab. Only when the dashboard has no top-level tabs yet.
 */
function createTopLevelTabs(layout: DashboardLayout, tabs: LayoutItem, newTab: LayoutItem | null, sourceId?: string): LayoutResult {
  if (topLevelTabsId(layout)) return unchanged(layout);
  let next: DashboardLayout = { ...layout, [tabs.id]: tabs };
  if (newTab) next[newTab.id] = newTab;
  if (sourceId) next = withChildren(next, sourceId, next[sourceId].children.filter((id) => id !== tabs.id));
  const firstTabId = next[tabs.id].children[0];
  const firstTab = firstTabId ? getItem(next, firstTabId) : undefined;
  if (!firstTab) return unchanged(layout);
  const moved = next[DASHBOARD_GRID_ID].children.filter((id) => id !== tabs.id);
  next = withChildren(next, firstTab.id, [...firstTab.children, ...moved]);
  next = withChildren(next, DASHBOARD_GRID_ID, []);
  next = withChildren(next, DASHBOARD_ROOT_ID, [tabs.id]);
  return changed(next);
}

/** Top-level tabs removed: what every tab held goes back to the grid, in tab order. Nothing else is lost. */
function removeTopLevelTabs(layout: DashboardLayout, tabsId: string): LayoutResult {
  const tabs = layout[tabsId];
  const moved = tabs.children.flatMap((tabId) => getItem(layout, tabId)?.children ?? []);
  let next = withoutComponents(layout, [tabsId, ...tabs.children]);
  next = withChildren(next, DASHBOARD_GRID_ID, [...next[DASHBOARD_GRID_ID].children, ...moved]);
  next = withChildren(next, DASHBOARD_ROOT_ID, [DASHBOARD_GRID_ID]);
  return changed(next);
}

function move(layout: DashboardLayout, action: Extract<LayoutAction, { type: 'move' }>): LayoutResult {
  const { source, destination } = action;
  const from = getItem(layout, source.id);
  const to = getItem(layout, destination.id);
  const draggingId = from?.children[source.index];
  const dragging = draggingId === undefined ? undefined : getItem(layout, draggingId);
  if (!from || !to || !dragging || (action.componentId !== undefined && action.componentId !== dragging.id)) return unchanged(layout);
  // The root's own child leaves only by being deleted (its content then goes back to the grid).
  if (from.id === DASHBOARD_ROOT_ID) return unchanged(layout);
  if (to.id === DASHBOARD_ROOT_ID) {
    return dragging.type === 'TABS' ? createTopLevelTabs(layout, dragging, null, from.id) : unchanged(layout);
  }
  if (from.id === to.id && source.index === destination.index) return unchanged(layout);
  if (descendantIds(layout, dragging.id).includes(to.id)) return unchanged(layout);

  const topTabs = topLevelTabsId(layout);
  if (topTabs && from.id === topTabs && to.type === 'TABS' && to.id !== topTabs) return refused(layout, MESSAGES.topLevelTabIntoNestedTabs);

  const depth = componentDepth(layout, to.id);
  if (depth === null || !isValidChild(to.type, dragging.type, depth)) return unchanged(layout);
  const width = widthOnDrop(layout, dragging, from.id, to.id);
  if (width === null) return refused(layout, MESSAGES.noSpace);

  let next: DashboardLayout = { ...layout };
  if (from.id === to.id) {
    const children = from.children.filter((_, i) => i !== source.index);
    children.splice(Math.min(Math.max(destination.index, 0), children.length), 0, dragging.id);
    next = withChildren(next, from.id, children);
  } else {
    next = withChildren(next, from.id, from.children.filter((_, i) => i !== source.index));
    let insertedId = dragging.id;
    if (shouldWrapInRow(to.type, dragging.type)) {
      const row = { ...newComponent('ROW', uniqueId(layout, componentId('ROW', action.seed))), children: [dragging.id] };
      next[row.id] = row;
      insertedId = row.id;
    }
    next = withChildren(next, to.id, insertAt(to.children, destination.index, insertedId));
  }
  if (isResizable(dragging.type) && width !== undefined && width !== dragging.meta.width) {
    next[dragging.id] = { ...next[dragging.id], meta: { ...next[dragging.id].meta, width } };
  }

  // A row or tab group left empty by the move goes too.
  const left = next[from.id];
  if ((left.type === 'ROW' || left.type === 'TABS') && left.children.length === 0 && from.id !== to.id) {
    return deleteComponent(withParents(next), from.id);
  }
  return changed(next);
}

function uniqueId(layout: DashboardLayout, wanted: string): string {
  let id = wanted;
  for (let n = 2; Object.hasOwn(layout, id); n += 1) id = `${wanted}-${n}`;
  return id;
}

function deleteComponent(layout: DashboardLayout, id: string): LayoutResult {
  const item = getItem(layout, id);
  if (!item || FIXED_IDS.has(id)) return unchanged(layout);
  const parentId = findParentId(layout, id);
  if (!parentId) return unchanged(layout);
  const parent = layout[parentId];
  if (item.type === 'TABS' && parentId === DASHBOARD_ROOT_ID) return removeTopLevelTabs(layout, id);
  // A tab group's last tab takes the group with it.
  if (item.type === 'TAB' && parent.type === 'TABS' && parent.children.length === 1) return deleteComponent(layout, parent.id);

  let next = withoutComponents(layout, descendantIds(layout, id));
  next = withChildren(next, parentId, parent.children.filter((childId) => childId !== id));
  if (parent.type === 'ROW' && next[parentId].children.length === 0) {
    const grandparentId = findParentId(layout, parentId);
    next = withoutComponents(next, [parentId]);
    if (grandparentId) next = withChildren(next, grandparentId, next[grandparentId].children.filter((childId) => childId !== parentId));
  }
  return changed(next);
}

function clampSize(value: number, min: number, max: number): number {
  return Math.min(Math.max(Math.round(value), min), max);
}

function resize(layout: DashboardLayout, id: string, width: number | undefined, height: number | undefined): LayoutResult {
  const bounds = resizeBounds(layout, id);
  if (!bounds) return unchanged(layout);
  const item = layout[id];
  const meta = { ...item.meta };
  if (width !== undefined && Number.isFinite(width) && bounds.maxWidth >= bounds.minWidth) meta.width = clampSize(width, bounds.minWidth, bounds.maxWidth);
  if (height !== undefined && Number.isFinite(height) && bounds.minHeight !== null && bounds.maxHeight !== null) {
    meta.height = clampSize(height, bounds.minHeight, bounds.maxHeight);
  }
  if (meta.width === item.meta.width && meta.height === item.meta.height) return unchanged(layout);
  return changed({ ...layout, [id]: { ...item, meta } });
}

const EDITABLE_META: Partial<Record<LayoutItem['type'], readonly (keyof MetaChanges)[]>> = {
  HEADER: ['text', 'headerSize', 'background'],
  ROW: ['background'],
  COLUMN: ['background'],
  MARKDOWN: ['code'],
  TAB: ['text'],
  CHART: ['sliceNameOverride'],
};

function updateMeta(layout: DashboardLayout, id: string, changes: MetaChanges): LayoutResult {
  const item = getItem(layout, id);
  const editable = item ? EDITABLE_META[item.type] : undefined;
  if (!item || !editable) return unchanged(layout);
  const meta: LayoutMeta = { ...item.meta };
  let differs = false;
  for (const key of editable) {
    const value = changes[key];
    if (value === undefined || !isValidMetaValue(key, value)) continue;
    // An empty override means "show the chart's own name".
    if (key === 'sliceNameOverride' && value === '') {
      if ('sliceNameOverride' in meta) {
        delete meta.sliceNameOverride;
        differs = true;
      }
      continue;
    }
    if (meta[key] !== value) {
      // `value` passed isValidMetaValue for this very key; TypeScript cannot narrow a union-keyed write.
      (meta as Record<string, unknown>)[key] = value;
      differs = true;
    }
  }
  return differs ? changed({ ...layout, [id]: { ...item, meta } }) : unchanged(layout);
}

function isValidMetaValue(key: keyof MetaChanges, value: unknown): boolean {
  if (key === 'headerSize') return (HEADER_SIZES as readonly unknown[]).includes(value);
  if (key === 'background') return (BACKGROUNDS as readonly unknown[]).includes(value);
  return typeof value === 'string';
}
