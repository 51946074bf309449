/**
 * Which component may hold which, as Superset's editor allows it. Containers nest only so deep:
 * each pair has a deepest parent depth, and depth grows by one under the grid, rows and columns
 * but not through tabs, so tabs inside tabs do not eat the depth of their content:
 *   ROOT 0 > GRID 1 > ROW 2 > COLUMN 3 > ROW 4 > CHART 5
 *   ROOT 0 > GRID 1 > TABS 2 > TAB 2 > ROW 2 > …
 *   ROOT 0 > top-level TABS 1 > TAB 1 > ROW 2 > …
 */
import { DASHBOARD_ROOT_DEPTH, DASHBOARD_ROOT_ID } from './constants';
import type { ComponentType, DashboardLayout } from './types';

const ROOT = DASHBOARD_ROOT_DEPTH;

/** Parent type → child type → the deepest depth the parent may be at to take that child. */
const MAX_PARENT_DEPTH: Partial<Record<ComponentType, Partial<Record<ComponentType, number>>>> = {
  ROOT: { TABS: ROOT, GRID: ROOT },
  GRID: { CHART: ROOT + 1, DYNAMIC: ROOT + 1, MARKDOWN: ROOT + 1, COLUMN: ROOT + 1, DIVIDER: ROOT + 1, HEADER: ROOT + 1, ROW: ROOT + 1, TABS: ROOT + 1 },
  ROW: { CHART: ROOT + 4, DYNAMIC: ROOT + 4, MARKDOWN: ROOT + 4, COLUMN: ROOT + 4 },
  TABS: { TAB: ROOT + 3 },
  TAB: { CHART: ROOT + 5, DYNAMIC: ROOT + 5, MARKDOWN: ROOT + 5, COLUMN: ROOT + 3, DIVIDER: ROOT + 5, HEADER: ROOT + 5, ROW: ROOT + 3, TABS: ROOT + 3 },
  COLUMN: { CHART: ROOT + 5, HEADER: ROOT + 5, MARKDOWN: ROOT + 5, ROW: ROOT + 3, DIVIDER: ROOT + 3, TABS: ROOT + 3 },
};

/** Whether a parent of `parentType` at `parentDepth` may hold a child of `childType`. */
export function isValidChild(parentType: ComponentType, childType: ComponentType, parentDepth: number): boolean {
  const max = MAX_PARENT_DEPTH[parentType]?.[childType];
  return max !== undefined && parentDepth <= max;
}

/** Whether the pair is ever allowed, at any depth (what a stored layout must respect to be drawn). */
export function mayEverContain(parentType: ComponentType, childType: ComponentType): boolean {
  return MAX_PARENT_DEPTH[parentType]?.[childType] !== undefined;
}

/** Charts, markdown and columns dropped straight into the grid or a tab get a row around them. */
export function shouldWrapInRow(parentType: ComponentType, childType: ComponentType): boolean {
  return (parentType === 'GRID' || parentType === 'TAB') && (childType === 'CHART' || childType === 'COLUMN' || childType === 'MARKDOWN');
}

/** Components with a width the user sets. */
export function isResizable(type: ComponentType): boolean {
  return type === 'CHART' || type === 'MARKDOWN' || type === 'COLUMN' || type === 'DYNAMIC';
}

/** Components with a height the user sets (a column is as tall as its content). */
export function hasAdjustableHeight(type: ComponentType): boolean {
  return type === 'CHART' || type === 'MARKDOWN';
}

export function isContainer(type: ComponentType): boolean {
  return MAX_PARENT_DEPTH[type] !== undefined;
}

/** The id of the component that lists `childId` among its children; null for ROOT and detached ones. */
export function findParentId(layout: DashboardLayout, childId: string): string | null {
  const child = layout[childId];
  const claimed = child?.parents.at(-1);
  if (claimed && layout[claimed]?.children.includes(childId)) return claimed;
  for (const item of Object.values(layout)) if (item.children.includes(childId)) return item.id;
  return null;
}

/** The TABS that is the root's only child, when the dashboard has top-level tabs. */
export function topLevelTabsId(layout: DashboardLayout): string | null {
  const first = layout[DASHBOARD_ROOT_ID]?.children[0];
  return first && layout[first]?.type === 'TABS' ? first : null;
}

/** The depth the component is drawn at (the rule in this module's header); null when it is not in the tree. */
export function componentDepth(layout: DashboardLayout, id: string): number | null {
  const item = layout[id];
  if (!item) return null;
  if (id === DASHBOARD_ROOT_ID) return ROOT;
  const chain = [...item.parents, id];
  if (chain[0] !== DASHBOARD_ROOT_ID) return null;
  let depth = ROOT;
  for (let i = 1; i < chain.length; i += 1) {
    const parentType = layout[chain[i - 1]]?.type;
    if (parentType === 'TABS') continue;
    // A top-level tab is drawn as the grid is, one below the root, so its content goes one deeper; a nested tab's does not.
    if (parentType === 'TAB' && chain[i - 3] !== DASHBOARD_ROOT_ID) continue;
    depth += 1;
  }
  return depth;
}

/** The component and everything under it, depth first. */
export function descendantIds(layout: DashboardLayout, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current) || !layout[current]) return;
    seen.add(current);
    out.push(current);
    for (const child of layout[current].children) visit(child);
  };
  visit(id);
  return out;
}

/** Whether a component of `childType` may be dropped into `parentId` where it is now (for drop targets and sortable's `put`). */
export function canContain(layout: DashboardLayout, parentId: string, childType: ComponentType): boolean {
  const parent = Object.hasOwn(layout, parentId) ? layout[parentId] : undefined;
  if (!parent) return false;
  // Tabs dropped on the root become top-level tabs, while there are none.
  if (parent.type === 'ROOT') return childType === 'TABS' && topLevelTabsId(layout) === null;
  const depth = componentDepth(layout, parentId);
  return depth !== null && isValidChild(parent.type, childType, depth);
}
