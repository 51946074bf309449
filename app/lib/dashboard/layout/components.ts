/**
 * New components with Superset's default meta, the empty layout, and the bookkeeping every step
 * ends with (each component's `parents`). Ids come from the caller (a seed per step), so the
 * reducer stays pure and the server and the browser build the same layout.
 */
import {
  BACKGROUND_TRANSPARENT, DASHBOARD_GRID_ID, DASHBOARD_HEADER_ID, DASHBOARD_ROOT_ID, GRID_COLUMN_COUNT, GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH, GRID_DEFAULT_COLUMN_WIDTH, GRID_DEFAULT_MARKDOWN_HEIGHT, GRID_DEFAULT_MARKDOWN_WIDTH, MEDIUM_HEADER,
  NEW_HEADER_TEXT, NEW_TAB_TEXT,
} from './constants';
import type { ComponentType, DashboardLayout, LayoutItem, LayoutMeta } from './types';

export function defaultMeta(type: ComponentType): LayoutMeta {
  switch (type) {
    case 'CHART':
      return { width: GRID_DEFAULT_CHART_WIDTH, height: GRID_DEFAULT_CHART_HEIGHT };
    case 'MARKDOWN':
      return { width: GRID_DEFAULT_MARKDOWN_WIDTH, height: GRID_DEFAULT_MARKDOWN_HEIGHT };
    case 'COLUMN':
      return { width: GRID_DEFAULT_COLUMN_WIDTH, background: BACKGROUND_TRANSPARENT };
    case 'ROW':
      return { background: BACKGROUND_TRANSPARENT };
    case 'HEADER':
      return { text: NEW_HEADER_TEXT, headerSize: MEDIUM_HEADER, background: BACKGROUND_TRANSPARENT };
    case 'TAB':
      return { text: '', defaultText: NEW_TAB_TEXT, placeholder: NEW_TAB_TEXT };
    case 'DYNAMIC':
      return { width: GRID_COLUMN_COUNT, background: BACKGROUND_TRANSPARENT };
    default:
      return {};
  }
}

/** `TYPE-seed`: Superset's id shape. One step makes at most one component of each type, so one seed serves them all. */
export function componentId(type: ComponentType, seed: string): string {
  return `${type}-${seed}`;
}

export function newComponent(type: ComponentType, id: string, meta: LayoutMeta = {}, parents: string[] = []): LayoutItem {
  return { id, type, children: [], parents, meta: { ...defaultMeta(type), ...meta } };
}

/** A random seed for the ids of one step (10 characters of [A-Za-z0-9_-], as Superset's nanoid ids). */
export function newIdSeed(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % 64]).join('');
}

/** A dashboard with nothing on it yet: the root, an empty grid and the title. */
export function emptyLayout(title = ''): DashboardLayout {
  return {
    [DASHBOARD_ROOT_ID]: { id: DASHBOARD_ROOT_ID, type: 'ROOT', children: [DASHBOARD_GRID_ID], parents: [], meta: {} },
    [DASHBOARD_GRID_ID]: { id: DASHBOARD_GRID_ID, type: 'GRID', children: [], parents: [DASHBOARD_ROOT_ID], meta: {} },
    [DASHBOARD_HEADER_ID]: { id: DASHBOARD_HEADER_ID, type: 'HEADER', children: [], parents: [], meta: { text: title } },
  };
}

/**
 * The layout with every reachable component's `parents` set from the tree. Components whose list
 * is already right keep their identity, so a step re-renders only what it moved.
 */
export function withParents(layout: DashboardLayout): DashboardLayout {
  const next: DashboardLayout = { ...layout };
  const seen = new Set<string>();
  const visit = (id: string, parents: string[]) => {
    const item = next[id];
    if (!item || seen.has(id)) return;
    seen.add(id);
    if (!sameList(item.parents, parents)) next[id] = { ...item, parents };
    const childParents = [...parents, id];
    for (const child of item.children) visit(child, childParents);
  };
  visit(DASHBOARD_ROOT_ID, []);
  return next;
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A copy of the layout without these components; lists that named them are left to the caller. */
export function withoutComponents(layout: DashboardLayout, ids: Iterable<string>): DashboardLayout {
  const next: DashboardLayout = { ...layout };
  for (const id of ids) delete next[id];
  return next;
}

/** The layout with one component's children replaced. */
export function withChildren(layout: DashboardLayout, id: string, children: string[]): DashboardLayout {
  return { ...layout, [id]: { ...layout[id], children } };
}

/** The component under an id that came from outside (an action, a URL); own keys only, so `__proto__` finds nothing. */
export function getItem(layout: DashboardLayout, id: string): LayoutItem | undefined {
  return Object.hasOwn(layout, id) ? layout[id] : undefined;
}
