/** The dashboard layout: types, rules, the editor's reducer and history, and what the page asks of a layout. */
export * from './constants';
export type * from './types';
export { componentId, defaultMeta, emptyLayout, getItem, newComponent, newIdSeed } from './components';
export { canContain, componentDepth, descendantIds, findParentId, hasAdjustableHeight, isContainer, isResizable, isValidChild, mayEverContain, shouldWrapInRow, topLevelTabsId } from './rules';
export { capacity, minimumWidth, occupiedWidth, resizeBounds, spannedWidth, widthOnDrop, type ResizeBounds } from './sizes';
export { layoutToJson, layoutToPosition, normalizeLayout, parseLayout, type ParseOptions } from './parse';
export { layoutReducer, type LayoutAction, type MetaChanges } from './reducer';
export { canRedo, canUndo, createLayoutHistory, layoutHistoryReducer, type LayoutHistory, type LayoutHistoryAction } from './history';
export {
  activeTabsShowing, chartIdsInLayout, chartIdsUnder, findChartComponentId, isComponentVisible, resolveActiveTabs, tabsPathTo, visibleChartIds,
} from './selectors';
